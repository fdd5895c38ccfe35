//! Property tests: random puzzles solve to grids that keep their givens, and every
//! format round-trips, on several board sizes.

mod common;

use proptest::prelude::*;
use rand::SeedableRng;
use sudokit::format::{read::parse_one, write, OutputFormat};
use sudokit::{solve, ReadOptions};

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_puzzles_solve_keeping_givens(
        seed in any::<u64>(),
        size in prop::sample::select(vec![4usize, 9, 16]),
        keep in 0.25f64..0.9,
    ) {
        // Below about 40% of its cells, a random 16×16 puzzle is now and then very hard
        // for any depth-first search (a few in a thousand take seconds or more); this
        // test is about correct solutions, so 16×16 boards keep at least 40%.
        let keep = if size == 16 { keep.max(0.4) } else { keep };
        let mut r = rng(seed);
        let full = common::random_full_grid(size, &mut r);
        let puzzle = common::thin(&full, keep, &mut r);
        let solution = solve(&puzzle).expect("a puzzle cut from a full grid has a solution");
        prop_assert!(solution.is_solution_of(&puzzle));
    }

    #[test]
    fn formats_round_trip(
        seed in any::<u64>(),
        size in prop::sample::select(vec![4usize, 6, 8, 9, 12, 16, 25, 36]),
        keep in 0.0f64..1.0,
    ) {
        let mut r = rng(seed);
        let full = common::random_full_grid(size, &mut r);
        let grid = common::thin(&full, keep, &mut r);
        let opts = ReadOptions { size: Some(size) };
        for format in [OutputFormat::Line, OutputFormat::Block, OutputFormat::Pretty] {
            let text = write(&grid, format);
            let back = parse_one(&text, &opts).map_err(|e| TestCaseError::fail(format!("{format:?}: {e}\n{text}")))?;
            prop_assert_eq!(&back, &grid, "{:?}", format);
            let inferred = parse_one(&text, &ReadOptions::default()).map_err(|e| TestCaseError::fail(format!("{format:?}: {e}")))?;
            prop_assert_eq!(&inferred, &grid, "{:?} without --size", format);
        }
    }
}

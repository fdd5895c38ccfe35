//! The minlex canonical form and automorphism count, checked against a brute force
//! over every transform, random transforms (proptest) and known counts.

mod common;

use proptest::prelude::*;
use sudokit::canon::{automorphisms, minlex, Canonicalizer};
use sudokit::generate::Rng;
use sudokit::transform::Transform;
use sudokit::{Engine, Grid, Layout};

const PUZZLE_17: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// A grid with the largest automorphism group known for 9×9 Sudoku (648).
const SYMMETRIC: &str =
    "123456789456789123789123456231564897564897231897231564312645978645978312978312645";

/// The first `count` puzzles of a file under `data/`.
fn sample(name: &str, count: usize) -> Vec<Grid> {
    common::data(name).into_iter().take(count).collect()
}

/// Every permutation of 0..3.
const P3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// All 1,296 row (or column) orders that keep bands (stacks) whole.
fn block_orders() -> Vec<[usize; 9]> {
    let mut out = Vec::new();
    for outer in P3 {
        for a in P3 {
            for b in P3 {
                for c in P3 {
                    let inner = [a, b, c];
                    let mut p = [0; 9];
                    for (slot, &band) in outer.iter().enumerate() {
                        for k in 0..3 {
                            p[slot * 3 + k] = band * 3 + inner[slot][k];
                        }
                    }
                    out.push(p);
                }
            }
        }
    }
    out
}

/// The smallest relabeled image over all 3,359,232 transforms, and how many reach it.
fn brute_force(cells: &[u8]) -> ([u8; 81], u64) {
    let orders = block_orders();
    let mut best = [u8::MAX; 81];
    let mut hits = 0u64;
    for t in 0..2 {
        for rows in &orders {
            for cols in &orders {
                let mut map = [0u8; 10];
                let mut next = 1;
                let mut img = [0u8; 81];
                let mut state = std::cmp::Ordering::Equal;
                for i in 0..81 {
                    let (r, c) = (rows[i / 9], cols[i % 9]);
                    let d = if t == 0 {
                        cells[r * 9 + c]
                    } else {
                        cells[c * 9 + r]
                    } as usize;
                    let v = if d == 0 {
                        0
                    } else {
                        if map[d] == 0 {
                            map[d] = next;
                            next += 1;
                        }
                        map[d]
                    };
                    img[i] = v;
                    if state == std::cmp::Ordering::Equal {
                        state = v.cmp(&best[i]);
                        if state == std::cmp::Ordering::Greater {
                            break;
                        }
                    }
                }
                match state {
                    std::cmp::Ordering::Less => {
                        best = img;
                        hits = 1;
                    }
                    std::cmp::Ordering::Equal => hits += 1,
                    std::cmp::Ordering::Greater => {}
                }
            }
        }
    }
    (best, hits)
}

fn random_image(grid: &Grid, seed: u64) -> Grid {
    let t = Transform::random(grid.layout(), &mut Rng::new(seed)).unwrap();
    t.apply(grid).unwrap()
}

#[test]
fn matches_brute_force_on_puzzles_and_grids() {
    let mut cases: Vec<Grid> = vec![PUZZLE_17.parse().unwrap(), SYMMETRIC.parse().unwrap()];
    cases.extend(sample("17_clue.txt", 2));
    cases.push(sudokit::solve(&cases[0]).unwrap());
    // A sparse pattern with empty rows, columns and repeated structure.
    let mut sparse = vec![0u8; 81];
    sparse[4] = 1;
    sparse[40] = 2;
    sparse[76] = 3;
    cases.push(Grid::from_cells(Layout::classic(9).unwrap(), sparse).unwrap());
    let mut ones = vec![0u8; 81];
    for cell in [4, 44, 72] {
        ones[cell] = 1;
    }
    cases.push(Grid::from_cells(Layout::classic(9).unwrap(), ones).unwrap());
    let mut canon = Canonicalizer::default();
    for g in &cases {
        let (form, hits) = brute_force(g.cells());
        assert_eq!(canon.minlex(g).unwrap().cells(), &form[..], "{g}");
        assert_eq!(canon.automorphisms(g).unwrap(), hits, "{g}");
    }
}

#[test]
fn known_automorphism_counts() {
    let g: Grid = SYMMETRIC.parse().unwrap();
    assert_eq!(automorphisms(&g).unwrap(), 648);
    let empty = Grid::empty(Layout::classic(9).unwrap());
    assert_eq!(automorphisms(&empty).unwrap(), 2 * 6u64.pow(8));
    let p: Grid = PUZZLE_17.parse().unwrap();
    let s = sudokit::solve(&p).unwrap();
    assert!(s.is_solution_of(&p));
    assert!(automorphisms(&s).unwrap() >= 1);
}

#[test]
fn non_9x9_boards_are_refused() {
    let g = Grid::empty(Layout::classic(4).unwrap());
    assert!(minlex(&g).is_err());
    let clash: Grid = "11"
        .chars()
        .chain(std::iter::repeat('.'))
        .take(81)
        .collect::<String>()
        .parse()
        .unwrap();
    assert!(minlex(&clash).is_err());
}

#[test]
fn different_puzzles_never_share_a_form() {
    // Forms of inequivalent puzzles differ: puzzles with different clue or solution
    // counts cannot be equivalent, so their forms must differ.
    let mut puzzles = sample("17_clue.txt", 30);
    puzzles.extend(sample("serg_multi.txt", 30));
    let mut canon = Canonicalizer::default();
    let keyed: Vec<(Grid, usize, u64)> = puzzles
        .iter()
        .map(|p| {
            let count = sudokit::engine::Generic.count(p, 1000).unwrap();
            (canon.minlex(p).unwrap(), p.clue_count(), count)
        })
        .collect();
    for (i, a) in keyed.iter().enumerate() {
        for b in &keyed[i + 1..] {
            if a.1 != b.1 || a.2 != b.2 {
                assert_ne!(a.0, b.0);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn form_is_invariant_under_transforms(index in 0usize..40, seed in any::<u64>()) {
        let puzzles = sample("17_clue.txt", 40);
        let p = &puzzles[index];
        let moved = random_image(p, seed);
        let mut canon = Canonicalizer::default();
        let form = canon.minlex(p).unwrap();
        prop_assert_eq!(canon.minlex(&moved).unwrap(), form.clone());
        // The form is no larger than the relabeled image it came from.
        prop_assert!(form.cells() <= canon.minlex(&form).unwrap().cells());
        let solution = sudokit::solve(p).unwrap();
        let moved_solution = random_image(&solution, seed ^ 1);
        prop_assert_eq!(canon.minlex(&solution).unwrap(), canon.minlex(&moved_solution).unwrap());
        prop_assert_eq!(canon.automorphisms(&solution).unwrap(), canon.automorphisms(&moved_solution).unwrap());
    }
}

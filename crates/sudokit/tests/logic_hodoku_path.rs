//! HoDoKu's path ([`Order::Hodoku`]) step for step against HoDoKu 2.2.0's own, recorded
//! from its batch mode (`/c default /vp /bs`) for one puzzle whose path has 22
//! techniques: singles in HoDoKu's queue order, locked sets, subsets, fish, wings,
//! uniqueness, chains and loops. Each step is the technique's name and its effect,
//! placements then eliminations, each sorted by cell and digit.

mod reglib;

use sudokit::logic::{find, hodoku, FindOptions, Order, Outcome, Solver, Technique, TechniqueSet};
use sudokit::{Candidates, Grid};

const PUZZLE: &str =
    ".7..15......7...51..4...7...3.54..8.4...8...3.8..37.2...2...6..64...8......25..3.";

/// HoDoKu 2.2.0's path for [`PUZZLE`]: level extreme, score 2766.
const HODOKU: &str = "\
Hidden Single: r9c6=6
Locked Pair: r2c5<>9 r3c5<>9 r7c4<>9 r7c6<>9 r8c4<>9
Locked Candidates Type 1 (Pointing): r2c6<>2 r3c6<>2
Locked Candidates Type 1 (Pointing): r1c4<>6 r3c4<>6
Locked Candidates Type 1 (Pointing): r7c8<>4 r7c9<>4
Hidden Single: r1c8=4
Hidden Single: r7c4=4
Hidden Single: r2c6=4
Hidden Pair: r3c1<>2 r3c1<>3 r3c1<>8 r3c1<>9 r3c2<>2 r3c2<>6 r3c2<>9
Locked Candidates Type 2 (Claiming): r1c4<>3
Naked Triple: r2c2<>9 r5c2<>1 r5c2<>5 r5c2<>9
Locked Candidates Type 2 (Claiming): r7c1<>9 r8c3<>9 r9c1<>9 r9c3<>9
Naked Pair: r2c1<>2 r2c3<>6 r2c7<>2
X-Wing: r3c9<>6 r5c3<>6 r6c3<>6 r6c9<>6
Hidden Single: r6c4=6
Hidden Pair: r4c9<>9 r5c8<>1 r5c8<>9
Locked Candidates Type 1 (Pointing): r8c7<>1 r9c7<>1
Locked Candidates Type 2 (Claiming): r7c1<>1 r7c2<>1 r8c3<>1
Continuous Nice Loop: r1c9<>8 r3c4<>9 r7c1<>5 r7c1<>7 r9c9<>8
AIC: r4c1<>7 r8c3<>7 r9c3<>7
Hidden Single: r9c1=7
Naked Triple: r4c3<>1 r4c3<>9
Hidden Rectangle: r6c7<>9
Finned X-Wing: r1c3<>8
XY-Chain: r5c3<>1
XY-Chain: r7c8<>7
XY-Wing: r3c8<>9
Naked Single: r3c8=6
Naked Single: r3c5=2
Naked Single: r5c8=7
Naked Single: r2c5=6
Naked Single: r4c9=6
Naked Single: r2c2=2
Naked Single: r4c3=7
Naked Single: r5c2=6
Hidden Single: r1c3=6
Hidden Single: r4c1=2
Hidden Single: r5c6=2
Locked Candidates Type 1 (Pointing): r6c7<>1
Locked Candidates Type 2 (Claiming): r7c9<>9 r8c7<>9 r8c9<>9 r9c7<>9 r9c9<>9
Naked Single: r9c9=4
Naked Single: r9c7=8
Naked Single: r9c3=1
Full House: r9c2=9
Naked Single: r7c2=5
Full House: r3c2=1
Naked Single: r7c9=7
Naked Single: r8c3=3
Full House: r7c1=8
Naked Single: r3c1=5
Naked Single: r7c5=9
Full House: r8c5=7
Naked Single: r8c4=1
Full House: r7c6=3
Full House: r7c8=1
Full House: r8c8=9
Naked Single: r5c4=9
Full House: r4c6=1
Full House: r3c6=9
Full House: r4c7=9
Naked Single: r1c4=8
Full House: r3c4=3
Full House: r3c9=8
Naked Single: r5c3=5
Full House: r5c7=1
Naked Single: r2c7=3
Naked Single: r6c9=5
Full House: r6c7=4
Naked Single: r6c3=9
Full House: r2c3=8
Full House: r2c1=9
Full House: r6c1=1
Full House: r1c1=3
Naked Single: r1c7=2
Full House: r1c9=9
Full House: r8c9=2
Full House: r8c7=5";

fn cell(at: usize) -> String {
    format!("r{}c{}", at / 9 + 1, at % 9 + 1)
}

/// `puzzle`'s path on [`Order::Hodoku`], each step as in [`HODOKU`], with the level
/// and score; the grid it ends with is checked against the puzzle.
fn hodoku_path(puzzle: &str) -> (Vec<String>, &'static str, u32) {
    let g: Grid = puzzle.parse().unwrap();
    let mut c = Candidates::from_grid(&g);
    let solver = Solver::with_order(TechniqueSet::all(), Order::Hodoku);
    let mut rater = sudokit::rating::Rater::new(81);
    let mut path = Vec::new();
    let end = solver.solve(&mut c, |s, _| {
        rater.add(s);
        let mut placed = s.placements.clone();
        let mut removed = s.eliminations.clone();
        placed.sort_unstable();
        removed.sort_unstable();
        let effect: Vec<String> = placed
            .iter()
            .map(|&(at, d)| format!("{}={d}", cell(at)))
            .chain(removed.iter().map(|&(at, d)| format!("{}<>{d}", cell(at))))
            .collect();
        path.push(format!("{}: {}", s.technique.name(), effect.join(" ")));
    });
    assert_eq!(end, Outcome::Solved);
    assert!(c.to_grid().is_solution_of(&g));
    let d = rater.finish(end);
    (path, d.level.name(), d.score)
}

#[test]
fn hodoku_path_matches_hodoku_step_for_step() {
    let (path, level, score) = hodoku_path(PUZZLE);
    let want: Vec<&str> = HODOKU.lines().collect();
    for (i, (got, want)) in path.iter().zip(&want).enumerate() {
        assert_eq!(got, want, "step {}", i + 1);
    }
    assert_eq!(path.len(), want.len());
    assert_eq!((level, score), ("extreme", 2766));
}

/// Where HoDoKu guesses (its brute-force step sets the middle unsolved cell to the
/// solution's digit), HoDoKu's path places the same digit by deep forcing nets, scored
/// as HoDoKu scores the guess: the steps around it and the score are HoDoKu's own,
/// recorded from its batch mode (level extreme, score 16894).
#[test]
fn deep_nets_place_the_digit_hodoku_guesses() {
    let puzzle =
        "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2";
    let (path, level, score) = hodoku_path(puzzle);
    let steps: Vec<&str> = path
        .iter()
        .map(String::as_str)
        .filter(|s| !s.contains("Single") && !s.starts_with("Full House"))
        .take(4)
        .collect();
    assert_eq!(
        steps,
        [
            "Locked Candidates Type 1 (Pointing): r4c7<>2 r5c7<>2",
            "Hidden Rectangle: r2c4<>4",
            "Deep Forcing Net: r5c3=8",
            "2-String Kite: r9c5<>8",
        ]
    );
    assert_eq!((level, score), ("extreme", 16894));
}

/// HoDoKu's avoidable rectangle type 1 takes only an open corner of two candidates:
/// with three corners placed (not given) and a fourth of three candidates, its path
/// has no such step, while the catalogue's finder, which has no such bound, has one.
#[test]
fn hodoku_avoidable_rectangles_take_only_a_bivalue_corner() {
    // r1c1=1, r1c4=2, r2c4=1 placed on an empty board; r2c1 keeps 2, 3 and 4.
    let mut c = Candidates::from_grid(&".".repeat(81).parse::<Grid>().unwrap());
    c.place(0, 1);
    c.place(3, 2);
    c.place(12, 1);
    for d in 5..=9 {
        c.remove(9, d);
    }
    let only = |t| TechniqueSet::parse(t).unwrap();
    let path = Solver::with_order(only("avoidable-rectangle-1"), Order::Hodoku);
    let any = find(Technique::AvoidableRectangle1, &c, &FindOptions::default());
    assert!(any.iter().any(|s| s.eliminations == [(9, 2)]), "{any:?}");
    assert_eq!(path.hint(&c), None);
    c.remove(9, 3);
    let step = path.hint(&c).expect("a bivalue corner");
    assert_eq!(step.eliminations, [(9, 2)]);
}

/// HoDoKu's grouped loops and AICs have no ALS nodes (its default configuration), the
/// catalogue's do: on a state of HoDoKu's regression library (0710-4) only the
/// catalogue's finder removes 7 from r8c5, through an ALS.
#[test]
fn hodoku_grouped_loops_take_no_als() {
    let line = ":0710-4:7:.5.24+83.+14..+5..+89.1+8...65+4.3.+54.+218+9.2+4....3+5.91..5..4..71....8.1......3+5.8.29.1.:322 623 725 933 651 855 664 764 765 672 375 477 283 688 788 692:785::10";
    let case: reglib::Case = line.parse().unwrap();
    let t = Technique::GroupedDiscontinuousNiceLoop;
    let through_als = |s: &sudokit::logic::Step| s.links.iter().any(|l| l.from.als.is_some());
    let wanted = |s: &sudokit::logic::Step| s.eliminations == [(67, 7)];
    let any = find(t, &case.state, &FindOptions::default());
    assert!(any.iter().any(|s| wanted(s) && through_als(s)), "{any:?}");
    let mut path = Vec::new();
    hodoku::finder(t).expect("HoDoKu's own grouped finder")(
        &case.state,
        &mut path,
        &FindOptions::default(),
    );
    assert!(
        !path.iter().any(|s| wanted(s) || through_als(s)),
        "{path:?}"
    );
}

/// HoDoKu's locked pair or triple eliminates both in the rest of its box and on its
/// line outside the box (with eliminations on one side only it is a naked subset of
/// that unit): so is every one found in the states of the sample puzzles' paths.
#[test]
fn locked_sets_eliminate_in_box_and_line() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/top1465.txt"
    ))
    .unwrap();
    let (mut found, mut states) = (0, 0);
    let solver = Solver::with_order(TechniqueSet::all(), Order::Hodoku);
    for line in text.lines().filter(|l| l.len() == 81) {
        let g: Grid = line.parse().unwrap();
        solver.solve(&mut Candidates::from_grid(&g), |_, c| {
            states += 1;
            for t in [Technique::LockedPair, Technique::LockedTriple] {
                for s in find(t, c, &FindOptions::default()) {
                    found += 1;
                    let bx = |at: usize| at / 27 * 3 + at % 9 / 3;
                    let in_box = s
                        .eliminations
                        .iter()
                        .any(|&(at, _)| bx(at) == bx(s.cells[0]));
                    let off_box = s
                        .eliminations
                        .iter()
                        .any(|&(at, _)| bx(at) != bx(s.cells[0]));
                    assert!(in_box && off_box, "{line}: {s:?}");
                }
            }
        });
    }
    assert!(found > 0 && states > 0);
}

/// HoDoKu's choice among several steps of one type, each case HoDoKu 2.2.0's own
/// step from its batch output (`/c default /vp`): the puzzle, the step's number on
/// HoDoKu's path, the step, HoDoKu's level, and its score where the whole path is
/// HoDoKu's. Before each, sudokit's path took another step of the same technique.
const HODOKU_STEPS: &[(&str, usize, &str, &str, Option<u32>)] = &[
    // The first empty rectangle its search meets (digit, box, the cross from the
    // box's last row and column back), not the r3c5<>9 one first on the board.
    (
        "........1.......23..4..5.......26....3.......7....46.....38..1...5.1....6........",
        47,
        "Empty Rectangle: r5c7<>9",
        "hard",
        Some(1206),
    ),
    // The first 2-string kite, digit by digit, before r5c2<>5.
    (
        "8.7..6..2....5....4.....9......2..67..1..4.....63.9..47...6..8...9..2....3....5..",
        8,
        "2-String Kite: r7c4<>4",
        "extreme",
        None,
    ),
    // ALS that share no cell (HoDoKu's default), where overlapping ALS would give a
    // step of twelve eliminations.
    (
        "..1.....8...9..2.......3.......15.4..6....7..3............4..8572.6.....9........",
        12,
        "ALS-XZ: r6c3<>8",
        "extreme",
        None,
    ),
    // Disjoint ends, and the first ALS-XY-Wing its search meets (by the ALS pairs of
    // its RCs), not the sorted best (r2c9<>7).
    (
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        25,
        "ALS-XY-Wing: r3c7<>2",
        "extreme",
        None,
    ),
    // The first W-Wing its search meets: by the bivalue cells, then the digit
    // eliminated (not r6c2<>1).
    (
        "279..3....346.7............3...184..7...6...2..637...9............7.452....2..684",
        38,
        "W-Wing: r5c2<>5",
        "hard",
        Some(1476),
    ),
    // The first Sue de Coq its search meets (`r13c7 - {4568} (r7c7 - {68}, r2c8 -
    // {45})`), not one of seven eliminations that sorts first.
    (
        ".3........7.6.19...4.....2.2..8.6.....9...1......5....4....2..5.....8.1.....1.734",
        21,
        "Sue de Coq: r1c8<>4 r1c8<>5 r6c7<>6 r6c7<>8 r8c7<>6",
        "extreme",
        Some(2656),
    ),
    // `r6c46 - {2369} (r6c1 - {23}, r45c5 - {569})`, not the same intersection with
    // another line part (r4c5<>6 for r4c6<>5).
    (
        "85..3.....3....5.61..2.......91....85..7.8.......4....6..9.7.5..2.....1.....2..7.",
        16,
        "Sue de Coq: r4c6<>5 r4c6<>6 r6c8<>2 r6c8<>3",
        "extreme",
        Some(8258),
    ),
];

/// HoDoKu's choice among forcing chains, each case HoDoKu 2.2.0's own step from its
/// batch output, as in [`HODOKU_STEPS`] (the whole path is HoDoKu's, so its score
/// too). Before each, sudokit's path took another forcing step there.
const FORCING_STEPS: &[(&str, usize, &str, &str, Option<u32>)] = &[
    // One conclusion per step: HoDoKu's `Forcing Chain Contradiction in c4 =>
    // r5c4<>3`, not a verity that eliminates 3 and 7 from r5c4 together.
    (
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        27,
        "Forcing Chain Contradiction: r5c4<>3",
        "extreme",
        Some(5328),
    ),
    // The lowest candidate first: HoDoKu's `Forcing Chain Contradiction in r2 =>
    // r1c3<>3`.
    (
        "...59......7.2..5......74.1.1.8.......6.3..4....9....2.5...6.794.........8....3..",
        18,
        "Forcing Chain Contradiction: r1c3<>3",
        "extreme",
        Some(6958),
    ),
    // HoDoKu's `Forcing Chain Contradiction in r4c1 => r4c6<>4`.
    (
        "1..........6.2.....4....98..5......6.....74....758...3..4..5.9....8..1.27...1....",
        18,
        "Forcing Chain Contradiction: r4c6<>4",
        "extreme",
        Some(8622),
    ),
    // HoDoKu's nets: premises looked ahead four rounds of singles, then joined
    // (`Forcing Net Verity => r1c2=5`), where sudokit's singles to the end took a
    // contradiction placing r5c8=9.
    (
        "8.7..6..2....5....4.....9......2..67..1..4.....63.9..47...6..8...9..2....3....5..",
        19,
        "Forcing Net Verity: r1c2=5",
        "extreme",
        Some(5634),
    ),
    // HoDoKu's `Forcing Net Verity => r2c1=8`, not a contradiction placing r2c6=7.
    (
        "9...182....5.......7.93.....29..3.8.3..6..7.27............9....1.73.2..6..8..6..5",
        20,
        "Forcing Net Verity: r2c1=8",
        "extreme",
        Some(7956),
    ),
];

/// On each puzzle of [`HODOKU_STEPS`] and [`FORCING_STEPS`] the step is HoDoKu's,
/// and so are the level and the score where given.
#[test]
fn hodoku_takes_the_step_its_search_meets() {
    for &(puzzle, number, want, level, hodoku_score) in HODOKU_STEPS.iter().chain(FORCING_STEPS) {
        let (path, got_level, score) = hodoku_path(puzzle);
        assert_eq!(path[number - 1], want, "{puzzle}");
        assert_eq!(got_level, level, "{puzzle}");
        if let Some(want) = hodoku_score {
            assert_eq!(score, want, "{puzzle}");
        }
    }
}

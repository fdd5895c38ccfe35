//! Franken, mutant and Siamese fish on hand-checked positions from HoDoKu's regression
//! library: the base sets are checked in the state, then the step and its sentence;
//! every step found keeps the solution.

mod common;
mod pattern_cases;

use pattern_cases::{case, elims, holding, step, steps};
use sudokit::logic::{
    find, general_fish, hodoku, Family, FindOptions, Solver, Step, Technique, TechniqueSet,
};
use sudokit::Candidates;

const FRANKEN: &str = ":0331:9:.6.8.27352.76354.8385.7.26.5.6.8.3.7..876315.73.25.6848.2..657.65...78..173528946:415 136 442 144 952 474 184 484:913::";
const FINNED_FRANKEN: &str = ":0340:1:4.392..5659...6...6..85..4.1.5.9846.9.426.5...6.5.4...25...9683849632715..6.85294:328 829 759 367 867 269 769:129::";
const ENDO_FINS: &str = ":0342:7:.5...16..3.6..2.....93..2.4..453.182...8.4...8.512.4..6.1..53.....6..9.1..721..46:825 759 769:736::";
const CANNIBAL: &str = ":0342:1:4.392..5659...6...6..85..4.1.5.9846.9.426.5...6.5.4...25...9683849632715..6.85294:328 829 759 367 867 269 769:129::";
const MUTANT: &str = ":0362:4:....27.3+9+3.164+9+2...9+2..+5..+6+13.9...28+9.8..+26+1..+25..13+9...+9+2.8.5+3.....39622.+3.+9...1:447 772 781 782 792 892:417::";
const SIAMESE: &str = ":03111:5:6...219...12..8..........+1+2.9+7+26413.24.+1.....+1......+2.+7+295+3684+13.+1.472..+4.5.1+2+3.7:812 813 924 832 934 662 862 864 964:521 531 562::";
const PATH: &str = ":0341:8:.....1.83........6...27....9.71....5.6.7291..1...359..85...7...473.52...6.93.4...:511 212 213 417 517 321 521 222 223 277 178 278 678 179 198 199:899::";

/// Every step of `t` in `line`, checked against the solution of its position.
fn sound(line: &str, t: Technique) -> Vec<Step> {
    let state = case(line).state;
    let solution = sudokit::solve(&state.to_grid()).expect("the position has a solution");
    let found = steps(line, t);
    for s in &found {
        assert!(s.agrees_with(&solution), "{line}: {s:?}");
    }
    found
}

#[test]
fn franken_swordfish_takes_a_box_as_a_base_set() {
    // 9 of columns 1 and 9 and box 2 lies in rows 1, 3 and 5 only.
    assert_eq!(holding(FRANKEN, 9, "c1"), ["r1c1", "r5c1"]);
    assert_eq!(holding(FRANKEN, 9, "c9"), ["r3c9", "r5c9"]);
    assert_eq!(holding(FRANKEN, 9, "b2"), ["r1c5", "r3c4", "r3c6"]);
    let s = step(FRANKEN, Technique::FrankenSwordfish);
    assert_eq!(elims(&s), ["r1c3<>9"]);
    assert_eq!(
        s.explanation,
        "Franken Swordfish on 9 in columns 1 and 9, box 2 over rows 1, 3 and 5: remove 9 from r1c3"
    );
    assert!(!sound(FRANKEN, Technique::FrankenSwordfish).is_empty());
    // No basic fish makes it.
    for t in [
        Technique::Swordfish,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
    ] {
        assert!(steps(FRANKEN, t)
            .iter()
            .all(|b| b.eliminations != s.eliminations));
    }
}

#[test]
fn finned_franken_x_wing_leaves_what_sees_its_fins() {
    // 1 of row 5 and box 2 lies in columns 6 and 9, but for r2c4 and r2c5; r2c9 (in
    // column 9) sees both.
    assert_eq!(holding(FINNED_FRANKEN, 1, "r5"), ["r5c6", "r5c9"]);
    assert_eq!(
        holding(FINNED_FRANKEN, 1, "b2"),
        ["r1c6", "r2c4", "r2c5", "r3c6"]
    );
    let s = step(FINNED_FRANKEN, Technique::FinnedFrankenXWing);
    assert_eq!(
        s.explanation,
        "Finned Franken X-Wing on 1 in row 5, box 2 over columns 6 and 9, fins r2c4, r2c5: \
         remove 1 from r2c9"
    );
    sound(FINNED_FRANKEN, Technique::FinnedFrankenXWing);
}

#[test]
fn an_endo_fin_is_a_candidate_of_two_base_sets() {
    // r4c6 and r6c6 are in rows 4 and 6 and in box 5: they are fins; r3c6 sees both.
    assert!(holding(ENDO_FINS, 7, "r4").contains(&"r4c6".to_string()));
    assert!(holding(ENDO_FINS, 7, "b5").contains(&"r6c6".to_string()));
    let s = step(ENDO_FINS, Technique::FinnedFrankenJellyfish);
    assert_eq!(
        s.explanation,
        "Finned Franken Jellyfish on 7 in rows 4, 6 and 8, box 5 over columns 5, 6 and 8, \
         box 4, endo fins r4c6, r6c6: remove 7 from r3c6"
    );
    sound(ENDO_FINS, Technique::FinnedFrankenJellyfish);
}

#[test]
fn a_base_candidate_in_two_cover_sets_goes() {
    // r2c9, a base candidate of column 9, lies in the covers row 2 and box 3.
    let cannibal: Vec<Step> = sound(CANNIBAL, Technique::FinnedFrankenJellyfish)
        .into_iter()
        .filter(|s| s.eliminations.iter().any(|(x, _)| s.cells.contains(x)))
        .collect();
    assert!(!cannibal.is_empty());
    assert!(cannibal.iter().any(|s| s.explanation
        == "Finned Franken Jellyfish on 1 in columns 4, 5, 7 and 9 over rows 2 and 6, \
            boxes 3 and 8, fin r5c9: remove 1 from r2c9"));
}

#[test]
fn finned_mutant_jellyfish_mixes_rows_and_columns() {
    // 4 of row 7 and columns 3, 6 and 8 lies in rows 1, 4 and 9 and box 7, but for
    // r3c8 and r7c7; r1c7 (in row 1) sees both.
    assert_eq!(holding(MUTANT, 4, "r7"), ["r7c1", "r7c2", "r7c7"]);
    assert_eq!(holding(MUTANT, 4, "c8"), ["r3c8", "r9c8"]);
    let s = step(MUTANT, Technique::FinnedMutantJellyfish);
    assert_eq!(elims(&s), ["r1c7<>4"]);
    assert_eq!(
        s.explanation,
        "Finned Mutant Jellyfish on 4 in row 7, columns 3, 6 and 8 over rows 1, 4 and 9, \
         box 7, fins r3c8, r7c7: remove 4 from r1c7"
    );
    sound(MUTANT, Technique::FinnedMutantJellyfish);
}

#[test]
fn siamese_fish_join_two_fish_on_the_same_base_sets() {
    // 5 of rows 1, 4 and 8: over columns 1, 8 and 9 with fin r1c2 (a finned
    // swordfish), over columns 2, 8 and 9 with fin r4c1 (a sashimi one).
    assert_eq!(holding(SIAMESE, 5, "r1"), ["r1c2", "r1c8", "r1c9"]);
    assert_eq!(holding(SIAMESE, 5, "r4"), ["r4c1", "r4c9"]);
    assert_eq!(holding(SIAMESE, 5, "r8"), ["r8c8", "r8c9"]);
    let s = step(SIAMESE, Technique::SiameseFinnedSwordfish);
    let twins: Vec<Step> = [Technique::FinnedSwordfish, Technique::SashimiSwordfish]
        .into_iter()
        .flat_map(|t| sound(SIAMESE, t))
        .filter(|f| {
            f.digits == s.digits && f.eliminations.iter().all(|e| s.eliminations.contains(e))
        })
        .collect();
    let mut joined: Vec<_> = twins.iter().flat_map(|f| f.eliminations.clone()).collect();
    joined.sort_unstable();
    joined.dedup();
    assert_eq!(joined, s.eliminations);
    assert_eq!(
        s.explanation,
        "Siamese Finned Swordfish on 5 in rows 1, 4 and 8 over columns 1, 8 and 9 and over \
         columns 2, 8 and 9, fins r1c2, r4c1: remove 5 from r2c1, r3c1, r6c2"
    );
    sound(SIAMESE, Technique::SiameseFinnedSwordfish);
}

#[test]
fn hodokus_path_takes_the_first_fish_its_search_meets() {
    let t = Technique::FinnedFrankenSwordfish;
    let finder = hodoku::finder(t).expect("HoDoKu's path has its own finder");
    let mut first = Vec::new();
    finder(&case(PATH).state, &mut first, &FindOptions::default());
    let all = sound(PATH, t);
    assert!(all.len() > 1);
    assert_eq!(first, all[..1]);
}

/// Every Franken, mutant and Siamese fish finder on the states where the rating order
/// without ALS, Sue de Coq and forcing stops, on a few of the hardest sample puzzles:
/// every step keeps the solution and is of its technique.
#[test]
fn every_generalised_fish_is_sound_where_simpler_logic_stops() {
    let slow = [Family::Als, Family::Misc, Family::Forcing]
        .into_iter()
        .fold(TechniqueSet::empty(), |s, f| {
            s.union(TechniqueSet::family(f))
        })
        .union(general_fish::TECHNIQUES.iter().copied().collect());
    let solver = Solver::new(TechniqueSet::implemented().difference(slow)).explain(false);
    let mut found = 0;
    for puzzle in common::data("top1465.txt").iter().step_by(10) {
        let solution = sudokit::solve(puzzle).expect("sample puzzles have a solution");
        let mut c = Candidates::from_grid(puzzle);
        solver.solve(&mut c, |_, _| {});
        for &t in general_fish::TECHNIQUES {
            for s in find(t, &c, &FindOptions::default()) {
                assert_eq!(s.technique, t);
                assert!(s.agrees_with(&solution), "{puzzle}: {s:?}");
                assert!(!s.explanation.is_empty());
                found += 1;
            }
        }
    }
    assert!(found > 0, "{found}");
}

/// HoDoKu's own example of a Kraken fish type 1 (its author's, on the Sudoku Players'
/// Forum): the sashimi X-Wing on 9 in rows 1 and 6 over columns 2 and 7 has fins r1c5
/// and r6c3 and, as a finned fish, removes nothing; each fin taken true removes 9 from
/// r4c2 (`r1c5 -9- r23c6 =9= r4c6 -9- r4c2`, `r6c3 -9- r4c2`), and so does the fish.
#[test]
fn kraken_fish_ties_every_fin_to_the_elimination() {
    let grid = "\
        4   159 2   | 6     159  3    | 159  7  8
        8   159 19  | 12459 7    1249 | 3    6  145
        6   3   7   | 1459  8    149  | 2    49 145
        37  19  6   | 13459 13459 149 | 1579 8  2
        37  2   8   | 1359  1359 6    | 1579 49 145
        5   4   19  | 8     2    7    | 19   3  6
        9   6   45  | 1234  134  124  | 8    15 7
        1   8   3   | 7     6    5    | 4    2  9
        2   7   45  | 149   149  8    | 6    15 3";
    let c = sudokit::format::pencilmark::read(grid).unwrap();
    let solution = sudokit::solve(&c.to_grid()).expect("the position has a solution");
    let found = find(Technique::KrakenFish, &c, &FindOptions::default());
    for s in &found {
        assert_eq!(s.technique, Technique::KrakenFish);
        assert!(s.agrees_with(&solution), "{s:?}");
    }
    let s = found
        .iter()
        .find(|s| elims(s) == ["r4c2<>9"])
        .expect("the Kraken fish of the example");
    assert_eq!(
        s.explanation,
        "Kraken Fish type 1: Sashimi X-Wing on 9 in rows 1 and 6 over columns 2 and 7, \
         fins r1c5, r6c3; r1c5=9 -> r23c6<>9 -> r4c6=9 -> r4c2<>9; r6c3=9 -> r4c2<>9 \
         => r4c2<>9"
    );
    // Type 2: each base candidate of a cover set and every fin remove a candidate.
    assert!(found.iter().any(|s| s.explanation.contains(" type 2: ")));
    // The finned fish alone removes nothing there.
    assert!(find(Technique::SashimiXWing, &c, &FindOptions::default())
        .iter()
        .all(|s| elims(s) != ["r4c2<>9"]));
}

//! Uniqueness techniques on positions from HoDoKu's regression library, checked by
//! hand; avoidable rectangles with and without the placed-digit marks; switching the
//! family off.

mod pattern_cases;

use pattern_cases::{cands, case, elims, holding, index, step, steps};
use sudokit::logic::{Family, Solver, Technique, TechniqueSet};

const UT1: &str = ":0600-1:23:+4+7.3..1.8+85.4...9.39.+86.+4.7+1342+8.+5.+9+2+8+5+1...+3+496+7+53+4..1+6+2871+3+9+45+5+1+3+9+42..+6+74+96+58.+1.::227 327::";
const UT2: &str = ":0601-1:34:.9..+52+6+4.6..4+8..+53..5..628....8....4.1..+4......+4.27........341+8+1+865+743+92..9+21+8+576::711 713 722 723 734 739::";
const UT3: &str = ":0602-1:89:3.......7...98.+5.3.5.....2+6+2+31+4..+6+85+7968+512+3+4...+6237+9+1..4...+1+79..+371.+45.......36.::212 222 293 722 793::";
const UT4: &str = ":0603-1:14:..+9+4.+6+3+8....3.9+5+6..+6.+8.7149...+2+9+4+631.2.+5+689+74+496+17+3+2+58+9+58+7+3+2+4+1+6+7326+4+1+8+9+5+6..9+8+572+3::122 123::";
const UT5: &str = ":0604-1:26:+324+56+7+918..+9..+8.+3...+893+4.+5...+5+7.63.+9+9624+8+3+5+71.+37.5+9+8....+389+17..+7+96+34+2+185..1+6+7+5.+93:121 122 227 229 629 639 479:448::";
const UT6: &str = ":0605-1:67:+173+2+8..+6+4+4..+13+6...+6.8...2+31+9+3+47+5+18+26+7..6284+932+8+6+3+94+15+75.9..+3...+34.......+8+6+75123+4+9::675 687::";
const HIDDEN: &str = ":0606-1:39:+39+4+6+821+5+7+6+1+873+5+42+952+7+4..+3+681+53.47..+6+4+7.+56+8.3+18+6....+7+457+368.4..+29+4+5.....+3+2+81.....4::966::";
const HIDDEN_FAIL: &str = ":0606-x:34:.51.+8..4+2....2.3...........3..8.+29.....5.4......1.+9+4.....7+5+6+214.6.+29....2........:432 732 832 932 433 633 733 833 933 334 335 635 735 336 881 383 883 392 492 892 992 393 493 893 993 395:435::";
const AR1: &str = ":0607-1:19:+6+45.+3..+1.+1+9+3..268.7+2+8+6.14+3.+3+5+21.68...+1+63+8.....87.+2+51+638+712.43.+6+53+4.6..2+126+9.+1+3.+4+8:714 717 919 525 945 749 757 957 958 559 759 959:951::";
const AR2: &str = ":0608-1:37:9+8....6+4+7..1..6+9387.6.8+9+5+1+2+1...+3.+476+3+741+6+2+8+5+9+65+8947+12+32.....+3.5+8..25.+7.+4....9.+2.1:474 494:943 972 982::";
const BUG: &str = ":0610::.+9.+613.+8+4...2+5+7+1+393.184+92..968+5+7+1+42+3+4379+2+6+81+5+1..+3+84......+1+9+2..8..9+435+67+1+51.+76+8..+2::373 673::";

#[test]
fn uniqueness_test_1() {
    // Three corners hold just 2 and 3: r2c7 must not complete the rectangle.
    for x in ["r2c9", "r9c7", "r9c9"] {
        assert_eq!(cands(UT1, x), "23");
    }
    assert_eq!(cands(UT1, "r2c7"), "236");
    let s = step(UT1, Technique::UniquenessTest1);
    assert_eq!(elims(&s), ["r2c7<>2", "r2c7<>3"]);
    assert_eq!(
        s.explanation,
        "Uniqueness Test 1 on 2 and 3 in r2c7, r2c9, r9c7, r9c9: \
         remove 2 from r2c7; remove 3 from r2c7"
    );
}

#[test]
fn uniqueness_test_2() {
    // r9c1, r9c2 hold 3 and 4; r3c1, r3c2 add only 7: one of them is 7.
    assert_eq!(cands(UT2, "r3c1"), "347");
    assert_eq!(cands(UT2, "r3c2"), "347");
    let s = step(UT2, Technique::UniquenessTest2);
    assert_eq!(
        elims(&s),
        ["r1c1<>7", "r1c3<>7", "r2c2<>7", "r2c3<>7", "r3c4<>7", "r3c9<>7"]
    );
}

#[test]
fn uniqueness_test_3() {
    let s = step(UT3, Technique::UniquenessTest3);
    assert_eq!(
        elims(&s),
        ["r1c2<>2", "r2c2<>2", "r2c2<>7", "r9c3<>2", "r9c3<>7"]
    );
    assert_eq!(
        s.explanation,
        "Uniqueness Test 3 on 8 and 9 in r1c3, r1c7, r3c3, r3c7: \
         remove 2 from r1c2, r2c2, r9c3; remove 7 from r2c2, r9c3"
    );
}

#[test]
fn uniqueness_test_4() {
    // r9c2, r9c3 hold 1 and 4; in row 2 and box 1, 4 is only at r2c2, r2c3: one of
    // them is 4, so neither is 1.
    assert_eq!(holding(UT4, 4, "r2"), ["r2c2", "r2c3"]);
    let s = step(UT4, Technique::UniquenessTest4);
    assert_eq!(elims(&s), ["r2c2<>1", "r2c3<>1"]);
}

#[test]
fn uniqueness_test_5() {
    // Three corners add only 4: r4c8 sees all three.
    assert_eq!(cands(UT5, "r7c9"), "26");
    let s = step(UT5, Technique::UniquenessTest5);
    assert_eq!(elims(&s), ["r4c8<>4"]);
}

#[test]
fn uniqueness_test_6() {
    // r7c7 and r8c5 hold 6 and 7; in rows 7, 8 and columns 5, 7, 6 is only in the
    // corners: an X-Wing, so the other diagonal is not 6.
    assert_eq!(holding(UT6, 6, "r7"), ["r7c5", "r7c7"]);
    assert_eq!(holding(UT6, 6, "r8"), ["r8c5", "r8c7"]);
    let s = step(UT6, Technique::UniquenessTest6);
    assert_eq!(elims(&s), ["r7c5<>6", "r8c7<>6"]);
}

#[test]
fn hidden_rectangle() {
    // Corner r9c4 holds 3 and 9; in row 6 and column 6, 3 is only in the rectangle,
    // so the opposite corner r6c6 is not 9.
    assert_eq!(cands(HIDDEN, "r9c4"), "39");
    assert_eq!(holding(HIDDEN, 3, "r6"), ["r6c4", "r6c6"]);
    assert_eq!(holding(HIDDEN, 3, "c6"), ["r6c6", "r9c6"]);
    let s = step(HIDDEN, Technique::HiddenRectangle);
    assert_eq!(elims(&s), ["r6c6<>9"]);
    // HoDoKu's fail case: no hidden rectangle at all.
    assert!(steps(HIDDEN_FAIL, Technique::HiddenRectangle).is_empty());
}

#[test]
fn avoidable_rectangles_need_placed_digits() {
    // r2c1=1, r2c2=9 and r5c2=1 were placed, not given: r5c1=9 would make a pattern
    // the solver could have swapped.
    let s = step(AR1, Technique::AvoidableRectangle1);
    assert_eq!(elims(&s), ["r5c1<>9"]);
    assert_eq!(
        s.explanation,
        "Avoidable Rectangle Type 1 on 1 and 9 in r2c1, r2c2, r5c1, r5c2: remove 9 from r5c1"
    );
    let s = step(AR2, Technique::AvoidableRectangle2);
    assert_eq!(elims(&s), ["r4c3<>9", "r7c2<>9", "r8c2<>9"]);
    for x in ["r2c1", "r2c2", "r5c2"] {
        assert!(!case(AR1).state.is_given(index(x)));
        assert!(case(&AR1.replace('+', "")).state.is_given(index(x)));
    }
    // The same digits as givens: nothing to avoid.
    for (line, t) in [
        (AR1, Technique::AvoidableRectangle1),
        (AR2, Technique::AvoidableRectangle2),
    ] {
        let given = line.replace('+', "");
        assert!(steps(&given, t).is_empty(), "{t:?}");
    }
}

#[test]
fn bug_plus_one() {
    assert_eq!(cands(BUG, "r7c3"), "346");
    let s = step(BUG, Technique::BugPlus1);
    assert_eq!(elims(&s), ["r7c3<>3", "r7c3<>6"]);
    assert_eq!(
        s.explanation,
        "Bivalue Universal Grave + 1: r7c3 must be 4, or every open cell would hold two \
         candidates: remove 3 from r7c3; remove 6 from r7c3"
    );
}

#[test]
fn uniqueness_can_be_switched_off() {
    let on = TechniqueSet::select(None, None, true).unwrap();
    let off = TechniqueSet::select(None, None, false).unwrap();
    let family = TechniqueSet::family(Family::Uniqueness);
    assert_eq!(family.intersection(TechniqueSet::implemented()), family);
    let used = |set| Solver::new(set).techniques().collect::<Vec<_>>();
    assert!(family.iter().all(|t| used(on).contains(&t)));
    assert!(used(off).iter().all(|t| t.family() != Family::Uniqueness));
    // On the BUG+1 state the solver without uniqueness never takes a uniqueness step.
    let mut c = case(BUG).state;
    Solver::new(off).solve(&mut c, |s, _| {
        assert_ne!(s.technique.family(), Family::Uniqueness)
    });
}

/// A Sukaku state (found by fuzzing) with one solution where a cell left with one
/// candidate by hand is later solved: it could never have held the rectangle's other
/// digit, so no avoidable rectangle stands on it, and logic keeps the solution.
#[test]
fn avoidable_rectangles_skip_cells_restricted_by_hand() {
    let line = "...4.....12..56..91...56789....5.789..3......1...5.789.2..5...9.2..567...2..567.391.2..7..123.5...912..5.7.9.....6...12.4..7.91..45.7.9.......8..23.5.7...2345.7.9.23..678..23.56..9.2..56789...45.789.3.4..789...45.789.2345...9.23.567..1........123..6...1234.6...12.4.6.....34..78.....5....1.34.678.1234.............9.217..78.123.............8.12.45...9..34..7.91..4..7.91.34..7.9.....6...123.5.7...2345.7..1.3..6.........7..1..456..9.2.......1..4.6.891.34.6.891.345....1.3.5....8.345..8......6.8....4.6......4.6.8.1...........4.6.89.2.............7....3.56.8...3.56.89...25....12...6.....3............789.....6789.....678912......9...4......2...6.89........912.4.6...12.4.678...345.78....4.678...345678.123.5....123.56.8..23.56.8.";
    let solution =
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
    let mut c = sudokit::format::pencilmark::read(line).unwrap();
    assert_eq!(sudokit::rating::check_unique_state(&c), Ok(()));
    let digits: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
    let outcome = Solver::new(TechniqueSet::implemented()).solve(&mut c, |step, _| {
        for &(cell, d) in &step.eliminations {
            assert_ne!(digits[cell], d, "{:?}", step.technique);
        }
    });
    assert_ne!(outcome, sudokit::logic::Outcome::Contradiction);
    for (cell, &d) in digits.iter().enumerate() {
        let v = c.value(cell);
        assert!(v == 0 || v == d);
    }
}

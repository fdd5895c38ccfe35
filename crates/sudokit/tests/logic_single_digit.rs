//! Single-digit patterns on hand-checked positions from HoDoKu's regression library:
//! the strong links each pattern rests on are checked in the state, then the step and
//! its sentence.

mod pattern_cases;

use pattern_cases::{elims, holding, step};
use sudokit::logic::Technique;

const SKYSCRAPER: &str = ":0400:6:+1+6+328+9754+79.4.38.+1+4+8.+1.....+6397+1+428+584+7+5....3+25+1..+8+47.+5+28.+41.9+7+9+7+4+8.5..23+16+9..+5+4+8::657 658 664 665::";
const KITE: &str = ":0401:3:+156+87+49+3+2.4+762.+18+528....+4+7+6....8.+5+9.73....618+8.5...+32.........+3.7.5...49....487.1::381::";
const EMPTY_RECTANGLE: &str = ":0402:9:7+2+4+956+1381+6842+3+5+9+7+9+3+5+7+1+8+6+2+45..3..+8+1..4..8+17+5..+81.+7.24..+13....+7+2...1...+85.5...7.6+1::986::";
const EMPTY_RECTANGLE_TWO_CELLS: &str = ":0402-1:3:96...+758..4.8.+5.6.8.+5.+62+4+7..+9..8.72...8.7.9+4..74.5..+1..+8.3..+2+57.2.+5.6.3.+351+7+2+8+694:221 151 154 359 185:349::";
const DUAL: &str = ":0405:1:32.+5479.6..6+2+1+3.+5..+45+69+8+23.+5..+47+2.....+79.1.+25..28.+57..+2+1+4+3+5+9+67+86+73+1+84+5+9+2.5.+726143::149 168::";
const TURBOT: &str = ":0403:2:2+64+9+13587.3+1.+8+5..2.+58..6+3.+1+4+7+9+6+3..+5+8+12+6+8+54+739+3+8+5.9...659+3+1.+8..+4+84.5+6.+91+361.3+49+8.5::277::";

#[test]
fn skyscraper() {
    // 6 in columns 6 and 9 only in rows 3 and 5, 3 and 6: the base is row 3, so r5c6
    // or r6c9 is 6, and the cells seeing both lose it.
    assert_eq!(holding(SKYSCRAPER, 6, "c6"), ["r3c6", "r5c6"]);
    assert_eq!(holding(SKYSCRAPER, 6, "c9"), ["r3c9", "r6c9"]);
    let s = step(SKYSCRAPER, Technique::Skyscraper);
    assert_eq!(elims(&s), ["r5c7<>6", "r5c8<>6", "r6c4<>6", "r6c5<>6"]);
    assert_eq!(
        s.explanation,
        "Skyscraper on 6 in columns 6 and 9 (r5c6, r6c9 connected by the base in row 3): \
         remove 6 from r5c7, r5c8, r6c4, r6c5"
    );
}

#[test]
fn two_string_kite() {
    // 3 in row 2 at r2c1, r2c6 and in column 5 at r3c5, r8c5; r2c6 and r3c5 share box
    // 2, so r2c1 or r8c5 is 3: r8c1 sees both.
    assert_eq!(holding(KITE, 3, "r2"), ["r2c1", "r2c6"]);
    assert_eq!(holding(KITE, 3, "c5"), ["r3c5", "r8c5"]);
    let s = step(KITE, Technique::TwoStringKite);
    assert_eq!(elims(&s), ["r8c1<>3"]);
    assert_eq!(
        s.explanation,
        "2-String Kite on 3 (row 2 r2c1=r2c6, column 5 r3c5=r8c5, joined in box 2): \
         remove 3 from r8c1"
    );
}

#[test]
fn empty_rectangle() {
    // Box 5 holds 9 only in row 4 and column 6; column 2 holds it only at r4c2 and
    // r8c2. If r8c2 is not 9, r4c2 is, box 5's 9 is in column 6: r8c6 is never 9.
    assert_eq!(holding(EMPTY_RECTANGLE, 9, "b5"), ["r4c5", "r4c6", "r6c6"]);
    assert_eq!(holding(EMPTY_RECTANGLE, 9, "c2"), ["r4c2", "r8c2"]);
    let s = step(EMPTY_RECTANGLE, Technique::EmptyRectangle);
    assert_eq!(elims(&s), ["r8c6<>9"]);
    assert_eq!(
        s.explanation,
        "Empty Rectangle on 9 in box 5 (row 4, column 6) with the strong link r4c2=r8c2: \
         remove 9 from r8c6"
    );
    // Two cells, one on each arm, are enough.
    assert_eq!(holding(EMPTY_RECTANGLE_TWO_CELLS, 3, "b4").len(), 2);
    let s = step(EMPTY_RECTANGLE_TWO_CELLS, Technique::EmptyRectangle);
    assert_eq!(elims(&s), ["r4c9<>3"]);
}

#[test]
fn turbot_fish() {
    // 2 in row 4 only at r4c6, r4c7; in box 8 only at r7c5, r8c6; r4c6 sees r8c6.
    assert_eq!(holding(TURBOT, 2, "r4"), ["r4c6", "r4c7"]);
    assert_eq!(holding(TURBOT, 2, "b8"), ["r7c5", "r8c6"]);
    let s = step(TURBOT, Technique::TurbotFish);
    assert_eq!(elims(&s), ["r7c7<>2"]);
    assert_eq!(
        s.explanation,
        "Turbot Fish on 2 (r4c7=r4c6-r8c6=r7c5): remove 2 from r7c7"
    );
}

#[test]
fn dual_kite_and_dual_empty_rectangle() {
    // Box 1 holds 1 only at r1c3 and r3c1, box 3 only at r1c8 and r3c9. Rows 1, 3 and
    // columns 1, 3 give two kites joined in box 1; seen from box 3, they are two
    // empty rectangles.
    assert_eq!(holding(DUAL, 1, "b1"), ["r1c3", "r3c1"]);
    assert_eq!(holding(DUAL, 1, "b3"), ["r1c8", "r3c9"]);
    let s = step(DUAL, Technique::DualTwoStringKite);
    assert_eq!(elims(&s), ["r4c9<>1", "r6c8<>1"]);
    assert_eq!(
        s.explanation,
        "Dual 2-String Kite on 1 (cells r1c8, r6c1, r1c3, r3c1, r3c9, r4c3): \
         remove 1 from r4c9, r6c8"
    );
    let s = step(DUAL, Technique::DualEmptyRectangle);
    assert_eq!(elims(&s), ["r4c9<>1", "r6c8<>1"]);
}

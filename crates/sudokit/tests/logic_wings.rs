//! Wings on hand-checked positions from HoDoKu's regression library: the cells of
//! each wing are checked in the state, then the step and its sentence.

mod pattern_cases;

use pattern_cases::{cands, elims, holding, step};
use sudokit::logic::Technique;

const XY: &str = ":0800:169:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254.....7..+6........3::942 943 954 955 956::";
const XYZ: &str = ":0801:467:+673.+8.+2.9514.92..+3+9+82.....+5+167+359..28.+9.1.53+6..+5+8..+7+9+1..+614.9+2+8..+1..835+4..+8...1+67::635 636::";
const W: &str = ":0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...::417 427 437 489 499::";

#[test]
fn xy_wing() {
    // Pivot r4c1 {1,6}; pincers r4c4 {1,9} (row 4) and r5c2 {6,9} (box 4): one pincer
    // is 9, so the cells seeing both lose it.
    assert_eq!(cands(XY, "r4c1"), "16");
    assert_eq!(cands(XY, "r4c4"), "19");
    assert_eq!(cands(XY, "r5c2"), "69");
    let s = step(XY, Technique::XyWing);
    assert_eq!(
        elims(&s),
        ["r4c2<>9", "r4c3<>9", "r5c4<>9", "r5c5<>9", "r5c6<>9"]
    );
    assert_eq!(
        s.explanation,
        "XY-Wing on 9 (pivot r4c1, pincers r4c4 and r5c2): \
         remove 9 from r4c2, r4c3, r5c4, r5c5, r5c6"
    );
}

#[test]
fn xyz_wing() {
    // Pivot r3c4 {4,6,7}; pincers r2c4 {6,7} and r3c7 {4,6}: one of the three is 6,
    // and only r3c5, r3c6 see all three.
    assert_eq!(cands(XYZ, "r3c4"), "467");
    assert_eq!(cands(XYZ, "r2c4"), "67");
    assert_eq!(cands(XYZ, "r3c7"), "46");
    let s = step(XYZ, Technique::XyzWing);
    assert_eq!(elims(&s), ["r3c5<>6", "r3c6<>6"]);
    assert_eq!(
        s.explanation,
        "XYZ-Wing on 6 (pivot r3c4, pincers r2c4 and r3c7): remove 6 from r3c5, r3c6"
    );
}

#[test]
fn w_wing() {
    // r1c9 and r8c7 are {1,4}; column 3 holds 1 only at r1c3 (seeing r1c9) and r8c3
    // (seeing r8c7): one of the pair is 1 there, so one of r1c9, r8c7 is 4.
    assert_eq!(cands(W, "r1c9"), "14");
    assert_eq!(cands(W, "r8c7"), "14");
    assert_eq!(holding(W, 1, "c3"), ["r1c3", "r8c3"]);
    let s = step(W, Technique::WWing);
    assert_eq!(
        elims(&s),
        ["r1c7<>4", "r2c7<>4", "r3c7<>4", "r8c9<>4", "r9c9<>4"]
    );
    assert_eq!(
        s.explanation,
        "W-Wing on 1 and 4 (r1c9 and r8c7 joined by the strong link r1c3=r8c3 on 1): \
         remove 4 from r1c7, r2c7, r3c7, r8c9, r9c9"
    );
}

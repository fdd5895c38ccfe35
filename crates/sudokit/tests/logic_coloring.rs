//! Coloring on positions from HoDoKu's regression library, checked by hand: the
//! clusters, then the step and its sentence.

mod pattern_cases;

use pattern_cases::{elims, holding, step};
use sudokit::logic::Technique;

const TRAP: &str = ":0500:1:+23.7.+68+955972+8...+6+6..+9+3+5.+7.+3.+6.9.5.7+7+5.+36...+9+4.+9+5+7.+683+872.+5396.+94+5+6.7..+8+1638.+9+7+5.:439:127 128 132 133::";
const WRAP: &str = ":0501:8:+6+5+9...+1+3...+1.3.6+252.+31+65.4+9.+2..9+63+1.+36.7..5+9.+91.+3.4.+6279.6..+2+5+35.+6...9811.2...+4+7+6:814 815 424 826 443 843 849 855 856 863 875 285 896:819 821 824 832 844 853 867 876 892 895::";
const MULTI: &str = ":0502:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832 843 845 863 865::";
const MULTI2: &str = ":0503:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832::";

#[test]
fn simple_colors_trap() {
    // Colors on 1: r1c3, r2c6, r4c4, r7c9, r8c5 against r1c5, r3c9, r7c4. r2c7 sees
    // r2c6 (row 2) and r3c9 (box 3): whichever color is true, r2c7 is not 1.
    assert_eq!(holding(TRAP, 1, "r1"), ["r1c3", "r1c5"]);
    let s = step(TRAP, Technique::SimpleColorsTrap);
    assert_eq!(elims(&s), ["r2c7<>1", "r2c8<>1", "r3c2<>1", "r3c3<>1"]);
    assert_eq!(
        s.explanation,
        "Simple Colors Trap on 1 (colors r1c3, r2c6, r4c4, r7c9, r8c5 / r1c5, r3c9, r7c4; \
         candidates seeing both colors): remove 1 from r2c7, r2c8, r3c2, r3c3"
    );
}

#[test]
fn simple_colors_wrap() {
    // One color of 8 holds r2c1 and r2c4, in the same row: that color is false.
    let s = step(WRAP, Technique::SimpleColorsWrap);
    let removed = elims(&s);
    assert!(removed.contains(&"r2c1<>8".to_string()) && removed.contains(&"r2c4<>8".to_string()));
    assert_eq!(removed.len(), 10);
    assert!(s
        .explanation
        .starts_with("Simple Colors Wrap on 8 (colors r1c6, r3c7, r4c1, "));
    assert!(s.explanation.ends_with(
        "a color that sees itself): remove 8 from r1c9, r2c1, \
         r2c4, r3c2, r4c4, r5c3, r6c7, r7c6, r9c2, r9c5"
    ));
}

#[test]
fn multi_colors() {
    // Cluster A on 8: r2c3, r3c5 / r2c4, r3c2; cluster B: r5c2 / r5c4. r2c4 and r3c2
    // see r5c4 and r5c2: the color r2c4, r3c2 sees both colors of B, so it is false
    // (type 2); and since r3c2 sees r5c2, r2c3/r3c5 or r5c4 is true (type 1).
    assert_eq!(holding(MULTI, 8, "r5"), ["r5c2", "r5c4"]);
    let s = step(MULTI2, Technique::MultiColors2);
    assert_eq!(elims(&s), ["r2c4<>8", "r3c2<>8"]);
    assert_eq!(
        s.explanation,
        "Multi-Colors 2 on 8 (colors r2c3, r3c5 / r2c4, r3c2 and r5c2 / r5c4; a color \
         that sees both colors of the other cluster): remove 8 from r2c4, r3c2"
    );
    let s = step(MULTI, Technique::MultiColors1);
    assert_eq!(
        elims(&s),
        ["r2c4<>8", "r3c2<>8", "r4c3<>8", "r4c5<>8", "r6c3<>8", "r6c5<>8"]
    );
}

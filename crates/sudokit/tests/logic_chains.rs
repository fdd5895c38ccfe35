//! The chains family: its explanations in Eureka notation (ALS nodes as
//! `(x=y)ALS:cells`), and its soundness on whole puzzles (every chain step found on the
//! way, applied, keeps the solution).
//!
//! The cases are lines of HoDoKu's regression library 1.4 (hodoku-reglib-1.4.txt, by
//! Bernhard Hobiger): one per kind of chain, each with the chain sudokit explains.

mod common;

mod reglib;

use reglib::{Case, Verdict};
use sudokit::logic::{find, Family, FindOptions, Solver, TechniqueSet};
use sudokit::Candidates;

/// A library case and the sentence of the step that makes its eliminations.
const CASES: &[(&str, &str)] = &[
    (
        ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5",
        "X-Chain: (7)r1c2=(7)r1c9-(7)r2c8=(7)r7c8-(7)r7c3=(7)r4c3 => r4c2<>7",
    ),
    (
        ":0702:7:76+2+8+1+3+59+4...+7+6+9+1+2+8.+9.42536+7.+765+9+82.+39..1+32......+67+4+8.9..+7+9+5643+1.49+38+1..2.1.+2+47+9+8.::758 787::19",
        "XY-Chain: (7=6)r5c7-(6=5)r5c9-(5=8)r5c2-(8=2)r7c2-(2=8)r7c1-(8=1)r3c1-(1=4)r4c1-(4=1)r4c8-(1=5)r6c8-(5=7)r8c8 => r5c8<>7, r8c7<>7",
    ),
    (
        ":0703:58:..+1.+4+9+2+636+3.21+7+9+4.942+63..+7.2634.+17.98.+4.+9..2...+9.+6+2.+34..7..4.9.+4..9+7631..+9+6.+2.+4.7::577 579 594 596 877 879 894 896::7",
        "Remote Pair: (5=8)r7c5-(8=5)r4c5-(5=8)r4c8-(8=5)r9c8 => r7c7<>5, r7c7<>8, r7c9<>5, r7c9<>8, r9c4<>5, r9c4<>8, r9c6<>5, r9c6<>8",
    ),
    (
        ":0706:124579:548..+3...+63....8..1+2.+8....3+972.+386..+4.....3..+3...47..9+71+43+8+5+92+62569+7..+3+8+8+9+3.6.7..::114 118 124 214 224 496 524 538 718 925 926 936 955::13",
        "Continuous Nice Loop: (6)r1c4=(6-9)r1c8=(9)r1c5-(9=5)r3c5-(5=4)r3c7-(4)r8c7=(4)r8c6-(4)r9c4=(4-7)r2c4=(7)r1c4 => r1c4<>1, r1c4<>2, r1c8<>1, r1c8<>7, r2c4<>1, r2c4<>2, r2c4<>5, r2c5<>9, r2c6<>9, r3c6<>9, r3c8<>5, r5c5<>9, r9c6<>4",
    ),
    (
        ":0707-1:2348:.+4..6.1.+2.275..+4+96.....43.84+1...798+5....5.2.1......+6.+7..4....+1+3.619...24.3...1.+6+9::264 364 464 864::7",
        "Discontinuous Nice Loop: (1)r6c4=(1-9)r6c5=(9-2)r3c5=(2-1)r3c4=(1)r6c4 => r6c4=1",
    ),
    (
        ":0708-1:5:+2......69+98..2.13+7+71.....+24..+9....+5..4...9.7.+5671+329+4+8+6.1....8+33......+9+6+4+9867+32+15::513 523 533 572 582::9",
        "AIC: (5=3)r1c2-(3)r1c4=(3-9)r3c4=(9-2)r7c4=(2)r7c2-(2=5)r8c3 => r1c3<>5, r2c3<>5, r3c3<>5, r7c2<>5, r8c2<>5",
    ),
    (
        ":0709-1:1238:.+5243+19+6..3+67...1519.....2.2.......694.......+5+6....74+93.9......6.+5.1.....8.5..69.:825 826 833 837 839 254 255 256 779 789 495 496 499 799:143 153 275 276 286 364 399 864::7",
        "Grouped Continuous Nice Loop: (1)r6c4=(1)r6c3-(1)r9c3=(1-2)r9c9=(2)r9c56-(2)r78c4=(2)r6c4 => r4c3<>1, r5c3<>1, r6c4<>3, r6c4<>8, r7c5<>2, r7c6<>2, r8c6<>2, r9c9<>3",
    ),
    // ALS nodes: a loop through an ALS that forces a cell, a loop and an AIC through
    // an ALS entered by one digit and left by another.
    (
        ":0709-2:236:.4..892...652+4...+9..9.+1...44..9.5...95.+4...17...1.8+4+956.+4...9...+9...174...789+4.3.:331 242 342 243 245 345 574 775 584 689:291 314 649::9",
        "Grouped Continuous Nice Loop: (1)r9c1=(1)r12c1-(1=3)r1c3-(3)ALS:r1789c9=(5)r7c8-(5)r9c7=(5)r9c1 => r1c4<>3, r4c9<>6, r9c1<>2",
    ),
    (
        ":0710-4:7:.5.24+83.+14..+5..+89.1+8...65+4.3.+54.+218+9.2+4....3+5.91..5..4..71....8.1......3+5.8.29.1.:322 623 725 933 651 855 664 764 765 672 375 477 283 688 788 692:785::10",
        "Grouped Discontinuous Nice Loop: (7)r8c5-(7=6)r4c5-(6)r4c2=(6)r2c2-(6)r2c9=(6)r9c9-(6=7)ALS:r7c6,r8c6,r9c4-(7)r8c5 => r8c5<>7",
    ),
    (
        ":0711-3:1:.+7....9...461..7.3.5.....4.+765...+8+12+21+468+5+3+79+3+8927+1..4.98.+1..+3..+275.31.85+31......::119 131::11",
        "Grouped AIC: (1=8)r1c1-(8)r1c8=(8)r2c8-(8=2)ALS:r2c16-(2)r7c6=(2)r7c7-(2=6)r3c7-(6=1)r3c9 => r1c9<>1, r3c1<>1",
    ),
];

#[test]
fn chains_are_explained_in_eureka_notation() {
    for &(line, want) in CASES {
        let case: Case = line.parse().unwrap();
        assert_eq!(case.check(), Verdict::Pass, "{line}");
        let t = case.technique.unwrap();
        let steps = find(t, &case.state, &FindOptions::default());
        let step = steps
            .iter()
            .find(|s| s.eliminations == case.eliminations)
            .unwrap_or_else(|| panic!("no step of {t:?} for {line}"));
        assert_eq!(step.explanation, want);
    }
}

/// A chain step lists its links in order: each link starts where the one before ended,
/// on the step's digits and cells, strong and weak as its Eureka notation writes `=`
/// and `-`; without explanations there are none.
#[test]
fn chain_steps_list_their_links() {
    for &(line, _) in CASES {
        let case: Case = line.parse().unwrap();
        let t = case.technique.unwrap();
        for s in find(t, &case.state, &FindOptions::default()) {
            let chain = s.explanation.split(": ").nth(1).unwrap();
            let chain = chain.split(" =>").next().unwrap();
            let marks: Vec<bool> = chain
                .chars()
                .filter(|&c| c == '=' || c == '-')
                .map(|c| c == '=')
                .collect();
            let strong: Vec<bool> = s.links.iter().map(|l| l.strong).collect();
            assert_eq!(strong, marks, "{}", s.explanation);
            for pair in s.links.windows(2) {
                assert_eq!(pair[0].to, pair[1].from, "{}", s.explanation);
            }
            for end in s.links.iter().flat_map(|l| [&l.from, &l.to]) {
                assert!(s.digits.contains(&end.digit), "{}", s.explanation);
                assert!(
                    end.cells.iter().all(|c| s.cells.contains(c)),
                    "{}",
                    s.explanation
                );
                // An ALS node: its cells holding its digit, in a set of N cells and
                // N + 1 digits, all in the step.
                if let Some(als) = &end.als {
                    assert!(als.digits.contains(&end.digit), "{}", s.explanation);
                    assert_eq!(als.digits.len(), als.cells.len() + 1, "{}", s.explanation);
                    for c in &als.cells {
                        assert!(s.cells.contains(c), "{}", s.explanation);
                        let holds = case.state.has(*c, end.digit);
                        assert_eq!(end.cells.contains(c), holds, "{}", s.explanation);
                    }
                }
            }
        }
        let quiet = find(
            t,
            &case.state,
            &FindOptions {
                explain: false,
                ..FindOptions::default()
            },
        );
        assert!(!quiet.is_empty() && quiet.iter().all(|s| s.links.is_empty()));
    }
}

/// Along the solver's path through every puzzle of the top1465 sample, every step of
/// every chain technique, wherever the solver needed a chain, is applied to a copy of
/// the state: no solution digit leaves, no wrong digit is placed.
#[test]
fn every_chain_step_keeps_the_solution() {
    let chains = TechniqueSet::family(Family::Chains).intersection(TechniqueSet::implemented());
    let solver = Solver::new(TechniqueSet::all()).explain(false);
    let opts = FindOptions {
        explain: false,
        ..FindOptions::default()
    };
    let (mut checked, mut used) = (0, 0);
    for puzzle in common::data("top1465.txt") {
        let solution = sudokit::solve(&puzzle).unwrap();
        assert!(solution.is_solution_of(&puzzle));
        let mut before = Candidates::from_grid(&puzzle);
        solver.solve(&mut before.clone(), |step, after| {
            if step.technique.family() == Family::Chains {
                used += 1;
                for t in chains.iter() {
                    for s in find(t, &before, &opts) {
                        let mut c = before.clone();
                        assert!(s.apply(&mut c), "{puzzle}: {t:?} changes nothing");
                        for cell in 0..81 {
                            let d = solution.get(cell);
                            assert!(
                                c.value(cell) == d || (c.value(cell) == 0 && c.has(cell, d)),
                                "{puzzle}: {t:?} loses r{}c{}={d}: {s:?}",
                                cell / 9 + 1,
                                cell % 9 + 1
                            );
                        }
                        checked += 1;
                    }
                }
            }
            before = after.clone();
        });
    }
    println!("chain steps checked: {checked} on {used} states");
    assert!(used > 0 && checked >= used);
}

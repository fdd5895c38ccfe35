//! HoDoKu 2.2.0's default solver configuration: which techniques it uses, in which
//! order, and which step it takes when a technique finds several.
//!
//! HoDoKu asks its step types one after the other and applies the single step the
//! first type that finds anything returns; then it starts again from the top. The
//! score of a puzzle is the sum of the base scores of those steps, so the order and
//! the choice decide the score and the level as much as the techniques do.
//!
//! - [`STEPS`] is the order of HoDoKu's default configuration (its `Options`
//!   defaults, sorted by their index), with only the step types enabled there. One
//!   entry is one HoDoKu step type; some types cover several of our techniques
//!   (HoDoKu's "Nice Loop/AIC" is continuous and discontinuous nice loops and AICs),
//!   and their finders are asked together before one step is picked.
//! - [`pick`] is HoDoKu's choice among the steps of one type: singles as our finders
//!   list them (boxes first); for the other types the step that eliminates the most
//!   candidates, then the one whose eliminations come first on the board, then the
//!   smaller pattern, then the first found (HoDoKu's `SolutionStep.compareTo`, which
//!   its chain, coloring and fish finders sort by).
//! - [`OFF`] lists the techniques of our catalogue that are not on that path.

use super::step::Step;
use super::technique::Technique::{self, *};

/// HoDoKu's step types in the order of its default configuration, each with the
/// techniques of ours it covers.
pub const STEPS: &[&[Technique]] = &[
    &[FullHouse],
    &[NakedSingle],
    &[HiddenSingle],
    &[LockedPair],
    &[LockedTriple],
    &[LockedCandidates1],
    &[LockedCandidates2],
    &[NakedPair],
    &[NakedTriple],
    &[HiddenPair],
    &[HiddenTriple],
    &[NakedQuad],
    &[HiddenQuad],
    &[XWing],
    &[Swordfish],
    &[Jellyfish],
    &[RemotePair],
    &[BugPlus1],
    &[Skyscraper],
    &[TwoStringKite],
    &[TurbotFish],
    &[EmptyRectangle],
    &[WWing],
    &[XyWing],
    &[XyzWing],
    &[UniquenessTest1],
    &[UniquenessTest2],
    &[UniquenessTest3],
    &[UniquenessTest4],
    &[UniquenessTest5],
    &[UniquenessTest6],
    &[HiddenRectangle],
    &[AvoidableRectangle1],
    &[AvoidableRectangle2],
    &[FinnedXWing],
    &[SashimiXWing],
    &[FinnedSwordfish],
    &[SashimiSwordfish],
    &[FinnedJellyfish],
    &[SashimiJellyfish],
    &[SueDeCoq],
    &[SimpleColorsTrap, SimpleColorsWrap],
    &[MultiColors1, MultiColors2],
    &[XChain],
    &[XyChain],
    &[ContinuousNiceLoop, DiscontinuousNiceLoop, Aic],
    &[
        GroupedContinuousNiceLoop,
        GroupedDiscontinuousNiceLoop,
        GroupedAic,
    ],
    &[AlsXz],
    &[AlsXyWing],
    &[AlsXyChain],
    &[FrankenXWing],
    &[FrankenSwordfish],
    &[FinnedFrankenXWing],
    &[FinnedFrankenSwordfish],
    &[ForcingChainContradiction, ForcingChainVerity],
    &[ForcingNetContradiction, ForcingNetVerity],
];

/// The techniques HoDoKu's default configuration leaves out (or, for the WXYZ-Wing
/// and the dual patterns, that HoDoKu 2.2.0 does not search as steps of their own).
pub const OFF: &[Technique] = &[
    FrankenJellyfish,
    FinnedFrankenJellyfish,
    MutantXWing,
    MutantSwordfish,
    MutantJellyfish,
    FinnedMutantXWing,
    FinnedMutantSwordfish,
    FinnedMutantJellyfish,
    KrakenFish,
    DualTwoStringKite,
    DualEmptyRectangle,
    WxyzWing,
    DeathBlossom,
    TemplateSet,
    TemplateDelete,
];

/// The step HoDoKu takes among `steps`, all found in one state by the techniques of
/// one entry of [`STEPS`] (`None` when there are none).
pub fn pick(steps: &[Step]) -> Option<&Step> {
    let first = steps.first()?;
    if !first.placements.is_empty() {
        return steps.iter().min_by_key(|s| s.rating);
    }
    steps
        .iter()
        .enumerate()
        .min_by_key(|&(i, s)| {
            (
                std::cmp::Reverse(s.eliminations.len()),
                index_sum(s),
                size(s),
                i,
            )
        })
        .map(|(_, s)| s)
}

/// HoDoKu's "index sum" of a step's eliminations, taken in its order (digit, then
/// cell): each candidate counts its cell index times a weight that grows by 80 from
/// one candidate to the next, plus its digit.
fn index_sum(s: &Step) -> u64 {
    let mut elims: Vec<(u8, usize)> = s.eliminations.iter().map(|&(c, d)| (d, c)).collect();
    elims.sort_unstable();
    elims
        .iter()
        .enumerate()
        .map(|(k, &(d, c))| c as u64 * (1 + 80 * k as u64) + u64::from(d))
        .sum()
}

/// The size of a step's pattern: its cells and fins.
fn size(s: &Step) -> usize {
    s.cells.len() + s.fins.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::TechniqueSet;

    #[test]
    fn every_technique_is_on_the_path_or_off_once() {
        let mut seen = TechniqueSet::empty();
        for &t in STEPS.iter().flat_map(|s| s.iter()).chain(OFF) {
            assert!(!seen.contains(t), "{t:?} listed twice");
            seen.insert(t);
        }
        assert_eq!(seen, TechniqueSet::all());
    }

    fn elim(technique: Technique, eliminations: Vec<(usize, u8)>, cells: usize) -> Step {
        let mut s = Step::new(technique);
        s.eliminations = eliminations;
        s.cells = (0..cells).collect();
        s
    }

    #[test]
    fn picks_the_most_eliminations_then_the_first_on_the_board() {
        let steps = [
            elim(XChain, vec![(40, 3)], 4),
            elim(XChain, vec![(30, 3), (20, 3)], 4),
            elim(XChain, vec![(10, 3), (20, 3)], 6),
            elim(XChain, vec![(10, 3), (20, 3)], 4),
        ];
        assert_eq!(pick(&steps), Some(&steps[3]));
        assert_eq!(pick(&steps[..3]), Some(&steps[2]));
        assert_eq!(pick(&steps[..2]), Some(&steps[1]));
        assert_eq!(pick(&steps[..1]), Some(&steps[0]));
        assert_eq!(pick(&[]), None);
    }
}

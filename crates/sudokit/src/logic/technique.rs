//! The catalogue of solving techniques: names, HoDoKu codes, families, ratings.
//!
//! Every technique the logic solver knows or will know is one [`Technique`] variant with
//! one row of facts ([`Info`]): the command-line id (`x-wing`), HoDoKu's name and
//! regression-library code (`0300`), its [`Family`], its rating on the Sudoku Explainer
//! scale and HoDoKu's base score and level. The engine orders techniques by rating;
//! the rater adds up scores.
//!
//! Sources of the figures:
//! - Sudoku Explainer ratings: the table in Sudoku Explainer's `Rule.getDifficulty`
//!   documentation (1.0 full house, 1.2/1.5 hidden single, 2.3 naked single, 2.6/2.8
//!   pointing/claiming, 3.0/3.2/3.4 naked pair/X-Wing/hidden pair, 3.6/3.8/4.0, 4.2/4.4
//!   XY/XYZ-Wing, 4.4 W-Wing, 4.5–5.0 unique rectangles, 5.0/5.2/5.4 quads and
//!   Jellyfish, 5.6 BUG, 6.5+ cycles and chains, 7.0+ forcing chains) and Sukaku
//!   Explainer's single-digit patterns (4.0 skyscraper, 4.1 2-string kite, 4.2 turbot
//!   fish). Sudoku Explainer has no finned fish, locked sets, coloring or ALS moves: for
//!   those the ratings here are our own placement on its scale (a fin costs 0.2 over the
//!   plain fish, sashimi 0.1 more; coloring sits with the X-cycles it is a case of;
//!   chains and forcing give the base of their range, before any length bonus).
//!   Franken and mutant fish, which Sudoku Explainer reaches only by forcing chains
//!   and nets, come after forcing nets (8.5): Franken fish 8.6–8.7, mutant fish 8.8–8.9;
//!   Siamese fish, two fish the order has tried on their own, last among fish (8.9).
//! - HoDoKu scores and levels: HoDoKu's default solver configuration (full house and
//!   naked single 4, hidden single 14, locked candidates 50, X-Wing 140, …).

use std::fmt;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// A group of related techniques; one module of the solver per family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Full house, hidden and naked singles.
    Singles,
    /// Locked candidates and locked sets.
    Intersections,
    /// Naked and hidden subsets.
    Subsets,
    /// Basic, finned, sashimi, Franken, mutant and Kraken fish.
    Fish,
    /// Skyscraper, 2-string kite, turbot fish, empty rectangle.
    SingleDigit,
    /// Simple and multi-colors.
    Coloring,
    /// Unique and avoidable rectangles, BUG+1 (they assume one solution).
    Uniqueness,
    /// XY-, XYZ-, WXYZ- and W-Wing.
    Wings,
    /// X-chains, XY-chains, remote pairs, nice loops and AICs.
    Chains,
    /// Almost locked sets.
    Als,
    /// Sue de Coq.
    Misc,
    /// Forcing chains and nets, templates.
    Forcing,
}

impl Family {
    /// Every family, easiest first.
    pub const ALL: [Family; 12] = [
        Family::Singles,
        Family::Intersections,
        Family::Subsets,
        Family::Fish,
        Family::SingleDigit,
        Family::Coloring,
        Family::Uniqueness,
        Family::Wings,
        Family::Chains,
        Family::Als,
        Family::Misc,
        Family::Forcing,
    ];

    /// The command-line name (`single-digit`).
    pub fn id(self) -> &'static str {
        match self {
            Family::Singles => "singles",
            Family::Intersections => "intersections",
            Family::Subsets => "subsets",
            Family::Fish => "fish",
            Family::SingleDigit => "single-digit",
            Family::Coloring => "coloring",
            Family::Uniqueness => "uniqueness",
            Family::Wings => "wings",
            Family::Chains => "chains",
            Family::Als => "als",
            Family::Misc => "misc",
            Family::Forcing => "forcing",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// HoDoKu's difficulty levels, with the largest total score each allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Level {
    /// Singles only (score up to 800).
    Easy,
    /// Up to locked candidates, pairs and triples (score up to 1000).
    Medium,
    /// Quads, basic fish, wings, uniqueness… (score up to 1600).
    Hard,
    /// Finned fish over 2 lines, chains, ALS… (score up to 1800).
    Unfair,
    /// Forcing chains and nets, templates, or a higher score.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The largest total score of this level (HoDoKu's defaults).
    pub fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }

    /// The lowercase name (`unfair`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The facts about one technique.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Info {
    /// The command-line id, lowercase with dashes (`finned-x-wing`).
    pub id: &'static str,
    /// HoDoKu's name (`Finned X-Wing`).
    pub name: &'static str,
    /// HoDoKu's regression-library code (`0310`).
    pub code: &'static str,
    /// The family, which is also the solver module.
    pub family: Family,
    /// Rating on the Sudoku Explainer scale, in tenths (`32` = 3.2). Some techniques
    /// rate a step above this base (a hidden single outside a box is 1.5, not 1.2).
    pub se_tenths: u16,
    /// HoDoKu's base score, added once per step.
    pub score: u32,
    /// HoDoKu's level for the technique.
    pub level: Level,
}

macro_rules! techniques {
    ($( $(#[$doc:meta])* $v:ident = $id:literal, $name:literal, $code:literal, $fam:ident,
        $se:literal, $score:literal, $level:ident; )*) => {
        /// A solving technique. The facts about it are in [`Technique::info`].
        ///
        /// ```
        /// use sudokit::logic::{Family, Technique};
        /// let t: Technique = "x-wing".parse().unwrap();
        /// assert_eq!(t, Technique::XWing);
        /// assert_eq!(t.info().code, "0300");
        /// assert_eq!(t.info().family, Family::Fish);
        /// assert_eq!(t.info().se_tenths, 32);
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
        #[cfg_attr(feature = "serde", serde(into = "&'static str", try_from = "String"))]
        pub enum Technique { $( $(#[$doc])* $v, )* }

        const TABLE: &[Info] = &[ $( Info {
            id: $id, name: $name, code: $code, family: Family::$fam,
            se_tenths: $se, score: $score, level: Level::$level,
        }, )* ];

        impl Technique {
            /// Every technique, in catalogue order (families in order, easiest first
            /// within each).
            pub const ALL: &'static [Technique] = &[ $( Technique::$v, )* ];
        }
    };
}

techniques! {
    /// The last empty cell of a unit.
    FullHouse = "full-house", "Full House", "0000", Singles, 10, 4, Easy;
    /// The only place for a digit in a unit (1.2 in a box, 1.5 in a row or column).
    HiddenSingle = "hidden-single", "Hidden Single", "0002", Singles, 12, 14, Easy;
    /// The only digit left in a cell.
    NakedSingle = "naked-single", "Naked Single", "0003", Singles, 23, 4, Easy;
    /// Pointing: a digit of a box confined to one line.
    LockedCandidates1 = "locked-candidates-1", "Locked Candidates Type 1 (Pointing)", "0100", Intersections, 26, 50, Medium;
    /// Claiming: a digit of a line confined to one box.
    LockedCandidates2 = "locked-candidates-2", "Locked Candidates Type 2 (Claiming)", "0101", Intersections, 28, 50, Medium;
    /// A naked pair inside a box and a line.
    LockedPair = "locked-pair", "Locked Pair", "0110", Intersections, 30, 40, Medium;
    /// A naked triple inside a box and a line.
    LockedTriple = "locked-triple", "Locked Triple", "0111", Intersections, 36, 60, Medium;
    /// Two cells of a unit holding only the same two digits.
    NakedPair = "naked-pair", "Naked Pair", "0200", Subsets, 30, 60, Medium;
    /// Three cells of a unit holding only three digits.
    NakedTriple = "naked-triple", "Naked Triple", "0201", Subsets, 36, 80, Medium;
    /// Four cells of a unit holding only four digits.
    NakedQuad = "naked-quad", "Naked Quadruple", "0202", Subsets, 50, 120, Hard;
    /// Two digits of a unit confined to the same two cells.
    HiddenPair = "hidden-pair", "Hidden Pair", "0210", Subsets, 34, 70, Medium;
    /// Three digits of a unit confined to three cells.
    HiddenTriple = "hidden-triple", "Hidden Triple", "0211", Subsets, 40, 100, Medium;
    /// Four digits of a unit confined to four cells.
    HiddenQuad = "hidden-quad", "Hidden Quadruple", "0212", Subsets, 54, 150, Hard;
    /// Basic fish of size 2.
    XWing = "x-wing", "X-Wing", "0300", Fish, 32, 140, Hard;
    /// Basic fish of size 3.
    Swordfish = "swordfish", "Swordfish", "0301", Fish, 38, 150, Hard;
    /// Basic fish of size 4.
    Jellyfish = "jellyfish", "Jellyfish", "0302", Fish, 52, 160, Hard;
    /// X-Wing with fins in one box.
    FinnedXWing = "finned-x-wing", "Finned X-Wing", "0310", Fish, 34, 130, Hard;
    /// Swordfish with fins in one box.
    FinnedSwordfish = "finned-swordfish", "Finned Swordfish", "0311", Fish, 40, 200, Unfair;
    /// Jellyfish with fins in one box.
    FinnedJellyfish = "finned-jellyfish", "Finned Jellyfish", "0312", Fish, 54, 250, Unfair;
    /// Finned X-Wing whose base line would be empty without the fin.
    SashimiXWing = "sashimi-x-wing", "Sashimi X-Wing", "0320", Fish, 35, 150, Hard;
    /// Finned Swordfish whose base line would be degenerate without the fin.
    SashimiSwordfish = "sashimi-swordfish", "Sashimi Swordfish", "0321", Fish, 41, 240, Unfair;
    /// Finned Jellyfish whose base line would be degenerate without the fin.
    SashimiJellyfish = "sashimi-jellyfish", "Sashimi Jellyfish", "0322", Fish, 55, 260, Unfair;
    /// Fish with boxes among its base or cover sets, size 2.
    FrankenXWing = "franken-x-wing", "Franken X-Wing", "0330", Fish, 86, 300, Unfair;
    /// Franken fish of size 3.
    FrankenSwordfish = "franken-swordfish", "Franken Swordfish", "0331", Fish, 86, 350, Unfair;
    /// Franken fish of size 4.
    FrankenJellyfish = "franken-jellyfish", "Franken Jellyfish", "0332", Fish, 87, 370, Unfair;
    /// Finned Franken fish of size 2.
    FinnedFrankenXWing = "finned-franken-x-wing", "Finned Franken X-Wing", "0340", Fish, 86, 390, Unfair;
    /// Finned Franken fish of size 3.
    FinnedFrankenSwordfish = "finned-franken-swordfish", "Finned Franken Swordfish", "0341", Fish, 87, 410, Unfair;
    /// Finned Franken fish of size 4.
    FinnedFrankenJellyfish = "finned-franken-jellyfish", "Finned Franken Jellyfish", "0342", Fish, 87, 430, Unfair;
    /// Fish mixing rows and columns in its base or cover sets, size 2.
    MutantXWing = "mutant-x-wing", "Mutant X-Wing", "0350", Fish, 88, 450, Extreme;
    /// Mutant fish of size 3.
    MutantSwordfish = "mutant-swordfish", "Mutant Swordfish", "0351", Fish, 88, 450, Extreme;
    /// Mutant fish of size 4.
    MutantJellyfish = "mutant-jellyfish", "Mutant Jellyfish", "0352", Fish, 89, 450, Extreme;
    /// Finned mutant fish of size 2.
    FinnedMutantXWing = "finned-mutant-x-wing", "Finned Mutant X-Wing", "0360", Fish, 88, 470, Extreme;
    /// Finned mutant fish of size 3.
    FinnedMutantSwordfish = "finned-mutant-swordfish", "Finned Mutant Swordfish", "0361", Fish, 89, 470, Extreme;
    /// Finned mutant fish of size 4.
    FinnedMutantJellyfish = "finned-mutant-jellyfish", "Finned Mutant Jellyfish", "0362", Fish, 89, 470, Extreme;
    /// Two Finned X-Wing steps on one digit with the same base sets, as one step.
    SiameseFinnedXWing = "siamese-finned-x-wing", "Siamese Finned X-Wing", "03101", Fish, 89, 130, Hard;
    /// Two Finned Swordfish steps on one digit with the same base sets, as one step.
    SiameseFinnedSwordfish = "siamese-finned-swordfish", "Siamese Finned Swordfish", "03111", Fish, 89, 200, Unfair;
    /// Two Finned Jellyfish steps on one digit with the same base sets, as one step.
    SiameseFinnedJellyfish = "siamese-finned-jellyfish", "Siamese Finned Jellyfish", "03121", Fish, 89, 250, Unfair;
    /// Two Sashimi X-Wing steps on one digit with the same base sets, as one step.
    SiameseSashimiXWing = "siamese-sashimi-x-wing", "Siamese Sashimi X-Wing", "03201", Fish, 89, 150, Hard;
    /// Two Sashimi Swordfish steps on one digit with the same base sets, as one step.
    SiameseSashimiSwordfish = "siamese-sashimi-swordfish", "Siamese Sashimi Swordfish", "03211", Fish, 89, 240, Unfair;
    /// Two Sashimi Jellyfish steps on one digit with the same base sets, as one step.
    SiameseSashimiJellyfish = "siamese-sashimi-jellyfish", "Siamese Sashimi Jellyfish", "03221", Fish, 89, 260, Unfair;
    /// Two Finned Franken X-Wing steps on one digit with the same base sets, as one step.
    SiameseFinnedFrankenXWing = "siamese-finned-franken-x-wing", "Siamese Finned Franken X-Wing", "03401", Fish, 89, 390, Unfair;
    /// Two Finned Franken Swordfish steps on one digit with the same base sets, as one step.
    SiameseFinnedFrankenSwordfish = "siamese-finned-franken-swordfish", "Siamese Finned Franken Swordfish", "03411", Fish, 89, 410, Unfair;
    /// Two Finned Franken Jellyfish steps on one digit with the same base sets, as one step.
    SiameseFinnedFrankenJellyfish = "siamese-finned-franken-jellyfish", "Siamese Finned Franken Jellyfish", "03421", Fish, 89, 430, Unfair;
    /// Two Finned Mutant X-Wing steps on one digit with the same base sets, as one step.
    SiameseFinnedMutantXWing = "siamese-finned-mutant-x-wing", "Siamese Finned Mutant X-Wing", "03601", Fish, 89, 470, Extreme;
    /// Two Finned Mutant Swordfish steps on one digit with the same base sets, as one step.
    SiameseFinnedMutantSwordfish = "siamese-finned-mutant-swordfish", "Siamese Finned Mutant Swordfish", "03611", Fish, 89, 470, Extreme;
    /// Two Finned Mutant Jellyfish steps on one digit with the same base sets, as one step.
    SiameseFinnedMutantJellyfish = "siamese-finned-mutant-jellyfish", "Siamese Finned Mutant Jellyfish", "03621", Fish, 89, 470, Extreme;
    /// Kraken fish: every fin forces the elimination (type 1), or every fin and the
    /// base candidates of one cover set do (type 2).
    KrakenFish = "kraken-fish", "Kraken Fish", "0371", Fish, 89, 500, Extreme;
    /// Two strong links on a digit in parallel lines, joined at one end.
    Skyscraper = "skyscraper", "Skyscraper", "0400", SingleDigit, 40, 130, Hard;
    /// A strong link in a row and one in a column, joined in a box.
    TwoStringKite = "2-string-kite", "2-String Kite", "0401", SingleDigit, 41, 150, Hard;
    /// An empty rectangle in a box joined to a strong link.
    EmptyRectangle = "empty-rectangle", "Empty Rectangle", "0402", SingleDigit, 42, 120, Hard;
    /// Two strong links joined by a weak link (the general single-digit 4-chain).
    TurbotFish = "turbot-fish", "Turbot Fish", "0403", SingleDigit, 42, 120, Hard;
    /// Two 2-string kites sharing their box.
    DualTwoStringKite = "dual-2-string-kite", "Dual 2-String Kite", "0404", SingleDigit, 41, 150, Hard;
    /// Two empty rectangles sharing their box.
    DualEmptyRectangle = "dual-empty-rectangle", "Dual Empty Rectangle", "0405", SingleDigit, 42, 120, Hard;
    /// Simple colors: a candidate seeing both colors goes.
    SimpleColorsTrap = "simple-colors-trap", "Simple Colors Trap", "0500", Coloring, 65, 150, Hard;
    /// Simple colors: a color seeing itself is false.
    SimpleColorsWrap = "simple-colors-wrap", "Simple Colors Wrap", "0501", Coloring, 65, 150, Hard;
    /// Multi-colors, type 1.
    MultiColors1 = "multi-colors-1", "Multi-Colors 1", "0502", Coloring, 66, 200, Hard;
    /// Multi-colors, type 2.
    MultiColors2 = "multi-colors-2", "Multi-Colors 2", "0503", Coloring, 66, 200, Hard;
    /// Unique rectangle with one extra-candidate corner.
    UniquenessTest1 = "uniqueness-test-1", "Uniqueness Test 1", "0600", Uniqueness, 45, 100, Hard;
    /// Unique rectangle whose extra candidate is the same in two corners.
    UniquenessTest2 = "uniqueness-test-2", "Uniqueness Test 2", "0601", Uniqueness, 45, 100, Hard;
    /// Unique rectangle whose extra candidates form a naked subset.
    UniquenessTest3 = "uniqueness-test-3", "Uniqueness Test 3", "0602", Uniqueness, 45, 100, Hard;
    /// Unique rectangle with a strong link on one of its digits.
    UniquenessTest4 = "uniqueness-test-4", "Uniqueness Test 4", "0603", Uniqueness, 45, 100, Hard;
    /// Unique rectangle whose extra candidate is the same in three corners or diagonally.
    UniquenessTest5 = "uniqueness-test-5", "Uniqueness Test 5", "0604", Uniqueness, 45, 100, Hard;
    /// Unique rectangle with an X-Wing on one of its digits.
    UniquenessTest6 = "uniqueness-test-6", "Uniqueness Test 6", "0605", Uniqueness, 45, 100, Hard;
    /// Hidden rectangle.
    HiddenRectangle = "hidden-rectangle", "Hidden Rectangle", "0606", Uniqueness, 45, 100, Hard;
    /// Avoidable rectangle with one open corner.
    AvoidableRectangle1 = "avoidable-rectangle-1", "Avoidable Rectangle Type 1", "0607", Uniqueness, 45, 100, Hard;
    /// Avoidable rectangle with two open corners sharing an extra digit.
    AvoidableRectangle2 = "avoidable-rectangle-2", "Avoidable Rectangle Type 2", "0608", Uniqueness, 45, 100, Hard;
    /// Bivalue universal grave plus one.
    BugPlus1 = "bug-plus-1", "Bivalue Universal Grave + 1", "0610", Uniqueness, 56, 100, Hard;
    /// Three bivalue cells: pivot xy, pincers xz and yz.
    XyWing = "xy-wing", "XY-Wing", "0800", Wings, 42, 160, Hard;
    /// XY-Wing whose pivot also holds z.
    XyzWing = "xyz-wing", "XYZ-Wing", "0801", Wings, 44, 180, Hard;
    /// Four cells holding four digits, one of them not restricted.
    WxyzWing = "wxyz-wing", "WXYZ-Wing", "0802", Wings, 46, 240, Unfair;
    /// Two equal bivalue cells joined by a strong link.
    WWing = "w-wing", "W-Wing", "0803", Wings, 44, 150, Hard;
    /// Single-digit alternating chain.
    XChain = "x-chain", "X-Chain", "0701", Chains, 66, 260, Unfair;
    /// Chain of bivalue cells.
    XyChain = "xy-chain", "XY-Chain", "0702", Chains, 70, 260, Unfair;
    /// Chain of bivalue cells holding the same pair.
    RemotePair = "remote-pair", "Remote Pair", "0703", Chains, 66, 110, Hard;
    /// Continuous nice loop.
    ContinuousNiceLoop = "continuous-nice-loop", "Continuous Nice Loop", "0706", Chains, 70, 280, Unfair;
    /// Discontinuous nice loop.
    DiscontinuousNiceLoop = "discontinuous-nice-loop", "Discontinuous Nice Loop", "0707", Chains, 70, 280, Unfair;
    /// Alternating inference chain.
    Aic = "aic", "AIC", "0708", Chains, 70, 280, Unfair;
    /// Continuous nice loop with grouped nodes.
    GroupedContinuousNiceLoop = "grouped-continuous-nice-loop", "Grouped Continuous Nice Loop", "0709", Chains, 72, 300, Unfair;
    /// Discontinuous nice loop with grouped nodes.
    GroupedDiscontinuousNiceLoop = "grouped-discontinuous-nice-loop", "Grouped Discontinuous Nice Loop", "0710", Chains, 72, 300, Unfair;
    /// AIC with grouped nodes.
    GroupedAic = "grouped-aic", "Grouped AIC", "0711", Chains, 72, 300, Unfair;
    /// Two almost locked sets joined by a restricted common digit.
    AlsXz = "als-xz", "ALS-XZ", "0901", Als, 75, 300, Unfair;
    /// Three almost locked sets in a wing.
    AlsXyWing = "als-xy-wing", "ALS-XY-Wing", "0902", Als, 80, 320, Unfair;
    /// Chain of almost locked sets.
    AlsXyChain = "als-xy-chain", "ALS-Chain", "0903", Als, 82, 340, Unfair;
    /// A stem cell whose every digit leads to an almost locked set.
    DeathBlossom = "death-blossom", "Death Blossom", "0904", Als, 85, 360, Unfair;
    /// Sue de Coq: a line-box intersection with two almost locked sets.
    SueDeCoq = "sue-de-coq", "Sue de Coq", "1101", Misc, 50, 250, Unfair;
    /// A candidate whose truth leads to a contradiction.
    ForcingChainContradiction = "forcing-chain-contradiction", "Forcing Chain Contradiction", "1301", Forcing, 80, 500, Extreme;
    /// All candidates of a cell or unit lead to the same conclusion.
    ForcingChainVerity = "forcing-chain-verity", "Forcing Chain Verity", "1302", Forcing, 80, 500, Extreme;
    /// Forcing net ending in a contradiction.
    ForcingNetContradiction = "forcing-net-contradiction", "Forcing Net Contradiction", "1303", Forcing, 85, 700, Extreme;
    /// Forcing net verity.
    ForcingNetVerity = "forcing-net-verity", "Forcing Net Verity", "1304", Forcing, 85, 700, Extreme;
    /// A candidate in every template of its digit.
    TemplateSet = "template-set", "Template Set", "1201", Forcing, 90, 10000, Extreme;
    /// A candidate in no template of its digit.
    TemplateDelete = "template-delete", "Template Delete", "1202", Forcing, 90, 10000, Extreme;
    /// Forcing net whose premises propagate with singles, intersections and subsets, and
    /// if need be nested forcing nets: where HoDoKu would fall back to brute force
    /// (sudokit's own code; scored as HoDoKu's brute-force step).
    DeepForcingNet = "deep-forcing-net", "Deep Forcing Net", "1305", Forcing, 95, 10000, Extreme;
}

impl Technique {
    /// The facts about this technique.
    #[inline]
    pub fn info(self) -> &'static Info {
        &TABLE[self as usize]
    }

    /// The command-line id (`x-wing`).
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// HoDoKu's name (`X-Wing`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The family.
    pub fn family(self) -> Family {
        self.info().family
    }

    /// The technique with a HoDoKu regression-library code (`0300`), ignoring any
    /// variant suffix (`0110-1` is `0110`).
    pub fn from_code(code: &str) -> Option<Technique> {
        let base = code.split('-').next().unwrap_or(code);
        Technique::ALL
            .iter()
            .copied()
            .find(|t| t.info().code == base)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Technique> for &'static str {
    fn from(t: Technique) -> &'static str {
        t.id()
    }
}

/// A name that is no technique.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown technique {0:?}: use an id such as `x-wing`, a HoDoKu name or a code such as `0300` (see `Technique::ALL`)")]
pub struct UnknownTechnique(pub String);

impl std::str::FromStr for Technique {
    type Err = UnknownTechnique;

    /// Accepts the id (`x-wing`), HoDoKu's name in any case and spacing (`X-Wing`,
    /// `x wing`) or the code (`0300`).
    fn from_str(s: &str) -> Result<Technique, UnknownTechnique> {
        let key = normalise(s);
        Technique::ALL
            .iter()
            .copied()
            .find(|t| {
                let i = t.info();
                normalise(i.id) == key || normalise(i.name) == key || i.code == s.trim()
            })
            .ok_or_else(|| UnknownTechnique(s.to_string()))
    }
}

impl TryFrom<String> for Technique {
    type Error = UnknownTechnique;
    fn try_from(s: String) -> Result<Technique, UnknownTechnique> {
        s.parse()
    }
}

/// Lowercase letters and digits only: `X-Wing`, `x wing` and `xwing` compare equal.
pub(crate) fn normalise(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_consistent() {
        assert_eq!(TABLE.len(), Technique::ALL.len());
        for (i, &t) in Technique::ALL.iter().enumerate() {
            assert_eq!(t as usize, i);
            assert_eq!(t.id().parse::<Technique>().unwrap(), t);
            assert_eq!(t.name().parse::<Technique>().unwrap(), t);
            assert_eq!(Technique::from_code(t.info().code), Some(t));
        }
        assert!(
            Technique::ALL.len() <= 128,
            "technique sets are u128 bitsets"
        );
    }

    #[test]
    fn parses_names_and_codes() {
        assert_eq!("X-Wing".parse::<Technique>().unwrap(), Technique::XWing);
        assert_eq!(
            "0100".parse::<Technique>().unwrap(),
            Technique::LockedCandidates1
        );
        assert_eq!(Technique::from_code("0110-1"), Some(Technique::LockedPair));
        assert!("x-ring".parse::<Technique>().is_err());
    }
}

//! The human-style logic solver: techniques that find [`Step`]s in a candidate state,
//! and the [`Solver`] that applies them easiest first, as Sudoku Explainer and HoDoKu
//! do.
//!
//! - [`technique`] is the catalogue: every technique with its HoDoKu code, family and
//!   ratings, including those not implemented yet (they are simply not registered).
//! - [`step`] is what a technique finds: pattern, placements, eliminations, sentence.
//! - One module per family holds the finders ([`singles`], [`intersections`], [`subsets`], [`fish`], …). Each exports `FINDERS`, a table from technique to finder,
//!   and [`FAMILIES`] below lists those tables: adding a family is one module and one
//!   line there.
//! - [`solver`] runs the registered finders to a fixpoint; [`TechniqueSet`] chooses
//!   techniques by name or family. On the plain 9×9 board the solver takes its singles
//!   from a fast path (`fast_singles`: one pass over fixed unit tables, the same steps
//!   in the same order as the singles finders, without building a step per single).
//!
//! ```
//! use sudokit::logic::{Solver, TechniqueSet, Outcome};
//! use sudokit::{Candidates, Grid};
//! let g: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse()
//!     .unwrap();
//! let mut c = Candidates::from_grid(&g);
//! let solver = Solver::new(TechniqueSet::all());
//! let mut steps = 0;
//! assert_eq!(solver.solve(&mut c, |_, _| steps += 1), Outcome::Solved);
//! assert!(c.to_grid().is_solution_of(&g));
//! assert!(steps >= 49);
//! ```

pub mod als;
mod board9;
pub mod chains;
pub mod coloring;
mod fast_singles;
pub mod fish;
pub(crate) mod flat;
pub mod forcing;
pub mod general_fish;
pub(crate) mod graph;
mod hash;
pub mod hodoku;
pub mod intersections;
pub mod kraken;
pub(crate) mod links;
mod memo;
mod quiet;
mod reach;
pub mod single_digit;
pub mod singles;
pub mod solver;
pub mod step;
pub mod subsets;
pub mod sue_de_coq;
pub mod technique;
pub mod templates;
pub mod uniqueness;
pub mod wings;

pub use solver::{Order, Outcome, Solver, SOLVER_NAME};
pub use step::{ChainAls, ChainNode, FindOptions, HintLevel, Link, Rating, Step, UnknownHintLevel};
pub use technique::{Family, Info, Level, Technique, UnknownTechnique};

use crate::candidates::{Candidates, Mask};

/// A finder: appends to `out` every step of its technique in the state `c`. Finders
/// only report steps that change the state, never panic on a state that contradicts
/// itself, and find nothing on layouts their technique does not apply to.
pub type Finder = fn(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions);

/// The registered finders, one table per family module.
pub const FAMILIES: &[&[(Technique, Finder)]] = &[
    singles::FINDERS,
    intersections::FINDERS,
    subsets::FINDERS,
    fish::FINDERS,
    single_digit::FINDERS,
    wings::FINDERS,
    coloring::FINDERS,
    uniqueness::FINDERS,
    chains::FINDERS,
    als::FINDERS,
    sue_de_coq::FINDERS,
    forcing::FINDERS,
    templates::FINDERS,
];

/// The finder registered for a technique, if it is implemented.
pub fn finder(t: Technique) -> Option<Finder> {
    FAMILIES
        .iter()
        .flat_map(|f| f.iter())
        .find(|(u, _)| *u == t)
        .map(|&(_, f)| f)
}

/// The finder HoDoKu's path asks for `t`: its own where HoDoKu's choice or defaults
/// differ from the catalogue's ([`hodoku::finder`], and HoDoKu's forcing tables), else
/// the catalogue's.
pub(crate) fn path_finder(t: Technique) -> Option<Finder> {
    hodoku::finder(t)
        .or_else(|| {
            forcing::HODOKU
                .iter()
                .find(|&&(f, _)| f == t)
                .map(|&(_, f)| f)
        })
        .or_else(|| finder(t))
}

/// Every step of one technique in `c`.
///
/// ```
/// use sudokit::logic::{find, FindOptions, Technique};
/// use sudokit::{Candidates, Grid};
/// let g: Grid = format!("12345678{}", ".".repeat(73)).parse().unwrap();
/// let steps = find(Technique::FullHouse, &Candidates::from_grid(&g), &FindOptions::default());
/// assert_eq!(steps[0].placements, vec![(8, 9)]);
/// assert_eq!(steps[0].explanation, "Full House: r1c9=9 (last cell of row 1)");
/// ```
pub fn find(t: Technique, c: &Candidates, opts: &FindOptions) -> Vec<Step> {
    let mut out = Vec::new();
    if let Some(f) = finder(t) {
        f(c, &mut out, opts);
    }
    out
}

/// The set bits of a set of cells `m`, lowest first.
pub(crate) fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// The number of bits set in `x`, from a table for masks of up to 9 bits (every mask
/// of a 9×9 board): builds for CPUs without `popcnt` make `count_ones` a long
/// sequence, and the finders count bits in their inner loops.
#[inline]
pub(crate) fn ones(x: Mask) -> u32 {
    const SMALL: [u8; 512] = {
        let mut t = [0u8; 512];
        let mut i = 1;
        while i < 512 {
            t[i] = t[i >> 1] + (i & 1) as u8;
            i += 1;
        }
        t
    };
    match SMALL.get(x as usize) {
        Some(&k) => u32::from(k),
        None => x.count_ones(),
    }
}

/// Calls `f` with every `k`-subset of `0..len` as increasing indices (nothing when
/// `k > len` or `k == 0`). `k` is at most 8.
pub(crate) fn combinations(len: usize, k: usize, mut f: impl FnMut(&[usize])) {
    if k == 0 || k > len || k > 8 {
        return;
    }
    let mut idx = [0usize; 8];
    for (i, x) in idx.iter_mut().enumerate().take(k) {
        *x = i;
    }
    loop {
        f(&idx[..k]);
        // Advance the rightmost index that can still move.
        let mut i = k;
        while i > 0 && idx[i - 1] == len - k + i - 1 {
            i -= 1;
        }
        if i == 0 {
            return;
        }
        idx[i - 1] += 1;
        for j in i..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// Calls `f` with every `k`-subset of `0..masks.len()` whose masks together have at
/// most `most` bits set, as increasing indices with that union, in the order of
/// [`combinations`]. A union only grows, so the subsets that start with a prefix
/// already over `most` are never visited: the subset finders and the fish, which want
/// `k` items on few digits, cells or lines, skip most of their combinations this way.
/// `k` is at most 8.
pub(crate) fn unions(masks: &[Mask], k: usize, most: u32, mut f: impl FnMut(&[usize], Mask)) {
    let len = masks.len();
    if k == 0 || k > len || k > 8 {
        return;
    }
    // `idx[..depth]` is the prefix, `union[depth]` its union, and `next` the index
    // tried at position `depth`.
    let (mut idx, mut union) = ([0usize; 8], [0 as Mask; 8]);
    let (mut depth, mut next) = (0, 0);
    loop {
        if next + k - depth > len {
            if depth == 0 {
                return;
            }
            depth -= 1;
            next = idx[depth] + 1;
            continue;
        }
        let u = union[depth] | masks[next];
        idx[depth] = next;
        next += 1;
        if ones(u) > most {
            continue;
        }
        if depth + 1 == k {
            f(&idx[..k], u);
        } else {
            depth += 1;
            union[depth] = u;
        }
    }
}

/// A set of techniques (a bitset over [`Technique::ALL`]).
///
/// ```
/// use sudokit::logic::{Technique, TechniqueSet};
/// let set = TechniqueSet::select(Some("singles,x-wing"), None, true).unwrap();
/// assert!(set.contains(Technique::HiddenSingle) && set.contains(Technique::XWing));
/// assert!(!set.contains(Technique::NakedPair));
/// let no_fish = TechniqueSet::select(None, Some("fish"), true).unwrap();
/// assert!(!no_fish.contains(Technique::Swordfish));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TechniqueSet(u128);

impl TechniqueSet {
    /// No technique.
    pub fn empty() -> TechniqueSet {
        TechniqueSet(0)
    }

    /// Every technique of the catalogue (the solver uses those implemented).
    pub fn all() -> TechniqueSet {
        Technique::ALL.iter().copied().collect()
    }

    /// The techniques with a registered finder.
    pub fn implemented() -> TechniqueSet {
        FAMILIES
            .iter()
            .flat_map(|f| f.iter())
            .map(|&(t, _)| t)
            .collect()
    }

    /// The techniques of one family.
    pub fn family(f: Family) -> TechniqueSet {
        Technique::ALL
            .iter()
            .copied()
            .filter(|t| t.family() == f)
            .collect()
    }

    /// Whether `t` is in the set.
    pub fn contains(self, t: Technique) -> bool {
        self.0 & (1 << t as u32) != 0
    }

    /// Adds `t`.
    pub fn insert(&mut self, t: Technique) {
        self.0 |= 1 << t as u32;
    }

    /// The techniques in both sets.
    pub fn intersection(self, o: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 & o.0)
    }

    /// The techniques of `self` not in `o`.
    pub fn difference(self, o: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 & !o.0)
    }

    /// The techniques of either set.
    pub fn union(self, o: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 | o.0)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The techniques, in catalogue order.
    pub fn iter(self) -> impl Iterator<Item = Technique> {
        Technique::ALL
            .iter()
            .copied()
            .filter(move |&t| self.contains(t))
    }

    /// The set named by a comma-separated list of technique ids, HoDoKu names or codes,
    /// family ids (`fish`, `single-digit`) or `all`.
    pub fn parse(list: &str) -> Result<TechniqueSet, UnknownTechnique> {
        let mut set = TechniqueSet::empty();
        for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let key = technique::normalise(name);
            if key == "all" {
                set = set.union(TechniqueSet::all());
            } else if let Some(&f) = Family::ALL
                .iter()
                .find(|f| technique::normalise(f.id()) == key)
            {
                set = set.union(TechniqueSet::family(f));
            } else {
                set.insert(name.parse()?);
            }
        }
        Ok(set)
    }

    /// The selection of the command line: `techniques` (default: all), minus
    /// `without`, minus the uniqueness family unless `uniqueness` is on.
    pub fn select(
        techniques: Option<&str>,
        without: Option<&str>,
        uniqueness: bool,
    ) -> Result<TechniqueSet, UnknownTechnique> {
        let mut set = match techniques {
            Some(list) => TechniqueSet::parse(list)?,
            None => TechniqueSet::all(),
        };
        if let Some(list) = without {
            set = set.difference(TechniqueSet::parse(list)?);
        }
        if !uniqueness {
            set = set.difference(TechniqueSet::family(Family::Uniqueness));
        }
        Ok(set)
    }
}

impl FromIterator<Technique> for TechniqueSet {
    fn from_iter<I: IntoIterator<Item = Technique>>(iter: I) -> TechniqueSet {
        let mut s = TechniqueSet::empty();
        for t in iter {
            s.insert(t);
        }
        s
    }
}

/// Every `step`-th puzzle of the shipped top1465 sample, its state once singles,
/// intersections and subsets are done with it, and whether they got stuck: the hard
/// states on which the finders' tests compare a fast search with its reference.
#[cfg(test)]
pub(crate) fn basic_states(
    step: usize,
) -> impl Iterator<Item = (crate::Grid, Candidates, Outcome)> {
    use crate::format::{read::records, ReadOptions};
    let path = format!("{}/../../data/top1465.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("the shipped sample");
    let grids: Vec<crate::Grid> = records(&text, &ReadOptions::default())
        .filter_map(|r| r.result.ok())
        .step_by(step)
        .collect();
    let basic = TechniqueSet::family(Family::Singles)
        .union(TechniqueSet::family(Family::Intersections))
        .union(TechniqueSet::family(Family::Subsets));
    let solver = Solver::new(basic).explain(false);
    grids.into_iter().map(move |g| {
        let mut c = Candidates::from_grid(&g);
        let end = solver.solve(&mut c, |_, _| {});
        (g, c, end)
    })
}

/// Checks finders screened by [`chains::nothing_refutes_itself`] against their
/// searches, on every state HoDoKu's path goes through from every `step`-th sample
/// state of [`basic_states`]: `run(t, screened, ..)` runs technique `t`'s finder
/// (`screened`) or its search. Where no candidate taken true forces itself false the
/// search finds nothing (what it removes would), and everywhere the finder finds what
/// the search finds. Fails unless some state is screened and some search finds a step.
#[cfg(test)]
pub(crate) fn check_screen(
    step: usize,
    techniques: &[Technique],
    run: impl Fn(Technique, bool, &Candidates, &mut Vec<Step>, &FindOptions),
) {
    let solver = Solver::with_order(TechniqueSet::all(), Order::Hodoku).explain(false);
    let opts = FindOptions::default();
    let (mut screened, mut found) = (0, 0);
    for (g, start, _) in basic_states(step) {
        let mut states = vec![start.clone()];
        solver.solve(&mut start.clone(), |_, c| states.push(c.clone()));
        for c in &states {
            let none = chains::nothing_refutes_itself(c);
            for &t in techniques {
                let (mut all, mut screen) = (Vec::new(), Vec::new());
                run(t, false, c, &mut all, &opts);
                run(t, true, c, &mut screen, &opts);
                assert!(
                    !none || all.is_empty(),
                    "{g} {t:?}: a step, nothing refuted"
                );
                assert_eq!(screen, all, "{g} {t:?}");
                screened += usize::from(none);
                found += usize::from(!all.is_empty());
            }
        }
    }
    assert!(screened > 0 && found > 0, "{screened} {found}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_finder_is_registered_once() {
        let mut seen = TechniqueSet::empty();
        for &(t, _) in FAMILIES.iter().flat_map(|f| f.iter()) {
            assert!(!seen.contains(t), "{t:?} registered twice");
            seen.insert(t);
        }
        assert_eq!(seen, TechniqueSet::implemented());
    }

    #[test]
    fn ones_counts_bits() {
        for x in (0..2048u64).chain([u64::MAX, 1 << 63, 0xf0f0]) {
            assert_eq!(ones(x), x.count_ones());
        }
    }

    #[test]
    fn combinations_enumerate_every_subset_once() {
        let mut seen = Vec::new();
        combinations(5, 3, |p| seen.push(p.to_vec()));
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], vec![0, 1, 2]);
        assert_eq!(seen[9], vec![2, 3, 4]);
        let mut none = 0;
        combinations(2, 3, |_| none += 1);
        assert_eq!(none, 0);
    }

    #[test]
    fn unions_are_the_combinations_within_the_bound() {
        let mut seed = 7u64;
        for round in 0..300 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = (seed >> 59) as usize % 12;
            let masks: Vec<Mask> = (0..len as u32)
                .map(|i| (seed.rotate_left(7 * i) ^ seed >> i) & 0x1ff)
                .collect();
            let k = 1 + round % 5;
            let most = (seed >> 40) as u32 % 10;
            let mut want = Vec::new();
            combinations(len, k, |p| {
                let u = p.iter().fold(0, |m, &i| m | masks[i]);
                if ones(u) <= most {
                    want.push((p.to_vec(), u));
                }
            });
            let mut got = Vec::new();
            unions(&masks, k, most, |p, u| got.push((p.to_vec(), u)));
            assert_eq!(got, want, "{masks:?} k = {k} most = {most}");
        }
    }

    #[test]
    fn selection() {
        let s = TechniqueSet::select(Some("all"), Some("0300,subsets"), false).unwrap();
        assert!(!s.contains(Technique::XWing));
        assert!(!s.contains(Technique::HiddenPair));
        assert!(!s.contains(Technique::UniquenessTest1));
        assert!(s.contains(Technique::Swordfish));
        assert!(TechniqueSet::parse("singles, nonsense").is_err());
    }
}

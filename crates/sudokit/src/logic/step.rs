//! A [`Step`]: one deduction found by a technique, with what justifies it, what it
//! changes and a sentence that explains it; and the helpers that write those sentences
//! in the usual notation (`r3c5`, `r1c2<>7`).

use std::fmt::{self, Write};
use std::time::Instant;

#[cfg(feature = "serde")]
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::technique::Technique;
use crate::candidates::Candidates;

/// A rating on the Sudoku Explainer scale, kept in tenths (`Rating(32)` is 3.2) so it
/// orders and compares exactly; shown and serialised as a decimal number.
///
/// ```
/// use sudokit::logic::Rating;
/// assert_eq!(Rating(32).to_string(), "3.2");
/// assert_eq!(Rating(100).to_string(), "10.0");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rating(pub u16);

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

#[cfg(feature = "serde")]
impl Serialize for Rating {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(f64::from(self.0) / 10.0)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Rating {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rating, D::Error> {
        let v = f64::deserialize(d)?;
        if !(0.0..=6553.5).contains(&v) {
            return Err(serde::de::Error::custom(format!(
                "rating {v} is out of range"
            )));
        }
        Ok(Rating((v * 10.0).round() as u16))
    }
}

/// One deduction: the technique, the pattern that justifies it (digits, cells and any
/// fin cells), the placements and eliminations it makes, and an explanation.
///
/// Cells are row-major indices (`r1c1` is 0, `r9c9` is 80 on 9×9); digits are 1-based.
/// A step from [`crate::logic::Solver`] always changes the state it was found in.
///
/// ```
/// use sudokit::logic::{Rating, Step, Technique};
/// let step = Step {
///     technique: Technique::NakedSingle,
///     rating: Rating(23),
///     digits: vec![7],
///     cells: vec![10],
///     fins: vec![],
///     links: vec![],
///     placements: vec![(10, 7)],
///     eliminations: vec![],
///     explanation: "Naked Single: r2c2=7".into(),
/// };
/// # #[cfg(feature = "serde")] {
/// let json = serde_json::to_string(&step).unwrap();
/// assert!(json.contains("\"technique\":\"naked-single\""));
/// assert_eq!(serde_json::from_str::<Step>(&json).unwrap(), step);
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Step {
    /// The technique that found the step.
    pub technique: Technique,
    /// This step's rating on the Sudoku Explainer scale.
    pub rating: Rating,
    /// The digits of the pattern.
    pub digits: Vec<u8>,
    /// The cells of the pattern (for fish: the base cells; for subsets: the subset).
    pub cells: Vec<usize>,
    /// Fin cells of finned and sashimi fish (empty otherwise).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub fins: Vec<usize>,
    /// The links of a chain in order, from its first node to its last (chain
    /// techniques, when explaining; empty otherwise).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub links: Vec<Link>,
    /// Digits placed: `(cell, digit)`.
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed: `(cell, digit)`.
    pub eliminations: Vec<(usize, u8)>,
    /// One sentence in the usual notation; empty when asked not to explain.
    pub explanation: String,
}

impl Step {
    /// A step of `technique` at its base rating, with nothing filled in yet.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            rating: Rating(technique.info().se_tenths),
            digits: Vec::new(),
            cells: Vec::new(),
            fins: Vec::new(),
            links: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            explanation: String::new(),
        }
    }

    /// Whether the step would change `c`: a placement in an open cell or an elimination
    /// of a candidate that is still there.
    pub fn changes(&self, c: &Candidates) -> bool {
        self.placements.iter().any(|&(cell, _)| c.value(cell) == 0)
            || self.eliminations.iter().any(|&(cell, d)| c.has(cell, d))
    }

    /// Whether the step is consistent with `solution`: it removes none of the
    /// solution's digits and places only the solution's digits (the soundness check of
    /// tests and benchmarks).
    pub fn agrees_with(&self, solution: &crate::grid::Grid) -> bool {
        self.eliminations
            .iter()
            .all(|&(cell, d)| solution.get(cell) != d)
            && self
                .placements
                .iter()
                .all(|&(cell, d)| solution.get(cell) == d)
    }

    /// The cells the step involves: its pattern's cells, fins and chain nodes, sorted;
    /// where it names none (a single), the cells it places in or removes from.
    ///
    /// ```
    /// use sudokit::logic::{Solver, TechniqueSet};
    /// use sudokit::{Candidates, Grid};
    ///
    /// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///     .parse()?;
    /// let step = Solver::new(TechniqueSet::implemented())
    ///     .hint(&Candidates::from_grid(&g))
    ///     .expect("a step");
    /// assert!(!step.involved_cells().is_empty());
    /// # Ok::<(), sudokit::ParseError>(())
    /// ```
    pub fn involved_cells(&self) -> Vec<usize> {
        let mut cells: Vec<usize> = self.cells.iter().chain(&self.fins).copied().collect();
        for link in &self.links {
            cells.extend(&link.from.cells);
            cells.extend(&link.to.cells);
        }
        if cells.is_empty() {
            cells.extend(self.placements.iter().map(|&(cell, _)| cell));
            cells.extend(self.eliminations.iter().map(|&(cell, _)| cell));
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The step told as far as `level` goes, on a board of size `n`: the technique's
    /// name (`Next: X-Wing`), then the cells it involves (`Next: X-Wing, with r2c3,
    /// r2c7, r8c3, r8c7`), then the whole explanation (empty when the step was found
    /// without one).
    pub fn graded(&self, level: HintLevel, n: usize) -> String {
        match level {
            HintLevel::Technique => format!("Next: {}", self.technique.name()),
            HintLevel::Cells => format!(
                "Next: {}, with {}",
                self.technique.name(),
                cell_list(n, &self.involved_cells())
            ),
            HintLevel::Step => self.explanation.clone(),
        }
    }

    /// Applies the step to `c`; returns whether anything changed. A placement whose
    /// digit is no longer a candidate of its cell is skipped (it can only happen in a
    /// state that already contradicts itself).
    pub fn apply(&self, c: &mut Candidates) -> bool {
        let mut changed = false;
        for &(cell, d) in &self.placements {
            if c.value(cell) == 0 && c.has(cell, d) {
                c.place(cell, d);
                changed = true;
            }
        }
        for &(cell, d) in &self.eliminations {
            changed |= c.remove(cell, d);
        }
        changed
    }
}

/// How much of a step a graded hint tells ([`Step::graded`]): a player asks for the
/// technique first, then where to look, then the whole step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HintLevel {
    /// The technique's name only.
    Technique,
    /// The name and the cells involved.
    Cells,
    /// The whole step.
    #[default]
    Step,
}

impl std::str::FromStr for HintLevel {
    type Err = UnknownHintLevel;

    fn from_str(s: &str) -> Result<HintLevel, UnknownHintLevel> {
        match s {
            "technique" => Ok(HintLevel::Technique),
            "cells" => Ok(HintLevel::Cells),
            "step" => Ok(HintLevel::Step),
            _ => Err(UnknownHintLevel(s.to_string())),
        }
    }
}

/// A hint level that is none of `technique`, `cells` and `step`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown hint level {0:?}: use technique, cells or step")]
pub struct UnknownHintLevel(pub String);

/// A node of a chain: a digit in one cell, in a group of cells of one box and one
/// row or column, or in an almost locked set (grouped chains).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ChainNode {
    /// The digit, 1-based.
    pub digit: u8,
    /// The cell, the cells of a group, or the cells of an ALS holding the digit.
    pub cells: Vec<usize>,
    /// For an ALS node, its almost locked set.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub als: Option<ChainAls>,
}

/// The almost locked set of an ALS node: N cells of one unit holding N + 1 digits. The
/// node is the digit being in the set: taken false, the other digits are all placed
/// in it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ChainAls {
    /// Its cells.
    pub cells: Vec<usize>,
    /// Its digits.
    pub digits: Vec<u8>,
}

/// A link of a chain: strong (`=`, one end is true) or weak (`-`, not both true).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Link {
    /// Where the link starts.
    pub from: ChainNode,
    /// Where it ends.
    pub to: ChainNode,
    /// Strong (`=`) or weak (`-`).
    pub strong: bool,
}

/// What finders are asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FindOptions {
    /// Write [`Step::explanation`]; the rater turns it off to stay allocation-light.
    pub explain: bool,
    /// The instant after which an expensive finder (chains) stops looking, at a coarse
    /// grain, and returns what it found so far; whoever set it must then treat the
    /// finder's steps as incomplete ([`FindOptions::expired`]). The solver sets it from
    /// its budget.
    pub deadline: Option<Instant>,
}

impl FindOptions {
    /// Whether the deadline has passed (never without one).
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

impl Default for FindOptions {
    fn default() -> FindOptions {
        FindOptions {
            explain: true,
            deadline: None,
        }
    }
}

/// `r3c5` for a cell of a board of size `n`.
pub(crate) fn cell(n: usize, cell: usize) -> CellName {
    CellName { n, cell }
}

/// A cell shown as `r3c5`, without allocating.
#[derive(Clone, Copy)]
pub(crate) struct CellName {
    n: usize,
    cell: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.cell / self.n + 1, self.cell % self.n + 1)
    }
}

/// `r5c3, r7c6`.
pub(crate) fn cell_list(n: usize, cells: &[usize]) -> String {
    let mut s = String::new();
    for (i, &c) in cells.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{}", cell(n, c));
    }
    s
}

/// `2 and 8`, `1, 4 and 7`: numbers (already 1-based) in words.
pub(crate) fn and_list<T: fmt::Display>(items: &[T]) -> String {
    let mut s = String::new();
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            s.push_str(if i + 1 == items.len() { " and " } else { ", " });
        }
        let _ = write!(s, "{x}");
    }
    s
}

/// `r1c2<>7, r3c4<>1`: eliminations as a chain's or a pattern's conclusion.
pub(crate) fn not_list(n: usize, elims: &[(usize, u8)]) -> String {
    let mut s = String::new();
    for (k, &(x, d)) in elims.iter().enumerate() {
        let sep = if k > 0 { ", " } else { "" };
        let _ = write!(s, "{sep}{}<>{d}", cell(n, x));
    }
    s
}

/// `remove 4 from r5c3, r7c6` — eliminations grouped by digit, smallest digit first,
/// joined with `; ` (`remove 2 from r1c1; remove 5 from r1c1, r1c2`).
pub(crate) fn removal(n: usize, elims: &[(usize, u8)]) -> String {
    let mut digits: Vec<u8> = elims.iter().map(|&(_, d)| d).collect();
    digits.sort_unstable();
    digits.dedup();
    let mut s = String::new();
    for (i, &d) in digits.iter().enumerate() {
        if i > 0 {
            s.push_str("; ");
        }
        let mut cells: Vec<usize> = elims
            .iter()
            .filter(|&&(_, e)| e == d)
            .map(|&(c, _)| c)
            .collect();
        cells.sort_unstable();
        let _ = write!(s, "remove {d} from {}", cell_list(n, &cells));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation() {
        assert_eq!(cell(9, 20).to_string(), "r3c3");
        assert_eq!(cell_list(9, &[38, 60]), "r5c3, r7c7");
        assert_eq!(and_list(&[2, 8]), "2 and 8");
        assert_eq!(and_list(&[1, 4, 7]), "1, 4 and 7");
        assert_eq!(
            removal(9, &[(60, 5), (0, 2), (1, 5)]),
            "remove 2 from r1c1; remove 5 from r1c2, r7c7"
        );
    }

    #[test]
    #[cfg(feature = "serde")]
    fn rating_serde_round_trip() {
        for r in [Rating(10), Rating(23), Rating(32), Rating(115)] {
            let j = serde_json::to_string(&r).unwrap();
            assert_eq!(serde_json::from_str::<Rating>(&j).unwrap(), r);
        }
        assert_eq!(serde_json::to_string(&Rating(26)).unwrap(), "2.6");
    }
}

//! Symmetries of a clue pattern: which cells must be given or empty together.
//!
//! A [`Symmetry`] is a group of geometric maps of the square board (rotations and
//! reflections). The generator removes clues an *orbit* at a time — a cell together with
//! all its images — so the pattern of givens keeps the symmetry. These are symmetries
//! of the picture only; they need not map the solution onto itself.

use std::fmt;
use std::str::FromStr;

/// A symmetry of the clue pattern.
///
/// ```
/// use sudokit::generate::Symmetry;
/// let s: Symmetry = "rotate-180".parse().unwrap();
/// assert_eq!(s, Symmetry::Rotate180);
/// // On a 9×9 board the centre is alone, every other cell is paired.
/// assert_eq!(s.orbits(9).len(), 41);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry: every cell is its own orbit.
    None,
    /// Half-turn: `(r, c)` with `(n-1-r, n-1-c)`.
    Rotate180,
    /// Quarter-turns: the four rotations of a cell.
    Rotate90,
    /// Left-right mirror: `(r, c)` with `(r, n-1-c)`.
    Mirror,
    /// Up-down flip: `(r, c)` with `(n-1-r, c)`.
    Flip,
    /// Reflection in the main diagonal: `(r, c)` with `(c, r)`.
    Diagonal,
    /// Reflection in the anti-diagonal: `(r, c)` with `(n-1-c, n-1-r)`.
    AntiDiagonal,
    /// Both diagonal reflections (and so the half-turn).
    BothDiagonals,
    /// All eight rotations and reflections.
    Dihedral,
}

/// One geometric map of the board: `(r, c) -> (r', c')` on an `n × n` board.
type Map = fn(usize, usize, usize) -> (usize, usize);

const ID: Map = |r, c, _| (r, c);
const ROT90: Map = |r, c, n| (c, n - 1 - r);
const ROT180: Map = |r, c, n| (n - 1 - r, n - 1 - c);
const ROT270: Map = |r, c, n| (n - 1 - c, r);
const MIRROR: Map = |r, c, n| (r, n - 1 - c);
const FLIP: Map = |r, c, n| (n - 1 - r, c);
const DIAG: Map = |r, c, _| (c, r);
const ANTI: Map = |r, c, n| (n - 1 - c, n - 1 - r);

impl Symmetry {
    /// Every symmetry, in the order `random` picks from.
    pub const ALL: [Symmetry; 9] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::BothDiagonals,
        Symmetry::Dihedral,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate-180",
            Symmetry::Rotate90 => "rotate-90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::BothDiagonals => "both-diagonals",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The maps of the group, identity included.
    fn group(self) -> &'static [Map] {
        match self {
            Symmetry::None => &[ID],
            Symmetry::Rotate180 => &[ID, ROT180],
            Symmetry::Rotate90 => &[ID, ROT90, ROT180, ROT270],
            Symmetry::Mirror => &[ID, MIRROR],
            Symmetry::Flip => &[ID, FLIP],
            Symmetry::Diagonal => &[ID, DIAG],
            Symmetry::AntiDiagonal => &[ID, ANTI],
            Symmetry::BothDiagonals => &[ID, DIAG, ANTI, ROT180],
            Symmetry::Dihedral => &[ID, ROT90, ROT180, ROT270, MIRROR, FLIP, DIAG, ANTI],
        }
    }

    /// The orbits of the cells of an `n × n` board: each cell appears in exactly one,
    /// listed in increasing order, orbits ordered by their first cell.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut done = vec![false; n * n];
        let mut out = Vec::new();
        for cell in 0..n * n {
            if done[cell] {
                continue;
            }
            let (r, c) = (cell / n, cell % n);
            let mut orbit: Vec<usize> = self
                .group()
                .iter()
                .map(|m| {
                    let (r2, c2) = m(r, c, n);
                    r2 * n + c2
                })
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &o in &orbit {
                done[o] = true;
            }
            out.push(orbit);
        }
        out
    }

    /// Whether the givens of a grid (`cells`, row-major, `n × n`, 0 = empty) form a
    /// pattern with this symmetry.
    pub fn holds(self, cells: &[u8], n: usize) -> bool {
        (0..n * n).all(|cell| {
            let (r, c) = (cell / n, cell % n);
            self.group().iter().all(|m| {
                let (r2, c2) = m(r, c, n);
                (cells[cell] != 0) == (cells[r2 * n + c2] != 0)
            })
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a symmetry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry `{0}`; choose one of: none, rotate-180, rotate-90, mirror, flip, diagonal, anti-diagonal, both-diagonals, dihedral, random")]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownSymmetry(s.to_string()))
    }
}

/// The symmetry asked for: a fixed one, or a random pick per puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymmetryChoice {
    /// Always this symmetry.
    Fixed(Symmetry),
    /// Each puzzle picks one of [`Symmetry::ALL`] at random.
    Random,
}

impl Default for SymmetryChoice {
    fn default() -> SymmetryChoice {
        SymmetryChoice::Fixed(Symmetry::Rotate180)
    }
}

impl FromStr for SymmetryChoice {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<SymmetryChoice, UnknownSymmetry> {
        if s.eq_ignore_ascii_case("random") {
            Ok(SymmetryChoice::Random)
        } else {
            s.parse().map(SymmetryChoice::Fixed)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_board() {
        for sym in Symmetry::ALL {
            for n in [4, 9, 16] {
                let orbits = sym.orbits(n);
                let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{sym} n={n}");
            }
        }
    }

    #[test]
    fn orbit_counts_on_9x9() {
        let count = |s: Symmetry| s.orbits(9).len();
        assert_eq!(count(Symmetry::None), 81);
        assert_eq!(count(Symmetry::Rotate180), 41);
        assert_eq!(count(Symmetry::Rotate90), 21);
        assert_eq!(count(Symmetry::Mirror), 45);
        assert_eq!(count(Symmetry::Diagonal), 45);
        assert_eq!(count(Symmetry::BothDiagonals), 25);
        assert_eq!(count(Symmetry::Dihedral), 15);
    }

    #[test]
    fn holds_checks_the_pattern() {
        let mut cells = vec![0u8; 81];
        cells[0] = 1;
        assert!(!Symmetry::Rotate180.holds(&cells, 9));
        cells[80] = 2;
        assert!(Symmetry::Rotate180.holds(&cells, 9));
        assert!(Symmetry::Diagonal.holds(&cells, 9));
        assert!(!Symmetry::Mirror.holds(&cells, 9));
        assert!(Symmetry::None.holds(&cells, 9));
    }

    #[test]
    fn names_round_trip() {
        for sym in Symmetry::ALL {
            assert_eq!(sym.name().parse::<Symmetry>().unwrap(), sym);
        }
        assert_eq!(
            "random".parse::<SymmetryChoice>().unwrap(),
            SymmetryChoice::Random
        );
        assert!("spiral".parse::<SymmetryChoice>().is_err());
    }
}

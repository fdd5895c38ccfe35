//! Small unavoidable sets of a 9×9 solution grid, to refute clue removals without a
//! search.
//!
//! An *unavoidable set* of a solution grid `S` is a set of cells whose digits can be
//! rearranged into another valid grid: a puzzle with `S` as its only solution must give
//! at least one of its cells. So when a removal leaves one of them with no clue, the
//! puzzle has a second solution, and the generator keeps the clues without asking an
//! engine. The answer is exact either way: a set with a clue proves nothing, and the
//! engine decides.
//!
//! The sets listed are those of two lines of a band or stack (unavoidable sets are
//! described in McGuire, Tugemann and Civario, "There is no 16-clue Sudoku", 2012): for
//! rows `r1`, `r2` in one band, column `c` maps to the column where `r1` holds
//! `S[r2][c]`; on the columns of one cycle of that permutation the two rows hold the
//! same digits, and swapping them keeps every row, column and box valid. Likewise for
//! two columns of a stack. They include every unavoidable rectangle (four cells).
//! On generated 9×9 puzzles they settle about a third of the removals that fail
//! without a search. The sets of two digits (swapping `a` and `b` on a connected part
//! of their cells) were measured too: they settle a few more removals, but listing
//! them cost about the search time they saved.

use crate::generate::cells::CellSet;

/// Unavoidable sets of one solution grid (see the module docs).
#[derive(Debug, Clone, Default)]
pub struct Unavoidable {
    sets: Vec<CellSet>,
}

impl Unavoidable {
    /// The two-line sets of `solution`, a full valid 9×9 grid (digits `1..=9`,
    /// row-major).
    pub fn of(solution: &[u8; 81]) -> Unavoidable {
        let mut sets = Vec::with_capacity(96);
        for transposed in [false, true] {
            line_pairs(solution, transposed, &mut sets);
        }
        Unavoidable { sets }
    }

    /// Whether some set has no cell in `clues`: then a puzzle giving exactly `clues`
    /// has another solution than the grid.
    pub fn uncovered(&self, clues: CellSet) -> bool {
        self.sets.iter().any(|&s| s & clues == 0)
    }

    /// The sets.
    pub fn sets(&self) -> &[CellSet] {
        &self.sets
    }
}

/// The cycles of each pair of rows in a band (`transposed`: of columns in a stack).
fn line_pairs(s: &[u8; 81], transposed: bool, out: &mut Vec<CellSet>) {
    let at = |line: usize, k: usize| {
        if transposed {
            9 * k + line
        } else {
            9 * line + k
        }
    };
    for first in 0..9 {
        for second in first + 1..(first / 3 + 1) * 3 {
            // Where each digit sits along the first line.
            let mut place = [0usize; 10];
            for k in 0..9 {
                place[usize::from(s[at(first, k)])] = k;
            }
            let mut seen = 0u16;
            for start in 0..9 {
                if seen & 1 << start != 0 {
                    continue;
                }
                let mut set: CellSet = 0;
                let mut k = start;
                loop {
                    seen |= 1 << k;
                    set |= 1 << at(first, k) | 1 << at(second, k);
                    k = place[usize::from(s[at(second, k)])];
                    if k == start {
                        break;
                    }
                }
                out.push(set);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Generic};
    use crate::generate::{full_grid, Rng};
    use crate::Layout;

    /// Every set of a few random grids is unavoidable: the grid with that set emptied
    /// has a second solution (counted by the generic engine), and it is not empty or
    /// the whole board.
    #[test]
    fn every_set_is_unavoidable() {
        let layout = Layout::classic(9).unwrap();
        for i in 0..4 {
            let grid = full_grid(&layout, &Generic, &mut Rng::for_index(11, i)).unwrap();
            let digits: [u8; 81] = grid.cells().try_into().unwrap();
            let found = Unavoidable::of(&digits);
            assert!(found.sets().len() >= 18, "{}", found.sets().len());
            for &set in found.sets() {
                assert!(set.count_ones() >= 4 && set.count_ones() <= 18);
                let mut puzzle = grid.clone();
                (0..81)
                    .filter(|&c| set >> c & 1 == 1)
                    .for_each(|c| puzzle.set(c, 0));
                assert_eq!(Generic.count(&puzzle, 2).unwrap().count, 2, "{grid}");
                assert!(found.uncovered(!set));
                assert!(!found.uncovered(!0));
            }
        }
    }

    /// Every unavoidable rectangle (four cells in two rows, two columns and two
    /// boxes holding `a b / b a`) of some random grids is listed.
    #[test]
    fn finds_every_rectangle() {
        let layout = Layout::classic(9).unwrap();
        let mut rectangles = 0;
        for i in 0..20 {
            let grid = full_grid(&layout, &Generic, &mut Rng::for_index(12, i)).unwrap();
            let s: [u8; 81] = grid.cells().try_into().unwrap();
            let found = Unavoidable::of(&s);
            for (r1, r2, c1, c2) in (0..81 * 81).map(|i| (i / 729, i / 81 % 9, i / 9 % 9, i % 9)) {
                if r1 >= r2 || c1 >= c2 {
                    continue;
                }
                let cells = [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2];
                let boxes: std::collections::HashSet<usize> =
                    cells.iter().map(|&c| c / 27 * 3 + c % 9 / 3).collect();
                if boxes.len() == 2 && s[cells[0]] == s[cells[3]] && s[cells[1]] == s[cells[2]] {
                    let set = cells.iter().fold(0, |m, &c| m | 1 << c);
                    assert!(found.sets().contains(&set), "{grid}");
                    rectangles += 1;
                }
            }
        }
        assert!(rectangles > 0);
    }
}

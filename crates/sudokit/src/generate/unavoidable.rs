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
//! Two families are cheap to list (unavoidable sets are described in McGuire, Tugemann
//! and Civario, "There is no 16-clue Sudoku", 2012):
//!
//! - **Two lines of a band or stack.** For rows `r1`, `r2` in one band, column `c`
//!   maps to the column where `r1` holds `S[r2][c]`; on the columns of one cycle of
//!   that permutation the two rows hold the same digits, and swapping them keeps every
//!   row, column and box valid. Likewise for two columns of a stack. These include
//!   every unavoidable rectangle (four cells).
//! - **Two digits.** For digits `a`, `b`, link in each unit its `a` cell and its `b`
//!   cell; swapping `a` and `b` on a connected part of those 18 cells keeps every unit
//!   valid.

use crate::generate::cells::{CellSet, ROWS};

/// Unavoidable sets of one solution grid (see the module docs).
#[derive(Debug, Clone, Default)]
pub struct Unavoidable {
    sets: Vec<CellSet>,
}

impl Unavoidable {
    /// The two-line and two-digit sets of `solution`, a full valid 9×9 grid (digits
    /// `1..=9`, row-major). A set of both families is listed twice.
    pub fn of(solution: &[u8; 81]) -> Unavoidable {
        let mut sets = Vec::with_capacity(160);
        for transposed in [false, true] {
            line_pairs(solution, transposed, &mut sets);
        }
        digit_pairs(solution, &mut sets);
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

/// The connected parts of the cells of each pair of digits.
///
/// The `a` cell and the `b` cell of a row are always linked, so the parts are found
/// over rows: row `r` joins the row holding the `b` of the column of its `a`, and the
/// row holding the `b` of the box of its `a`. Both maps are permutations of the rows,
/// so a part is the closure of a row under them.
fn digit_pairs(s: &[u8; 81], out: &mut Vec<CellSet>) {
    // For each digit: its cells, and the row it has in each column and in each box;
    // for each digit and row: its column and box there.
    let mut cells = [0 as CellSet; 10];
    let mut row_by_column = [[0u8; 9]; 10];
    let mut row_by_box = [[0u8; 9]; 10];
    let mut at = [[(0u8, 0u8); 9]; 10];
    for (c, &d) in s.iter().enumerate() {
        let d = usize::from(d);
        let (r, k) = (c / 9, c / 27 * 3 + c % 9 / 3);
        cells[d] |= 1 << c;
        row_by_column[d][c % 9] = r as u8;
        row_by_box[d][k] = r as u8;
        at[d][r] = ((c % 9) as u8, k as u8);
    }
    for a in 1..=9 {
        for b in a + 1..=9 {
            let mut next = [0u16; 9];
            for (r, &(c, k)) in at[a].iter().enumerate() {
                next[r] =
                    1 << row_by_column[b][usize::from(c)] | 1 << row_by_box[b][usize::from(k)];
            }
            let pair = cells[a] | cells[b];
            let mut left: u16 = 0x1ff;
            while left != 0 {
                let mut rows = left & left.wrapping_neg();
                let mut frontier = rows;
                while frontier != 0 {
                    let r = frontier.trailing_zeros() as usize;
                    frontier &= frontier - 1;
                    let new = next[r] & !rows;
                    rows |= new;
                    frontier |= new;
                }
                left &= !rows;
                out.push(pair & ROWS[usize::from(rows)]);
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
            assert!(found.sets().len() >= 18 + 36, "{}", found.sets().len());
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

    /// The two-digit sets are the connected parts of the cells of two digits linked
    /// by sharing a unit, as a plain search over cells finds them.
    #[test]
    fn digit_pairs_match_a_search_over_cells() {
        let layout = Layout::classic(9).unwrap();
        for i in 0..10 {
            let grid = full_grid(&layout, &Generic, &mut Rng::for_index(13, i)).unwrap();
            let s: [u8; 81] = grid.cells().try_into().unwrap();
            let mut found = Vec::new();
            digit_pairs(&s, &mut found);
            let mut expected = Vec::new();
            let shares = |x: usize, y: usize| {
                let (rx, cx, ry, cy) = (x / 9, x % 9, y / 9, y % 9);
                rx == ry || cx == cy || (rx / 3 == ry / 3 && cx / 3 == cy / 3)
            };
            for a in 1..=9 {
                for b in a + 1..=9 {
                    let mut left: Vec<usize> =
                        (0..81).filter(|&c| s[c] == a || s[c] == b).collect();
                    while let Some(start) = left.pop() {
                        let mut part = vec![start];
                        let mut k = 0;
                        while k < part.len() {
                            let x = part[k];
                            let (near, far): (Vec<usize>, Vec<usize>) =
                                left.iter().partition(|&&y| shares(x, y));
                            part.extend(near);
                            left = far;
                            k += 1;
                        }
                        expected.push(part.iter().fold(0 as CellSet, |m, &c| m | 1 << c));
                    }
                }
            }
            found.sort_unstable();
            expected.sort_unstable();
            assert_eq!(found, expected, "{grid}");
        }
    }
}

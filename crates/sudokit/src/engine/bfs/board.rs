//! The board state of the coursework search (seed 002): a set of possible values per
//! cell, `setSquare` with its propagation, the heuristic and `successors()`.
//!
//! `setSquare` forces a value into a cell and then removes values until nothing
//! changes: every cell with one value removes it from the other cells of its row,
//! column and box (naked singles), and — part (d) of the coursework — `k` cells of a
//! unit with the same set of `k` values remove those values from the rest of the unit
//! (naked pairs for `k = 2`, and identical triples, quads… up to [`Rules::subsets`]).
//! A cell left with no value fails the state; so do more than `k` cells sharing one set
//! of `k` values, which can never all be filled.
//!
//! The coursework re-scans the whole grid on every pass; here a pass only revisits the
//! cells that became single since the last one (the state a search starts from is
//! already at its fixpoint), which reaches the same fixpoint with less work.

use crate::candidates::{bit, Mask};
use crate::layout::Layout;

/// A search state: the values still possible in each cell, row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Board {
    sets: Vec<Mask>,
}

impl Board {
    /// The blank board: every value possible everywhere.
    pub(super) fn blank(layout: &Layout) -> Board {
        Board {
            sets: vec![layout.all_digits(); layout.cell_count()],
        }
    }

    /// `isSolution()`: every cell holds exactly one value.
    pub(super) fn is_solution(&self) -> bool {
        self.sets.iter().all(|&m| m.count_ones() == 1)
    }

    /// `heuristicValue()`: the number of cells with more than one value left.
    pub(super) fn heuristic(&self) -> usize {
        self.sets.iter().filter(|&&m| m.count_ones() > 1).count()
    }

    /// The digit of every cell of a solved board.
    pub(super) fn digits(&self) -> Vec<u8> {
        self.sets
            .iter()
            .map(|m| m.trailing_zeros() as u8 + 1)
            .collect()
    }

    /// Bytes a queued board holds on the heap.
    pub(super) fn heap_bytes(&self) -> usize {
        self.sets.len() * std::mem::size_of::<Mask>()
    }
}

/// What `setSquare` and `successors()` do, and the counts they keep.
pub(super) struct Rules<'a> {
    pub(super) layout: &'a Layout,
    /// Largest naked subset looked for: 1 = singles only, 2 = pairs (the coursework).
    pub(super) subsets: usize,
    /// Whether `successors()` recurses through a single surviving successor.
    pub(super) collapse: bool,
    /// Successor boards tried (`setSquare` calls made by `successors()`).
    pub(super) tried: u64,
    /// Of those, the ones `setSquare` rejected.
    pub(super) rejected: u64,
    /// Cells that became single and still have to clear their peers.
    singles: Vec<usize>,
}

impl<'a> Rules<'a> {
    pub(super) fn new(layout: &'a Layout, subsets: usize, collapse: bool) -> Rules<'a> {
        Rules {
            layout,
            subsets,
            collapse,
            tried: 0,
            rejected: 0,
            singles: Vec::new(),
        }
    }

    /// `setSquare(cell, digit)`: forces `digit` into `cell` and propagates; `false` when
    /// a contradiction shows the board cannot be completed.
    pub(super) fn set_square(&mut self, board: &mut Board, cell: usize, digit: u8) -> bool {
        board.sets[cell] = bit(digit);
        self.singles.clear();
        self.singles.push(cell);
        loop {
            while let Some(c) = self.singles.pop() {
                let value = board.sets[c];
                for &p in self.layout.peers(c) {
                    if !self.remove(board, p, value) {
                        return false;
                    }
                }
            }
            match self.naked_subsets(board) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Removes `values` from `cell`; `false` if the cell is left empty.
    fn remove(&mut self, board: &mut Board, cell: usize, values: Mask) -> bool {
        let m = board.sets[cell];
        if m & values == 0 {
            return true;
        }
        let left = m & !values;
        board.sets[cell] = left;
        if left & (left.wrapping_sub(1)) == 0 && left != 0 {
            self.singles.push(cell);
        }
        left != 0
    }

    /// One pass of the naked-subset rule over every unit: `Some(changed)`, or `None`
    /// on a contradiction.
    fn naked_subsets(&mut self, board: &mut Board) -> Option<bool> {
        if self.subsets < 2 {
            return Some(false);
        }
        let mut changed = false;
        for unit in self.layout.units() {
            for (i, &c) in unit.cells.iter().enumerate() {
                let set = board.sets[c];
                let k = set.count_ones() as usize;
                if k < 2 || k > self.subsets {
                    continue;
                }
                // Only the first cell of each group of equal sets does the work.
                if unit.cells[..i].iter().any(|&o| board.sets[o] == set) {
                    continue;
                }
                let same = unit.cells.iter().filter(|&&o| board.sets[o] == set).count();
                if same > k {
                    return None;
                }
                if same < k {
                    continue;
                }
                for &o in &unit.cells {
                    if board.sets[o] != set && board.sets[o] & set != 0 {
                        changed = true;
                        if !self.remove(board, o, set) {
                            return None;
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// `successors()`: the consistent boards obtained by setting the first cell
    /// (row-major) with more than one value to each of its values. With the collapse
    /// rule, a lone successor that is not a solution is replaced by its own successors.
    pub(super) fn successors(&mut self, board: &Board) -> Vec<Board> {
        let mut current = board.clone();
        loop {
            let Some(cell) = current.sets.iter().position(|m| m.count_ones() > 1) else {
                return Vec::new();
            };
            let mut out = Vec::new();
            let mut values = current.sets[cell];
            while values != 0 {
                let d = values.trailing_zeros() as u8 + 1;
                values &= values - 1;
                self.tried += 1;
                let mut next = current.clone();
                if self.set_square(&mut next, cell, d) {
                    out.push(next);
                } else {
                    self.rejected += 1;
                }
            }
            if self.collapse && out.len() == 1 && !out[0].is_solution() {
                current = out.pop().expect("one successor");
                continue;
            }
            return out;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(board: &Board, r: usize, n: usize) -> Vec<Mask> {
        board.sets[r * n..(r + 1) * n].to_vec()
    }

    #[test]
    fn singles_chain_as_in_the_coursework() {
        // {3,4} {3,5} {4,5} on a row; setting the middle to 3 gives {4} {3} {5}.
        let layout = Layout::classic(4).unwrap();
        let mut rules = Rules::new(&layout, 1, false);
        let mut b = Board::blank(&layout);
        b.sets[0] = bit(3) | bit(4);
        b.sets[1] = bit(3) | bit(2);
        b.sets[2] = bit(4) | bit(2);
        b.sets[3] = bit(1);
        assert!(rules.set_square(&mut b, 1, 3));
        assert_eq!(&row(&b, 0, 4)[..3], &[bit(4), bit(3), bit(2)]);
    }

    #[test]
    fn naked_pairs_clear_the_rest_of_the_unit() {
        // {1,2} {1,2} {1,2,3} {1,2,3,4} on a row: the pair leaves {3} and {4}.
        let layout = Layout::classic(4).unwrap();
        let mut b = Board::blank(&layout);
        b.sets[0] = bit(1) | bit(2);
        b.sets[1] = bit(1) | bit(2);
        b.sets[2] = bit(1) | bit(2) | bit(3);
        let mut with_pairs = b.clone();
        assert!(Rules::new(&layout, 2, false).set_square(&mut with_pairs, 15, 1));
        assert_eq!(with_pairs.sets[2], bit(3));
        assert_eq!(with_pairs.sets[3], bit(4));
        let mut singles_only = b;
        assert!(Rules::new(&layout, 1, false).set_square(&mut singles_only, 15, 1));
        assert_eq!(singles_only.sets[2], bit(1) | bit(2) | bit(3));
    }

    #[test]
    fn three_cells_with_one_pair_fail() {
        let layout = Layout::classic(4).unwrap();
        let mut b = Board::blank(&layout);
        for c in 0..3 {
            b.sets[c] = bit(1) | bit(2);
        }
        assert!(!Rules::new(&layout, 2, false).set_square(&mut b, 15, 3));
    }
}

//! Candidate bit masks: for every cell, the digits still possible there.
//!
//! Bit `d - 1` of a [`Mask`] stands for digit `d`, so a `u64` covers every board up to
//! 64×64. The logic solver and the pencilmark formats work on [`Candidates`]; the
//! engines keep their own, more compact, state.

use crate::grid::Grid;
use crate::layout::LayoutRef;

/// A set of digits: bit `d - 1` for digit `d`.
pub type Mask = u64;

/// The mask holding only `digit` (1-based).
#[inline]
pub fn bit(digit: u8) -> Mask {
    1 << (digit - 1)
}

/// The digits of a mask, smallest first.
///
/// ```
/// assert_eq!(sudokit::candidates::digits(0b1010).collect::<Vec<_>>(), vec![2, 4]);
/// ```
pub fn digits(mut mask: Mask) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let d = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            Some(d)
        }
    })
}

/// Candidates per cell, together with the placed digits and which of them were given
/// (equality compares that too, not the candidates a state given directly started
/// with).
///
/// ```
/// use sudokit::{Candidates, Grid};
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let c = Candidates::from_grid(&g);
/// assert_eq!(c.mask(0), 0); // a given has no candidates left
/// assert_eq!(c.value(0), 4);
/// assert!(!c.has(1, 4)); // 4 is in the same row
/// ```
#[derive(Clone, Debug)]
pub struct Candidates {
    layout: LayoutRef,
    values: Vec<u8>,
    masks: Vec<Mask>,
    /// Whether each cell's digit was given with the puzzle (not placed since).
    given: Vec<bool>,
    /// For a state given directly ([`Candidates::from_parts`]), the candidates each open
    /// cell started with (every digit for the cells filled then); `None` for a state
    /// made from a grid, whose open cells could start with any digit.
    start: Option<Vec<Mask>>,
}

impl PartialEq for Candidates {
    fn eq(&self, other: &Self) -> bool {
        self.layout == other.layout
            && self.values == other.values
            && self.masks == other.masks
            && self.given == other.given
    }
}

impl Eq for Candidates {}

impl Candidates {
    /// Candidates of a grid: every digit not placed in a peer, and none for filled cells.
    pub fn from_grid(grid: &Grid) -> Candidates {
        let layout = grid.layout().clone();
        let all = layout.all_digits();
        let mut masks = vec![all; layout.cell_count()];
        if layout.is_plain_9x9() {
            // The digits placed in each row, column and box, taken from every open cell.
            let (mut rows, mut cols, mut boxes) = ([0 as Mask; 9], [0 as Mask; 9], [0 as Mask; 9]);
            let box_of = |cell: usize| cell / 27 * 3 + cell % 9 / 3;
            for (cell, &v) in grid.cells().iter().enumerate().filter(|c| *c.1 != 0) {
                rows[cell / 9] |= bit(v);
                cols[cell % 9] |= bit(v);
                boxes[box_of(cell)] |= bit(v);
            }
            for (cell, (m, &v)) in masks.iter_mut().zip(grid.cells()).enumerate() {
                *m = match v {
                    0 => all & !(rows[cell / 9] | cols[cell % 9] | boxes[box_of(cell)]),
                    _ => 0,
                };
            }
        } else {
            for (cell, &v) in grid.cells().iter().enumerate() {
                if v != 0 {
                    masks[cell] = 0;
                    for &p in layout.peers(cell) {
                        masks[p] &= !bit(v);
                    }
                }
            }
            for (cell, &v) in grid.cells().iter().enumerate() {
                if v != 0 {
                    masks[cell] = 0;
                }
            }
        }
        Candidates {
            values: grid.cells().to_vec(),
            given: grid.cells().iter().map(|&v| v != 0).collect(),
            masks,
            layout,
            start: None,
        }
    }

    /// A state given directly: placed values and candidate masks per cell (used by
    /// pencilmark input, where candidates were already removed by hand).
    pub fn from_parts(
        layout: impl Into<LayoutRef>,
        values: Vec<u8>,
        masks: Vec<Mask>,
    ) -> Option<Self> {
        let layout = layout.into();
        let cells = layout.cell_count();
        let all = layout.all_digits();
        if values.len() != cells
            || masks.len() != cells
            || values.iter().any(|&v| v as usize > layout.size())
            || masks.iter().any(|&m| m & !all != 0)
        {
            return None;
        }
        let start = values
            .iter()
            .zip(&masks)
            .map(|(&v, &m)| if v == 0 { m } else { all })
            .collect();
        Some(Candidates {
            layout,
            given: values.iter().map(|&v| v != 0).collect(),
            values,
            masks,
            start: Some(start),
        })
    }

    /// The layout.
    #[inline]
    pub fn layout(&self) -> &LayoutRef {
        &self.layout
    }

    /// The candidates of `cell` (0 for a filled cell).
    #[inline]
    pub fn mask(&self, cell: usize) -> Mask {
        self.masks[cell]
    }

    /// All candidate masks, row-major.
    #[inline]
    pub fn masks(&self) -> &[Mask] {
        &self.masks
    }

    /// The placed digit in `cell` (0 when open).
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// Whether the digit in `cell` was given with the puzzle: true for the filled cells
    /// of the grid or parts the state was made from, false for open cells and digits
    /// placed since (the avoidable rectangles need the difference).
    #[inline]
    pub fn is_given(&self, cell: usize) -> bool {
        self.given[cell]
    }

    /// Whether `digit` was a candidate of `cell` when the state was made: always for a
    /// state made from a grid; for one given directly, only when the cell was filled
    /// then or listed the digit. A technique that reasons on what a solved cell could
    /// have held (the avoidable rectangles) asks this.
    #[inline]
    pub fn could_hold(&self, cell: usize, digit: u8) -> bool {
        self.start
            .as_ref()
            .is_none_or(|start| start[cell] & bit(digit) != 0)
    }

    /// Marks the digit in `cell` as placed while solving rather than given (for inputs
    /// that record the difference, such as HoDoKu's `+` before a placed digit).
    pub fn set_placed(&mut self, cell: usize) {
        self.given[cell] = false;
    }

    /// Whether `digit` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.masks[cell] & bit(digit) != 0
    }

    /// Removes `digit` from the candidates of `cell`; returns whether it was there.
    pub fn remove(&mut self, cell: usize, digit: u8) -> bool {
        let had = self.has(cell, digit);
        self.masks[cell] &= !bit(digit);
        had
    }

    /// Places `digit` in `cell` and removes it from the candidates of every peer.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        if self.layout.is_plain_9x9() {
            self.clear9(cell, bit(digit));
        } else {
            for &p in self.layout.peers(cell) {
                self.masks[p] &= !bit(digit);
            }
        }
        self.masks[cell] = 0;
    }

    /// Takes `digit` from the row, the column and the box of `cell` on the plain 9×9
    /// board (the cell's own candidates are left to the caller): runs of cells of one
    /// row at a time, where the peers listed one by one would each be looked up.
    fn clear9(&mut self, cell: usize, digit: Mask) {
        let masks: &mut [Mask; 81] = (&mut self.masks[..])
            .try_into()
            .expect("the 9×9 board has 81 cells");
        let (row, col) = (cell / 9, cell % 9);
        for m in &mut masks[row * 9..row * 9 + 9] {
            *m &= !digit;
        }
        for row in masks.chunks_exact_mut(9) {
            row[col] &= !digit;
        }
        let (top, left) = (row / 3 * 3, col / 3 * 3);
        for r in top..top + 3 {
            for m in &mut masks[r * 9 + left..r * 9 + left + 3] {
                *m &= !digit;
            }
        }
    }

    /// The number of ways to fill the open cells from their candidates so that no unit
    /// holds a digit twice (0 when the placed digits already clash), counting no further
    /// than `limit` (`2` tells unique from not).
    ///
    /// A depth-first search over the candidates, fewest first, each placement removing
    /// its digit from the peers: meant for the states of pencilmark input (boards up to
    /// 9×9); a puzzle given as a [`Grid`] counts faster with an engine.
    ///
    /// ```
    /// let open: sudokit::Grid = "1...............".parse().unwrap();
    /// let mut c = sudokit::Candidates::from_grid(&open);
    /// assert_eq!(c.count_solutions(100), 72);
    /// assert_eq!(c.count_solutions(2), 2);
    /// c.remove(1, 3);
    /// c.remove(1, 4); // r1c2 is 2 now: a third of the ways are left
    /// assert_eq!(c.count_solutions(100), 24);
    /// let g: sudokit::Grid = "1..4.........32.".parse().unwrap();
    /// assert_eq!(sudokit::Candidates::from_grid(&g).count_solutions(2), 1);
    /// ```
    pub fn count_solutions(&self, limit: u64) -> u64 {
        if limit == 0 || self.to_grid().validate().is_err() {
            return 0;
        }
        let mut domains = self.masks.clone();
        let mut open = vec![true; domains.len()];
        for (cell, &v) in self.values.iter().enumerate() {
            if v != 0 {
                open[cell] = false;
                for &p in self.layout.peers(cell) {
                    domains[p] &= !bit(v);
                }
            }
        }
        let mut count = 0;
        self.fill(&mut domains, &mut open, limit, &mut count);
        count
    }

    /// [`Candidates::count_solutions`] from a partial filling: `domains` of the `open`
    /// cells hold the digits no placed peer has.
    fn fill(&self, domains: &mut [Mask], open: &mut [bool], limit: u64, count: &mut u64) {
        let mut best: Option<(usize, u32)> = None;
        for cell in (0..domains.len()).filter(|&c| open[c]) {
            let k = domains[cell].count_ones();
            if k == 0 {
                return;
            }
            if best.is_none_or(|(_, b)| k < b) {
                best = Some((cell, k));
            }
        }
        let Some((cell, _)) = best else {
            *count += 1;
            return;
        };
        open[cell] = false;
        for d in digits(domains[cell]) {
            let saved = domains.to_vec();
            for &p in self.layout.peers(cell) {
                domains[p] &= !bit(d);
            }
            self.fill(domains, open, limit, count);
            domains.copy_from_slice(&saved);
            if *count >= limit {
                break;
            }
        }
        open[cell] = true;
    }

    /// The placed digits as a grid.
    pub fn to_grid(&self) -> Grid {
        Grid::from_cells(self.layout.clone(), self.values.clone())
            .expect("candidate state holds in-range values")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On the plain 9×9 board a placement takes its digit from exactly the cell's
    /// peers as the layout lists them, and empties the cell.
    #[test]
    fn a_9x9_placement_clears_the_peers() {
        let layout = crate::Layout::classic(9).unwrap();
        for cell in 0..81 {
            let mut c = Candidates::from_grid(&Grid::empty(layout.clone()));
            let d = (cell % 9) as u8 + 1;
            c.place(cell, d);
            for x in 0..81 {
                let peer = layout.peers(cell).contains(&x);
                let want = match x == cell {
                    true => 0,
                    false => 0x1ff & !(Mask::from(peer) << (d - 1)),
                };
                assert_eq!(c.mask(x), want, "{cell} {x}");
            }
        }
    }

    /// On the plain 9×9 board the candidates of a grid, read from its units, are those
    /// left by taking each given's digit from the peers the layout lists.
    #[test]
    fn a_9x9_grid_s_candidates_match_the_peers_walk() {
        let text = include_str!("../../../data/top1465.txt");
        for line in text.lines().filter(|l| l.len() == 81).take(50) {
            let g: Grid = line.parse().unwrap();
            let c = Candidates::from_grid(&g);
            let l = g.layout();
            for x in 0..81 {
                let want = match g.get(x) {
                    0 => l.peers(x).iter().fold(0x1ff, |m, &p| match g.get(p) {
                        0 => m,
                        v => m & !bit(v),
                    }),
                    _ => 0,
                };
                assert_eq!(c.mask(x), want, "{line} {x}");
            }
        }
    }

    #[test]
    fn place_and_remove() {
        let layout = crate::Layout::classic(4).unwrap();
        let mut c = Candidates::from_grid(&Grid::empty(layout));
        assert_eq!(c.mask(0), 0b1111);
        c.place(0, 3);
        assert_eq!(c.value(0), 3);
        assert!(!c.has(1, 3) && !c.has(4, 3) && !c.has(5, 3));
        assert!(c.has(15, 3));
        assert!(c.remove(15, 3));
        assert!(!c.remove(15, 3));
        assert_eq!(c.to_grid().get(0), 3);
    }
}

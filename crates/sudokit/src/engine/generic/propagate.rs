//! The generic engine's state and propagation, for any layout (4×4 to 64×64, with or
//! without extra regions).
//!
//! A [`Board`] keeps two views of the open candidates and updates both with every
//! elimination: a digit mask per cell, and for every unit and digit a *place* mask (bit
//! `i` for the unit's `i`-th cell). A cell left with one digit is a naked single, a
//! place mask left with one bit a hidden single; both are queued the moment they appear,
//! and an empty cell or an empty place mask of an unplaced digit is a contradiction.
//! Placing a digit empties its place masks in the cell's units, which is how a placed
//! digit is told from one with no place left (a cell that still has `d` as a candidate
//! has no peer holding `d`).
//!
//! When the singles are exhausted, units whose place masks changed are examined for
//! more rules, each a plain consequence of "every digit once per unit":
//! - *intersections* (pointing and claiming): when a digit's places in unit `U` all lie
//!   in the cells `U` shares with unit `V`, the digit leaves the rest of `V`;
//! - *naked pairs*: two cells of a unit with the same two candidates take those digits
//!   from the unit's other cells;
//! - *hidden pairs*: two digits with the same two places in a unit take every other
//!   candidate from those two cells;
//! - on boards from 26×26 up, when those rules find nothing more, *every* naked and
//!   hidden subset of the units they examined, by matching the unit's open cells to its
//!   open digits ([`alldiff`]). On big boards half filled, larger subsets are what cut
//!   the search from thousands of guesses to tens; on small boards the pairs find
//!   nearly as much for less.
//!
//! Then [`Propagator::choose`] picks the branch: the open cell with the fewest
//! candidates or the unit digit with the fewest places, whichever is smaller (the cell on
//! a tie). The unit–unit intersections are found from the layout's units, so extra
//! regions (diagonals, windows, jigsaw pieces) get the same rules as boxes and lines.

use crate::candidates::Mask;
use crate::layout::{Layout, UnitKind};

use super::alldiff;

/// The board size from which every naked and hidden subset is filtered: on smaller
/// boards the pairs alone find nearly as much, at less cost.
const SUBSETS_FROM: usize = 26;

/// The search state: digits placed, candidates per cell and places per unit digit.
#[derive(Clone, Default)]
pub(super) struct Board {
    /// The digit of each cell, 0 while open.
    pub values: Vec<u8>,
    /// Candidates of each open cell (0 once placed).
    cands: Vec<Mask>,
    /// `places[u * n + d]`: the positions in unit `u` where digit `d + 1` may still go
    /// (0 once placed there).
    places: Vec<Mask>,
    /// Open cells.
    pub open: usize,
}

impl Board {
    /// Whether the open `cell` may still hold digit `d` (`1..=` the board size).
    pub fn allows(&self, cell: usize, d: u8) -> bool {
        self.cands[cell] & (1 << (d - 1)) != 0
    }
}

/// Cells a unit shares with another unit `to`: their positions in both units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Crossing {
    /// The unit that loses the digit outside the shared cells.
    to: usize,
    /// Positions of the shared cells in `from`.
    from_mask: Mask,
    /// Positions of the shared cells in `to`.
    to_mask: Mask,
}

/// The layout's tables and the scratch space of propagation, reused for a whole search.
pub(super) struct Propagator<'a> {
    layout: &'a Layout,
    n: usize,
    /// For every cell, from `slot_start[cell]`: each unit holding it and its position.
    slots: Vec<(usize, u32)>,
    slot_start: Vec<usize>,
    /// The crossings from unit `u` at `crossing_start[u]..[u + 1]`;
    /// built the first time the singles run dry.
    crossings: Vec<Crossing>,
    crossing_start: Vec<usize>,
    /// Placements to make.
    queue: Vec<(usize, u8)>,
    /// Digits whose places changed per unit, since the unit was last examined.
    dirty: Vec<Mask>,
    dirty_units: Vec<usize>,
    /// Whether whole subsets are filtered too (else naked and hidden pairs only).
    all_subsets: bool,
    /// Units examined for intersections and pairs since their subsets were filtered.
    deep: Vec<bool>,
    deep_units: Vec<usize>,
}

impl<'a> Propagator<'a> {
    /// The tables of `layout`, and its empty board.
    pub fn new(layout: &'a Layout) -> (Propagator<'a>, Board) {
        let n = layout.size();
        let cells = layout.cell_count();
        let units = layout.units();
        let (br, bc) = (layout.box_rows(), layout.box_cols());
        let mut slot_start = Vec::with_capacity(cells + 1);
        let mut slots = Vec::with_capacity(cells * 3);
        for cell in 0..cells {
            slot_start.push(slots.len());
            let (r, c) = (cell / n, cell % n);
            for &u in layout.units_of(cell) {
                let pos = match units[u].kind {
                    UnitKind::Row => c,
                    UnitKind::Column => r,
                    UnitKind::Box => (r % br) * bc + c % bc,
                    UnitKind::Extra => units[u].cells.partition_point(|&x| x < cell),
                };
                slots.push((u, pos as u32));
            }
        }
        slot_start.push(slots.len());
        let mut places = Vec::with_capacity(units.len() * n);
        for unit in units {
            let full = low_bits(unit.cells.len());
            places.extend(std::iter::repeat_n(full, n));
        }
        let board = Board {
            values: vec![0; cells],
            cands: vec![layout.all_digits(); cells],
            places,
            open: cells,
        };
        let prop = Propagator {
            layout,
            n,
            slots,
            slot_start,
            crossings: Vec::new(),
            crossing_start: Vec::new(),
            queue: Vec::with_capacity(cells),
            dirty: vec![0; units.len()],
            dirty_units: Vec::with_capacity(units.len()),
            all_subsets: n >= SUBSETS_FROM,
            deep: vec![false; units.len()],
            deep_units: Vec::with_capacity(units.len()),
        };
        (prop, board)
    }

    /// The board size (digits per unit).
    pub fn size(&self) -> usize {
        self.n
    }

    /// Enters the given digits of `cells` (0 = open) on the empty board `s` and
    /// propagates; `false` on a contradiction (two equal digits in a unit, or none left
    /// somewhere).
    ///
    /// The givens' masks are built in one pass rather than by placing them one by one:
    /// the digits used per unit, then each open cell's candidates and each unit's
    /// places, with every single they show queued and every unit left to examine.
    pub fn givens(&mut self, s: &mut Board, cells: &[u8]) -> bool {
        self.reset();
        let layout = self.layout;
        let n = self.n;
        let all = layout.all_digits();
        let mut used = vec![0 as Mask; layout.units().len()];
        for (cell, &v) in cells.iter().enumerate().filter(|(_, &v)| v != 0) {
            let b: Mask = 1 << (v - 1);
            for &u in layout.units_of(cell) {
                if used[u] & b != 0 {
                    return false;
                }
                used[u] |= b;
            }
            s.values[cell] = v;
            s.open -= 1;
        }
        for (cell, &v) in cells.iter().enumerate() {
            s.cands[cell] = if v != 0 {
                0
            } else {
                let taken = layout.units_of(cell).iter().fold(0, |m, &u| m | used[u]);
                let m = all & !taken;
                if m == 0 {
                    return false;
                }
                if m & (m - 1) == 0 {
                    self.queue.push((cell, m.trailing_zeros() as u8 + 1));
                }
                m
            };
        }
        s.places.fill(0);
        for (u, unit) in layout.units().iter().enumerate() {
            let places = &mut s.places[u * n..(u + 1) * n];
            for (pos, &cell) in unit.cells.iter().enumerate() {
                let mut m = s.cands[cell];
                while m != 0 {
                    places[m.trailing_zeros() as usize] |= 1 << pos;
                    m &= m - 1;
                }
            }
            let open = all & !used[u];
            let mut ds = open;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let p = places[d];
                if p == 0 {
                    return false;
                }
                if p & (p - 1) == 0 {
                    let cell = unit.cells[p.trailing_zeros() as usize];
                    self.queue.push((cell, d as u8 + 1));
                }
            }
            if open != 0 {
                self.mark(u, open);
            }
        }
        self.propagate(s)
    }

    /// Places `d` in `cell` and propagates; `false` on a contradiction.
    pub fn assign(&mut self, s: &mut Board, cell: usize, d: u8) -> bool {
        self.reset();
        self.queue.push((cell, d));
        self.propagate(s)
    }

    /// Removes candidate `d` from `cell` and propagates; `false` on a contradiction.
    pub fn exclude(&mut self, s: &mut Board, cell: usize, d: u8) -> bool {
        self.reset();
        self.remove(s, cell, d as usize - 1) && self.propagate(s)
    }

    /// Forgets what a failed propagation left behind: the board it ran on is dropped
    /// or was at a fixpoint before the change now made.
    fn reset(&mut self) {
        self.queue.clear();
        for u in self.dirty_units.drain(..) {
            self.dirty[u] = 0;
        }
        for u in self.deep_units.drain(..) {
            self.deep[u] = false;
        }
    }

    #[inline]
    fn mark(&mut self, u: usize, b: Mask) {
        if self.dirty[u] == 0 {
            self.dirty_units.push(u);
        }
        self.dirty[u] |= b;
    }

    /// Takes the places at `pos` of unit `u` for digit `d` (0-based); `false` when the
    /// digit is left with no place.
    #[inline]
    fn take_place(&mut self, s: &mut Board, u: usize, pos: u32, d: usize) -> bool {
        let i = u * self.n + d;
        let p = s.places[i] & !(1 << pos);
        s.places[i] = p;
        self.mark(u, 1 << d);
        if p & p.wrapping_sub(1) == 0 {
            if p == 0 {
                return false;
            }
            let cell = self.layout.units()[u].cells[p.trailing_zeros() as usize];
            self.queue.push((cell, d as u8 + 1));
        }
        true
    }

    /// Removes candidate `d` (0-based) from `cell`, queueing the singles it makes;
    /// `false` on a contradiction.
    fn remove(&mut self, s: &mut Board, cell: usize, d: usize) -> bool {
        let b: Mask = 1 << d;
        let m = s.cands[cell];
        if m & b == 0 {
            return true;
        }
        let m = m & !b;
        s.cands[cell] = m;
        if m == 0 {
            return false;
        }
        if m & (m - 1) == 0 {
            self.queue.push((cell, m.trailing_zeros() as u8 + 1));
        }
        for k in self.slot_start[cell]..self.slot_start[cell + 1] {
            let (u, pos) = self.slots[k];
            if !self.take_place(s, u, pos, d) {
                return false;
            }
        }
        true
    }

    /// Places `d` in `cell`: the digit leaves every peer, the cell's other candidates
    /// leave their places, and the digit's places in the cell's units are emptied.
    fn place(&mut self, s: &mut Board, cell: usize, d: u8) -> bool {
        if s.values[cell] != 0 {
            return s.values[cell] == d;
        }
        let di = d as usize - 1;
        let b: Mask = 1 << di;
        let m = s.cands[cell];
        if m & b == 0 {
            return false;
        }
        s.values[cell] = d;
        s.open -= 1;
        // The cell keeps its candidate `d` while the peers lose theirs, so the places
        // of `d` in the cell's units never run empty here.
        for &p in self.layout.peers(cell) {
            if !self.remove(s, p, di) {
                return false;
            }
        }
        s.cands[cell] = 0;
        for k in self.slot_start[cell]..self.slot_start[cell + 1] {
            let (u, pos) = self.slots[k];
            s.places[u * self.n + di] = 0;
            let mut others = m & !b;
            while others != 0 {
                let e = others.trailing_zeros() as usize;
                others &= others - 1;
                if !self.take_place(s, u, pos, e) {
                    return false;
                }
            }
        }
        true
    }

    /// Applies the queued placements and every rule to a fixpoint; `false` on a
    /// contradiction.
    fn propagate(&mut self, s: &mut Board) -> bool {
        loop {
            while let Some((cell, d)) = self.queue.pop() {
                if !self.place(s, cell, d) {
                    return false;
                }
            }
            if s.open == 0 {
                return true;
            }
            if let Some(u) = self.dirty_units.pop() {
                let digits = std::mem::take(&mut self.dirty[u]);
                if !(self.intersections(s, u, digits)
                    && self.hidden_pairs(s, u, digits)
                    && self.naked_pairs(s, u))
                {
                    return false;
                }
                if self.all_subsets && !self.deep[u] {
                    self.deep[u] = true;
                    self.deep_units.push(u);
                }
                continue;
            }
            let Some(u) = self.deep_units.pop() else {
                return true;
            };
            self.deep[u] = false;
            if !self.subsets(s, u) {
                return false;
            }
        }
    }

    /// Every naked and hidden subset of unit `u` ([`alldiff::filter`] on its open
    /// cells).
    fn subsets(&mut self, s: &mut Board, u: usize) -> bool {
        let layout = self.layout;
        let mut cells = [0usize; 64];
        let mut before = [0 as Mask; 64];
        let mut k = 0;
        for &c in &layout.units()[u].cells {
            if s.cands[c] != 0 {
                cells[k] = c;
                before[k] = s.cands[c];
                k += 1;
            }
        }
        if k < 3 {
            return true;
        }
        let mut after = before;
        if !alldiff::filter(&mut after[..k]) {
            return false;
        }
        for i in 0..k {
            let mut gone = before[i] & !after[i];
            while gone != 0 {
                let d = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                if !self.remove(s, cells[i], d) {
                    return false;
                }
            }
        }
        true
    }

    /// Pointing and claiming from unit `u` for the digits in `digits`.
    fn intersections(&mut self, s: &mut Board, u: usize, digits: Mask) -> bool {
        if self.crossing_start.is_empty() {
            self.build_crossings();
        }
        let n = self.n;
        for k in self.crossing_start[u]..self.crossing_start[u + 1] {
            let x = self.crossings[k];
            let mut ds = digits;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let p = s.places[u * n + d];
                if p == 0 || p & !x.from_mask != 0 {
                    continue;
                }
                let mut outside = s.places[x.to * n + d] & !x.to_mask;
                while outside != 0 {
                    let pos = outside.trailing_zeros() as usize;
                    outside &= outside - 1;
                    let cell = self.layout.units()[x.to].cells[pos];
                    if !self.remove(s, cell, d) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Two digits with the same two places in unit `u`, one of them in `digits`: the two
    /// cells lose their other candidates.
    fn hidden_pairs(&mut self, s: &mut Board, u: usize, digits: Mask) -> bool {
        let base = u * self.n;
        let mut ds = digits;
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            let p = s.places[base + d];
            if p.count_ones() != 2 {
                continue;
            }
            let Some(e) = (0..self.n).find(|&e| e != d && s.places[base + e] == p) else {
                continue;
            };
            let keep: Mask = (1 << d) | (1 << e);
            for pos in [p.trailing_zeros(), 63 - p.leading_zeros()] {
                let cell = self.layout.units()[u].cells[pos as usize];
                let mut extra = s.cands[cell] & !keep;
                while extra != 0 {
                    let x = extra.trailing_zeros() as usize;
                    extra &= extra - 1;
                    if !self.remove(s, cell, x) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Two cells of unit `u` with the same two candidates: the unit's other cells lose
    /// both digits.
    fn naked_pairs(&mut self, s: &mut Board, u: usize) -> bool {
        let layout = self.layout;
        let cells = &layout.units()[u].cells;
        for (i, &a) in cells.iter().enumerate() {
            let m = s.cands[a];
            if m.count_ones() != 2 {
                continue;
            }
            let Some(j) = cells[i + 1..].iter().position(|&c| s.cands[c] == m) else {
                continue;
            };
            let pair: Mask = (1 << i) | (1 << (i + 1 + j));
            let mut ds = m;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let mut outside = s.places[u * self.n + d] & !pair;
                while outside != 0 {
                    let pos = outside.trailing_zeros() as usize;
                    outside &= outside - 1;
                    if !self.remove(s, cells[pos], d) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Every pair of units sharing two or more cells, in both directions.
    fn build_crossings(&mut self) {
        let units = self.layout.units();
        let mut shared: Vec<(Mask, Mask, u32)> = vec![(0, 0, 0); units.len()];
        let mut met = Vec::new();
        let mut crossings = Vec::new();
        let mut start = Vec::with_capacity(units.len() + 1);
        for (u, unit) in units.iter().enumerate() {
            start.push(crossings.len());
            for (pu, &cell) in unit.cells.iter().enumerate() {
                for &(v, pv) in &self.slots[self.slot_start[cell]..self.slot_start[cell + 1]] {
                    if v != u {
                        let x = &mut shared[v];
                        if x.2 == 0 {
                            met.push(v);
                        }
                        *x = (x.0 | 1 << pu, x.1 | 1 << pv, x.2 + 1);
                    }
                }
            }
            for v in met.drain(..) {
                let (from_mask, to_mask, size) = std::mem::take(&mut shared[v]);
                if size >= 2 {
                    crossings.push(Crossing {
                        to: v,
                        from_mask,
                        to_mask,
                    });
                }
            }
        }
        start.push(crossings.len());
        self.crossings = crossings;
        self.crossing_start = start;
    }

    /// The next guess on an open board: a candidate of the open cell with the fewest,
    /// or a place of the unit digit with the fewest places when that is fewer still.
    /// The candidate or place is the one `prefer` (a digit per cell) has when it is
    /// still open, else the first.
    pub fn choose(&self, s: &Board, prefer: Option<&[u8]>) -> (usize, u8) {
        let mut best_cell = usize::MAX;
        let mut best_n = u32::MAX;
        for (cell, &m) in s.cands.iter().enumerate() {
            let k = m.count_ones();
            if k != 0 && k < best_n {
                best_n = k;
                best_cell = cell;
                if k <= 2 {
                    break;
                }
            }
        }
        let preferred = |cell: usize| prefer.and_then(|p| p.get(cell)).copied().unwrap_or(0);
        if best_n > 2 {
            let mut best_place = usize::MAX;
            for (i, &p) in s.places.iter().enumerate() {
                let k = p.count_ones();
                if k != 0 && k < best_n {
                    best_n = k;
                    best_place = i;
                    if k <= 2 {
                        break;
                    }
                }
            }
            if best_place != usize::MAX {
                let (u, d) = (best_place / self.n, best_place % self.n);
                let cells = &self.layout.units()[u].cells;
                let places = s.places[best_place];
                let pos = (0..cells.len())
                    .find(|&pos| places & (1 << pos) != 0 && preferred(cells[pos]) == d as u8 + 1)
                    .unwrap_or(places.trailing_zeros() as usize);
                return (cells[pos], d as u8 + 1);
            }
        }
        let m = s.cands[best_cell];
        let d = match preferred(best_cell) {
            p @ 1.. if usize::from(p) <= self.n && m & (1 << (p - 1)) != 0 => p,
            _ => m.trailing_zeros() as u8 + 1,
        };
        (best_cell, d)
    }
}

/// The mask of positions `0..len`.
fn low_bits(len: usize) -> Mask {
    if len >= 64 {
        Mask::MAX
    } else {
        (1 << len) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    /// The empty board of size `n` with each `(cell, digit)` removed in turn.
    fn shaped<'a>(layout: &'a Layout, removed: &[(usize, u8)]) -> (Propagator<'a>, Board) {
        let (mut prop, mut board) = Propagator::new(layout);
        for &(cell, d) in removed {
            assert!(prop.exclude(&mut board, cell, d));
        }
        (prop, board)
    }

    fn each(cells: impl IntoIterator<Item = usize>, digits: &[u8]) -> Vec<(usize, u8)> {
        cells
            .into_iter()
            .flat_map(|c| digits.iter().map(move |&d| (c, d)))
            .collect()
    }

    fn has(board: &Board, cell: usize, d: u8) -> bool {
        board.cands[cell] & (1 << (d - 1)) != 0
    }

    #[test]
    fn pointing_removes_the_digit_from_the_row() {
        let nine = Layout::classic(9).unwrap();
        // Box 1's 1s only in row 1: the rest of row 1 loses them.
        let (_, board) = shaped(&nine, &each([9, 10, 11, 18, 19, 20], &[1]));
        assert!((3..9).all(|c| !has(&board, c, 1)));
        assert!(has(&board, 0, 1) && has(&board, 27, 1));
        // With one more place in row 2, nothing leaves row 1.
        let (_, board) = shaped(&nine, &each([10, 11, 18, 19, 20], &[1]));
        assert!((3..9).all(|c| has(&board, c, 1)));
    }

    #[test]
    fn naked_pair_removes_its_digits_from_the_unit() {
        let nine = Layout::classic(9).unwrap();
        let (_, board) = shaped(&nine, &each([0, 1], &[3, 4, 5, 6, 7, 8, 9]));
        assert!(!has(&board, 5, 1) && !has(&board, 5, 2) && has(&board, 5, 3));
        let mut removed = each([0], &[3, 4, 5, 6, 7, 8, 9]);
        removed.extend(each([1], &[2, 4, 5, 6, 7, 8, 9]));
        let (_, board) = shaped(&nine, &removed);
        assert!(has(&board, 5, 1) && has(&board, 5, 2));
    }

    #[test]
    fn hidden_pair_removes_the_cells_other_digits() {
        let nine = Layout::classic(9).unwrap();
        let (_, board) = shaped(&nine, &each(2..9, &[1, 2]));
        assert_eq!(board.cands[0], 0b11);
        assert_eq!(board.cands[1], 0b11);
        let mut removed = each(2..9, &[1]);
        removed.extend(each(3..9, &[2]));
        let (_, board) = shaped(&nine, &removed);
        assert!(has(&board, 0, 3));
    }

    #[test]
    fn big_boards_remove_naked_triples() {
        let big = Layout::classic(36).unwrap();
        let digits: Vec<u8> = (4..=36).collect();
        let (_, board) = shaped(&big, &each([0, 1, 2], &digits));
        assert!((1..=3).all(|d| !has(&board, 10, d)));
        let mut removed = each([0, 1], &digits);
        let mut fourth = digits.clone();
        fourth[0] = 3;
        removed.extend(each([2], &fourth));
        let (_, board) = shaped(&big, &removed);
        assert!((1..=3).all(|d| has(&board, 10, d)));
    }

    #[test]
    fn branching_takes_the_fewest_places_or_candidates() {
        let nine = Layout::classic(9).unwrap();
        // Digit 1 has two places in row 1, every cell has eight or nine candidates.
        let (prop, board) = shaped(&nine, &each(2..9, &[1]));
        assert_eq!(prop.choose(&board, None), (0, 1));
        // A cell with two candidates ties with the two places and wins.
        let mut removed = each(2..9, &[1]);
        removed.extend(each([40], &[1, 2, 3, 4, 5, 6, 7]));
        let (prop, board) = shaped(&nine, &removed);
        assert_eq!(prop.choose(&board, None), (40, 8));
    }
}

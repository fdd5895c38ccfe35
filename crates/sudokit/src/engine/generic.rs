//! The `generic` engine: correct and reasonably fast on every layout, 4×4 to 64×64,
//! including layouts with extra regions.
//!
//! State is a `u64` candidate mask per cell. Propagation runs to a fixpoint with
//! naked singles (a cell with one candidate) and hidden singles (a digit with one place
//! in a unit), and fails as soon as a cell has no candidate or a digit has no place in
//! a unit. Search branches on the open cell with the fewest candidates, or, when none
//! has two, on a digit with two places left in a unit; it copies the state per branch.

use crate::candidates::{bit, Mask};
use crate::engine::frame::{self, Query};
use crate::engine::{Engine, Search, SolveError};
use crate::grid::Grid;
use crate::layout::Layout;

/// The generic engine (see the module docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Generic;

#[derive(Clone, Default)]
struct State {
    values: Vec<u8>,
    cands: Vec<Mask>,
    open: usize,
}

struct Run<'a> {
    layout: &'a Layout,
    all: Mask,
    queue: Vec<(usize, u8)>,
    /// Units whose cells changed since they were last scanned for hidden singles.
    dirty: Vec<bool>,
    dirty_list: Vec<usize>,
    record: &'a mut frame::Run<Vec<u8>>,
}

impl Run<'_> {
    #[inline]
    fn touch(&mut self, cell: usize) {
        for &u in self.layout.units_of(cell) {
            if !self.dirty[u] {
                self.dirty[u] = true;
                self.dirty_list.push(u);
            }
        }
    }

    /// Applies the queued placements and every single they imply; `false` on a
    /// contradiction.
    fn propagate(&mut self, s: &mut State) -> bool {
        loop {
            while let Some((cell, d)) = self.queue.pop() {
                if s.values[cell] != 0 {
                    if s.values[cell] == d {
                        continue;
                    }
                    return false;
                }
                let b = bit(d);
                if s.cands[cell] & b == 0 {
                    return false;
                }
                s.values[cell] = d;
                s.cands[cell] = 0;
                s.open -= 1;
                self.touch(cell);
                for &p in self.layout.peers(cell) {
                    let m = s.cands[p];
                    if m & b != 0 {
                        let m = m & !b;
                        s.cands[p] = m;
                        if m == 0 {
                            return false;
                        }
                        self.touch(p);
                        if m & (m - 1) == 0 {
                            self.queue.push((p, m.trailing_zeros() as u8 + 1));
                        }
                    }
                }
            }
            if s.open == 0 {
                return true;
            }
            // A unit is only rescanned when one of its cells changed: the state it
            // was last scanned in had no hidden single and no missing digit there.
            while let Some(u) = self.dirty_list.pop() {
                self.dirty[u] = false;
                let unit = &self.layout.units()[u];
                let (mut once, mut twice, mut placed) = (0 as Mask, 0 as Mask, 0 as Mask);
                for &c in &unit.cells {
                    let v = s.values[c];
                    if v != 0 {
                        placed |= bit(v);
                    } else {
                        let m = s.cands[c];
                        twice |= once & m;
                        once |= m;
                    }
                }
                if (once | placed) != self.all {
                    return false;
                }
                let mut hidden = once & !twice;
                while hidden != 0 {
                    let b = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    if let Some(&c) = unit.cells.iter().find(|&&c| s.cands[c] & b != 0) {
                        self.queue.push((c, b.trailing_zeros() as u8 + 1));
                    }
                }
            }
            if self.queue.is_empty() {
                return true;
            }
        }
    }

    /// A digit with exactly two places left in some unit, as the two placements that
    /// cover every case. When no cell has two candidates this is the tighter branch:
    /// on sparse 16×16 boards, branching on a cell with three or more candidates
    /// instead can take minutes where this takes milliseconds.
    fn two_places(&self, s: &State) -> Option<[(usize, u8); 2]> {
        for unit in self.layout.units() {
            let (mut once, mut twice, mut thrice) = (0 as Mask, 0 as Mask, 0 as Mask);
            for &c in &unit.cells {
                let m = s.cands[c];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            let two = twice & !thrice;
            if two != 0 {
                let b = two & two.wrapping_neg();
                let d = b.trailing_zeros() as u8 + 1;
                let mut cells = unit.cells.iter().copied().filter(|&c| s.cands[c] & b != 0);
                if let (Some(first), Some(second)) = (cells.next(), cells.next()) {
                    return Some([(first, d), (second, d)]);
                }
            }
        }
        None
    }

    fn search(&mut self, mut s: State) {
        if !self.record.enter() {
            return;
        }
        if s.open == 0 {
            self.record.found(|| s.values);
            return;
        }
        let mut best = usize::MAX;
        let mut best_n = u32::MAX;
        for (cell, &m) in s.cands.iter().enumerate() {
            if s.values[cell] == 0 {
                let n = m.count_ones();
                if n < best_n {
                    best_n = n;
                    best = cell;
                    if n <= 2 {
                        break;
                    }
                }
            }
        }
        let mut choices: Vec<(usize, u8)> = match best_n {
            3.. => self.two_places(&s),
            _ => None,
        }
        .map_or_else(
            || {
                let mut m = s.cands[best];
                std::iter::from_fn(|| {
                    (m != 0).then(|| {
                        let d = m.trailing_zeros() as u8 + 1;
                        m &= m - 1;
                        (best, d)
                    })
                })
                .collect()
            },
            |pair| pair.to_vec(),
        );
        choices.reverse();
        while let Some((cell, d)) = choices.pop() {
            self.record.stats.guesses += 1;
            // The last branch takes the state itself; the others work on copies.
            let mut next = if choices.is_empty() {
                std::mem::take(&mut s)
            } else {
                s.clone()
            };
            self.queue.clear();
            self.queue.push((cell, d));
            if self.propagate(&mut next) {
                self.search(next);
            } else {
                self.record.stats.backtracks += 1;
            }
            if self.record.done() {
                return;
            }
        }
    }
}

impl Engine for Generic {
    fn name(&self) -> &'static str {
        "generic"
    }

    fn supports(&self, _layout: &Layout) -> bool {
        true
    }

    fn search(&self, puzzle: &Grid, query: &Query) -> Result<Search, SolveError> {
        let layout = puzzle.layout();
        let cells = layout.cell_count();
        let body = |record: &mut frame::Run<Vec<u8>>| {
            let mut run = Run {
                layout,
                all: layout.all_digits(),
                queue: Vec::with_capacity(cells),
                dirty: vec![true; layout.units().len()],
                dirty_list: (0..layout.units().len()).collect(),
                record,
            };
            let mut state = State {
                values: vec![0; cells],
                cands: vec![run.all; cells],
                open: cells,
            };
            run.queue.extend(
                puzzle
                    .cells()
                    .iter()
                    .enumerate()
                    .filter(|(_, &v)| v != 0)
                    .map(|(c, &v)| (c, v))
                    .rev(),
            );
            if run.propagate(&mut state) {
                run.search(state);
            } else {
                run.record.stats.nodes += 1;
                run.record.stats.backtracks += 1;
            }
        };
        Ok(frame::run(self, puzzle, query, body, |cells| cells)?.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_4x4_has_288_solutions() {
        let g = Grid::empty(Layout::classic(4).unwrap());
        let s = Generic.search(&g, &Query::up_to(u64::MAX)).unwrap();
        assert_eq!(s.count, 288);
        assert!(s.solution.unwrap().is_solution_of(&g));
    }

    #[test]
    fn count_stops_at_limit() {
        let g = Grid::empty(Layout::classic(4).unwrap());
        assert_eq!(Generic.count(&g, 10).unwrap(), 10);
        assert_eq!(Generic.count(&g, 0).unwrap(), 1);
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let g: Grid = "11..............".parse().unwrap();
        let s = Generic.solve(&g).unwrap();
        assert_eq!(s.count, 0);
        assert!(s.solution.is_none());
    }
}

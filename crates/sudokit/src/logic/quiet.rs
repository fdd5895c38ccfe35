//! The digits on which each single-digit finder last met nothing, kept per thread.
//!
//! A single-digit pattern (a fish, a skyscraper, a kite, a turbot fish, an empty
//! rectangle, a coloring) is found from the cells where its digit is open and from
//! nothing else. On HoDoKu's path every finder runs again on every state that reaches
//! it, and one state after the next changes the candidates of few digits. So a finder
//! keeps, per digit, the digit's cells ([`planes`]) when its search on that digit met
//! nothing, and skips a digit whose cells are those again ([`Quiet::look`]): the steps
//! found, and their order, are the same.
//!
//! Only the plain 9×9 board is kept (a digit's cells as one `u128`). A finder writes
//! down a digit only when its search of the digit ran to the end.

use std::cell::RefCell;

use super::technique::Technique;
use crate::candidates::Candidates;

/// No cells noted (no digit has a candidate in every bit of a `u128`).
const NONE: u128 = u128::MAX;

/// For each technique and digit, the digit's cells when the technique's search met
/// nothing on them.
struct Notes {
    cells: Vec<[u128; 9]>,
}

thread_local! {
    static NOTES: RefCell<Notes> = const { RefCell::new(Notes { cells: Vec::new() }) };
}

/// The cells of every digit of `c` as bits (digit `d` at index `d - 1`), on the plain
/// 9×9 board; `None` on any other.
pub(crate) fn planes(c: &Candidates) -> Option<[u128; 9]> {
    if !c.layout().is_plain_9x9() {
        return None;
    }
    let mut planes = [0u128; 9];
    for (x, &m) in c.masks().iter().enumerate() {
        let mut m = m;
        while m != 0 {
            planes[m.trailing_zeros() as usize] |= 1 << x;
            m &= m - 1;
        }
    }
    Some(planes)
}

/// One finder's call: the technique, the state's planes, and the digits it searched
/// and found something on so far.
pub(crate) struct Quiet {
    technique: Technique,
    planes: Option<[u128; 9]>,
    searched: u16,
    found: u16,
}

impl Quiet {
    /// A call of `technique`'s finder on `c`.
    pub(crate) fn new(technique: Technique, c: &Candidates) -> Quiet {
        Quiet {
            technique,
            planes: planes(c),
            searched: 0,
            found: 0,
        }
    }

    /// Whether the finder met nothing on digit `d` last time it saw these cells.
    pub(crate) fn skip(&self, d: u8) -> bool {
        let Some(planes) = self.planes else {
            return false;
        };
        let plane = planes[usize::from(d) - 1];
        NOTES.with(|n| {
            n.borrow()
                .cells
                .get(self.technique as usize)
                .is_some_and(|cells| cells[usize::from(d) - 1] == plane)
        })
    }

    /// Notes that a search of digit `d` (one not skipped) ran, and whether it found
    /// something; [`Quiet::done`] writes it down.
    pub(crate) fn mark(&mut self, d: u8, found: bool) {
        self.searched |= 1 << d;
        if found {
            self.found |= 1 << d;
        }
    }

    /// Runs `search` (part of the search of digit `d`, which appends its steps to
    /// `out`) unless the digit is skipped; what it found is noted by [`Quiet::done`].
    pub(crate) fn look<T>(&mut self, d: u8, out: &mut Vec<T>, search: impl FnOnce(&mut Vec<T>)) {
        if self.planes.is_none() {
            return search(out);
        }
        if self.skip(d) {
            return;
        }
        let before = out.len();
        search(out);
        self.mark(d, out.len() > before);
    }

    /// Notes, for every digit searched to the end in this call, whether the search
    /// met nothing.
    pub(crate) fn done(self) {
        let Some(planes) = self.planes else {
            return;
        };
        NOTES.with(|n| {
            let cells = &mut n.borrow_mut().cells;
            let at = self.technique as usize;
            if cells.len() <= at {
                cells.resize(Technique::ALL.len(), [NONE; 9]);
            }
            for d in 1..=9 {
                if self.searched >> d & 1 != 0 {
                    let quiet = self.found >> d & 1 == 0;
                    cells[at][d - 1] = if quiet { planes[d - 1] } else { NONE };
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn skips_a_digit_only_on_the_cells_it_met_nothing_on() {
        let g: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let mut c = Candidates::from_grid(&g);
        let searched = |c: &Candidates, t: Technique, finds: &[u8]| {
            let mut q = Quiet::new(t, c);
            let mut seen = Vec::new();
            for d in 1..=9u8 {
                q.look(d, &mut Vec::new(), |out: &mut Vec<u8>| {
                    seen.push(d);
                    if finds.contains(&d) {
                        out.push(d);
                    }
                });
            }
            q.done();
            seen
        };
        let all: Vec<u8> = (1..=9).collect();
        assert_eq!(searched(&c, Technique::TurbotFish, &[5]), all);
        // Only the digit that found something is searched again, and the notes are
        // the technique's own.
        assert_eq!(searched(&c, Technique::TurbotFish, &[]), [5]);
        assert_eq!(searched(&c, Technique::Skyscraper, &[]), all);
        // A digit whose cells change is searched again; the others are not.
        let open = (0..81).find(|&x| c.has(x, 3)).unwrap();
        c.remove(open, 3);
        assert_eq!(searched(&c, Technique::TurbotFish, &[]), [3]);
        assert!(searched(&c, Technique::TurbotFish, &[]).is_empty());
        // Boards other than the plain 9×9 are always searched.
        let big = Candidates::from_grid(&".".repeat(256).parse().unwrap());
        assert_eq!(searched(&big, Technique::TurbotFish, &[]), all);
        assert_eq!(searched(&big, Technique::TurbotFish, &[]), all);
    }
}

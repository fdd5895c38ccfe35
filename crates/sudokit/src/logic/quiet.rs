//! The parts of the board on which a finder last met nothing, kept per thread.
//!
//! Some finders search the board part by part, and what they find in a part depends
//! on that part alone: a single-digit pattern (a fish, a skyscraper, a kite, a turbot
//! fish, an empty rectangle, a coloring, an X-Chain) on the cells where its digit is
//! open, a naked or hidden subset on the candidates of its unit. On HoDoKu's path
//! every finder runs again on every state that reaches it, and one state after the
//! next changes few digits and few units. So such a finder keeps, per part, the
//! part's key (a digit's cells, [`Quiet::digits`]; a unit's candidates,
//! [`Quiet::units`]) when its search there met nothing, and skips a part whose key is
//! that again ([`Quiet::look`]): the steps found, and their order, are the same.
//!
//! Only the plain 9×9 board is kept (a key is one `u128`: 81 cells, or 9 cells of 9
//! candidates). A finder writes down a part only when its search of the part ran to
//! the end ([`Quiet::done`]).

use std::cell::RefCell;

use super::fast_singles::UNITS;
use super::technique::Technique;
use crate::candidates::Candidates;

/// No key noted (no key has every bit of a `u128` set).
const NONE: u128 = u128::MAX;

/// The most parts of one kind: the 27 units (digits are parts 1 to 9).
const PARTS: usize = 27;

thread_local! {
    /// For each technique and part, the part's key when the technique's search met
    /// nothing there.
    static NOTES: RefCell<Vec<[u128; PARTS]>> = const { RefCell::new(Vec::new()) };
}

/// One finder's call: the technique, the keys of the state's parts, and the parts it
/// searched and found something in so far.
pub(crate) struct Quiet {
    technique: Technique,
    keys: Option<[u128; PARTS]>,
    searched: u32,
    found: u32,
}

impl Quiet {
    /// A call of `technique`'s finder on `c`, part by part over the digits (part `d`
    /// for digit `d`, keyed by the cells where it is a candidate).
    pub(crate) fn digits(technique: Technique, c: &Candidates) -> Quiet {
        let keys = c.layout().is_plain_9x9().then(|| {
            let mut keys = [NONE; PARTS];
            keys[1..10].fill(0);
            for (x, &m) in c.masks().iter().enumerate() {
                let mut m = m;
                while m != 0 {
                    keys[m.trailing_zeros() as usize + 1] |= 1 << x;
                    m &= m - 1;
                }
            }
            keys
        });
        Quiet::with(technique, keys)
    }

    /// A call of `technique`'s finder on `c`, part by part over the units in the
    /// layout's order, each keyed by the candidates of its cells.
    pub(crate) fn units(technique: Technique, c: &Candidates) -> Quiet {
        let keys = c.layout().is_plain_9x9().then(|| {
            UNITS.map(|cells| {
                cells.iter().rev().fold(0u128, |k, &x| {
                    k << 9 | u128::from(c.mask(usize::from(x)) as u16)
                })
            })
        });
        Quiet::with(technique, keys)
    }

    fn with(technique: Technique, keys: Option<[u128; PARTS]>) -> Quiet {
        Quiet {
            technique,
            keys,
            searched: 0,
            found: 0,
        }
    }

    /// Whether the finder met nothing in `part` last time it saw the part as it is.
    pub(crate) fn skip(&self, part: usize) -> bool {
        let Some(keys) = &self.keys else {
            return false;
        };
        NOTES.with(|n| {
            n.borrow()
                .get(self.technique as usize)
                .is_some_and(|notes| notes[part] == keys[part])
        })
    }

    /// Notes that a search of `part` (one not skipped) ran, and whether it found
    /// something; [`Quiet::done`] writes it down.
    pub(crate) fn mark(&mut self, part: usize, found: bool) {
        if self.keys.is_none() {
            return;
        }
        self.searched |= 1 << part;
        if found {
            self.found |= 1 << part;
        }
    }

    /// Runs `search` (the search of `part`, or a piece of it, which appends what it
    /// finds to `out`) unless the part is skipped; [`Quiet::done`] notes what it met.
    pub(crate) fn look<T>(
        &mut self,
        part: usize,
        out: &mut Vec<T>,
        search: impl FnOnce(&mut Vec<T>),
    ) {
        if self.keys.is_none() {
            return search(out);
        }
        if self.skip(part) {
            return;
        }
        let before = out.len();
        search(out);
        self.mark(part, out.len() > before);
    }

    /// Notes, for every part searched to the end in this call, whether the search
    /// met nothing.
    pub(crate) fn done(self) {
        let Some(keys) = self.keys else {
            return;
        };
        NOTES.with(|n| {
            let notes = &mut *n.borrow_mut();
            let at = self.technique as usize;
            if notes.len() <= at {
                notes.resize(Technique::ALL.len(), [NONE; PARTS]);
            }
            for (part, &key) in keys.iter().enumerate() {
                if self.searched >> part & 1 != 0 {
                    let quiet = self.found >> part & 1 == 0;
                    notes[at][part] = if quiet { key } else { NONE };
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
            let mut q = Quiet::digits(t, c);
            let mut seen = Vec::new();
            for d in 1..=9u8 {
                q.look(usize::from(d), &mut Vec::new(), |out: &mut Vec<u8>| {
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

//! The parts of the board on which a finder last met nothing, kept per thread.
//!
//! Some finders search the board part by part, and what they find in a part depends
//! on that part alone: a single-digit pattern (a fish, a skyscraper, a kite, a turbot
//! fish, an empty rectangle, a coloring, an X-Chain) on the cells where its digit is
//! open, a naked or hidden subset on the candidates of its unit, a Sue de Coq on those
//! of the box and the line it lies in. On HoDoKu's path every finder runs again on
//! every state that reaches it, and one state after the next changes few digits and
//! few units. So such a finder keeps, per part, the part's key (a digit's cells,
//! [`Quiet::digits`]; a unit's candidates, [`Quiet::units`]; a box's and a line's,
//! [`Quiet::crossings`]) when its search there met nothing, and skips a part whose key
//! is that again ([`Quiet::look`]): the steps found, and their order, are the same.
//! A digit call skips as well the digits where no single-digit pattern can remove
//! anything, those whose templates cover every candidate (see `templates`).
//!
//! Only the plain 9×9 board is kept: a key is one or two `u128`, each 81 cells, or 9
//! cells of 10 bits (the candidates and whether the cell is open). A call reads the
//! notes once, when it starts, and writes down a part only when its search of the part
//! ran to the end ([`Quiet::done`]).

use std::cell::RefCell;

use super::bits;
use super::fast_singles::UNITS;
use super::memo::Memo;
use super::technique::Technique;
use super::templates;
use crate::candidates::{digits, Candidates, Mask};

/// A part's key: one or two `u128`.
type Key = [u128; 2];

/// No key noted (no key has every bit of a `u128` set).
const NONE: Key = [u128::MAX; 2];

/// The most parts of one kind: the 54 places where a box and a line cross (the units
/// are parts 0 to 26, the digits 1 to 9).
const PARTS: usize = 54;

thread_local! {
    /// For each technique and part, the part's key when the technique's search met
    /// nothing there.
    static NOTES: RefCell<Vec<[Key; PARTS]>> = const { RefCell::new(Vec::new()) };
    /// The unit keys last made on this thread, with and without the open cells: the
    /// six subset finders ask for the same state's keys one after the other.
    static UNIT_KEYS: Memo<[u128; 27]> = const { Memo::new() };
    /// The digit keys last made on this thread.
    static DIGIT_KEYS: Memo<[u128; 10]> = const { Memo::new() };
}

/// The key of every unit of the 9×9 board: 10 bits per cell, its candidates and with
/// `open` whether the cell is open, the unit's first six cells in the low `u64` and its
/// last three in the high one (kept per thread for the state last asked about).
pub(crate) fn unit_keys(c: &Candidates, open: bool) -> [u128; 27] {
    *UNIT_KEYS.with(|m| m.get(c, u8::from(open), || make_unit_keys(c, open)))
}

/// [`unit_keys`], made.
fn make_unit_keys(c: &Candidates, open: bool) -> [u128; 27] {
    let masks = c.masks();
    let cell = |x: u8| {
        let x = usize::from(x);
        u64::from(open && c.value(x) == 0) << 9 | masks[x] & 0x1ff
    };
    let half = |cells: &[u8]| cells.iter().rev().fold(0, |k, &x| k << 10 | cell(x));
    UNITS.map(|cells| u128::from(half(&cells[6..])) << 64 | u128::from(half(&cells[..6])))
}

/// The key of every digit of the 9×9 board (digit `d` at `d`): the cells where it is
/// a candidate, as bits (kept per thread for the state last asked about: the fish,
/// single-digit, coloring and X-Chain finders ask one after the other).
fn digit_keys(c: &Candidates) -> [u128; 10] {
    *DIGIT_KEYS.with(|m| {
        m.get(c, 0, || {
            let mut planes = [0u128; 10];
            for (x, &m) in c.masks().iter().enumerate() {
                for d in digits(m) {
                    planes[usize::from(d)] |= 1 << x;
                }
            }
            planes
        })
    })
}

/// Where a call's keys come from.
enum Keys {
    /// Not the plain 9×9 board: nothing is kept.
    None,
    /// Each digit's cells (index `d` for digit `d`).
    Digits([u128; 10]),
    /// Each unit's candidates.
    Units([u128; 27]),
    /// Each unit's candidates and open cells, for the crossings of a line and a box.
    Crossings([u128; 27]),
}

/// One finder's call: the technique, the keys of the state's parts, the parts it
/// skips, and the parts it searched and found something in so far.
pub(crate) struct Quiet {
    technique: Technique,
    keys: Keys,
    skipped: u64,
    searched: u64,
    found: u64,
}

impl Quiet {
    /// A call of `technique`'s finder on `c`, part by part over the digits (part `d`
    /// for digit `d`, keyed by the cells where it is a candidate). It also skips the
    /// digits whose every candidate some template covers
    /// ([`templates::tight_digits`]), where no single-digit pattern removes anything.
    pub(crate) fn digits(technique: Technique, c: &Candidates) -> Quiet {
        let mut q = Quiet::digit_parts(technique, c);
        q.skipped |= templates::tight_digits(c) << 1;
        q
    }

    /// [`Quiet::digits`] without the digits templates cover: only what was noted.
    fn digit_parts(technique: Technique, c: &Candidates) -> Quiet {
        if !c.layout().is_plain_9x9() {
            return Quiet::with(technique, Keys::None);
        }
        Quiet::with(technique, Keys::Digits(digit_keys(c)))
    }

    /// A call of `technique`'s finder on `c`, part by part over the units in the
    /// layout's order, each keyed by the candidates of its cells.
    pub(crate) fn units(technique: Technique, c: &Candidates) -> Quiet {
        let keys = match c.layout().is_plain_9x9() {
            true => Keys::Units(unit_keys(c, false)),
            false => Keys::None,
        };
        Quiet::with(technique, keys)
    }

    /// A call of `technique`'s finder on `c`, part by part over the places where a
    /// line and a box cross ([`Quiet::crossing`]), each keyed by the candidates and
    /// the open cells of both units.
    pub(crate) fn crossings(technique: Technique, c: &Candidates) -> Quiet {
        let keys = match c.layout().is_plain_9x9() {
            true => Keys::Crossings(unit_keys(c, true)),
            false => Keys::None,
        };
        Quiet::with(technique, keys)
    }

    /// The part of [`Quiet::crossings`] where line `line` (a unit index: rows, then
    /// columns) crosses box `bx` (counted from 0) on the 9×9 board.
    pub(crate) fn crossing(line: usize, bx: usize) -> usize {
        3 * line + if line < 9 { bx % 3 } else { bx / 3 }
    }

    /// The call, with the parts whose key is the one noted when the finder last met
    /// nothing there (read from the notes once).
    fn with(technique: Technique, keys: Keys) -> Quiet {
        let mut q = Quiet {
            technique,
            keys,
            skipped: 0,
            searched: 0,
            found: 0,
        };
        if !matches!(q.keys, Keys::None) {
            NOTES.with(|n| {
                if let Some(notes) = n.borrow().get(technique as usize) {
                    q.skipped = q.each_key(|part, key| notes[part] == key);
                }
            });
        }
        q
    }

    /// The parts (as a bit set) whose key passes `test`, given each part and its key.
    fn each_key(&self, mut test: impl FnMut(usize, Key) -> bool) -> u64 {
        let mut pass = |part: usize, key: Key| u64::from(test(part, key)) << part;
        match &self.keys {
            Keys::None => 0,
            Keys::Digits(planes) => (1..10).map(|d| pass(d, [planes[d], 0])).sum(),
            Keys::Units(units) => (0..27).map(|u| pass(u, [units[u], 0])).sum(),
            Keys::Crossings(_) => (0..PARTS)
                .map(|part| self.key(part).map_or(0, |key| pass(part, key)))
                .sum(),
        }
    }

    /// The key of `part` (none off the plain 9×9 board).
    #[inline]
    fn key(&self, part: usize) -> Option<Key> {
        match &self.keys {
            Keys::None => None,
            Keys::Digits(planes) => Some([planes[part], 0]),
            Keys::Units(units) => Some([units[part], 0]),
            Keys::Crossings(units) => {
                let (line, j) = (part / 3, part % 3);
                let bx = match line < 9 {
                    true => line / 3 * 3 + j,
                    false => j * 3 + (line - 9) / 3,
                };
                Some([units[line], units[18 + bx]])
            }
        }
    }

    /// Whether the finder met nothing in `part` last time it saw the part as it is.
    pub(crate) fn skip(&self, part: usize) -> bool {
        self.skipped >> part & 1 != 0
    }

    /// The digits of a [`Quiet::digits`] call not skipped, as a candidate mask (every
    /// digit off the plain 9×9 board).
    pub(crate) fn wanted(&self) -> Mask {
        match self.keys {
            Keys::Digits(_) => (1..=9u8)
                .filter(|&d| !self.skip(usize::from(d)))
                .fold(0, |m, d| m | 1 << (d - 1)),
            _ => Mask::MAX,
        }
    }

    /// Notes that a search of `part` (one not skipped) ran, and whether it found
    /// something; [`Quiet::done`] writes it down.
    pub(crate) fn mark(&mut self, part: usize, found: bool) {
        if matches!(self.keys, Keys::None) {
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
        if matches!(self.keys, Keys::None) {
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
        if self.searched == 0 {
            return;
        }
        NOTES.with(|n| {
            let notes = &mut *n.borrow_mut();
            let at = self.technique as usize;
            if notes.len() <= at {
                notes.resize(Technique::ALL.len(), [NONE; PARTS]);
            }
            for part in bits(self.searched.into()) {
                let quiet = self.found >> part & 1 == 0;
                notes[at][part] = match (quiet, self.key(part)) {
                    (true, Some(key)) => key,
                    _ => NONE,
                };
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    /// The candidates of a hard 9×9 puzzle.
    fn sample() -> Candidates {
        let g: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        Candidates::from_grid(&g)
    }

    #[test]
    fn skips_a_digit_only_on_the_cells_it_met_nothing_on() {
        let mut c = sample();
        let searched = |c: &Candidates, t: Technique, finds: &[u8]| {
            let mut q = Quiet::digit_parts(t, c);
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

    #[test]
    fn a_crossing_is_searched_again_when_its_line_or_box_changes() {
        let mut c = sample();
        // Every crossing of a row or column with a box of its band or stack is one
        // part, and the parts are the 54 places.
        let mut parts: Vec<usize> = (0..9)
            .flat_map(|r| (0..3).map(move |k| Quiet::crossing(r, r / 3 * 3 + k)))
            .chain(
                (0..9)
                    .flat_map(|col| (0..3).map(move |k| Quiet::crossing(9 + col, k * 3 + col / 3))),
            )
            .collect();
        parts.sort_unstable();
        assert_eq!(parts, (0..54).collect::<Vec<_>>());
        let searched = |c: &Candidates| {
            let mut q = Quiet::crossings(Technique::SueDeCoq, c);
            let mut seen = Vec::new();
            for part in 0..54 {
                q.look(part, &mut Vec::<u8>::new(), |_| seen.push(part));
            }
            q.done();
            seen
        };
        assert_eq!(searched(&c).len(), 54);
        assert!(searched(&c).is_empty());
        // An open cell of the middle box: its row's and its column's crossings with
        // that box are searched again, not the others.
        let x = (0..81)
            .find(|&x| (3..6).contains(&(x / 9)) && (3..6).contains(&(x % 9)) && c.mask(x) != 0)
            .unwrap();
        let d = (1..=9).find(|&d| c.has(x, d)).unwrap();
        c.remove(x, d);
        let again = searched(&c);
        assert!(again.contains(&Quiet::crossing(x / 9, 4)));
        assert!(again.contains(&Quiet::crossing(9 + x % 9, 4)));
        assert!(!again.contains(&Quiet::crossing(0, 0)));
    }
}

//! The last structure built from a candidate state, kept per thread and per variant.
//!
//! In one round of the logic solver every chain finder asks for the link graph of the
//! same state, the forcing finders too, every ALS finder for the same ALS list,
//! each of the seven rectangle tests for the same rectangles, and the sashimi fish
//! finders for the search the finned ones ran; building them again for
//! each finder was a large share of a rating's time. A
//! [`Memo`] keeps, for each variant (graph with candidates, group or ALS nodes; ALS
//! with RCs with or without overlap, or without RCs), the state it last built from
//! and what it built, and builds again only when asked about another state. What is
//! built must be a function of the state (layout, values, candidates, givens) and the
//! variant alone.
//!
//! Only boards up to [`MEMO_MAX_SIZE`] are kept: a 64×64 board's graph runs to
//! hundreds of megabytes, which a thread should not hold on to between rounds.

use std::cell::RefCell;
use std::rc::Rc;

use crate::candidates::Candidates;

/// The largest board size whose structures are kept.
pub(crate) const MEMO_MAX_SIZE: usize = 16;

/// The last `T` built per variant, with the state it was built from.
pub(crate) struct Memo<T> {
    slots: RefCell<Vec<(u8, Candidates, Rc<T>)>>,
}

impl<T> Memo<T> {
    /// An empty memo.
    pub(crate) const fn new() -> Memo<T> {
        Memo {
            slots: RefCell::new(Vec::new()),
        }
    }

    /// What was built last for `variant`, from whatever state: a builder may start
    /// from the structure of the state before.
    pub(crate) fn last(&self, variant: u8) -> Option<Rc<T>> {
        let slots = self.slots.borrow();
        slots
            .iter()
            .find(|s| s.0 == variant)
            .map(|s| Rc::clone(&s.2))
    }

    /// What `build` makes of `c` for `variant`: the one kept when `c` is the state it
    /// was last built from, else built now (and kept, on boards up to
    /// [`MEMO_MAX_SIZE`]).
    pub(crate) fn get(&self, c: &Candidates, variant: u8, build: impl FnOnce() -> T) -> Rc<T> {
        if c.layout().size() > MEMO_MAX_SIZE {
            return Rc::new(build());
        }
        let kept = self
            .slots
            .borrow()
            .iter()
            .find(|s| s.0 == variant && s.1 == *c)
            .map(|s| Rc::clone(&s.2));
        if let Some(kept) = kept {
            return kept;
        }
        // Built with the memo released, so that `build` may use memos itself.
        let built = Rc::new(build());
        let slot = (variant, c.clone(), Rc::clone(&built));
        let mut slots = self.slots.borrow_mut();
        match slots.iter_mut().find(|s| s.0 == variant) {
            Some(old) => *old = slot,
            None => slots.push(slot),
        }
        built
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn builds_again_only_for_another_state_or_variant() {
        let g: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let c = Candidates::from_grid(&g);
        let memo: Memo<usize> = Memo::new();
        let mut builds = 0;
        let mut get = |c: &Candidates, v: u8| {
            *memo.get(c, v, || {
                builds += 1;
                builds
            })
        };
        assert_eq!(get(&c, 0), 1);
        assert_eq!(get(&c, 0), 1);
        assert_eq!(get(&c, 1), 2);
        assert_eq!(get(&c, 0), 1);
        let mut other = c.clone();
        let open = (0..81).find(|&x| other.value(x) == 0).unwrap();
        let d = (1..=9).find(|&d| other.has(open, d)).unwrap();
        other.remove(open, d);
        assert_eq!(get(&other, 0), 3);
        assert_eq!(get(&c, 1), 2);
        assert_eq!(get(&c, 0), 4);
    }
}

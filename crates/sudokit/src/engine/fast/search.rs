//! Depth-first search over [`State`]s: propagate, and when propagation stalls, branch
//! on the most constrained cell.
//!
//! The branch cell is a cell with two candidates when there is one (nearly always, as
//! the `sudoku` crate's notes on JCZSolve also observe), else one with three, else any
//! open cell; among those, the one with the most open peers, and while more than half
//! the board is open, the most open peers plus two-candidate peers that share one of its
//! digits ([`branch_cell`]). On a two-candidate cell the digit with more places left on
//! the board is tried first.
//! Every branch but the last works on a copy of the state (a few hundred bytes); the
//! last one reuses it. The search stops as soon as `limit` solutions are found, so
//! `limit = 2` proves uniqueness with the least work.

use super::state::State;
use crate::engine::nine::Run;

/// An instruction-set variant of the search (see [`super::dispatch`]): how it enters a
/// branch, how it finds a band word's occupied minirows and a cell's digits, and how it
/// clears a placed cell from the other digits of its band.
pub trait Variant {
    /// Searches the branch `state` (a guess) within `run`, using `state` up.
    fn recurse(run: &mut Run, state: &mut State);

    /// The minirows of the band word `s` that hold a bit: bit `3 * r + k` for row `r`'s
    /// intersection with box `k`.
    fn minirows(s: u32) -> usize;

    /// The digits (bit `d` = digit `d + 1`) whose band word in `words` holds the cell
    /// `bit`.
    fn cell_digits(words: &[u32; 9], bit: u32) -> u32;

    /// Clears `cells` from every word of `words` (a band's nine) but digit `D`'s.
    fn clear_others<const D: usize>(words: &mut [u32; 9], cells: u32);

    /// Band updates until no word changes; `false` on a contradiction.
    fn update_bands(state: &mut State) -> bool;
}

/// Searches from `state` (with its givens placed) within `run`; `guessed` tells whether
/// the state comes from a branch (for the backtrack counter). Branches recurse through
/// `I`, which keeps the whole search in one instruction-set variant (see
/// [`super::dispatch`]).
///
/// The state is taken by reference and worked on in place: a branch's copy is made once,
/// in the caller's frame, and not copied again to be passed on.
#[inline(always)]
pub fn descend<I: Variant>(run: &mut Run, state: &mut State, mut guessed: bool) {
    loop {
        run.stats.nodes += 1;
        if !state.propagate::<I>() {
            run.stats.backtracks += u64::from(guessed);
            return;
        }
        if state.is_solved() {
            run.found(|| state.digits());
            return;
        }
        let (b, bit) = branch_cell::<I>(state);
        let mut digits = state.digits_at::<I>(b, bit);
        if digits == 0 {
            run.stats.backtracks += u64::from(guessed);
            return;
        }
        // On a two-candidate cell, try first the digit with more places left: on
        // the hardest sets it reaches the first solution with fewer guesses.
        let mut d = digits.trailing_zeros() as usize;
        if digits.count_ones() == 2 {
            let e = 31 - digits.leading_zeros() as usize;
            if state.digit_places(e) > state.digit_places(d) {
                d = e;
            }
        }
        digits &= !(1 << d);
        while digits != 0 {
            run.stats.guesses += 1;
            let mut child = *state;
            if child.place(d, b, bit) {
                I::recurse(run, &mut child);
            }
            if run.done() {
                return;
            }
            state.remove(d, b, bit);
            d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
        }
        // The last candidate is forced once the others have failed.
        run.stats.guesses += 1;
        if !state.place(d, b, bit) {
            run.stats.backtracks += 1;
            return;
        }
        guessed = true;
    }
}

/// While more open cells than this remain, the branch cell's score counts its
/// digit-sharing two-candidate peers too. Nodes with fewer open cells offer many
/// two-candidate cells to score and gain little from a better choice (measurements in
/// `docs/perf/fast.md`).
const SHARED_SCORE_ABOVE: u32 = 50;

/// The cell to branch on, `(band, bit)`: among the open cells with the fewest
/// candidates (two nearly always), the one with the most open peers, so that the
/// branch's placement propagates as far as possible. On the hardest sets this roughly
/// halves the guesses of taking the first two-candidate cell.
///
/// While more than 50 cells are open, a two-candidate cell also scores a point for
/// each two-candidate peer that shares one of its digits: whichever digit the branch
/// places, those peers fall to one candidate. That takes fewer guesses on the hard
/// sets, but costs a cell's digits and three more population counts per candidate cell;
/// near the leaves, where a choice decides over a small subtree, the plain score pays
/// better.
#[inline(always)]
fn branch_cell<I: Variant>(state: &State) -> (usize, u32) {
    let open = [state.unsolved(0), state.unsolved(1), state.unsolved(2)];
    let pairs = [state.pairs(0), state.pairs(1), state.pairs(2)];
    if pairs != [0; 3] {
        let left = open[0].count_ones() + open[1].count_ones() + open[2].count_ones();
        if left > SHARED_SCORE_ABOVE {
            return best_cell(&pairs, |b, bit| {
                let digits = state.digits_at::<I>(b, bit);
                let x = digits.trailing_zeros() as usize;
                let y = (digits & digits.wrapping_sub(1)).trailing_zeros() as usize;
                let shared = state.either_among(x, y, &pairs);
                State::peers_in(&open, b, bit) + State::peers_in(&shared, b, bit)
            });
        }
        return best_cell(&pairs, |b, bit| State::peers_in(&open, b, bit));
    }
    let mut triples = [0u32; 3];
    for (b, t) in triples.iter_mut().enumerate() {
        let (_, _, c3, c4) = state.counts(b);
        *t = c3 & !c4 & open[b];
    }
    let pool = if triples != [0; 3] { triples } else { open };
    best_cell(&pool, |b, bit| State::peers_in(&open, b, bit))
}

/// The cell of `pool` (three band words) with the highest `score(band, bit)`, the first
/// one on a tie, as `(band, bit)`.
#[inline(always)]
fn best_cell(pool: &[u32; 3], score: impl Fn(usize, u32) -> u32) -> (usize, u32) {
    // The best key: the score above the complement of the cell index, so that ties go
    // to the first cell; kept with `max` rather than a branch.
    let mut best = 0u32;
    for (b, &cells) in pool.iter().enumerate() {
        let mut cells = cells;
        while cells != 0 {
            let pos = cells.trailing_zeros();
            cells &= cells - 1;
            best = best.max(score(b, 1 << pos) << 8 | (0xff - (27 * b as u32 + pos)));
        }
    }
    let cell = (0xff - (best & 0xff)) as usize;
    (cell / 27 % 3, 1 << (cell % 27))
}

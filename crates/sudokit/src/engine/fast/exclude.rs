//! Searches that exclude digits: the uniqueness test of clue removal, on the `fast`
//! engine's state.
//!
//! The generator removes a group of clues `G` from a puzzle `P` whose only solution is
//! `S`, and asks whether the puzzle `P'` left has another one. Any solution of `P'` that
//! agrees with `S` on every cell of `G` is a solution of `P`, hence `S` itself; so `P'`
//! has a second solution exactly when it has a solution that differs from `S` somewhere
//! on `G`. For `G = {c1, …, ck}` that is split into `k` disjoint cases, the `i`-th being
//! "`c1 … c(i-1)` hold their digits of `S` and `ci` does not", each a search for one
//! solution ([`differs_on`]). Each case has fewer candidates than `P'` itself, and none
//! of them has to find `S` first, which a count to two does.
//!
//! Built on the engine's stable entry points only: [`super::givens`], [`State::place`](super::state::State::place),
//! [`State::remove`](super::state::State::remove), [`Run`] and [`dispatch::search`].

use super::dispatch;
use crate::engine::nine::Run;
use crate::engine::Query;

/// Whether the 9×9 puzzle `cells` (row-major, 0 = empty) has a solution that differs
/// from the grid `solution` on at least one cell of `group` (cell indices `0..81`).
///
/// When `cells` with the digits of `solution` filled in on `group` has exactly one
/// solution (`solution`), this is whether `cells` has more than one. Returns `false`
/// when the givens clash, and when `group` holds a cell outside the board or
/// `solution` a digit outside `1..=9` there.
pub(crate) fn differs_on(cells: &[u8; 81], group: &[usize], solution: &[u8; 81]) -> bool {
    let Some(mut state) = super::givens(cells) else {
        return false;
    };
    for &cell in group {
        let digit = match solution.get(cell) {
            Some(&d @ 1..=9) => usize::from(d - 1),
            _ => return false,
        };
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        let mut case = state;
        case.remove(digit, band, bit);
        let mut run = Run::new(&Query::first(), 81);
        dispatch::search(&mut run, case);
        if run.count > 0 {
            return true;
        }
        if !state.place(digit, band, bit) {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Generic};
    use crate::generate::{full_grid, reduce, Removal, Rng, Symmetry};
    use crate::{Grid, Layout};

    /// Random puzzles with one solution (reduced by the generic engine to a random clue
    /// count), random groups of 1, 2 and 4 of their clues removed: `differs_on` answers
    /// as the generic engine's count to two does, and both answers occur often.
    #[test]
    fn agrees_with_counting_to_two() {
        let layout = Layout::classic(9).unwrap();
        let orbits = Symmetry::None.orbits(9);
        let mut rng = Rng::new(21);
        let mut answers = [[0usize; 2]; 3];
        for _ in 0..60 {
            let solution = full_grid(&layout, &Generic, &mut rng).unwrap();
            let removal = Removal {
                target_clues: Some(24 + rng.below(20)),
                strict_minimal: false,
            };
            let puzzle = reduce(&solution, &orbits, removal, &Generic, &mut rng).unwrap();
            assert_eq!(Generic.count(&puzzle, 2).unwrap(), 1);
            let digits: [u8; 81] = solution.cells().try_into().unwrap();
            let mut clues: Vec<usize> = (0..81).filter(|&c| puzzle.get(c) != 0).collect();
            for _ in 0..12 {
                rng.shuffle(&mut clues);
                for (k, size) in [1, 2, 4].into_iter().enumerate() {
                    let group = &clues[..size];
                    let mut fewer: Grid = puzzle.clone();
                    group.iter().for_each(|&c| fewer.set(c, 0));
                    let cells: [u8; 81] = fewer.cells().try_into().unwrap();
                    let second = Generic.count(&fewer, 2).unwrap() == 2;
                    assert_eq!(
                        differs_on(&cells, group, &digits),
                        second,
                        "{fewer} {group:?}"
                    );
                    answers[k][usize::from(second)] += 1;
                }
            }
        }
        for (k, [unique, not]) in answers.into_iter().enumerate() {
            assert!(
                unique >= 50 && not >= 50,
                "group size #{k}: {unique} / {not}"
            );
        }
    }

    /// Clashing givens, and a group cell or digit out of range, answer `false`.
    #[test]
    fn bad_input_is_no_solution() {
        let mut cells = [0u8; 81];
        let solution = [1u8; 81];
        assert!(differs_on(&cells, &[0], &solution));
        assert!(!differs_on(&cells, &[81], &solution));
        assert!(!differs_on(&cells, &[0], &[0; 81]));
        cells[0] = 5;
        cells[1] = 5;
        assert!(!differs_on(&cells, &[2], &solution));
    }
}

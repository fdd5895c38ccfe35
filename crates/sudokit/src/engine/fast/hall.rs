//! Hall's rule on the units of a [`State`]: the root reduction a long search starts
//! again from.
//!
//! In a row, column or box, a set of `k` open cells whose candidates together are `k`
//! digits holds those digits, so they go from the unit's other cells (a naked subset;
//! a hidden subset is the same rule seen from the other cells); fewer than `k` digits
//! is a contradiction. Every set of open cells of every unit is tried, to a fixpoint.
//!
//! Propagation (singles and locked candidates) does not see this, and a search that
//! places a digit a subset excludes can wander for a long time in a region of the board
//! with no solution before its cells run out of candidates: on a board with seven
//! givens, one such placement near the root took the plain search about twenty minutes
//! (the heavy tails of backtracking search: Gomes, Selman, Crato and Kautz, "Heavy-tailed
//! phenomena in satisfiability and constraint satisfaction problems", 2000). The engine
//! therefore runs its plain search within a node budget far above what any puzzle of
//! the benchmark sets needs, and past it starts again from the givens reduced by this
//! rule ([`super::start`]).

use super::dispatch::Portable;
use super::state::State;
use crate::layout::Layout;

/// The digits (bit `d` = digit `d + 1`) `state` still allows in `cell`.
fn digits(state: &State, cell: usize) -> u32 {
    state.digits_at(Portable, cell / 27, 1 << (cell % 27))
}

/// Applies Hall's rule to every unit of `state` until nothing changes; `false` on a
/// contradiction. Placed cells are left alone.
pub(super) fn reduce(state: &mut State) -> bool {
    let layout = Layout::classic(9).expect("the classic 9×9 layout");
    loop {
        let mut changed = false;
        for unit in layout.units() {
            let open: Vec<usize> = unit
                .cells
                .iter()
                .copied()
                .filter(|&x| state.unsolved(x / 27) >> (x % 27) & 1 == 1)
                .collect();
            let masks: Vec<u32> = open.iter().map(|&x| digits(state, x)).collect();
            // `union[s]`: the digits of the cells of subset `s` of the open cells.
            let mut union = vec![0u32; 1 << open.len()];
            for s in 1..union.len() {
                let low = s.trailing_zeros() as usize;
                union[s] = union[s & (s - 1)] | masks[low];
                let (cells, digits) = (s.count_ones(), union[s].count_ones());
                if digits < cells {
                    return false;
                }
                if digits > cells || s == union.len() - 1 {
                    continue;
                }
                for (i, &x) in open.iter().enumerate() {
                    if s >> i & 1 == 0 && masks[i] & union[s] != 0 {
                        let (b, bit) = (x / 27, 1u32 << (x % 27));
                        for d in 0..9 {
                            if union[s] >> d & 1 == 1 {
                                state.remove(d, b, bit);
                            }
                        }
                        changed = true;
                    }
                }
            }
            if changed {
                break;
            }
        }
        if !changed {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seven givens leave box 8's row 8 to 3, 4 and 9 (rows 7 and 9 hold them in boxes 7
    /// and 9): the rule clears every other digit from r8c4-6, which propagation alone
    /// keeps.
    #[test]
    fn a_hidden_triple_clears_its_cells() {
        let line =
            ".....................................................99.....4.3..........34...9..";
        let cells: Vec<u8> = line
            .bytes()
            .map(|c| if c == b'.' { 0 } else { c - b'0' })
            .collect();
        let mut state = State::from_givens(cells.as_slice().try_into().unwrap()).unwrap();
        let triple = [66, 67, 68];
        assert!(triple.iter().all(|&x| digits(&state, x) == 0x1ff));
        assert!(reduce(&mut state));
        for x in triple {
            assert_eq!(digits(&state, x), 1 << 2 | 1 << 3 | 1 << 8, "cell {x}");
        }
    }

    /// Two open cells of a row left with one digit between them contradict.
    #[test]
    fn fewer_digits_than_cells_contradict() {
        let mut cells = [0u8; 81];
        cells[..7].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7]);
        let mut state = State::from_givens(&cells).unwrap();
        for x in [7, 8] {
            state.remove(8, 0, 1 << x);
        }
        assert!(!reduce(&mut state));
    }
}

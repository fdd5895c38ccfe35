//! Hall's rule on the units of a classic 9×9 board: the root reduction the 9×9 engines'
//! long searches start again from ([`super::restarting`]).
//!
//! In a row, column or box, a set of `k` cells whose candidates together are `k` digits
//! holds those digits, so they go from the unit's other cells (a naked subset; a hidden
//! subset is the same rule seen from the other cells); fewer than `k` digits is a
//! contradiction. A given is a cell with one candidate, so the rule also clears its digit
//! from its peers and finds two givens that clash. Every set of cells of every unit is
//! tried, to a fixpoint; the rule only removes candidates, so the fixpoint does not
//! depend on the order.
//!
//! Propagation (singles and locked candidates) does not see this, and a search that
//! places a digit a subset excludes can wander for a long time in a region of the board
//! with no solution before its cells run out of candidates: on a board with seven
//! givens, one such placement near the root took the plain `fast` search about twenty
//! minutes, and on a board with no solution the plain `triad` search took minutes to
//! count nothing (the heavy tails of backtracking search: Gomes, Selman, Crato and
//! Kautz, "Heavy-tailed phenomena in satisfiability and constraint satisfaction
//! problems", 2000). The engines therefore run their plain search within a node budget
//! far above what any puzzle of the benchmark sets needs, and past it start again from
//! the givens reduced by this rule.

use crate::layout::Layout;

/// Every digit (bit `d` = digit `d + 1`).
const ALL: u16 = 0x1FF;

/// The candidates of every cell (bit `d` = digit `d + 1`, row-major) left by Hall's rule
/// from the givens `cells` (row-major, 0 = empty); `None` when the rule finds a
/// contradiction (givens that clash among them) or a value is out of range.
///
/// A given keeps its digit: the rule never empties a cell without finding the
/// contradiction.
pub fn reduced(cells: &[u8; 81]) -> Option<[u16; 81]> {
    let mut cands = [ALL; 81];
    for (c, &v) in cands.iter_mut().zip(cells) {
        match v {
            0 => {}
            1..=9 => *c = 1 << (v - 1),
            _ => return None,
        }
    }
    reduce(&mut cands).then_some(cands)
}

/// Applies Hall's rule to every unit of `cands` until nothing changes; `false` on a
/// contradiction.
fn reduce(cands: &mut [u16; 81]) -> bool {
    let layout = Layout::classic(9).expect("the classic 9×9 layout");
    // `union[s]`: the digits of the cells of subset `s` of a unit's cells.
    let mut union = [0u16; 1 << 9];
    loop {
        let mut changed = false;
        for unit in layout.units() {
            let cells = &unit.cells;
            for s in 1usize..union.len() {
                let low = s.trailing_zeros() as usize;
                union[s] = union[s & (s - 1)] | cands[cells[low]];
                let (size, digits) = (s.count_ones(), union[s].count_ones());
                if digits < size {
                    return false;
                }
                if digits > size || s == union.len() - 1 {
                    continue;
                }
                for (i, &x) in cells.iter().enumerate() {
                    if s >> i & 1 == 0 && cands[x] & union[s] != 0 {
                        cands[x] &= !union[s];
                        changed = true;
                    }
                }
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

    fn cells(line: &str) -> [u8; 81] {
        let digits: Vec<u8> = line
            .bytes()
            .map(|c| if c == b'.' { 0 } else { c - b'0' })
            .collect();
        digits.try_into().unwrap()
    }

    /// Seven givens leave box 8's row 8 to 3, 4 and 9 (rows 7 and 9 hold them in boxes 7
    /// and 9): the rule clears every other digit from r8c4-6, which propagation alone
    /// keeps; the givens' digits leave their peers.
    #[test]
    fn a_hidden_triple_clears_its_cells() {
        let line =
            ".....................................................99.....4.3..........34...9..";
        let cands = reduced(&cells(line)).unwrap();
        for x in [66, 67, 68] {
            assert_eq!(cands[x], 1 << 2 | 1 << 3 | 1 << 8, "cell {x}");
        }
        assert_eq!(cands[53], 1 << 8, "a given keeps its digit");
        assert_eq!(cands[45] & 1 << 8, 0, "r6c1 sees the 9 of r6c9");
    }

    /// Two open cells of a row left with one digit between them (r1c8 and r1c9: the
    /// row holds 1 to 7, and r2c7 the box's 9) contradict, and so do two givens of one
    /// digit in a box.
    #[test]
    fn fewer_digits_than_cells_contradict() {
        let mut row = [0u8; 81];
        row[..7].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7]);
        row[15] = 9;
        assert!(reduced(&row).is_none(), "r1c8 and r1c9 can only hold 8");
        let mut clash = [0u8; 81];
        clash[0] = 5;
        clash[10] = 5;
        assert!(reduced(&clash).is_none());
        assert!(reduced(&[0; 81]).is_some_and(|c| c == [ALL; 81]));
    }
}

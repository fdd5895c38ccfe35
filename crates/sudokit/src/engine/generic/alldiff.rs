//! Régin's filtering of one all-different constraint whose variables and values are
//! equally many ("A filtering algorithm for constraints of difference in CSPs", Régin
//! 1994), on bit masks of at most 64 values.
//!
//! A value stays in a variable's domain exactly when some perfect matching of variables
//! to values uses it. Given one perfect matching, an unmatched value `v` of variable `i`
//! (matched elsewhere to `j`) is in another matching exactly when `j` reaches `i` in
//! the graph with an arc `a → b` whenever `a` may take `b`'s matched value: the
//! alternating cycle `i → j →* i` then moves every value one step along. In a unit
//! (cells × digits) this removes every naked and hidden subset of every size; on one
//! digit's rows × columns it removes every fish.

use crate::candidates::Mask;

/// No variable matched to this value.
const FREE: u8 = u8::MAX;

/// Removes from `vars` every value no perfect matching uses; `false` when there is no
/// perfect matching. Each domain is a mask over values `0..64`; the domains together
/// must span exactly `vars.len()` values, at most 64.
pub(super) fn filter(vars: &mut [Mask]) -> bool {
    let k = vars.len();
    let mut owner = [FREE; 64];
    let mut matched = [0u8; 64];
    for i in 0..k {
        let mut seen = 0;
        if !augment(vars, i, &mut owner, &mut matched, &mut seen) {
            return false;
        }
    }
    let mut reach = [0 as Mask; 64];
    for i in 0..k {
        let mut others = vars[i] & !(1 << matched[i]);
        while others != 0 {
            let v = others.trailing_zeros();
            others &= others - 1;
            reach[i] |= 1 << owner[v as usize];
        }
    }
    for via in 0..k {
        let b: Mask = 1 << via;
        let through = reach[via];
        for r in reach.iter_mut().take(k) {
            if *r & b != 0 {
                *r |= through;
            }
        }
    }
    for i in 0..k {
        let mut others = vars[i] & !(1 << matched[i]);
        while others != 0 {
            let v = others.trailing_zeros();
            others &= others - 1;
            if reach[owner[v as usize] as usize] & (1 << i) == 0 {
                vars[i] &= !(1 << v);
            }
        }
    }
    true
}

/// Kuhn's augmenting path from variable `i`, values in `seen` already tried.
fn augment(
    vars: &[Mask],
    i: usize,
    owner: &mut [u8; 64],
    matched: &mut [u8; 64],
    seen: &mut Mask,
) -> bool {
    let mut free = vars[i] & !*seen;
    // A free value first: most variables are matched without a detour.
    let mut direct = free;
    while direct != 0 {
        let v = direct.trailing_zeros() as usize;
        direct &= direct - 1;
        if owner[v] == FREE {
            owner[v] = i as u8;
            matched[i] = v as u8;
            return true;
        }
    }
    while free != 0 {
        let v = free.trailing_zeros() as usize;
        free &= free - 1;
        *seen |= 1 << v;
        if augment(vars, owner[v] as usize, owner, matched, seen) {
            owner[v] = i as u8;
            matched[i] = v as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn naked_pair_leaves_the_other_cells() {
        let mut vars = [0b0011, 0b0011, 0b0111, 0b1111];
        assert!(filter(&mut vars));
        assert_eq!(vars, [0b0011, 0b0011, 0b0100, 0b1000]);
    }

    #[test]
    fn hidden_pair_keeps_only_its_digits() {
        // Values 2 and 3 fit only variables 0 and 1.
        let mut vars = [0b1111, 0b1111, 0b0011, 0b0011];
        assert!(filter(&mut vars));
        assert_eq!(vars, [0b1100, 0b1100, 0b0011, 0b0011]);
    }

    #[test]
    fn nothing_goes_without_a_subset() {
        let mut vars = [0b0011, 0b0110, 0b1100, 0b1001];
        assert!(filter(&mut vars));
        assert_eq!(vars, [0b0011, 0b0110, 0b1100, 0b1001]);
    }

    #[test]
    fn three_variables_on_two_values_fail() {
        let mut vars = [0b011, 0b011, 0b011];
        assert!(!filter(&mut vars));
    }
}

//! Subsets: naked and hidden pairs, triples and quads, in every unit of every layout
//! (rows, columns, boxes and any extra regions).
//!
//! Both searches enumerate `k` cells (or digits) of a unit with `logic::unions`, which
//! drops every combination whose first picks already span more than `k` digits (or
//! cells). On the plain 9×9 board a unit's cells come from the fixed unit table, on
//! every other board from the layout's units; the tests check that both find the same
//! steps.

use super::fast_singles::UNITS;
use super::quiet::Quiet;
use super::step::{and_list, cell_list, removal, FindOptions, Step};
use super::technique::Technique;
use super::{bits, ones, unions, Finder};
use crate::candidates::{bit, digits, Candidates, Mask};
use crate::layout::Unit;

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::NakedPair, |c, o, p| naked(c, o, p, 2)),
    (Technique::NakedTriple, |c, o, p| naked(c, o, p, 3)),
    (Technique::NakedQuad, |c, o, p| naked(c, o, p, 4)),
    (Technique::HiddenPair, |c, o, p| hidden(c, o, p, 2)),
    (Technique::HiddenTriple, |c, o, p| hidden(c, o, p, 3)),
    (Technique::HiddenQuad, |c, o, p| hidden(c, o, p, 4)),
];

fn technique(naked: bool, k: usize) -> Technique {
    match (naked, k) {
        (true, 2) => Technique::NakedPair,
        (true, 3) => Technique::NakedTriple,
        (true, _) => Technique::NakedQuad,
        (false, 2) => Technique::HiddenPair,
        (false, 3) => Technique::HiddenTriple,
        (false, _) => Technique::HiddenQuad,
    }
}

/// `k` cells of a unit whose candidates together are `k` digits: those digits leave
/// the other cells of the unit.
pub fn naked(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, k: usize) {
    let t = technique(true, k);
    let (mut open, mut masks) = ([0usize; 64], [0; 64]);
    if c.layout().is_plain_9x9() {
        return each_unit(c, t, out, |u, unit, out| {
            naked_in(
                c,
                out,
                opts,
                (t, k),
                (unit, &UNITS[u]),
                (&mut open, &mut masks),
            )
        });
    }
    each_unit(c, t, out, |_, unit, out| {
        naked_in(
            c,
            out,
            opts,
            (t, k),
            (unit, &unit.cells),
            (&mut open, &mut masks),
        )
    });
}

/// Runs `search` (given the unit's index) on every unit of `c` whose candidates `t`'s
/// finder has not met nothing on before (see `quiet`), noting what each met.
fn each_unit(
    c: &Candidates,
    t: Technique,
    out: &mut Vec<Step>,
    mut search: impl FnMut(usize, &Unit, &mut Vec<Step>),
) {
    let mut quiet = Quiet::units(t, c);
    for (u, unit) in c.layout().units().iter().enumerate() {
        quiet.look(u, out, |out| search(u, unit, out));
    }
    quiet.done();
}

/// [`naked`] subsets of technique `t` in `unit`, whose cells are `cells` (the
/// layout's list, or on the plain 9×9 board the fixed table's).
fn naked_in<C: Copy + Into<usize>>(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    (t, k): (Technique, usize),
    (unit, cells): (&Unit, &[C]),
    (open, masks): (&mut [usize; 64], &mut [Mask; 64]),
) {
    let board = c.masks();
    let mut len = 0;
    for &cl in cells {
        let cl: usize = cl.into();
        let m = board[cl];
        if (2..=k).contains(&(ones(m) as usize)) && c.value(cl) == 0 {
            open[len] = cl;
            masks[len] = m;
            len += 1;
        }
    }
    unions(&masks[..len], k, k as u32, |pick, union| {
        if ones(union) as usize != k {
            return;
        }
        let mut elims = Vec::new();
        for &cl in cells {
            let cl: usize = cl.into();
            if !pick.iter().any(|&i| open[i] == cl) {
                elims.extend(digits(board[cl] & union).map(|d| (cl, d)));
            }
        }
        if elims.is_empty() {
            return;
        }
        let cells = pick.iter().map(|&i| open[i]).collect();
        push(out, opts, t, unit, union, cells, elims);
    });
}

/// `k` digits of a unit confined to the same `k` cells: the other digits leave those
/// cells.
pub fn hidden(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, k: usize) {
    let t = technique(false, k);
    let mut scratch = ([0u64; 64], [0u64; 64], [0u8; 64]);
    if c.layout().is_plain_9x9() {
        return each_unit(c, t, out, |u, unit, out| {
            hidden_in(c, out, opts, (t, k), (unit, &UNITS[u]), &mut scratch)
        });
    }
    each_unit(c, t, out, |_, unit, out| {
        hidden_in(c, out, opts, (t, k), (unit, &unit.cells), &mut scratch)
    });
}

/// [`hidden`] subsets of technique `t` in `unit`, whose cells are `cells` (the
/// layout's list, or on the plain 9×9 board the fixed table's).
fn hidden_in<C: Copy + Into<usize>>(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    (t, k): (Technique, usize),
    (unit, cells): (&Unit, &[C]),
    (pos, places_of, cand): &mut ([u64; 64], [u64; 64], [u8; 64]),
) {
    let n = c.layout().size();
    let board = c.masks();
    // Positions (bit i = i-th cell of the unit) of each digit (index `d - 1`).
    pos[..n].fill(0);
    for (i, &cl) in cells.iter().enumerate() {
        let mut m = board[cl.into()];
        while m != 0 {
            pos[m.trailing_zeros() as usize] |= 1 << i;
            m &= m - 1;
        }
    }
    // The digits on 2 to `k` cells, and their positions.
    let mut len = 0;
    for (d, &places) in (1..).zip(&pos[..n]) {
        if (2..=k).contains(&(ones(places) as usize)) {
            cand[len] = d;
            places_of[len] = places;
            len += 1;
        }
    }
    unions(&places_of[..len], k, k as u32, |pick, places| {
        if ones(places) as usize != k {
            return;
        }
        let set: Mask = pick.iter().fold(0, |m, &i| m | bit(cand[i]));
        let at = || bits(places.into()).map(|i| cells[i].into());
        let elims: Vec<(usize, u8)> = at()
            .flat_map(|cl| digits(board[cl] & !set).map(move |d| (cl, d)))
            .collect();
        if elims.is_empty() {
            return;
        }
        push(out, opts, t, unit, set, at().collect(), elims);
    });
}

/// Records a subset step on `unit` (nothing when it eliminates nothing).
fn push(
    out: &mut Vec<Step>,
    opts: &FindOptions,
    t: Technique,
    unit: &Unit,
    set: Mask,
    cells: Vec<usize>,
    elims: Vec<(usize, u8)>,
) {
    if elims.is_empty() {
        return;
    }
    let n = unit.cells.len();
    let mut s = Step::new(t);
    s.digits = digits(set).collect();
    s.cells = cells;
    s.eliminations = elims;
    if opts.explain {
        s.explanation = format!(
            "{} on {} in {} ({}): {}",
            t.name(),
            and_list(&s.digits),
            cell_list(n, &s.cells),
            unit.name(),
            removal(n, &s.eliminations)
        );
    }
    out.push(s);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every step the searches find in each unit from the 9×9 table's cells and from
    /// the layout's, with explanations, for each size.
    fn both(c: &Candidates) -> (Vec<Step>, Vec<Step>) {
        let opts = FindOptions {
            explain: true,
            ..FindOptions::default()
        };
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        let (mut open, mut masks) = ([0usize; 64], [0; 64]);
        let mut scratch = ([0u64; 64], [0u64; 64], [0u8; 64]);
        for k in 2..=4 {
            for (u, unit) in c.layout().units().iter().enumerate() {
                let (naked, hidden) = ((technique(true, k), k), (technique(false, k), k));
                let (table, listed) = ((unit, &UNITS[u][..]), (unit, &unit.cells[..]));
                naked_in(c, &mut fast, &opts, naked, table, (&mut open, &mut masks));
                naked_in(c, &mut slow, &opts, naked, listed, (&mut open, &mut masks));
                hidden_in(c, &mut fast, &opts, hidden, table, &mut scratch);
                hidden_in(c, &mut slow, &opts, hidden, listed, &mut scratch);
            }
        }
        (fast, slow)
    }

    /// The 9×9 table's cells give what the layout's give, in order, on the states
    /// where simpler logic stops and on states that lose candidates one at a time
    /// (which make new subsets, and states with no solution).
    #[test]
    fn the_9x9_table_finds_what_the_layouts_units_do() {
        let (mut seen, mut rng) = (0, 0x9e37_79b9_7f4a_7c15u64);
        for (g, start, _) in crate::logic::basic_states(30) {
            let mut c = start;
            for round in 0..40 {
                let (fast, slow) = both(&c);
                assert!(fast == slow, "{g}, round {round}: {fast:?} != {slow:?}");
                seen += fast.len();
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let open: Vec<usize> = (0..81).filter(|&x| ones(c.mask(x)) > 1).collect();
                let Some(&x) = open.get(rng as usize % open.len().max(1)) else {
                    break;
                };
                let d = digits(c.mask(x)).nth(rng as usize >> 32 & 1).unwrap();
                c.remove(x, d);
            }
        }
        assert!(seen > 100, "{seen}");
    }
}

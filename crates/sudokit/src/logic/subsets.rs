//! Subsets: naked and hidden pairs, triples and quads, in every unit of every layout
//! (rows, columns, boxes and any extra regions).

use super::quiet::Quiet;
use super::step::{and_list, cell_list, removal, FindOptions, Step};
use super::technique::Technique;
use super::{combinations, ones, Finder};
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
    let mut open = [0usize; 64];
    each_unit(c, t, out, |unit, out| {
        naked_in(c, out, opts, (t, k), unit, &mut open)
    });
}

/// Runs `search` on every unit of `c` whose candidates `t`'s finder has not met
/// nothing on before (see `quiet`), noting what each met.
fn each_unit(
    c: &Candidates,
    t: Technique,
    out: &mut Vec<Step>,
    mut search: impl FnMut(&Unit, &mut Vec<Step>),
) {
    let mut quiet = Quiet::units(t, c);
    for (u, unit) in c.layout().units().iter().enumerate() {
        quiet.look(u, out, |out| search(unit, out));
    }
    quiet.done();
}

/// [`naked`] subsets of technique `t` in one unit.
fn naked_in(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    (t, k): (Technique, usize),
    unit: &Unit,
    open: &mut [usize; 64],
) {
    let mut len = 0;
    for &cl in &unit.cells {
        let cnt = ones(c.mask(cl)) as usize;
        if c.value(cl) == 0 && (2..=k).contains(&cnt) {
            open[len] = cl;
            len += 1;
        }
    }
    combinations(len, k, |pick| {
        let union: Mask = pick.iter().fold(0, |m, &i| m | c.mask(open[i]));
        if ones(union) as usize != k {
            return;
        }
        let inside = |cl: usize| pick.iter().any(|&i| open[i] == cl);
        let elims: Vec<(usize, u8)> = unit
            .cells
            .iter()
            .filter(|&&cl| !inside(cl))
            .flat_map(|&cl| digits(c.mask(cl) & union).map(move |d| (cl, d)))
            .collect();
        let cells = pick.iter().map(|&i| open[i]).collect();
        push(out, opts, t, unit, union, cells, elims);
    });
}

/// `k` digits of a unit confined to the same `k` cells: the other digits leave those
/// cells.
pub fn hidden(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, k: usize) {
    let t = technique(false, k);
    let (mut pos, mut cand) = ([0u64; 64], [0u8; 64]);
    each_unit(c, t, out, |unit, out| {
        hidden_in(c, out, opts, (t, k), unit, (&mut pos, &mut cand))
    });
}

/// [`hidden`] subsets of technique `t` in one unit.
fn hidden_in(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    (t, k): (Technique, usize),
    unit: &Unit,
    (pos, cand): (&mut [u64; 64], &mut [u8; 64]),
) {
    let n = c.layout().size();
    // Positions (bit i = i-th cell of the unit) of each digit.
    pos[..n].fill(0);
    for (i, &cl) in unit.cells.iter().enumerate() {
        for d in digits(c.mask(cl)) {
            pos[d as usize - 1] |= 1 << i;
        }
    }
    let mut len = 0;
    for d in 1..=n as u8 {
        let cnt = ones(pos[d as usize - 1]) as usize;
        if (2..=k).contains(&cnt) {
            cand[len] = d;
            len += 1;
        }
    }
    combinations(len, k, |pick| {
        let places: u64 = pick.iter().fold(0, |m, &i| m | pos[cand[i] as usize - 1]);
        if ones(places) as usize != k {
            return;
        }
        let set: Mask = pick.iter().fold(0, |m, &i| m | bit(cand[i]));
        let cells: Vec<usize> = (0..unit.cells.len())
            .filter(|i| places & (1 << i) != 0)
            .map(|i| unit.cells[i])
            .collect();
        let elims: Vec<(usize, u8)> = cells
            .iter()
            .flat_map(|&cl| digits(c.mask(cl) & !set).map(move |d| (cl, d)))
            .collect();
        push(out, opts, t, unit, set, cells, elims);
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

//! Single-digit patterns: skyscraper, 2-string kite, turbot fish and empty rectangle,
//! as HoDoKu defines them. Each joins strong links on one digit (a unit where the digit
//! has only two places) so that one of two cells must hold the digit; a candidate that
//! sees both goes. They work on every layout with rows, columns and boxes.
//!
//! - Skyscraper: strong links in two parallel lines, one end of each in a common
//!   cross line (the base); the other ends are not in one cross line (that is an
//!   X-Wing).
//! - 2-string kite: a strong link in a row and one in a column with an end of each in
//!   one box; the candidate where the far ends' row and column cross goes.
//! - Turbot fish: any two strong links whose ends see each other (the 4-link X-chain).
//! - Empty rectangle: a box whose candidates lie in one row and one column of it,
//!   with both arms used (two cells, one per arm, are enough), and a strong link in a
//!   line from an arm outside the box.

use super::links::{
    by_digit, has_peers9, peers9, push_new, seeing_all, sees, strong_links_of, Link,
};
use super::quiet::Quiet;
use super::step::{cell, removal, FindOptions, Step};
use super::technique::Technique;
use super::{ones, Finder};
use crate::candidates::Candidates;
use crate::layout::UnitKind;

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::Skyscraper, skyscraper),
    (Technique::TwoStringKite, two_string_kite),
    (Technique::TurbotFish, turbot_fish),
    (Technique::EmptyRectangle, empty_rectangle),
    (Technique::DualTwoStringKite, dual_two_string_kite),
    (Technique::DualEmptyRectangle, dual_empty_rectangle),
];

const LINES: [UnitKind; 2] = [UnitKind::Row, UnitKind::Column];
const ALL: [UnitKind; 3] = [UnitKind::Row, UnitKind::Column, UnitKind::Box];

/// Two strong links in parallel lines joined by a cross line at one end each.
pub fn skyscraper(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let l = c.layout();
    let n = l.size();
    let mut quiet = Quiet::digits(Technique::Skyscraper, c);
    let wanted = quiet.wanted();
    let start = out.len();
    let mut all = Vec::new();
    for kind in LINES {
        strong_links_of(c, &[kind], wanted, &mut all);
        for (d, links) in by_digit(&all) {
            quiet.look(usize::from(d), out, |out| {
                // The cross line of a cell: its column for row links, its row otherwise.
                let cross = |cl: usize| {
                    if kind == UnitKind::Row {
                        l.col(cl)
                    } else {
                        l.row(cl)
                    }
                };
                for (i, p) in links.iter().enumerate() {
                    for q in &links[i + 1..] {
                        for (fp, fq) in [(false, false), (false, true), (true, false), (true, true)] {
                            let (base_p, free_p) = p.ends(fp);
                            let (base_q, free_q) = q.ends(fq);
                            if cross(base_p) != cross(base_q) || cross(free_p) == cross(free_q) {
                                continue;
                            }
                            let elims = seeing_all(c, d, &[free_p, free_q], &[]);
                            if elims.is_empty() {
                                continue;
                            }
                            let mut s = Step::new(Technique::Skyscraper);
                            s.digits.push(d);
                            s.cells = vec![free_p, free_q, base_p, base_q];
                            s.eliminations = elims;
                            if opts.explain {
                                let (lines, base) = if kind == UnitKind::Row {
                                    ("rows", "column")
                                } else {
                                    ("columns", "row")
                                };
                                let (a, b) = (l.units()[p.unit].index, l.units()[q.unit].index);
                                s.explanation = format!(
                                    "Skyscraper on {d} in {lines} {} and {} ({}, {} connected by the base in {base} {}): {}",
                                    a.min(b) + 1,
                                    a.max(b) + 1,
                                    cell(n, free_p.min(free_q)),
                                    cell(n, free_p.max(free_q)),
                                    cross(base_p) + 1,
                                    removal(n, &s.eliminations)
                                );
                            }
                            push_new(out, start, s);
                        }
                    }
                }
            });
        }
    }
    quiet.done();
}

/// A strong link in a row and one in a column, joined in a box.
pub fn two_string_kite(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let l = c.layout();
    let n = l.size();
    let mut quiet = Quiet::digits(Technique::TwoStringKite, c);
    let start = out.len();
    let mut all = Vec::new();
    strong_links_of(c, &LINES, quiet.wanted(), &mut all);
    for (d, links) in by_digit(&all) {
        quiet.look(usize::from(d), out, |out| {
            let is_row = |k: &&Link| l.units()[k.unit].kind == UnitKind::Row;
            for r in links.iter().filter(is_row) {
                for k in links.iter().filter(|k| !is_row(k)) {
                    for (fr, fk) in [(false, false), (false, true), (true, false), (true, true)] {
                        let (box_r, free_r) = r.ends(fr);
                        let (box_k, free_k) = k.ends(fk);
                        if l.box_of(box_r) != l.box_of(box_k)
                            || [box_r, free_r].contains(&box_k)
                            || [box_r, free_r].contains(&free_k)
                        {
                            continue;
                        }
                        let target = l.row(free_k) * n + l.col(free_r);
                        if !c.has(target, d) {
                            continue;
                        }
                        let mut s = Step::new(Technique::TwoStringKite);
                        s.digits.push(d);
                        s.cells = vec![free_r, free_k, box_r, box_k];
                        s.eliminations.push((target, d));
                        if opts.explain {
                            s.explanation = format!(
                                "2-String Kite on {d} (row {} {}={}, column {} {}={}, joined in box {}): {}",
                                l.row(box_r) + 1,
                                cell(n, free_r),
                                cell(n, box_r),
                                l.col(box_k) + 1,
                                cell(n, box_k),
                                cell(n, free_k),
                                l.box_of(box_r) + 1,
                                removal(n, &s.eliminations)
                            );
                        }
                        push_new(out, start, s);
                    }
                }
            }
        });
    }
    quiet.done();
}

/// Two strong links whose inner ends see each other: one of the outer ends holds the
/// digit.
pub fn turbot_fish(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let l = c.layout();
    let n = l.size();
    let mut quiet = Quiet::digits(Technique::TurbotFish, c);
    let nine = has_peers9(l);
    let start = out.len();
    let mut all = Vec::new();
    strong_links_of(c, &ALL, quiet.wanted(), &mut all);
    for (d, links) in by_digit(&all) {
        quiet.look(usize::from(d), out, |out| {
            for (i, p) in links.iter().enumerate() {
                // On the 9×9 board, the cells an end of `p` sees: a link with no end
                // among them makes no turbot with `p`.
                let p_sees = if nine { peers9(p.a) | peers9(p.b) } else { 0 };
                for q in &links[i + 1..] {
                    if nine && (p_sees >> q.a | p_sees >> q.b) & 1 == 0 {
                        continue;
                    }
                    for (fp, fq) in [(false, false), (false, true), (true, false), (true, true)] {
                        let (outer_p, inner_p) = p.ends(fp);
                        let (inner_q, outer_q) = q.ends(fq);
                        let four = [outer_p, inner_p, inner_q, outer_q];
                        if (1..4).any(|j| four[..j].contains(&four[j]))
                            || !sees(l, inner_p, inner_q)
                        {
                            continue;
                        }
                        let elims = seeing_all(c, d, &[outer_p, outer_q], &four);
                        if elims.is_empty() {
                            continue;
                        }
                        let mut s = Step::new(Technique::TurbotFish);
                        s.digits.push(d);
                        s.cells = four.to_vec();
                        s.eliminations = elims;
                        if opts.explain {
                            s.explanation = format!(
                                "Turbot Fish on {d} ({}={}-{}={}): {}",
                                cell(n, outer_p),
                                cell(n, inner_p),
                                cell(n, inner_q),
                                cell(n, outer_q),
                                removal(n, &s.eliminations)
                            );
                        }
                        push_new(out, start, s);
                    }
                }
            }
        });
    }
    quiet.done();
}

/// A box whose candidates form a cross (one row and one column of it) and a strong
/// link from one arm of the cross: the cell where the link's far end meets the other
/// arm's line loses the digit.
pub fn empty_rectangle(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let l = c.layout();
    let n = l.size();
    let (br, bc) = (l.box_rows(), l.box_cols());
    let mut quiet = Quiet::digits(Technique::EmptyRectangle, c);
    let start = out.len();
    let bit = |i: usize| 1u64 << i;
    let mut found: Vec<(usize, usize, usize)> = Vec::new();
    for d in 1..=n as u8 {
        quiet.look(usize::from(d), out, |out| {
            // Per row the columns holding d, per column the rows.
            let (mut rows, mut cols) = ([0u64; 64], [0u64; 64]);
            for x in (0..n * n).filter(|&x| c.has(x, d)) {
                rows[x / n] |= bit(x % n);
                cols[x % n] |= bit(x / n);
            }
            for bx in l.units().iter().filter(|u| u.kind == UnitKind::Box) {
                let (top, left) = (l.row(bx.cells[0]), l.col(bx.cells[0]));
                let band = ((1u64 << br) - 1) << top;
                let stack = ((1u64 << bc) - 1) << left;
                for er_row in top..top + br {
                    for er_col in left..left + bc {
                        // Every candidate of the box in the cross, and both arms used.
                        let off_cross =
                            (top..top + br).any(|r| r != er_row && rows[r] & stack & !bit(er_col) != 0);
                        let row_arm = rows[er_row] & stack & !bit(er_col) != 0;
                        let col_arm = cols[er_col] & band & !bit(er_row) != 0;
                        if off_cross || !row_arm || !col_arm {
                            continue;
                        }
                        // A strong link leaves an arm's line outside the box across; its
                        // far end's line meets the other arm's line at the target.
                        found.clear();
                        for k in bits(rows[er_row] & !stack) {
                            if ones(cols[k]) == 2 {
                                let far_row = (cols[k] & !bit(er_row)).trailing_zeros() as usize;
                                if band & bit(far_row) == 0 && rows[far_row] & bit(er_col) != 0 {
                                    found.push((er_row * n + k, far_row * n + k, far_row * n + er_col));
                                }
                            }
                        }
                        for r in bits(cols[er_col] & !band) {
                            if ones(rows[r]) == 2 {
                                let far_col = (rows[r] & !bit(er_col)).trailing_zeros() as usize;
                                if stack & bit(far_col) == 0 && cols[far_col] & bit(er_row) != 0 {
                                    found.push((r * n + er_col, r * n + far_col, er_row * n + far_col));
                                }
                            }
                        }
                        for &(near, far, target) in &found {
                            let mut s = Step::new(Technique::EmptyRectangle);
                            s.digits.push(d);
                            s.cells = vec![near, far];
                            s.cells.extend(bx.cells.iter().filter(|&&x| c.has(x, d)));
                            s.eliminations.push((target, d));
                            if opts.explain {
                                s.explanation = format!(
                                    "Empty Rectangle on {d} in box {} (row {}, column {}) with the strong link {}={}: {}",
                                    bx.index + 1,
                                    er_row + 1,
                                    er_col + 1,
                                    cell(n, near),
                                    cell(n, far),
                                    removal(n, &s.eliminations)
                                );
                            }
                            push_new(out, start, s);
                        }
                    }
                }
            }
        });
    }
    quiet.done();
}

/// Two 2-string kites on one digit joined in the same two box cells.
pub fn dual_two_string_kite(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    // A kite's cells are [free in row, free in column, box end in row, box end in
    // column]: the two kites use the same box cells. As in HoDoKu, the two may be on
    // different digits (each kite stands on its own).
    dual(
        c,
        out,
        opts,
        Technique::DualTwoStringKite,
        two_string_kite,
        |a, b| {
            let (x, y) = (&a.cells[2..4], &b.cells[2..4]);
            x == y || (x[0] == y[1] && x[1] == y[0])
        },
    );
}

/// Two empty rectangles on one digit in the same box.
pub fn dual_empty_rectangle(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    // An empty rectangle's cells are the strong link, then the box's candidates.
    dual(
        c,
        out,
        opts,
        Technique::DualEmptyRectangle,
        empty_rectangle,
        |a, b| a.digits == b.digits && a.cells[2..] == b.cells[2..] && a.cells[..2] != b.cells[..2],
    );
}

/// Pairs of steps of `single` that `pair` accepts, as one step of `t` with the
/// eliminations of both.
fn dual(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    t: Technique,
    single: Finder,
    pair: impl Fn(&Step, &Step) -> bool,
) {
    let n = c.layout().size();
    let mut singles = Vec::new();
    single(
        c,
        &mut singles,
        &FindOptions {
            explain: false,
            ..FindOptions::default()
        },
    );
    let start = out.len();
    for (i, a) in singles.iter().enumerate() {
        for b in &singles[i + 1..] {
            if a.eliminations == b.eliminations || !pair(a, b) {
                continue;
            }
            let mut s = Step::new(t);
            s.digits = a.digits.iter().chain(&b.digits).copied().collect();
            s.digits.sort_unstable();
            s.digits.dedup();
            s.cells = a.cells.clone();
            s.cells
                .extend(b.cells.iter().filter(|x| !a.cells.contains(x)));
            s.eliminations = a
                .eliminations
                .iter()
                .chain(&b.eliminations)
                .copied()
                .collect();
            s.eliminations.sort_unstable();
            s.eliminations.dedup();
            if opts.explain {
                s.explanation = format!(
                    "{} on {} (cells {}): {}",
                    t.name(),
                    super::step::and_list(&s.digits),
                    super::step::cell_list(n, &s.cells),
                    removal(n, &s.eliminations)
                );
            }
            push_new(out, start, s);
        }
    }
}

/// The set bits of a mask, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

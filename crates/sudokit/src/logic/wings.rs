//! Wings: XY-Wing, XYZ-Wing and W-Wing, as HoDoKu defines them. Each finds two cells
//! one of which must hold a digit `z`, so a candidate `z` that sees both (and, for the
//! XYZ-Wing, the pivot too) goes. They work on every layout with rows, columns and
//! boxes.
//!
//! - XY-Wing: a pivot `xy` seeing two pincers `xz` and `yz`.
//! - XYZ-Wing: a pivot `xyz` seeing two pincers `xz` and `yz`; `z` may be in the pivot,
//!   so the candidates that go see all three cells.
//! - W-Wing: two cells `xy` that do not see each other, joined by a strong link on `x`
//!   (a unit where `x` has only two places, each seeing one of the cells): one of the
//!   two cells is `y`.

use super::links::{push_new, seeing_all, sees, strong_links, Link};
use super::step::{cell, removal, FindOptions, Step};
use super::technique::Technique;
use super::{ones, Finder};
use crate::candidates::{bit, digits, Candidates, Mask};
use crate::layout::UnitKind;

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::XyWing, |c, o, p| xy_wing(c, o, p, false)),
    (Technique::XyzWing, |c, o, p| xy_wing(c, o, p, true)),
    (Technique::WWing, w_wing),
];

/// The open cells with exactly `k` candidates.
fn cells_with(c: &Candidates, k: u32) -> Vec<usize> {
    (0..c.layout().cell_count())
        .filter(|&cl| c.value(cl) == 0 && ones(c.mask(cl)) == k)
        .collect()
}

/// XY-Wing (pivot with two candidates) or, with `xyz`, XYZ-Wing (pivot with three).
pub fn xy_wing(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, xyz: bool) {
    let l = c.layout();
    let n = l.size();
    let t = if xyz {
        Technique::XyzWing
    } else {
        Technique::XyWing
    };
    let start = out.len();
    let pairs = cells_with(c, 2);
    let pivots = if xyz { cells_with(c, 3) } else { pairs.clone() };
    for &pivot in &pivots {
        let pm = c.mask(pivot);
        // Pincers: bivalue cells seeing the pivot, sharing exactly one digit with it
        // (XY) or holding two of its three digits (XYZ).
        let pincers: Vec<usize> = pairs
            .iter()
            .copied()
            .filter(|&p| {
                let common = ones(c.mask(p) & pm);
                sees(l, pivot, p) && if xyz { common == 2 } else { common == 1 }
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (c.mask(a), c.mask(b));
                let z: Mask = ma & mb;
                let ok = if xyz {
                    // xz and yz: the union is the pivot's three digits, z shared.
                    ma != mb && ma | mb == pm && ones(z) == 1
                } else {
                    // xz and yz with x, y the pivot's digits, z outside the pivot.
                    ones(z) == 1 && z & pm == 0 && (ma | mb) & pm == pm
                };
                if !ok {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let elims = if xyz {
                    seeing_all(c, zd, &[pivot, a, b], &[])
                } else {
                    seeing_all(c, zd, &[a, b], &[pivot])
                };
                if elims.is_empty() {
                    continue;
                }
                let mut s = Step::new(t);
                s.digits = digits(pm | z).collect();
                s.cells = vec![pivot, a, b];
                s.eliminations = elims;
                if opts.explain {
                    s.explanation = format!(
                        "{} on {} (pivot {}, pincers {} and {}): {}",
                        t.name(),
                        zd,
                        cell(n, pivot),
                        cell(n, a),
                        cell(n, b),
                        removal(n, &s.eliminations)
                    );
                }
                push_new(out, start, s);
            }
        }
    }
}

/// Two equal bivalue cells joined by a strong link on one of their digits.
pub fn w_wing(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let l = c.layout();
    let n = l.size();
    let start = out.len();
    let pairs = cells_with(c, 2);
    let mut links: Vec<Link> = Vec::new();
    strong_links(
        c,
        &[UnitKind::Row, UnitKind::Column, UnitKind::Box],
        &mut links,
    );
    for (i, &a) in pairs.iter().enumerate() {
        for &b in &pairs[i + 1..] {
            let m = c.mask(a);
            if c.mask(b) != m || sees(l, a, b) {
                continue;
            }
            for x in digits(m) {
                let y = digits(m & !bit(x)).next().unwrap_or(x);
                // What a W-Wing of `a` and `b` on `x` removes does not depend on its link.
                let elims = seeing_all(c, y, &[a, b], &[]);
                if elims.is_empty() {
                    continue;
                }
                for link in links.iter().filter(|k| k.d == x) {
                    for flip in [false, true] {
                        let (pa, pb) = link.ends(flip);
                        if [pa, pb].iter().any(|e| *e == a || *e == b)
                            || !sees(l, pa, a)
                            || !sees(l, pb, b)
                        {
                            continue;
                        }
                        let mut s = Step::new(Technique::WWing);
                        s.digits = vec![x.min(y), x.max(y)];
                        s.cells = vec![a, b, pa, pb];
                        s.eliminations = elims.clone();
                        if opts.explain {
                            s.explanation = format!(
                                "W-Wing on {x} and {y} ({} and {} joined by the strong link {}={} on {x}): {}",
                                cell(n, a),
                                cell(n, b),
                                cell(n, pa),
                                cell(n, pb),
                                removal(n, &s.eliminations)
                            );
                        }
                        push_new(out, start, s);
                    }
                }
            }
        }
    }
}

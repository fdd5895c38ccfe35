//! Sue de Coq, as HoDoKu defines it (with its extensions).
//!
//! Take two or three open cells `C` where a box meets a row or a column, holding the
//! digits `V`, with `|V| ≥ |C| + 2`. Add cells `L` of the line (outside `C`) and cells
//! `B` of the box (outside `C` and `L`), with digits `VL` and `VB`, such that no digit
//! of `V` is in both `VL` and `VB`, each set holds some digit of `V`, and the cells
//! are as many as the digits they can hold: `|C| + |L| + |B| = |V| + |VL \ V| + |VB \ V|`
//! (a digit outside `V` is an "extra" digit of its set; one extra in both sets counts
//! twice). Then every digit takes its every possible place: a digit of `V ∪ VL` not in
//! `VB` sits in the line's part, a digit of `V ∪ VB` not in `VL` in the box's part, and
//! an extra digit of both sets once in each. So
//! - `(V ∪ VL) \ VB`, and the extras of both sets, go from the rest of the line;
//! - `(V ∪ VB) \ VL`, and the extras of both sets, go from the rest of the box.
//!
//! The rest of the line is its open cells outside `C` and `L`; the rest of the box its
//! open cells outside `C` and `B` (cells of the intersection outside `C` can be in `L`
//! or `B`).
//!
//! Source: HoDoKu's documentation of Sue de Coq (after the Sudoku Players' Forum) and
//! its regression library (code 1101).

use std::borrow::Cow;
use std::fmt::Write;
use std::sync::OnceLock;

use super::als::compact;
use super::links::push_new;
use super::ones;
use super::quiet::Quiet;
use super::step::{not_list, FindOptions, Step};
use super::technique::Technique;
use super::Finder;
use crate::candidates::{digits, Candidates, Mask};
use crate::layout::UnitKind;

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[(Technique::SueDeCoq, sue_de_coq)];

/// The cells of `list` picked by the bits of `sub`, and their digits together.
fn pick(c: &Candidates, list: &[usize], sub: u32) -> (Vec<usize>, Mask) {
    let cells: Vec<usize> = list
        .iter()
        .enumerate()
        .filter(|&(k, _)| sub >> k & 1 != 0)
        .map(|(_, &x)| x)
        .collect();
    let mask = cells.iter().fold(0, |m, &x| m | c.mask(x));
    (cells, mask)
}

/// The candidates of every subset of `list`, written into `masks`: entry `sub` for
/// the cells of the bits of `sub`, each built from a smaller one.
fn subset_masks(c: &Candidates, list: &[usize], masks: &mut Vec<Mask>) {
    masks.clear();
    masks.resize(1 << list.len(), 0);
    for sub in 1usize..masks.len() {
        let low = sub.trailing_zeros() as usize;
        masks[sub] = masks[sub & (sub - 1)] | c.mask(list[low]);
    }
}

/// The room [`Pattern::search`] works in, made once per search and reused by every
/// pattern.
#[derive(Default)]
struct Room {
    line_src: Vec<usize>,
    box_src: Vec<usize>,
    line_masks: Vec<Mask>,
    box_masks: Vec<Mask>,
    in_box: Vec<u32>,
    box_by_count: Vec<Vec<u32>>,
    fits: Vec<u32>,
}

/// The largest digit of `V` for which [`Pattern::search`] tables which box parts may
/// complete a line part (a table indexed by masks of `V`, up to `2^SCREENED` entries).
const SCREENED: u32 = 12;

/// The subsets of `v` (as masks), `v` itself first and the empty set last.
fn submasks(v: Mask) -> impl Iterator<Item = Mask> {
    let mut next = Some(v);
    std::iter::from_fn(move || {
        let w = next?;
        next = (w != 0).then(|| (w - 1) & v);
        Some(w)
    })
}

/// `{1236}`.
fn digit_set(m: Mask) -> String {
    let mut s = String::from("{");
    for d in digits(m) {
        let _ = write!(s, "{d}");
    }
    s.push('}');
    s
}

/// Every Sue de Coq of `c`.
pub fn sue_de_coq(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    search(c, out, opts, false);
}

/// The first Sue de Coq HoDoKu's search meets: rows, then columns, each with the
/// boxes in order; the intersection's cells, then the line's, then the box's, each
/// set of cells tried in HoDoKu's order (a set before the sets it starts: `{1}`,
/// `{1,2}`, `{1,2,3}`, `{1,3}`, …).
pub(crate) fn sue_de_coq_first(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    search(c, out, opts, true);
}

/// The subsets of `len` items as bit sets: with `first`, in HoDoKu's order (see
/// [`sue_de_coq_first`]), else counting up. Those of up to [`LISTED`] items are
/// listed once per process.
fn subsets(len: usize, first: bool) -> Cow<'static, [u32]> {
    static ALL: OnceLock<Vec<Vec<u32>>> = OnceLock::new();
    if len > LISTED {
        return Cow::Owned(list_subsets(len, first));
    }
    let all = ALL.get_or_init(|| {
        (0..=LISTED)
            .flat_map(|len| [list_subsets(len, false), list_subsets(len, true)])
            .collect()
    });
    Cow::Borrowed(&all[2 * len + usize::from(first)])
}

/// The most items whose subsets [`subsets`] keeps listed: a 9×9 unit's cells.
const LISTED: usize = 9;

/// [`subsets`], listed.
fn list_subsets(len: usize, first: bool) -> Vec<u32> {
    if !first {
        return (1u32..1 << len).collect();
    }
    let mut out = Vec::with_capacity((1 << len) - 1);
    // Depth first: each set, then the sets that add a later item to it. The stack
    // never holds more than `len (len + 1) / 2` of them.
    let mut stack: Vec<(u32, usize)> = Vec::with_capacity(len * (len + 1) / 2);
    stack.extend((0..len).rev().map(|k| (1 << k, k)));
    while let Some((set, last)) = stack.pop() {
        out.push(set);
        stack.extend((last + 1..len).rev().map(|k| (set | 1 << k, k)));
    }
    out
}

/// Every Sue de Coq of `c`, or with `first` the first in HoDoKu's order.
fn search(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, first: bool) {
    let l = c.layout();
    let n = l.size();
    let units = l.units();
    let open = |cells: &[usize]| -> Vec<usize> {
        cells.iter().copied().filter(|&x| c.value(x) == 0).collect()
    };
    let mut found: Vec<Step> = Vec::new();
    let mut room = Room::default();
    // What is found where a line and a box cross depends on their candidates alone.
    let mut quiet = Quiet::crossings(Technique::SueDeCoq, c);
    // Each box with its open cells, gathered once for every line.
    let boxes: Vec<_> = units
        .iter()
        .filter(|u| u.kind == UnitKind::Box)
        .map(|bx| (bx, open(&bx.cells)))
        .collect();
    for line in units
        .iter()
        .filter(|u| matches!(u.kind, UnitKind::Row | UnitKind::Column))
    {
        let line_open = open(&line.cells);
        let line_at = line.index + if line.kind == UnitKind::Row { 0 } else { n };
        for (bx, box_open) in &boxes {
            let inter: Vec<usize> = line_open
                .iter()
                .copied()
                .filter(|x| box_open.contains(x))
                .collect();
            if inter.len() < 2 {
                continue;
            }
            quiet.look(Quiet::crossing(line_at, bx.index), &mut found, |found| {
                for &sub in subsets(inter.len(), first).iter() {
                    let k = sub.count_ones();
                    if !(2..=3).contains(&k) {
                        continue;
                    }
                    let (cs, v) = pick(c, &inter, sub);
                    let n_plus = v.count_ones() as i32 - k as i32;
                    if n_plus < 2 {
                        continue;
                    }
                    let ctx = Pattern {
                        c,
                        line_open: &line_open,
                        box_open,
                        cs: &cs,
                        v,
                        n_plus,
                        n,
                    };
                    ctx.search(opts, found, first, &mut room);
                    if first && !found.is_empty() {
                        return;
                    }
                }
            });
            if first && !found.is_empty() {
                quiet.done();
                out.append(&mut found);
                return;
            }
        }
    }
    quiet.done();
    found.sort_by_key(|s| usize::MAX - s.eliminations.len());
    let start = out.len();
    for s in found {
        push_new(out, start, s);
    }
}

/// One choice of intersection cells and what the line and box parts are chosen from.
struct Pattern<'a> {
    c: &'a Candidates,
    line_open: &'a [usize],
    box_open: &'a [usize],
    cs: &'a [usize],
    v: Mask,
    n_plus: i32,
    n: usize,
}

impl Pattern<'_> {
    /// Tries every line part, then every box part that completes it; with `first`,
    /// in HoDoKu's order, up to the first step.
    fn search(&self, opts: &FindOptions, found: &mut Vec<Step>, first: bool, room: &mut Room) {
        let c = self.c;
        let v = self.v;
        // The line's and the box's cells outside the pattern; those in both (the rest
        // of the intersection) are left out of a box subset whose line subset holds them.
        let outside = |cells: &[usize], out: &mut Vec<usize>| {
            out.clear();
            out.extend(cells.iter().filter(|x| !self.cs.contains(x)));
        };
        outside(self.line_open, &mut room.line_src);
        outside(self.box_open, &mut room.box_src);
        let Room {
            line_src,
            box_src,
            line_masks,
            box_masks,
            in_box,
            box_by_count,
            fits,
        } = room;
        subset_masks(c, line_src, line_masks);
        subset_masks(c, box_src, box_masks);
        let (all_line, all_box) = ((1u32 << line_src.len()) - 1, (1u32 << box_src.len()) - 1);
        // Each line cell's bit among the box's cells (none outside the box).
        in_box.clear();
        in_box.extend(
            line_src
                .iter()
                .map(|x| box_src.iter().position(|y| y == x).map_or(0, |k| 1 << k)),
        );
        // The box parts holding a digit of `V`, in the order they are tried, by the
        // cells they take for `V` (their cells less their extra digits): a line part
        // needs the box parts of one such count.
        let counts = self.n_plus.max(0) as usize;
        if box_by_count.len() < counts {
            box_by_count.resize(counts, Vec::new());
        }
        box_by_count.iter_mut().for_each(Vec::clear);
        // A line part whose digits of `V` leave `w` to the box needs a box part of
        // its count whose digits of `V` are within `w`: bit `count` of `fits[w]` (for
        // each subset `w` of `V`) tells whether there is one. Most line parts have
        // none, and are passed over without a look at the box parts.
        let screen = v >> SCREENED == 0;
        if screen {
            fits.resize(fits.len().max(v as usize + 1), 0);
            submasks(v).for_each(|w| fits[w as usize] = 0);
        }
        for &bs in subsets(box_src.len(), first).iter() {
            let vb = box_masks[bs as usize];
            let count = ones(u64::from(bs)) as i32 - ones(vb & !v) as i32;
            if vb & v != 0 && 0 < count && count < self.n_plus {
                box_by_count[count as usize].push(bs);
                if screen {
                    fits[(vb & v) as usize] |= 1 << count;
                }
            }
        }
        if box_by_count.iter().all(Vec::is_empty) {
            return;
        }
        if screen {
            for b in digits(v).map(|d| 1 << (d - 1)) {
                for w in submasks(v).filter(|w| w & b != 0) {
                    fits[w as usize] |= fits[(w ^ b) as usize];
                }
            }
        }
        for &ls in subsets(line_src.len(), first).iter() {
            let vl = line_masks[ls as usize];
            let extra_l = ones(vl & !v) as i32;
            let used = ones(u64::from(ls)) as i32 - extra_l;
            if vl & v == 0 || used <= 0 || used >= self.n_plus {
                continue;
            }
            let need = self.n_plus - used;
            if screen && fits[(v & !vl) as usize] >> need & 1 == 0 {
                continue;
            }
            let taken = (0..line_src.len())
                .filter(|k| ls >> k & 1 != 0)
                .fold(0, |m, k| m | in_box[k]);
            let mut lc: Option<Vec<usize>> = None;
            for &bs in box_by_count[need as usize]
                .iter()
                .filter(|&&bs| bs & taken == 0)
            {
                let vb = box_masks[bs as usize];
                if vb & vl & v != 0 {
                    continue;
                }
                let both = vb & vl;
                let line_gone = ((v | vl) & !vb) | both;
                let box_gone = ((v | vb) & !vl) | both;
                // What the rest of the line and of the box hold (the cells outside
                // the pattern, its line part and its box part): most sets remove
                // nothing.
                if line_masks[(all_line & !ls) as usize] & line_gone == 0
                    && box_masks[(all_box & !bs) as usize] & box_gone == 0
                {
                    continue;
                }
                let lc = lc.get_or_insert_with(|| pick(c, line_src, ls).0);
                let (bc, _) = pick(c, box_src, bs);
                let mut elims = Vec::new();
                let mut remove = |cells: &[usize], skip: &[usize], gone: Mask| {
                    for &x in cells
                        .iter()
                        .filter(|x| !self.cs.contains(x) && !skip.contains(x))
                    {
                        elims.extend(digits(c.mask(x) & gone).map(|d| (x, d)));
                    }
                };
                remove(self.line_open, lc, line_gone);
                remove(self.box_open, &bc, box_gone);
                elims.sort_unstable();
                elims.dedup();
                if elims.is_empty() {
                    continue;
                }
                found.push(self.step(elims, lc, vl, &bc, vb, opts));
                if first {
                    return;
                }
            }
        }
    }

    /// The step of one pattern.
    fn step(
        &self,
        elims: Vec<(usize, u8)>,
        lc: &[usize],
        vl: Mask,
        bc: &[usize],
        vb: Mask,
        opts: &FindOptions,
    ) -> Step {
        let mut s = Step::new(Technique::SueDeCoq);
        s.cells = self.cs.iter().chain(lc).chain(bc).copied().collect();
        s.cells.sort_unstable();
        s.digits = digits(self.v | vl | vb).collect();
        if opts.explain {
            let n = self.n;
            let e = not_list(n, &elims);
            s.explanation = format!(
                "Sue de Coq: {} {} (line {} {}, box {} {}) => {e}",
                compact(n, self.cs),
                digit_set(self.v),
                compact(n, lc),
                digit_set(vl),
                compact(n, bc),
                digit_set(vb),
            );
        }
        s.eliminations = elims;
        s
    }
}

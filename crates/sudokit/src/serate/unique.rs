//! Unique rectangles and loops (types 1 to 4) and the bivalue universal grave (types 1
//! to 4), as Sudoku Explainer 1.2.1 finds them (without the later fixes to its loop
//! search and its BUG test, whose results `serate` reproduces only with them off).
//!
//! A loop is grown from every bivalue cell through cells holding both values, changing
//! region type at each step, with at most two cells holding more; values outside the
//! pair met on the way accumulate across sibling branches, as in SE. The loop's hints
//! are sorted by rating, then type, and the first is applied. BUG cells are the single
//! cells with three or more candidates that break a region's pairs.

use super::basic::{Found, Sink};
use super::board::{bits, combinations, Board, CELL_REGION, PEERS, REGIONS, REGION_CELLS};
use super::{hash_order, Hint};

fn peers_mask(cell: usize) -> u128 {
    PEERS[cell].iter().fold(0u128, |m, &p| m | (1u128 << p))
}

fn cells_of(mask: u128) -> impl Iterator<Item = usize> {
    (0..81).filter(move |&c| mask & (1u128 << c) != 0)
}

/// Grows loops from `loop_`'s last cell (SE's search before the later fix): `inside`
/// holds the loop's cells, `holders` the cells that hold both values of the pair.
#[allow(clippy::too_many_arguments)]
fn grow(
    b: &Board,
    (both, holders): (u16, u128),
    loop_: &mut Vec<u8>,
    inside: u128,
    allowed: i32,
    ex: u16,
    last: i32,
    out: &mut Vec<Vec<u8>>,
) {
    let cell = *loop_.last().expect("a loop has a cell") as usize;
    let mut ex = ex;
    for t in 0..3usize {
        if t as i32 == last {
            continue;
        }
        let r = CELL_REGION[cell][t] as usize;
        // Cells without both values are passed over (the first cell has both).
        for next in bits(REGION_CELLS[t][r] & holders) {
            if loop_[0] == next && loop_.len() >= 4 {
                out.push(loop_.clone());
            } else if inside & (1 << next) == 0 {
                let pots = b.cands[next as usize];
                ex = (ex | pots) & !both;
                let card = pots.count_ones();
                if card == 2 || ex.count_ones() == 1 || allowed > 0 {
                    let na = if card > 2 { allowed - 1 } else { allowed };
                    loop_.push(next);
                    let inside = inside | 1 << next;
                    grow(b, (both, holders), loop_, inside, na, ex, t as i32, out);
                    loop_.pop();
                }
            }
        }
    }
}

fn valid_loop(loop_: &[u8]) -> bool {
    let mut odd: Vec<(usize, u8)> = Vec::new();
    let mut even: Vec<(usize, u8)> = Vec::new();
    let mut is_odd = false;
    for &c in loop_ {
        for t in 0..3usize {
            let r = (t, CELL_REGION[c as usize][t]);
            let set = if is_odd { &mut odd } else { &mut even };
            if set.contains(&r) {
                return false;
            }
            set.push(r);
        }
        is_odd = !is_odd;
    }
    odd.sort_unstable();
    even.sort_unstable();
    odd == even
}

/// A loop hint with what SE compares to drop duplicates.
struct LoopHint {
    rating: f64,
    kind: u8,
    key: (u128, Vec<u16>),
    removals: Vec<(u8, u16)>,
    size: usize,
}

fn loop_rating(size: usize) -> f64 {
    let mut r = 4.5;
    if size >= 10 {
        r += 0.3;
    }
    if size >= 8 {
        r += 0.2;
    } else if size >= 6 {
        r += 0.1;
    }
    r
}

fn loop_name(size: usize, kind: u8) -> &'static str {
    match (size == 4, kind) {
        (true, 1) => "Unique Rectangle type 1",
        (true, 2) => "Unique Rectangle type 2",
        (true, 3) => "Unique Rectangle type 3",
        (true, _) => "Unique Rectangle type 4",
        (false, 1) => "Unique Loop type 1",
        (false, 2) => "Unique Loop type 2",
        (false, 3) => "Unique Loop type 3",
        (false, _) => "Unique Loop type 4",
    }
}

struct LoopCtx<'a> {
    b: &'a Board,
    cells: u128,
    size: usize,
    out: Vec<LoopHint>,
}

impl LoopCtx<'_> {
    fn push(&mut self, kind: u8, extra_key: Vec<u16>, rating: f64, mut removals: Vec<(u8, u16)>) {
        if removals.is_empty() {
            return;
        }
        let key = (self.cells, {
            let mut k = vec![u16::from(kind)];
            k.extend(extra_key);
            k
        });
        if self.out.iter().any(|h| h.kind == kind && h.key == key) {
            return;
        }
        hash_order(&mut removals);
        self.out.push(LoopHint {
            rating,
            kind,
            key,
            removals,
            size: self.size,
        });
    }

    fn type2(&mut self, extra_cells: &[u8], both: u16) {
        let b = self.b;
        let value = (b.cands[extra_cells[0] as usize] & !both).trailing_zeros() as u8;
        let mut common = !0u128;
        for &c in extra_cells {
            common &= peers_mask(c as usize);
        }
        let removals: Vec<(u8, u16)> = cells_of(common)
            .filter(|&c| !extra_cells.contains(&(c as u8)) && b.has(c, value))
            .map(|c| (c as u8, 1 << value))
            .collect();
        self.push(2, Vec::new(), loop_rating(self.size), removals);
    }

    fn type3(&mut self, c1: u8, c2: u8, pair: (u8, u8)) {
        let b = self.b;
        let both = (1u16 << pair.0) | (1 << pair.1);
        let extra = (b.cands[c1 as usize] | b.cands[c2 as usize]) & !both;
        let ecount = extra.count_ones() as usize;
        for degree in ecount..=7 {
            for t in 0..3usize {
                let r = CELL_REGION[c1 as usize][t];
                if CELL_REGION[c2 as usize][t] != r {
                    continue;
                }
                let r = r as usize;
                let cells = &REGIONS[t][r];
                let empty = b.empty_count(t, r) as usize;
                let i1 = cells.iter().position(|&c| c == c1).expect("c1 in region");
                let i2 = cells.iter().position(|&c| c == c2).expect("c2 in region");
                if degree * 2 <= empty {
                    self.naked3(t, r, (c1, c2), (i1, i2), extra, degree);
                }
                if degree * 2 < empty {
                    self.hidden3(t, r, (c1, c2), i2, (extra, pair), degree);
                }
            }
        }
    }

    fn naked3(
        &mut self,
        t: usize,
        r: usize,
        (c1, c2): (u8, u8),
        (i1, i2): (usize, usize),
        extra: u16,
        degree: usize,
    ) {
        let b = self.b;
        let cells = &REGIONS[t][r];
        for idx in combinations(degree, 9) {
            if !idx.contains(&i1) || idx.contains(&i2) {
                continue;
            }
            let mut naked = extra & b.cands[c1 as usize] & b.cands[c2 as usize];
            let mut union = 0u16;
            let mut ok = true;
            let mut others = Vec::new();
            for &i in &idx {
                let p = if i == i1 {
                    extra
                } else {
                    let c = cells[i];
                    others.push(c);
                    naked |= b.cands[c as usize];
                    b.cands[c as usize]
                };
                if p.count_ones() <= 1 {
                    ok = false;
                }
                union |= p;
            }
            if naked.count_ones() as usize != degree || !ok || union.count_ones() as usize != degree
            {
                continue;
            }
            let mut removals = Vec::new();
            for &c in cells {
                if others.contains(&c) || c == c1 || c == c2 {
                    continue;
                }
                let rm = b.cands[c as usize] & union;
                if rm != 0 {
                    removals.push((c, rm));
                }
            }
            let mut key = vec![0, (t * 9 + r) as u16, union];
            key.extend(others.iter().map(|&c| u16::from(c)));
            let rating = loop_rating(self.size) + (degree as f64 - 1.0) * 0.1;
            self.push(3, key, rating, removals);
        }
    }

    fn hidden3(
        &mut self,
        t: usize,
        r: usize,
        (c1, c2): (u8, u8),
        i2: usize,
        (extra, pair): (u16, (u8, u8)),
        degree: usize,
    ) {
        let b = self.b;
        let both = (1u16 << pair.0) | (1 << pair.1);
        let rem: Vec<u8> = (1..=9u8)
            .filter(|&v| (both | extra) & (1 << v) == 0)
            .collect();
        if degree < 2 || degree - 2 > rem.len() {
            return;
        }
        let cells = &REGIONS[t][r];
        for pick in combinations(degree - 2, rem.len()) {
            let mut values: Vec<u8> = pick.iter().map(|&i| rem[i]).collect();
            values.push(pair.0);
            values.push(pair.1);
            let mut union = 0u16;
            let mut ok = true;
            for &v in &values {
                let pos = b.positions(t, r, v) & !(1 << i2);
                if pos == 0 {
                    ok = false;
                }
                union |= pos;
            }
            if !ok || union.count_ones() as usize != degree {
                continue;
            }
            let hidden: u16 = values.iter().fold(0, |m, &v| m | (1 << v));
            let i1 = cells.iter().position(|&c| c == c1).expect("c1 in region");
            let positions = union & !(1 << i1) & !(1 << i2);
            let mut removals = Vec::new();
            for (i, &c) in cells.iter().enumerate() {
                if positions & (1 << i) == 0 || c == c1 || c == c2 {
                    continue;
                }
                let rm = b.cands[c as usize] & !hidden;
                if rm != 0 {
                    removals.push((c, rm));
                }
            }
            let n = positions.count_ones();
            let key = vec![1, (t * 9 + r) as u16, hidden, positions];
            let rating = loop_rating(self.size) + (f64::from(n) - 1.0) * 0.1;
            self.push(3, key, rating, removals);
        }
    }

    fn type4(&mut self, c1: u8, c2: u8, pair: (u8, u8)) {
        let b = self.b;
        let mut r1 = false;
        let mut r2 = false;
        for t in 0..3usize {
            let r = CELL_REGION[c1 as usize][t];
            if CELL_REGION[c2 as usize][t] != r {
                continue;
            }
            let others = REGIONS[t][r as usize]
                .iter()
                .filter(|&&c| c != c1 && c != c2);
            let (mut h1, mut h2) = (false, false);
            for &c in others {
                h1 |= b.has(c as usize, pair.0);
                h2 |= b.has(c as usize, pair.1);
            }
            r1 |= !h1;
            r2 |= !h2;
        }
        let rem = if r1 {
            pair.1
        } else if r2 {
            pair.0
        } else {
            return;
        };
        let removals = vec![(c1, 1 << rem), (c2, 1 << rem)];
        self.push(4, Vec::new(), loop_rating(self.size), removals);
    }
}

/// Unique rectangles and loops.
pub(crate) fn loops(b: &Board, sink: &mut Sink) -> bool {
    let mut all: Vec<LoopHint> = Vec::new();
    for cell in 0..81u8 {
        let pots = b.cands[cell as usize];
        if pots.count_ones() != 2 {
            continue;
        }
        let v1 = pots.trailing_zeros() as u8;
        let v2 = (pots & !(1 << v1)).trailing_zeros() as u8;
        let both = pots;
        let mut found = Vec::new();
        let mut path = vec![cell];
        let holders = (0..81).fold(0u128, |m, c| m | u128::from(b.cands[c] & both == both) << c);
        let start = 1 << cell;
        grow(b, (both, holders), &mut path, start, 2, 0, -1, &mut found);
        for lp in found {
            if !valid_loop(&lp) {
                continue;
            }
            let cells = lp.iter().fold(0u128, |m, &c| m | (1u128 << c));
            let mut ctx = LoopCtx {
                b,
                cells,
                size: lp.len(),
                out: std::mem::take(&mut all),
            };
            let extra: Vec<u8> = lp
                .iter()
                .copied()
                .filter(|&c| b.cands[c as usize].count_ones() > 2)
                .collect();
            match extra.len() {
                1 => ctx.push(1, Vec::new(), loop_rating(lp.len()), vec![(extra[0], both)]),
                2 => {
                    let (c1, c2) = (extra[0], extra[1]);
                    let rp = (b.cands[c1 as usize] | b.cands[c2 as usize]) & !both;
                    if rp.count_ones() == 1 {
                        ctx.type2(&extra, both);
                    } else if rp.count_ones() >= 2 {
                        ctx.type3(c1, c2, (v1, v2));
                    }
                    ctx.type4(c1, c2, (v1, v2));
                }
                0 => {}
                _ => ctx.type2(&extra, both),
            }
            all = ctx.out;
        }
    }
    all.sort_by(|a, b| {
        a.rating
            .partial_cmp(&b.rating)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.kind.cmp(&b.kind))
    });
    for h in all {
        let hint = Hint {
            rating: h.rating,
            name: loop_name(h.size, h.kind),
            removals: h.removals,
            place: None,
        };
        if sink(Found {
            hint,
            parents: None,
        }) {
            return true;
        }
    }
    false
}

fn bug_hint(rating: f64, name: &'static str, mut removals: Vec<(u8, u16)>) -> Found {
    hash_order(&mut removals);
    Found::eliminates(rating, name, removals, None)
}

/// The region of type `t` that holds every cell of `cells`, if one does.
fn common_region(cells: &[u8], t: usize) -> Option<usize> {
    let r = CELL_REGION[cells[0] as usize][t];
    cells
        .iter()
        .all(|&c| CELL_REGION[c as usize][t] == r)
        .then_some(r as usize)
}

/// Bivalue universal grave, types 1 to 4.
pub(crate) fn bug(b: &Board, sink: &mut Sink) -> bool {
    let mut temp = b.clone();
    let mut bug_cells: Vec<u8> = Vec::new();
    let mut bug_values = [0u16; 81];
    let mut all_values = 0u16;
    let mut common: Option<u128> = None;
    for t in 0..3usize {
        for r in 0..9 {
            for v in 1..=9u8 {
                let pos = b.positions(t, r, v);
                let card = pos.count_ones();
                if card == 0 || card == 2 {
                    continue;
                }
                let new: Vec<u8> = (0..9)
                    .filter(|&p| pos & (1 << p) != 0)
                    .map(|p| REGIONS[t][r][p])
                    .filter(|&c| b.cands[c as usize].count_ones() >= 3)
                    .collect();
                if new.len() == 1 {
                    let c = new[0];
                    if !bug_cells.contains(&c) {
                        bug_cells.push(c);
                    }
                    bug_values[c as usize] |= 1 << v;
                    all_values |= 1 << v;
                    temp.cands[c as usize] &= !(1 << v);
                    let mut m = common.unwrap_or(!0u128) & peers_mask(c as usize);
                    for &bc in &bug_cells {
                        m &= !(1u128 << bc);
                    }
                    common = Some(m);
                    if bug_cells.len() > 1 && all_values.count_ones() > 1 && m == 0 {
                        return false;
                    }
                }
                if new.is_empty() {
                    return false;
                }
            }
        }
    }
    if (0..81).any(|c| temp.values[c] == 0 && temp.cands[c].count_ones() != 2) {
        return false;
    }
    for t in 0..3usize {
        for r in 0..9 {
            for v in 1..=9u8 {
                let card = temp.positions(t, r, v).count_ones();
                if card != 0 && card != 2 {
                    return false;
                }
            }
        }
    }
    let common = common.unwrap_or(0);
    let mut hints: Vec<Found> = Vec::new();
    if bug_cells.len() == 1 {
        let c = bug_cells[0];
        hints.push(bug_hint(
            5.6,
            "BUG type 1",
            vec![(c, b.cands[c as usize] & !all_values)],
        ));
    } else if all_values.count_ones() == 1 {
        let v = all_values.trailing_zeros() as u8;
        let removals: Vec<(u8, u16)> = cells_of(common)
            .filter(|&c| b.has(c, v))
            .map(|c| (c as u8, 1 << v))
            .collect();
        if !removals.is_empty() {
            hints.push(bug_hint(5.7, "BUG type 2", removals));
        }
        if bug_cells.len() == 2 {
            bug4(b, &bug_cells, &bug_values, all_values, &mut hints);
        }
    } else if common != 0 {
        if bug_cells.len() == 2 {
            bug4(b, &bug_cells, &bug_values, all_values, &mut hints);
        }
        bug3(b, &bug_cells, all_values, common, &mut hints);
    }
    for f in hints {
        if sink(f) {
            return true;
        }
    }
    false
}

fn bug4(b: &Board, cells: &[u8], values: &[u16; 81], all: u16, out: &mut Vec<Found>) {
    let (c1, c2) = (cells[0] as usize, cells[1] as usize);
    let common = b.cands[c1] & b.cands[c2] & !all;
    if common.count_ones() != 1 {
        return;
    }
    for t in 0..3usize {
        if common_region(cells, t).is_some() {
            let r1 = b.cands[c1] & !values[c1] & !common;
            let r2 = b.cands[c2] & !values[c2] & !common;
            out.push(bug_hint(
                5.7,
                "BUG type 4",
                vec![(c1 as u8, r1), (c2 as u8, r2)],
            ));
        }
    }
}

fn bug3(b: &Board, bug_cells: &[u8], all: u16, common: u128, out: &mut Vec<Found>) {
    for t in 0..3usize {
        let Some(r) = common_region(bug_cells, t) else {
            continue;
        };
        let region_cells: Vec<u8> = cells_of(common)
            .filter(|&c| CELL_REGION[c][t] as usize == r)
            .map(|c| c as u8)
            .collect();
        for degree in 2..=6usize {
            if region_cells.len() < degree {
                continue;
            }
            for idx in combinations(degree - 1, region_cells.len()) {
                let naked: Vec<u8> = idx.iter().map(|&i| region_cells[i]).collect();
                let other: u16 = naked.iter().fold(0, |m, &c| m | b.cands[c as usize]);
                if other.count_ones() as usize != degree {
                    continue;
                }
                let mut sets: Vec<u16> = naked.iter().map(|&c| b.cands[c as usize]).collect();
                sets.push(all);
                if sets.iter().any(|s| s.count_ones() <= 1) {
                    continue;
                }
                let set = sets.iter().fold(0u16, |m, &s| m | s);
                if set.count_ones() as usize != degree {
                    continue;
                }
                let removals: Vec<(u8, u16)> = region_cells
                    .iter()
                    .filter(|c| !naked.contains(c) && !bug_cells.contains(c))
                    .filter_map(|&c| {
                        let rm = b.cands[c as usize] & set;
                        (rm != 0).then_some((c, rm))
                    })
                    .collect();
                if !removals.is_empty() {
                    let rating = 5.7 + (f64::from(set.count_ones()) - 1.0) * 0.1;
                    out.push(bug_hint(rating, "BUG type 3", removals));
                }
            }
        }
    }
}

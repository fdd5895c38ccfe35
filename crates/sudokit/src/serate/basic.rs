//! SE's producers below the chains, in SE's order: singles and the direct hints
//! (a pointing, claiming or hidden subset that leaves a hidden single, rated by what
//! it takes to see it), intersections, naked and hidden subsets, fish, XY- and
//! XYZ-Wings. A direct hint only places its cell (SE leaves its eliminations to
//! later steps). Each finder reports its hints in SE's scan order to a callback that may
//! stop it; the intersections, pairs and X-Wing also say which candidates had to be
//! gone for them to hold, which the nested chains ask.

use super::board::{bits, in_region, subsets9, Board, CELL_REGION, PEERS, REGIONS};
use super::{hash_order, Hint};

/// What must have been eliminated for a hint to hold (SE's "rule parents").
#[derive(Debug, Clone)]
pub(crate) enum Parents {
    /// Base regions (type, index) and cover regions of an intersection or a fish.
    Locking {
        bases: Vec<(u8, u8)>,
        covers: Vec<(u8, u8)>,
        value: u8,
    },
    /// A hidden subset of `values` in a region.
    Hidden { region: (u8, u8), values: u16 },
    /// A naked subset of `values` on `cells`.
    Naked { cells: Vec<u8>, values: u16 },
}

impl Parents {
    /// The eliminations, from `source` to `current`, this hint needed: (cell, value).
    pub(crate) fn collect(&self, source: &Board, current: &Board, out: &mut Vec<(u8, u8)>) {
        match self {
            Parents::Locking {
                bases,
                covers,
                value,
            } => {
                for &(t, i) in bases {
                    for &c in &REGIONS[t as usize][i as usize] {
                        let cu = c as usize;
                        if source.has(cu, *value)
                            && !current.has(cu, *value)
                            && !covers
                                .iter()
                                .any(|&(t2, i2)| in_region(cu, t2 as usize, i2 as usize))
                        {
                            out.push((c, *value));
                        }
                    }
                }
            }
            Parents::Hidden { region, values } => {
                let cells = &REGIONS[region.0 as usize][region.1 as usize];
                for &c in cells {
                    if current.cands[c as usize] & values != 0 {
                        continue;
                    }
                    for v in 1..=9u8 {
                        if values & (1 << v) != 0 && source.has(c as usize, v) {
                            out.push((c, v));
                        }
                    }
                }
            }
            Parents::Naked { cells, values } => {
                for &c in cells {
                    for v in 1..=9u8 {
                        if values & (1 << v) == 0 && source.has(c as usize, v) {
                            out.push((c, v));
                        }
                    }
                }
            }
        }
    }
}

/// A hint with what it needed.
#[derive(Debug)]
pub(crate) struct Found {
    pub hint: Hint,
    pub parents: Option<Parents>,
}

impl Found {
    /// A hint that only eliminates.
    pub(crate) fn eliminates(
        rating: f64,
        name: &'static str,
        removals: Vec<(u8, u16)>,
        parents: Option<Parents>,
    ) -> Found {
        Found {
            hint: Hint {
                rating,
                name,
                removals,
                place: None,
            },
            parents,
        }
    }
}

/// The callback a finder reports to; `true` stops the finder.
pub(crate) type Sink<'a> = dyn FnMut(Found) -> bool + 'a;

/// The region types in SE's usual order: blocks, columns, rows.
const TYPES: [usize; 3] = [0, 2, 1];

fn count(m: u16) -> u32 {
    m.count_ones()
}

fn hidden_singles(b: &Board, sink: &mut Sink) -> bool {
    for alone in [true, false] {
        for t in TYPES {
            for i in 0..9 {
                for v in 1..=9u8 {
                    let pos = b.positions(t, i, v);
                    if count(pos) != 1 {
                        continue;
                    }
                    let is_alone = b.empty_count(t, i) == 1;
                    if is_alone != alone {
                        continue;
                    }
                    let cell = REGIONS[t][i][pos.trailing_zeros() as usize];
                    let rating = if is_alone {
                        1.0
                    } else if t == 0 {
                        1.2
                    } else {
                        1.5
                    };
                    let hint = Hint {
                        rating,
                        name: "Hidden Single",
                        removals: Vec::new(),
                        place: Some((cell, v)),
                    };
                    if sink(Found {
                        hint,
                        parents: None,
                    }) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

fn naked_singles(b: &Board, sink: &mut Sink) -> bool {
    for c in 0..81 {
        if b.values[c] == 0 && count(b.cands[c]) == 1 {
            let v = b.cands[c].trailing_zeros() as u8;
            let hint = Hint {
                rating: 2.3,
                name: "Naked Single",
                removals: Vec::new(),
                place: Some((c as u8, v)),
            };
            if sink(Found {
                hint,
                parents: None,
            }) {
                return true;
            }
        }
    }
    false
}

fn crosses(t1: usize, i1: usize, t2: usize, i2: usize) -> bool {
    REGIONS[t1][i1]
        .iter()
        .any(|&c| in_region(c as usize, t2, i2))
}

/// Eliminations of an intersection: `v` from the cells of region 2 outside region 1.
fn locking_removals(b: &Board, r1: (usize, usize), r2: (usize, usize), v: u8) -> Vec<(u8, u16)> {
    let mut out = Vec::new();
    for &c in &REGIONS[r2.0][r2.1] {
        if !in_region(c as usize, r1.0, r1.1) && b.has(c as usize, v) {
            out.push((c, 1 << v));
        }
    }
    hash_order(&mut out);
    out
}

fn locking(b: &Board, direct: bool, sink: &mut Sink) -> bool {
    for (t1, t2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
        for v in 1..=9u8 {
            for i1 in 0..9 {
                let pos = b.positions(t1, i1, v);
                if count(pos) < 2 {
                    continue;
                }
                for i2 in 0..9 {
                    if !crosses(t1, i1, t2, i2) {
                        continue;
                    }
                    let inside = (0..9).all(|p| {
                        pos & (1 << p) == 0 || in_region(REGIONS[t1][i1][p] as usize, t2, i2)
                    });
                    if !inside {
                        continue;
                    }
                    if direct {
                        if direct_locking(b, (t1, i1), (t2, i2), v, sink) {
                            return true;
                        }
                        continue;
                    }
                    let removals = locking_removals(b, (t1, i1), (t2, i2), v);
                    if removals.is_empty() {
                        continue;
                    }
                    let pointing = t2 != 0;
                    let hint = Hint {
                        rating: if pointing { 2.6 } else { 2.8 },
                        name: if pointing { "Pointing" } else { "Claiming" },
                        removals,
                        place: None,
                    };
                    let parents = Parents::Locking {
                        bases: vec![(t1 as u8, i1 as u8)],
                        covers: vec![(t2 as u8, i2 as u8)],
                        value: v,
                    };
                    if sink(Found {
                        hint,
                        parents: Some(parents),
                    }) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// A direct pointing or claiming: after the intersection, another region of the first
/// type has one place left for `v`.
fn direct_locking(
    b: &Board,
    r1: (usize, usize),
    r2: (usize, usize),
    v: u8,
    sink: &mut Sink,
) -> bool {
    let (t1, i1) = r1;
    for i3 in 0..9 {
        if i3 == i1 || !crosses(t1, i3, r2.0, r2.1) {
            continue;
        }
        let pos3 = b.positions(t1, i3, v);
        if count(pos3) <= 1 {
            continue;
        }
        let mut remain = 0;
        let mut hcell = 0u8;
        for p in 0..9 {
            let c = REGIONS[t1][i3][p];
            if pos3 & (1 << p) != 0 && !in_region(c as usize, r2.0, r2.1) {
                remain += 1;
                hcell = c;
            }
        }
        if remain == 1 {
            let block = t1 == 0;
            let hint = Hint {
                rating: if block { 1.7 } else { 1.9 },
                name: if block {
                    "Direct Pointing"
                } else {
                    "Direct Claiming"
                },
                removals: Vec::new(),
                place: Some((hcell, v)),
            };
            if sink(Found {
                hint,
                parents: None,
            }) {
                return true;
            }
        }
    }
    false
}

/// SE's common-tuple test: every set has two members or more and together they have
/// exactly `degree`.
fn common_tuple(sets: impl IntoIterator<Item = u16>, degree: usize) -> Option<u16> {
    let mut union = 0u16;
    for s in sets {
        if count(s) <= 1 {
            return None;
        }
        union |= s;
    }
    (count(union) as usize == degree).then_some(union)
}

fn hidden_sets(b: &Board, degree: usize, direct: bool, sink: &mut Sink) -> bool {
    for t in TYPES {
        for i in 0..9 {
            let empty = b.empty_count(t, i) as usize;
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            let mut places = [0u16; 10];
            for (v, m) in places.iter_mut().enumerate().skip(1) {
                *m = b.positions(t, i, v as u8);
            }
            for &combo in subsets9(degree) {
                let sets = bits(combo.into()).map(|x| places[x as usize + 1]);
                let Some(common) = common_tuple(sets, degree) else {
                    continue;
                };
                let value_set = combo << 1;
                let mut removals = Vec::new();
                for p in 0..9 {
                    if common & (1 << p) != 0 {
                        let c = REGIONS[t][i][p];
                        let extra = b.cands[c as usize] & !value_set;
                        if extra != 0 {
                            removals.push((c, extra));
                        }
                    }
                }
                hash_order(&mut removals);
                let found = if direct {
                    let mut single = None;
                    for v in 1..=9u8 {
                        if value_set & (1 << v) != 0 {
                            continue;
                        }
                        let pos = places[v as usize];
                        if count(pos) > 1 && count(pos & !common) == 1 {
                            let cell = REGIONS[t][i][(pos & !common).trailing_zeros() as usize];
                            single = Some((cell, v));
                            break;
                        }
                    }
                    let Some(place) = single else {
                        continue;
                    };
                    Found {
                        hint: Hint {
                            rating: if degree == 2 { 2.0 } else { 2.5 },
                            name: if degree == 2 {
                                "Direct Hidden Pair"
                            } else {
                                "Direct Hidden Triplet"
                            },
                            removals: Vec::new(),
                            place: Some(place),
                        },
                        parents: None,
                    }
                } else {
                    if removals.is_empty() {
                        continue;
                    }
                    let (rating, name) = match degree {
                        2 => (3.4, "Hidden Pair"),
                        3 => (4.0, "Hidden Triplet"),
                        _ => (5.4, "Hidden Quad"),
                    };
                    let parents = Parents::Hidden {
                        region: (t as u8, i as u8),
                        values: value_set,
                    };
                    Found::eliminates(rating, name, removals, Some(parents))
                };
                if sink(found) {
                    return true;
                }
            }
        }
    }
    false
}

fn naked_sets(b: &Board, degree: usize, sink: &mut Sink) -> bool {
    for t in TYPES {
        for i in 0..9 {
            if (b.empty_count(t, i) as usize) < degree * 2 {
                continue;
            }
            for &combo in subsets9(degree) {
                let cell = |p: u8| REGIONS[t][i][p as usize];
                let sets = bits(combo.into()).map(|p| b.cands[cell(p) as usize]);
                let Some(common) = common_tuple(sets, degree) else {
                    continue;
                };
                let cells: Vec<u8> = bits(combo.into()).map(cell).collect();
                let mut removals = Vec::new();
                for &c in &REGIONS[t][i] {
                    if !cells.contains(&c) {
                        let r = b.cands[c as usize] & common;
                        if r != 0 {
                            removals.push((c, r));
                        }
                    }
                }
                if removals.is_empty() {
                    continue;
                }
                hash_order(&mut removals);
                let (rating, name) = match degree {
                    2 => (3.0, "Naked Pair"),
                    3 => (3.6, "Naked Triplet"),
                    _ => (5.0, "Naked Quad"),
                };
                let found = Found {
                    hint: Hint {
                        rating,
                        name,
                        removals,
                        place: None,
                    },
                    parents: Some(Parents::Naked {
                        cells,
                        values: common,
                    }),
                };
                if sink(found) {
                    return true;
                }
            }
        }
    }
    false
}

fn fish(b: &Board, degree: usize, sink: &mut Sink) -> bool {
    let occ: Vec<u32> = (0..=9u8).map(|v| b.occurrences(v)).collect();
    for (base_t, cover_t) in [(2usize, 1usize), (1, 2)] {
        for &base_mask in subsets9(degree) {
            for v in 1..=9u8 {
                if occ[v as usize] as usize + degree * 2 > 9 {
                    continue;
                }
                let sets = bits(base_mask.into()).map(|x| b.positions(base_t, x as usize, v));
                let Some(cover) = common_tuple(sets, degree) else {
                    continue;
                };
                let mut removals = Vec::new();
                for ci in 0..9 {
                    if cover & (1 << ci) == 0 {
                        continue;
                    }
                    let pos = b.positions(cover_t, ci, v) & !base_mask;
                    for p in 0..9 {
                        if pos & (1 << p) != 0 {
                            removals.push((REGIONS[cover_t][ci][p], 1 << v));
                        }
                    }
                }
                if removals.is_empty() {
                    continue;
                }
                hash_order(&mut removals);
                let (rating, name) = match degree {
                    2 => (3.2, "X-Wing"),
                    3 => (3.8, "Swordfish"),
                    _ => (5.2, "Jellyfish"),
                };
                let parents = Parents::Locking {
                    bases: bits(base_mask.into()).map(|x| (base_t as u8, x)).collect(),
                    covers: (0..9)
                        .filter(|&ci| cover & (1 << ci) != 0)
                        .map(|ci| (cover_t as u8, ci as u8))
                        .collect(),
                    value: v,
                };
                let found = Found {
                    hint: Hint {
                        rating,
                        name,
                        removals,
                        place: None,
                    },
                    parents: Some(parents),
                };
                if sink(found) {
                    return true;
                }
            }
        }
    }
    false
}

fn sees(a: usize, b: usize) -> bool {
    a != b
        && (CELL_REGION[a][0] == CELL_REGION[b][0]
            || CELL_REGION[a][1] == CELL_REGION[b][1]
            || CELL_REGION[a][2] == CELL_REGION[b][2])
}

fn xy_wings(b: &Board, xyz: bool, sink: &mut Sink) -> bool {
    let target = if xyz { 3 } else { 2 };
    for xy in 0..81 {
        let xyv = b.cands[xy];
        if count(xyv) != target {
            continue;
        }
        for &xz in &PEERS[xy] {
            let xzv = b.cands[xz as usize];
            if count(xzv) != 2 || count(xyv & !xzv) != 1 {
                continue;
            }
            for &yz in &PEERS[xy] {
                let yzv = b.cands[yz as usize];
                if count(yzv) != 2 {
                    continue;
                }
                let union = xyv | xzv | yzv;
                let inter = xyv & xzv & yzv;
                let ok = count(union) == 3 && count(inter) == if xyz { 1 } else { 0 };
                if !ok {
                    continue;
                }
                let z = (xzv & yzv).trailing_zeros() as u8;
                let mut removals = Vec::new();
                for c in 0..81 {
                    if c == xy || c == xz as usize || c == yz as usize {
                        continue;
                    }
                    if sees(c, xz as usize)
                        && sees(c, yz as usize)
                        && (!xyz || sees(c, xy))
                        && b.has(c, z)
                    {
                        removals.push((c as u8, 1 << z));
                    }
                }
                if removals.is_empty() {
                    continue;
                }
                hash_order(&mut removals);
                let found = Found {
                    hint: Hint {
                        rating: if xyz { 4.4 } else { 4.2 },
                        name: if xyz { "XYZ-Wing" } else { "XY-Wing" },
                        removals,
                        place: None,
                    },
                    parents: None,
                };
                if sink(found) {
                    return true;
                }
            }
        }
    }
    false
}

/// SE's finders up to the XY- and XYZ-Wings, in its order (the unique loops come next).
pub(crate) fn up_to_wings(b: &Board, sink: &mut Sink) -> bool {
    hidden_singles(b, sink)
        || locking(b, true, sink)
        || hidden_sets(b, 2, true, sink)
        || naked_singles(b, sink)
        || hidden_sets(b, 3, true, sink)
        || locking(b, false, sink)
        || naked_sets(b, 2, sink)
        || fish(b, 2, sink)
        || hidden_sets(b, 2, false, sink)
        || naked_sets(b, 3, sink)
        || fish(b, 3, sink)
        || hidden_sets(b, 3, false, sink)
        || xy_wings(b, false, sink)
        || xy_wings(b, true, sink)
}

/// SE's quads: naked quad, jellyfish, hidden quad (after the unique loops).
pub(crate) fn quads(b: &Board, sink: &mut Sink) -> bool {
    naked_sets(b, 4, sink) || fish(b, 4, sink) || hidden_sets(b, 4, false, sink)
}

fn nested_locking(b: &Board, sink: &mut Sink) -> bool {
    locking(b, false, sink)
}

fn nested_hidden_pairs(b: &Board, sink: &mut Sink) -> bool {
    hidden_sets(b, 2, false, sink)
}

fn nested_naked_pairs(b: &Board, sink: &mut Sink) -> bool {
    naked_sets(b, 2, sink)
}

fn nested_x_wings(b: &Board, sink: &mut Sink) -> bool {
    fish(b, 2, sink)
}

/// The rules a nested chain (+) runs when its own implications run out, in SE's
/// order; the chain takes every hint of the first rule that gives it anything.
pub(crate) const NESTED: [fn(&Board, &mut Sink) -> bool; 4] = [
    nested_locking,
    nested_hidden_pairs,
    nested_naked_pairs,
    nested_x_wings,
];

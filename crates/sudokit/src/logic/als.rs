//! Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS-Chain and Death Blossom, as HoDoKu
//! defines them.
//!
//! An **almost locked set** (ALS) is a set of N open cells of one unit holding N+1
//! digits together; a single bivalue cell is one. If one of its digits is taken away,
//! the other N are all placed in it. A digit `x` of two ALS is a **restricted common
//! candidate** (RC) when every `x` of one sees every `x` of the other and no `x` sits
//! where they overlap: `x` is then in one of them at most.
//!
//! - **ALS-XZ**: A and B joined by an RC `x`; a common digit `z` is in A or B, so a
//!   candidate `z` seeing every `z` of both goes. Doubly linked (two RCs): both become
//!   locked sets, so each removes its other digits from the cells seeing all of them
//!   (outside the other ALS), and each RC goes from cells seeing all of it.
//! - **ALS-XY-Wing**: C joined to A by `x` and to B by `y` (`x ≠ y`): `z` common to A and
//!   B (not an RC) is in one of them. A and B may overlap but neither holds the other.
//! - **ALS-Chain**: four or more ALS joined by RCs, each link's RC differing from the
//!   one before (HoDoKu's "actual RC" rule: an RC of two digits after one of them uses
//!   the other); `z` common to the ends, not one of their RCs, is in one of the ends.
//!   As HoDoKu's solver does, chains are searched depth first over links to later ALS
//!   only (the ALS in HoDoKu's order, see `Alses::collect`), up to [`MAX_CHAIN`] ALS;
//!   a start none of whose digits could go anywhere is skipped, and so is a branch
//!   whose ALS reach no end seeing one of the start's targets. The search can visit
//!   tens of millions of chains on one state, so it looks at
//!   [`FindOptions::deadline`] as it goes and stops once it has passed.
//! - **Death Blossom**: a stem cell each of whose digits `d` has an ALS (a petal) whose
//!   every `d` sees the stem; a digit `z` of every petal, not in the stem, is in one of
//!   them. Petals may overlap. The choice of petals stops as soon as no digit has a
//!   candidate left that sees all the petals' cells holding it.
//!
//! The ALS of a state and their RCs are collected once per state and overlap rule
//! (`Alses::of`, kept per thread for the family's other finders; see `memo`); each
//! ALS meets the others it may share an RC with through an index of the ALS by digit
//! and first cell holding it, not by a walk over every pair. One state on a solver's
//! path differs from the one before in a few cells, and most of its ALS are found
//! alike there: an RC being a function of its two ALS alone, the RCs between those
//! are taken from the list collected before, and only the new ALS are indexed
//! against the others. On the plain 9×9 board a unit whose candidates are as when
//! its ALS were last listed on this thread lists them from that note. An ALS-XZ,
//! ALS-XY-Wing or ALS-Chain is a function of the ALS it joins, and its eliminations
//! only fall as candidates go: where the finder's whole search met nothing on the
//! list before and the state's candidates are among that one's, its search joins
//! only pairs, wings or chains with a fresh ALS (a chain without one so far goes on
//! only to ALS from which a fresh one can be reached), and finds what the whole
//! search would. Cells are 128-bit sets: boards
//! of up to 128 cells and 9 digits (the classic 9×9 and smaller); other layouts find
//! nothing. "Sees" is "shares a unit", extra regions included. Steps that make the
//! same eliminations are reported once, most eliminations first, then fewer cells.
//! HoDoKu's solver joins no ALS that share cells (its default) and takes the first
//! ALS-XZ or ALS-XY-Wing its search meets: the `_disjoint` finders its path uses do
//! so, in that order (`Overlap`).
//!
//! Sources: HoDoKu's documentation of ALS techniques and its regression library
//! (codes 0901–0904, with and without overlap).

use std::cell::{Cell, RefCell};
use std::fmt::Write;
use std::rc::Rc;

use super::flat::Rooms;
use super::hash::FastMap;
use super::links::{peers9, push_new};
use super::memo::Memo;
use super::quiet::unit_keys;
use super::step::{cell, not_list, FindOptions, Step};
use super::technique::Technique;
use super::{bits, ones, Finder};
use crate::candidates::{bit, digits, Candidates, Mask};

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::AlsXz, als_xz),
    (Technique::AlsXyWing, als_xy_wing),
    (Technique::AlsXyChain, als_chain),
    (Technique::DeathBlossom, death_blossom),
];

/// The most ALS in one ALS-Chain (HoDoKu's limit of 50 RCs).
pub const MAX_CHAIN: usize = 51;

/// The most digits a board may have for this family.
const DIGITS: usize = 9;

/// A set of cells, bit `i` for cell `i`.
pub(crate) type Cells = u128;

/// One almost locked set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Als {
    /// Its cells.
    pub cells: Cells,
    /// Its digits (one more than its cells).
    pub mask: Mask,
    /// Per digit (index `d - 1`): the cells of the ALS holding it.
    pub with: [Cells; DIGITS],
    /// Per digit: the cells outside the ALS that see each of its cells holding it.
    pub buddies: [Cells; DIGITS],
}

impl Als {
    /// The ALS of cells `set` holding digits `mask`, where `holding` has the open
    /// cells holding each digit and `peers` the cells each cell sees.
    fn new(set: Cells, mask: Mask, holding: &[Cells; DIGITS], peers: &[Cells]) -> Als {
        let (mut with, mut buddies) = ([0; DIGITS], [0; DIGITS]);
        for d in digits(mask) {
            let i = d as usize - 1;
            with[i] = set & holding[i];
            buddies[i] = bits(with[i]).fold(!0, |s, x| s & peers[x]) & !set;
        }
        Als {
            cells: set,
            mask,
            with,
            buddies,
        }
    }
}

/// Whether the ALS joined in one step may share cells. HoDoKu's solver keeps them
/// apart by default (its `allowAlsOverlap` option); its regression library has
/// cases with overlap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Overlap {
    /// ALS joined by an RC, and the ends of an ALS-XY-Wing, may share cells.
    Allowed,
    /// They may not.
    Forbidden,
}

/// Each ALS's links: the ALS it shares an RC with, in list order, and the RC digits;
/// one flat list, ALS `i`'s at `list[start[i]..start[i + 1]]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Links {
    list: Vec<(u32, Mask)>,
    start: Vec<u32>,
}

impl Links {
    /// No links between `count` ALS.
    fn none(count: usize) -> Links {
        Links {
            list: Vec::new(),
            start: vec![0; count + 1],
        }
    }

    /// The links of `count` ALS joined by `pairs` (`(i, j, rc)`, each pair once).
    fn of_pairs(count: usize, pairs: &[(u32, u32, Mask)]) -> Links {
        let mut counts = vec![0u32; count + 1];
        for &(i, j, _) in pairs {
            counts[i as usize + 1] += 1;
            counts[j as usize + 1] += 1;
        }
        let mut rooms = Rooms::new(counts);
        for &(i, j, rc) in pairs {
            rooms.push(i as usize, (j, rc));
            rooms.push(j as usize, (i, rc));
        }
        let (mut list, start) = rooms.finish();
        for k in 0..count {
            list[start[k] as usize..start[k + 1] as usize].sort_unstable_by_key(|l| l.0);
        }
        Links { list, start }
    }

    /// The links of ALS `i`.
    pub fn of(&self, i: usize) -> &[(u32, Mask)] {
        &self.list[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The links of each ALS in list order.
    pub fn iter(&self) -> impl Iterator<Item = &[(u32, Mask)]> {
        (0..self.start.len() - 1).map(|i| self.of(i))
    }
}

/// Every ALS of a state, with the restricted commons between them.
#[derive(Debug, Clone)]
pub(crate) struct Alses {
    /// The ALS, in HoDoKu's order.
    pub list: Vec<Als>,
    /// Per ALS: every other ALS it shares an RC with, and the RC digits (one or two).
    pub links: Links,
    /// Per digit: the open cells holding it.
    pub holding: [Cells; DIGITS],
    /// The board size.
    pub n: usize,
    /// Per ALS: whether it is new since the list its RCs were lent by (every ALS
    /// where none was).
    pub fresh: Vec<bool>,
    /// The finders (bits `QUIET_…`) whose whole search met nothing on this list.
    pub quiet: Cell<u8>,
    /// The finders whose search met nothing on the list before, when this state's
    /// candidates are among that one's: a step here then joins a fresh ALS.
    pub lent: u8,
}

/// The bits of [`Alses::quiet`], one per finder whose steps are functions of the ALS
/// they join, their eliminations falling with the candidates around them: ALS-XZ.
const QUIET_XZ: u8 = 1;
/// ALS-XY-Wing's bit of [`Alses::quiet`].
const QUIET_XY_WING: u8 = 2;
/// ALS-Chain's bit of [`Alses::quiet`] (where its search ran to the end).
const QUIET_CHAIN: u8 = 4;

thread_local! {
    /// The ALS lists last collected on this thread: with RCs with and without overlap,
    /// and without RCs.
    static COLLECTED: Memo<Option<Alses>> = const { Memo::new() };
    /// Per unit of the plain 9×9 board: its key ([`unit_keys`]) when its ALS were last
    /// listed on this thread, and those ALS (before any is dropped as met earlier).
    static UNIT_ALSES: RefCell<Vec<(Option<u128>, Vec<Als>)>> = const { RefCell::new(Vec::new()) };
}

impl Alses {
    /// [`Alses::collect`], the list last collected on this thread when it was collected
    /// from the same state (see `memo`): every finder of this family asks in one round.
    /// Otherwise the list collected before, from another state, lends its RCs.
    pub fn of(c: &Candidates, overlap: Overlap) -> Rc<Option<Alses>> {
        let variant = u8::from(overlap == Overlap::Allowed);
        COLLECTED.with(|m| {
            m.get(c, variant, || {
                let before = m.last(variant);
                Alses::collect(c, overlap, before.as_deref().and_then(Option::as_ref))
            })
        })
    }

    /// The ALS of `c` without their RCs (`links` empty), the one collected last on
    /// this thread from the same state: the ALS nodes of the link graph need no more.
    pub fn sets_of(c: &Candidates) -> Rc<Option<Alses>> {
        COLLECTED.with(|m| m.get(c, 2, || Alses::gather(c)))
    }

    /// The ALS of `c` and their RCs (only between disjoint ALS when `overlap` is
    /// [`Overlap::Forbidden`]), taking those between ALS found alike in `before` from
    /// it (see [`Alses::link`]); `None` on boards this family does not handle.
    pub fn collect(c: &Candidates, overlap: Overlap, before: Option<&Alses>) -> Option<Alses> {
        let mut alses = Alses::gather(c)?;
        alses.link(overlap, before);
        Some(alses)
    }

    /// The ALS of `c`, with no RCs yet; `None` on boards this family does not handle.
    fn gather(c: &Candidates) -> Option<Alses> {
        let l = c.layout();
        let (n, cells) = (l.size(), l.cell_count());
        if n > DIGITS || cells > 128 {
            return None;
        }
        let plain = l.is_plain_9x9();
        let peers: Vec<Cells> = (0..cells)
            .map(|x| match plain {
                true => peers9(x),
                false => l.peers(x).iter().fold(0, |s, &p| s | 1 << p),
            })
            .collect();
        let mut holding = [0; DIGITS];
        for x in (0..cells).filter(|&x| c.value(x) == 0) {
            for d in digits(c.mask(x)) {
                holding[d as usize - 1] |= 1 << x;
            }
        }
        // HoDoKu's order: unit by unit (rows, columns, boxes, extras), each unit's
        // subsets depth first in cell order, an ALS kept where it is first met. A unit
        // meets every subset of its open cells but all of them, so a set was met
        // before when an earlier unit (one holding its first cell) has it among
        // more open cells.
        let open_sets: Vec<Cells> = l
            .units()
            .iter()
            .map(|u| {
                u.cells
                    .iter()
                    .filter(|&&x| c.value(x) == 0)
                    .fold(0, |s, &x| s | 1 << x)
            })
            .collect();
        let met_before = |u: usize, set: Cells| {
            l.units_of(set.trailing_zeros() as usize)
                .iter()
                .any(|&v| v < u && set & !open_sets[v] == 0 && set != open_sets[v])
        };
        // Every ALS among a unit's open cells, met or not in an earlier unit.
        let of_unit = |cells: &[usize], out: &mut Vec<Als>| {
            let open: Vec<usize> = cells.iter().copied().filter(|&x| c.value(x) == 0).collect();
            subsets(c, &open, 0, 0, 0, 0, &mut |set, mask| {
                out.push(Als::new(set, mask, &holding, &peers));
            });
        };
        let mut list: Vec<Als> = Vec::new();
        let keep = |list: &mut Vec<Als>, u: usize, alses: &[Als]| {
            list.extend(alses.iter().filter(|a| !met_before(u, a.cells)).cloned());
        };
        if plain {
            // A unit whose cells are as when its ALS were last listed on this thread
            // lists them again from that note.
            let keys = unit_keys(c, true);
            UNIT_ALSES.with(|notes| {
                let mut notes = notes.borrow_mut();
                notes.resize(keys.len(), (None, Vec::new()));
                list.reserve(notes.iter().map(|n| n.1.len()).sum());
                for (u, (unit, note)) in l.units().iter().zip(notes.iter_mut()).enumerate() {
                    if note.0 != Some(keys[u]) {
                        note.1.clear();
                        of_unit(&unit.cells, &mut note.1);
                        note.0 = Some(keys[u]);
                    }
                    keep(&mut list, u, &note.1);
                }
            });
        } else {
            let mut alses = Vec::new();
            for (u, unit) in l.units().iter().enumerate() {
                alses.clear();
                of_unit(&unit.cells, &mut alses);
                keep(&mut list, u, &alses);
            }
        }
        Some(Alses {
            links: Links::none(list.len()),
            fresh: vec![true; list.len()],
            list,
            holding,
            n,
            quiet: Cell::new(0),
            lent: 0,
        })
    }

    /// The links of ALS `i` to ALS after it in the list.
    fn later(&self, i: u32) -> &[(u32, Mask)] {
        let links = self.links.of(i as usize);
        &links[links.partition_point(|l| l.0 < i)..]
    }

    /// Finds the RCs between the ALS (only between disjoint ALS when `overlap` is
    /// [`Overlap::Forbidden`]), each ALS's links in the order of the ALS they lead to.
    /// `before`, the ALS of an earlier state linked by the same rule, lends the RCs
    /// between the ALS found there alike (same cells, digits per cell and cells seen):
    /// an RC is a function of its two ALS alone.
    ///
    /// An RC `x` of A and B puts B's first cell holding `x` among the cells that see
    /// every `x` of A: the ALS are indexed by digit and that cell, so each ALS not
    /// met before meets only the few it may be joined to instead of every other.
    fn link(&mut self, overlap: Overlap, before: Option<&Alses>) {
        const NONE: u32 = u32::MAX;
        // The index in `before` of each ALS met there alike, and the other way.
        let (mut was, mut now) = (vec![NONE; self.list.len()], Vec::new());
        if let Some(b) = before {
            let at: FastMap<Cells, usize> = b
                .list
                .iter()
                .enumerate()
                .map(|(o, a)| (a.cells, o))
                .collect();
            now = vec![NONE; b.list.len()];
            for (i, a) in self.list.iter().enumerate() {
                if let Some(&o) = at.get(&a.cells).filter(|&&o| b.list[o] == *a) {
                    (was[i], now[o]) = (o as u32, i as u32);
                }
            }
        }
        self.fresh = was.iter().map(|&o| o == NONE).collect();
        if let Some(b) = before {
            let among = (0..DIGITS).all(|k| self.holding[k] & !b.holding[k] == 0);
            self.lent = if among { b.quiet.get() } else { 0 };
        }
        let list = &self.list;
        let mut pairs: Vec<(u32, u32, Mask)> = Vec::new();
        if let Some(b) = before {
            for (i, &o) in was.iter().enumerate().filter(|&(_, &o)| o != NONE) {
                for &(p, rc) in b.links.of(o as usize) {
                    let j = now[p as usize];
                    if p > o && j != NONE {
                        pairs.push((i as u32, j, rc));
                    }
                }
            }
        }
        let cells = 128;
        // For digit index `k` and cell `y`, at `start[k * cells + y]..`: the ALS whose
        // first cell holding `k + 1` is `y`, in list order.
        let mut start = vec![0u32; DIGITS * cells + 1];
        for a in list {
            for d in digits(a.mask) {
                let k = d as usize - 1;
                start[k * cells + a.with[k].trailing_zeros() as usize + 1] += 1;
            }
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut by_first = vec![0u32; start[DIGITS * cells] as usize];
        let mut next = start.clone();
        for (j, a) in list.iter().enumerate() {
            for d in digits(a.mask) {
                let k = d as usize - 1;
                let at = &mut next[k * cells + a.with[k].trailing_zeros() as usize];
                by_first[*at as usize] = j as u32;
                *at += 1;
            }
        }
        // For each ALS not met before: the ALS that may share an RC with it (and no
        // cell, where overlap is forbidden), each pair once, and for each the digits
        // it may share: those whose first cell in it sees every cell of the first ALS
        // holding the digit.
        let mut partners: Vec<u32> = Vec::new();
        let mut may_share: Vec<Mask> = vec![0; list.len()];
        for (i, a) in list.iter().enumerate().filter(|&(i, _)| was[i] == NONE) {
            partners.clear();
            for d in digits(a.mask) {
                let k = d as usize - 1;
                for y in bits(a.buddies[k] & self.holding[k]) {
                    let bucket = start[k * cells + y] as usize..start[k * cells + y + 1] as usize;
                    for &j in &by_first[bucket] {
                        if (j as usize > i || j as usize != i && was[j as usize] != NONE)
                            && (overlap == Overlap::Allowed
                                || list[j as usize].cells & a.cells == 0)
                        {
                            if may_share[j as usize] == 0 {
                                partners.push(j);
                            }
                            may_share[j as usize] |= bit(d);
                        }
                    }
                }
            }
            for &j in &partners {
                let b = &list[j as usize];
                let shared = a.cells & b.cells;
                let mut rc: Mask = 0;
                for d in digits(std::mem::take(&mut may_share[j as usize])) {
                    let k = d as usize - 1;
                    if (a.with[k] | b.with[k]) & shared == 0 && b.with[k] & !a.buddies[k] == 0 {
                        rc |= bit(d);
                    }
                }
                // Three RCs or more cannot be: such a pair is a contradiction, left to
                // the singles.
                if rc != 0 && ones(rc) <= 2 {
                    pairs.push((i as u32, j, rc));
                }
            }
        }
        self.links = Links::of_pairs(list.len(), &pairs);
    }

    /// Whether `finder`'s search here looks at ALS `i`'s steps: every ALS counts,
    /// unless the search is lent (`lent`), when only fresh ones do.
    fn counts(&self, finder: u8, i: usize) -> bool {
        self.lent & finder == 0 || self.fresh[i]
    }

    /// Notes that `finder`'s whole search met nothing here, when it did not.
    fn note_quiet(&self, finder: u8, nothing: bool) {
        if nothing {
            self.quiet.set(self.quiet.get() | finder);
        }
    }

    /// The candidates `z` of every ALS of `from` (by index) outside them that see each
    /// of their cells holding `z`, as eliminations.
    fn targets(&self, from: &[u32], z: u8, out: &mut Vec<(usize, u8)>) {
        let k = z as usize - 1;
        let seen = from.iter().fold(self.holding[k], |s, &i| {
            s & self.list[i as usize].buddies[k]
        });
        out.extend(bits(seen).map(|x| (x, z)));
    }

    /// `r1c23 {1246}`: the cells of an ALS and its digits.
    fn name(&self, i: u32) -> String {
        let a = &self.list[i as usize];
        let mut s = compact(self.n, &bits(a.cells).collect::<Vec<_>>());
        s.push_str(" {");
        for d in digits(a.mask) {
            let _ = write!(s, "{d}");
        }
        s.push('}');
        s
    }
}

/// Calls `f` with every ALS among the subsets of `open` that extend the `count`
/// cells `set` (digits `mask`) with cells from index `from` on, depth first; all of
/// `open` together is locked, not almost, and is not tried.
fn subsets(
    c: &Candidates,
    open: &[usize],
    from: usize,
    count: u32,
    set: Cells,
    mask: Mask,
    f: &mut impl FnMut(Cells, Mask),
) {
    if count + 1 >= open.len() as u32 {
        return;
    }
    for (k, &x) in open.iter().enumerate().skip(from) {
        let (s, m) = (set | 1 << x, mask | c.mask(x));
        let digits = ones(m);
        if digits == count + 2 {
            f(s, m);
        }
        // An ALS among the supersets has at least the digits taken, and one digit
        // more than its cells: those taken and some of those after `x`, but not
        // every open cell.
        let most = (count as usize + 1 + open.len() - k - 1).min(open.len() - 1);
        if digits as usize <= most + 1 {
            subsets(c, open, k + 1, count + 1, s, m, f);
        }
    }
}

/// Cells in the short notation: `r1c23` for cells of one row, `r12c3` for one column,
/// else each cell, comma-separated.
pub(crate) fn compact(n: usize, cells: &[usize]) -> String {
    let sep = if n > 9 { "," } else { "" };
    let join = |v: Vec<usize>| {
        let mut v = v;
        v.dedup();
        v.iter()
            .map(|x| (x + 1).to_string())
            .collect::<Vec<_>>()
            .join(sep)
    };
    let rows: Vec<usize> = cells.iter().map(|x| x / n).collect();
    let cols: Vec<usize> = cells.iter().map(|x| x % n).collect();
    if rows.iter().all(|&r| r == rows[0]) {
        let mut cols = cols;
        cols.sort_unstable();
        format!("r{}c{}", rows[0] + 1, join(cols))
    } else if cols.iter().all(|&k| k == cols[0]) {
        let mut rows = rows;
        rows.sort_unstable();
        format!("r{}c{}", join(rows), cols[0] + 1)
    } else {
        cells
            .iter()
            .map(|&x| cell(n, x).to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// A step found, with the cells of its ALS (fewer first among equal eliminations)
/// and where HoDoKu's search meets it (for ALS-XZ and ALS-XY-Wing: the ALS pairs of
/// its RCs, each by index, smaller first).
struct Found {
    size: u32,
    at: [u32; 4],
    step: Step,
}

/// Builds the step of technique `t` over the ALS `used`, or nothing when it
/// eliminates nothing; `explain` writes the pattern part of the sentence.
fn found(
    t: Technique,
    alses: &Alses,
    used: &[u32],
    mut elims: Vec<(usize, u8)>,
    opts: &FindOptions,
    explain: impl FnOnce() -> String,
) -> Option<Found> {
    elims.sort_unstable();
    elims.dedup();
    if elims.is_empty() {
        return None;
    }
    let mut s = Step::new(t);
    let cells = used
        .iter()
        .fold(0, |s: Cells, &i| s | alses.list[i as usize].cells);
    s.cells = bits(cells).collect();
    let mask = used
        .iter()
        .fold(0, |m: Mask, &i| m | alses.list[i as usize].mask);
    s.digits = digits(mask).collect();
    if opts.explain {
        let e = not_list(alses.n, &elims);
        s.explanation = format!("{}: {} => {e}", t.name(), explain());
    }
    s.eliminations = elims;
    Some(Found {
        size: cells.count_ones(),
        at: [0; 4],
        step: s,
    })
}

/// Sorts the steps (most eliminations first, then fewest cells; or, `as_met`, in the
/// order HoDoKu's search meets them) and keeps one per set of eliminations.
fn flush(out: &mut Vec<Step>, mut found: Vec<Found>, as_met: bool) {
    if as_met {
        found.sort_by_key(|f| f.at);
    } else {
        found.sort_by_key(|f| (usize::MAX - f.step.eliminations.len(), f.size));
    }
    let start = out.len();
    for f in found {
        push_new(out, start, f.step);
    }
}

/// Digits of a mask written together: `16`.
fn digit_list(m: Mask) -> String {
    digits(m)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("")
}

/// ALS-XZ, singly and doubly linked.
pub fn als_xz(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    xz(c, out, opts, Overlap::Allowed);
}

/// [`als_xz`] without ALS that share cells (HoDoKu's default).
pub(crate) fn als_xz_disjoint(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    xz(c, out, opts, Overlap::Forbidden);
}

/// ALS-XZ, with ALS that may overlap or not.
fn xz(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, overlap: Overlap) {
    if let Some(alses) = Alses::of(c, overlap).as_ref() {
        xz_in(alses, out, opts, overlap);
    }
}

/// [`xz`] over the ALS collected: only pairs joining a fresh ALS where the search met
/// nothing on the list before (`Alses::lent`).
fn xz_in(alses: &Alses, out: &mut Vec<Step>, opts: &FindOptions, overlap: Overlap) {
    let mut all = Vec::new();
    for (i, links) in alses.links.iter().enumerate() {
        for &(j, rc) in links.iter().filter(|&&(j, _)| j as usize > i) {
            if !alses.counts(QUIET_XZ, i) && !alses.counts(QUIET_XZ, j as usize) {
                continue;
            }
            let (a, b) = (&alses.list[i], &alses.list[j as usize]);
            let pair = [i as u32, j];
            let mut elims = Vec::new();
            for x in digits(rc) {
                for z in digits(a.mask & b.mask & !bit(x)) {
                    alses.targets(&pair, z, &mut elims);
                }
            }
            if ones(rc) == 2 {
                // Both are locked sets: each removes its other digits around it.
                for (s, o) in [(a, b), (b, a)] {
                    for w in digits(s.mask & !rc) {
                        let k = w as usize - 1;
                        let seen = s.buddies[k] & alses.holding[k] & !o.cells;
                        elims.extend(bits(seen).map(|x| (x, w)));
                    }
                }
            }
            if elims.is_empty() {
                continue;
            }
            let f = found(Technique::AlsXz, alses, &pair, elims, opts, || {
                let z = digit_list((a.mask & b.mask) & !rc);
                format!(
                    "A={}, B={}, X={}{}",
                    alses.name(pair[0]),
                    alses.name(j),
                    digit_list(rc),
                    if z.is_empty() {
                        String::new()
                    } else {
                        format!(", Z={z}")
                    }
                )
            });
            all.extend(f.map(|f| Found {
                at: [i as u32, j, 0, 0],
                ..f
            }));
        }
    }
    alses.note_quiet(QUIET_XZ, all.is_empty());
    flush(out, all, overlap == Overlap::Forbidden);
}

/// ALS-XY-Wing: C in the middle, A and B at the ends.
pub fn als_xy_wing(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    xy_wing(c, out, opts, Overlap::Allowed);
}

/// [`als_xy_wing`] without ALS that share cells (HoDoKu's default).
pub(crate) fn als_xy_wing_disjoint(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    xy_wing(c, out, opts, Overlap::Forbidden);
}

/// ALS-XY-Wing, with ALS that may overlap or not.
fn xy_wing(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, overlap: Overlap) {
    if let Some(alses) = Alses::of(c, overlap).as_ref() {
        xy_wing_in(alses, out, opts, overlap);
    }
}

/// [`xy_wing`] over the ALS collected: only wings joining a fresh ALS where the search
/// met nothing on the list before (`Alses::lent`).
fn xy_wing_in(alses: &Alses, out: &mut Vec<Step>, opts: &FindOptions, overlap: Overlap) {
    let mut all = Vec::new();
    let counts = |i: u32| alses.counts(QUIET_XY_WING, i as usize);
    for (ci, links) in alses.links.iter().enumerate() {
        if !counts(ci as u32) && !links.iter().any(|l| counts(l.0)) {
            continue;
        }
        for (p, &(ai, r1)) in links.iter().enumerate() {
            for &(bi, r2) in &links[p + 1..] {
                if ai == bi || (r1.count_ones() == 1 && r1 == r2) {
                    continue;
                }
                if !counts(ci as u32) && !counts(ai) && !counts(bi) {
                    continue;
                }
                let (a, b) = (&alses.list[ai as usize], &alses.list[bi as usize]);
                let union = a.cells | b.cells;
                let apart = overlap == Overlap::Allowed || a.cells & b.cells == 0;
                if union == a.cells || union == b.cells || !apart {
                    continue;
                }
                let ends = [ai, bi];
                let mut elims = Vec::new();
                for z in digits(a.mask & b.mask & !r1 & !r2) {
                    alses.targets(&ends, z, &mut elims);
                }
                if elims.is_empty() {
                    continue;
                }
                let used = [ai, bi, ci as u32];
                let f = found(Technique::AlsXyWing, alses, &used, elims, opts, || {
                    format!(
                        "A={}, B={}, C={}, X={}, Y={}, Z={}",
                        alses.name(ai),
                        alses.name(bi),
                        alses.name(ci as u32),
                        digit_list(r1),
                        digit_list(r2),
                        digit_list(a.mask & b.mask & !r1 & !r2)
                    )
                });
                // HoDoKu meets the wing at its two RCs, each an ALS pair.
                let rc = |x: u32| [x.min(ci as u32), x.max(ci as u32)];
                let (p, q) = (rc(ai).min(rc(bi)), rc(ai).max(rc(bi)));
                all.extend(f.map(|f| Found {
                    at: [p[0], p[1], q[0], q[1]],
                    ..f
                }));
            }
        }
    }
    alses.note_quiet(QUIET_XY_WING, all.is_empty());
    flush(out, all, overlap == Overlap::Forbidden);
}

/// ALS-Chains of four to [`MAX_CHAIN`] ALS.
pub fn als_chain(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    chain(c, out, opts, Overlap::Allowed);
}

/// [`als_chain`] without ALS that share cells (HoDoKu's default).
pub(crate) fn als_chain_disjoint(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    chain(c, out, opts, Overlap::Forbidden);
}

/// ALS-Chains, with ALS that may overlap or not.
fn chain(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, overlap: Overlap) {
    if let Some(alses) = Alses::of(c, overlap).as_ref() {
        chain_in(alses, out, opts);
    }
}

/// [`chain`] over the ALS collected: only chains with a fresh ALS where the search met
/// nothing on the list before (`Alses::lent`).
fn chain_in(alses: &Alses, out: &mut Vec<Step>, opts: &FindOptions) {
    // Per ALS: whether it counts ([`Alses::counts`]), and whether a chain through it
    // may hold one that does (it, or one after it over links to later ALS).
    let fresh: Vec<bool> = (0..alses.list.len())
        .map(|i| alses.counts(QUIET_CHAIN, i))
        .collect();
    let mut fresh_on = fresh.clone();
    for v in (0..alses.list.len()).rev() {
        fresh_on[v] = fresh_on[v] || alses.later(v as u32).iter().any(|l| fresh_on[l.0 as usize]);
    }
    let mut search = ChainSearch {
        alses,
        opts,
        chain: Vec::new(),
        arcs: Vec::new(),
        best: FastMap::default(),
        aim: [0; DIGITS],
        decided: vec![0; alses.list.len()],
        leads: vec![false; alses.list.len()],
        end: vec![false; alses.list.len()],
        walk: Vec::new(),
        fresh,
        fresh_on,
        nodes: 0,
        stopped: false,
    };
    for start in 0..alses.list.len() as u32 {
        if opts.expired() {
            search.stopped = true;
        }
        if search.stopped {
            break;
        }
        let fresh = search.fresh[start as usize];
        search.chain.push(start);
        let a = &alses.list[start as usize];
        // The digits of the start that could go from some cell outside the chain.
        let useful = digits(a.mask).fold(0, |m: Mask, z| {
            let i = z as usize - 1;
            if a.buddies[i] & alses.holding[i] != 0 {
                m | bit(z)
            } else {
                m
            }
        });
        for z in 0..DIGITS {
            search.aim[z] = a.buddies[z] & alses.holding[z];
        }
        for &(next, rc) in alses.later(start) {
            if !(fresh || search.fresh_on[next as usize]) || !search.leads_on(next) {
                continue;
            }
            // The first RC of two digits is tried with each on its own.
            for x in digits(rc).filter(|&x| useful & !bit(x) != 0) {
                search.step(next, bit(x), fresh);
            }
        }
        search.chain.pop();
    }
    alses.note_quiet(QUIET_CHAIN, !search.stopped && search.best.is_empty());
    let mut found: Vec<(u64, Found)> = search.best.into_values().collect();
    found.sort_by_key(|&(met, _)| met);
    flush(out, found.into_iter().map(|(_, f)| f).collect(), false);
}

/// The depth-first search of ALS-Chains.
struct ChainSearch<'a> {
    alses: &'a Alses,
    opts: &'a FindOptions,
    /// The ALS of the chain so far.
    chain: Vec<u32>,
    /// The actual RC of each link so far. The chain's ALS rise in the list (links to
    /// later ALS only), so none is met twice.
    arcs: Vec<Mask>,
    /// The best chain met so far for each set of eliminations (as [`flush`] would
    /// keep it: most eliminations, then fewest cells, then the first met), with the
    /// order it was met in: an open state has millions of chains, few sets.
    best: FastMap<Vec<(usize, u8)>, (u64, Found)>,
    /// Per digit (index `z - 1`): the candidates the start could remove, those seeing
    /// each of its cells holding `z` (none for a digit it cannot end on).
    aim: [Cells; DIGITS],
    /// Per ALS: the start for which [`ChainSearch::leads_on`] was last decided (plus
    /// one, zero for never), what it decided, and whether the ALS itself sees one of
    /// the start's targets of a digit both hold.
    decided: Vec<u32>,
    leads: Vec<bool>,
    end: Vec<bool>,
    /// The walk of [`ChainSearch::leads_on`]: an ALS and the index of its next link.
    walk: Vec<(u32, usize)>,
    /// Per ALS: whether it is fresh, or every ALS counts as such (the search is not
    /// lent); whether a chain through it may reach a fresh ALS (it or a later one).
    fresh: Vec<bool>,
    fresh_on: Vec<bool>,
    /// Chains extended so far, to look at the clock every [`CLOCK_EVERY`] of them.
    nodes: u64,
    /// Whether the deadline passed: the search unwinds.
    stopped: bool,
}

/// Chain extensions between two looks at the deadline (one search can take billions).
const CLOCK_EVERY: u64 = 1 << 16;

impl ChainSearch<'_> {
    /// Adds ALS `next` over a link whose actual RC is `arc`, checks the chain and goes
    /// on from it; `fresh`, whether the chain so far holds a fresh ALS: without one,
    /// it goes on only to ALS that may lead to one.
    fn step(&mut self, next: u32, arc: Mask, fresh: bool) {
        if self.stopped {
            return;
        }
        self.nodes += 1;
        if self.nodes % CLOCK_EVERY == 0 && self.opts.expired() {
            self.stopped = true;
            return;
        }
        self.chain.push(next);
        self.arcs.push(arc);
        if self.chain.len() >= 4 {
            self.check();
        }
        if self.chain.len() < MAX_CHAIN {
            let alses = self.alses;
            let fresh = fresh || self.fresh[next as usize];
            for &(after, rc) in alses.later(next) {
                let actual = rc & !arc;
                if actual != 0 && (fresh || self.fresh_on[after as usize]) && self.leads_on(after) {
                    self.step(after, actual, fresh);
                }
            }
        }
        self.arcs.pop();
        self.chain.pop();
    }

    /// Whether a chain from the start may reach, through ALS `v`, an end that removes
    /// something: an ALS (`v` or one after it over links to later ALS) seeing one of
    /// the start's targets of a digit both hold. The actual RC rule, the chain's length
    /// and the overlap of the ends are left aside: a chain the search would check is
    /// never cut. Decided once per ALS and start, by a walk over the later links, so
    /// the search (which meets an ALS over every chain to it) skips the branches where
    /// no chain removes anything, nearly all of them on a state with no ALS-Chain.
    fn leads_on(&mut self, v: u32) -> bool {
        let (alses, stamp) = (self.alses, self.chain[0] + 1);
        if self.decided[v as usize] == stamp {
            return self.leads[v as usize];
        }
        let mut walk = std::mem::take(&mut self.walk);
        if !self.meet(v, stamp) {
            walk.push((v, 0));
        }
        while let Some(top) = walk.last_mut() {
            let (u, at) = *top;
            let Some(&(w, _)) = alses.later(u).get(at) else {
                walk.pop();
                continue;
            };
            top.1 = at + 1;
            if self.decided[w as usize] != stamp && !self.meet(w, stamp) {
                walk.push((w, 0));
                continue;
            }
            if self.leads[w as usize] {
                // `u` and every ALS below it on the walk lead on.
                for &(x, _) in &walk {
                    self.leads[x as usize] = true;
                }
                walk.clear();
            }
        }
        self.walk = walk;
        self.leads[v as usize]
    }

    /// Meets ALS `b` for the first time from start `stamp - 1`: whether it is an end
    /// (it sees one of the start's targets of a digit both hold), which is all it is
    /// known to lead to so far.
    fn meet(&mut self, b: u32, stamp: u32) -> bool {
        let als = &self.alses.list[b as usize];
        let end =
            digits(als.mask).any(|z| self.aim[z as usize - 1] & als.buddies[z as usize - 1] != 0);
        let i = b as usize;
        (self.decided[i], self.end[i], self.leads[i]) = (stamp, end, end);
        end
    }

    /// Records the eliminations of the chain as it stands.
    fn check(&mut self) {
        let alses = self.alses;
        let (first, last) = (self.chain[0], *self.chain.last().expect("a chain"));
        // Every ALS the search enters was decided by `leads_on`.
        if !self.end[last as usize] {
            return;
        }
        let (a, b) = (&alses.list[first as usize], &alses.list[last as usize]);
        let union = a.cells | b.cells;
        if union == a.cells || union == b.cells {
            return;
        }
        let rcs = self.arcs[0] | self.arcs[self.arcs.len() - 1];
        let zs = a.mask & b.mask & !rcs;
        let mut elims = Vec::new();
        for z in digits(zs) {
            alses.targets(&[first, last], z, &mut elims);
        }
        if elims.is_empty() {
            return;
        }
        elims.sort_unstable();
        elims.dedup();
        let (chain, arcs) = (&self.chain, &self.arcs);
        let size = chain
            .iter()
            .fold(0, |s: Cells, &i| s | alses.list[i as usize].cells)
            .count_ones();
        if self.best.get(&elims).is_some_and(|(_, f)| f.size <= size) {
            return;
        }
        let f = found(
            Technique::AlsXyChain,
            alses,
            chain,
            elims.clone(),
            self.opts,
            || {
                let mut s = alses.name(chain[0]);
                for (k, &i) in chain.iter().enumerate().skip(1) {
                    let _ = write!(s, " -{}- {}", digit_list(arcs[k - 1]), alses.name(i));
                }
                let _ = write!(s, ", Z={}", digit_list(zs));
                s
            },
        );
        if let Some(f) = f {
            self.best.insert(elims, (self.nodes, f));
        }
    }
}

/// Death Blossoms.
pub fn death_blossom(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let collected = Alses::of(c, Overlap::Allowed);
    let Some(alses) = collected.as_ref() else {
        return;
    };
    let cells = c.layout().cell_count();
    let mut all = Vec::new();
    for stem in (0..cells).filter(|&x| c.value(x) == 0) {
        let stem_mask = c.mask(stem);
        if ones(stem_mask) < 2 {
            continue;
        }
        // The petals of each stem digit.
        let petals: Vec<(u8, Vec<u32>)> = digits(stem_mask)
            .map(|d| {
                let k = d as usize - 1;
                let list = (0..alses.list.len() as u32)
                    .filter(|&i| {
                        let a = &alses.list[i as usize];
                        a.mask & bit(d) != 0
                            && a.cells >> stem & 1 == 0
                            && a.buddies[k] >> stem & 1 != 0
                    })
                    .collect();
                (d, list)
            })
            .collect();
        if petals.iter().any(|(_, p)| p.is_empty()) {
            continue;
        }
        let mut blossom = Blossom {
            alses,
            opts,
            stem,
            stem_mask,
            petals: &petals,
            chosen: Vec::new(),
            found: Vec::new(),
        };
        let mut reach = alses.holding;
        for r in &mut reach {
            *r &= !(1 << stem);
        }
        blossom.choose(!0, reach);
        all.extend(blossom.found);
    }
    flush(out, all, false);
}

/// The choice of one petal per stem digit.
struct Blossom<'a> {
    alses: &'a Alses,
    opts: &'a FindOptions,
    stem: usize,
    stem_mask: Mask,
    petals: &'a [(u8, Vec<u32>)],
    chosen: Vec<u32>,
    found: Vec<Found>,
}

impl Blossom<'_> {
    /// Chooses a petal for the next stem digit; `common` holds the digits of every
    /// petal chosen so far and `reach`, per digit, the candidates outside the stem
    /// that see each of their cells holding it (the choice stops when no digit can
    /// eliminate anything any more).
    fn choose(&mut self, common: Mask, reach: [Cells; DIGITS]) {
        let alses = self.alses;
        let k = self.chosen.len();
        if k == self.petals.len() {
            let zs = common & !self.stem_mask;
            let mut elims = Vec::new();
            for z in digits(zs) {
                alses.targets(&self.chosen, z, &mut elims);
            }
            elims.retain(|&(x, _)| x != self.stem);
            let (stem, chosen, petals) = (self.stem, &self.chosen, self.petals);
            let mut used = chosen.clone();
            used.sort_unstable();
            used.dedup();
            let f = found(
                Technique::DeathBlossom,
                alses,
                &used,
                elims,
                self.opts,
                || {
                    let mut s = format!("stem {}", cell(alses.n, stem));
                    for (p, &(d, _)) in chosen.iter().zip(petals) {
                        let _ = write!(s, ", {d}: {}", alses.name(*p));
                    }
                    let _ = write!(s, ", Z={}", digit_list(zs));
                    s
                },
            );
            if let Some(mut f) = f {
                f.step.cells.insert(0, stem);
                self.found.push(f);
            }
            return;
        }
        for &p in &self.petals[k].1 {
            let petal = &alses.list[p as usize];
            let next = common & petal.mask;
            let mut further = reach;
            let mut live = false;
            for z in digits(next & !self.stem_mask) {
                let i = z as usize - 1;
                further[i] &= petal.buddies[i];
                live |= further[i] != 0;
            }
            if !live {
                continue;
            }
            self.chosen.push(p);
            self.choose(next, further);
            self.chosen.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn every_als_has_one_digit_more_than_cells() {
        let g: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let c = Candidates::from_grid(&g);
        let alses = Alses::collect(&c, Overlap::Allowed, None).unwrap();
        assert!(!alses.list.is_empty());
        for (i, a) in alses.list.iter().enumerate() {
            let mask = bits(a.cells).fold(0, |m, x| m | c.mask(x));
            assert_eq!(mask, a.mask);
            assert_eq!(a.mask.count_ones(), a.cells.count_ones() + 1);
            for &(j, rc) in alses.links.of(i) {
                assert!(alses.links.of(j as usize).contains(&(i as u32, rc)));
            }
        }
    }

    /// Each ALS once, where the walk of the units in order first meets it: the list
    /// of [`Alses::gather`] against one kept by a set of those already met, on states
    /// of hard puzzles, on the plain board and with both diagonals as extra regions
    /// (a diagonal shares three cells with a box).
    #[test]
    fn each_als_is_listed_once_where_first_met() {
        let diagonals: Vec<Vec<usize>> = vec![
            (0..9).map(|i| i * 10).collect(),
            (0..9).map(|i| i * 8 + 8).collect(),
        ];
        let x: crate::layout::LayoutRef = crate::layout::Layout::with_boxes(3, 3, diagonals)
            .unwrap()
            .into();
        // A pencilmark state whose row 1 has two open cells, both in box 1, holding
        // three digits: all of the row is no ALS there, but it is one in the box.
        let solved: crate::Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        let mut values: Vec<u8> = solved.cells().to_vec();
        let mut masks = vec![0; 81];
        for (x, m) in [
            (0, 0b11),
            (1, 0b110),
            (9, 0b11000),
            (10, 0b110000),
            (20, 0b1100000),
        ] {
            values[x] = 0;
            masks[x] = m;
        }
        let pencilmarks =
            Candidates::from_parts(crate::layout::Layout::classic(9).unwrap(), values, masks);
        let mut checked = 0;
        let states = crate::logic::basic_states(60).map(|(_, c, _)| c);
        for c in states.chain(pencilmarks) {
            let masks = c.masks().to_vec();
            let values = (0..81).map(|x| c.value(x)).collect();
            let on_x = Candidates::from_parts(x.clone(), values, masks).unwrap();
            for state in [&c, &on_x] {
                let mut seen = std::collections::HashSet::new();
                let mut want = Vec::new();
                for unit in state.layout().units() {
                    let open: Vec<usize> = unit
                        .cells
                        .iter()
                        .copied()
                        .filter(|&x| state.value(x) == 0)
                        .collect();
                    subsets(state, &open, 0, 0, 0, 0, &mut |set, mask| {
                        if seen.insert(set) {
                            want.push((set, mask));
                        }
                    });
                }
                let got: Vec<(Cells, Mask)> = Alses::gather(state)
                    .unwrap()
                    .list
                    .iter()
                    .map(|a| (a.cells, a.mask))
                    .collect();
                assert_eq!(got, want);
                checked += got.len();
            }
        }
        assert!(checked > 1000, "only {checked} ALS checked");
    }

    /// The links of each ALS, one list each.
    fn lists(alses: &Alses) -> Vec<Vec<(u32, Mask)>> {
        alses.links.iter().map(<[_]>::to_vec).collect()
    }

    /// Every pair of ALS and its RCs, the definition checked pair by pair.
    fn every_pair(c: &Candidates, alses: &Alses, overlap: Overlap) -> Vec<Vec<(u32, Mask)>> {
        let list = &alses.list;
        let mut links = vec![Vec::new(); list.len()];
        for (i, a) in list.iter().enumerate() {
            for (j, b) in list.iter().enumerate().filter(|&(j, _)| j != i) {
                let shared = a.cells & b.cells;
                if overlap == Overlap::Forbidden && shared != 0 {
                    continue;
                }
                let rc = digits(a.mask & b.mask)
                    .filter(|&d| {
                        let (x, y) = (a.with[d as usize - 1], b.with[d as usize - 1]);
                        let apart = (x | y) & shared == 0;
                        apart && bits(x).all(|p| bits(y).all(|q| c.layout().peers(p).contains(&q)))
                    })
                    .fold(0, |m, d| m | bit(d));
                if rc != 0 && rc.count_ones() <= 2 {
                    links[i].push((j as u32, rc));
                }
            }
        }
        links
    }

    /// The RCs found through the index of first cells are those of every pair, in
    /// the same order, on states where simpler logic stops on hard sample puzzles.
    #[test]
    fn rcs_lent_from_the_state_before_are_those_of_every_pair() {
        // States one after another, as a solver meets them: a candidate gone, or a
        // digit placed, at a time. Each list is gathered after the one before (the
        // units noted then), and linked with the RCs of the one before, or of
        // another puzzle's state.
        let (mut lent, mut checked) = (0, 0);
        let mut other: [Option<Alses>; 2] = [None, None];
        for (g, start, _) in crate::logic::basic_states(50) {
            for (overlap, other) in [Overlap::Allowed, Overlap::Forbidden]
                .into_iter()
                .zip(&mut other)
            {
                let mut c = start.clone();
                let mut before = Alses::collect(&c, overlap, other.as_ref()).unwrap();
                assert_eq!(lists(&before), every_pair(&c, &before, overlap), "{g}");
                for step in 0..12 {
                    let open: Vec<usize> = (0..81).filter(|&x| c.value(x) == 0).collect();
                    let Some(&x) = open.get(step * 7 % open.len().max(1)) else {
                        break;
                    };
                    let d = digits(c.mask(x)).last().unwrap();
                    if step % 4 == 3 || c.mask(x).count_ones() == 1 {
                        c.place(x, d);
                    } else {
                        c.remove(x, d);
                    }
                    let now = Alses::collect(&c, overlap, Some(&before)).unwrap();
                    let fresh: Vec<(Cells, Mask)> = Alses::collect(&c, overlap, None)
                        .unwrap()
                        .list
                        .iter()
                        .map(|a| (a.cells, a.mask))
                        .collect();
                    let listed: Vec<(Cells, Mask)> =
                        now.list.iter().map(|a| (a.cells, a.mask)).collect();
                    assert_eq!(listed, fresh, "{g} step {step}");
                    assert_eq!(
                        lists(&now),
                        every_pair(&c, &now, overlap),
                        "{g} step {step}"
                    );
                    lent += now.list.iter().filter(|a| before.list.contains(a)).count();
                    checked += now.list.len();
                    before = now;
                }
                *other = Some(before);
            }
        }
        assert!(
            lent > checked / 2,
            "only {lent} of {checked} ALS met before"
        );
    }

    /// A search over ALS collected.
    type SearchIn = fn(&Alses, &mut Vec<Step>, &FindOptions, Overlap);

    #[test]
    fn lent_searches_find_what_whole_ones_do() {
        // The states of HoDoKu's path, one after another, each finder run as the path
        // runs them (ALS-XZ, then ALS-XY-Wing, then ALS-Chain, until one finds a
        // step). Where a finder met nothing on the state before, its search joins
        // only fresh ALS; it must find what the whole search finds.
        use crate::logic::{Order, Solver, TechniqueSet};
        let solver = Solver::with_order(TechniqueSet::all(), Order::Hodoku).explain(false);
        let opts = FindOptions {
            explain: false,
            deadline: None,
        };
        let finders: [(u8, SearchIn); 3] = [
            (QUIET_XZ, xz_in),
            (QUIET_XY_WING, xy_wing_in),
            (QUIET_CHAIN, |a, out, opts, _| chain_in(a, out, opts)),
        ];
        // Per finder: the states where its search was lent, and those with a step.
        let (mut lent, mut found) = ([0; 3], [0; 3]);
        for (g, _, _) in crate::logic::basic_states(3) {
            let mut states = Vec::new();
            solver.solve(&mut Candidates::from_grid(&g), |_, c| {
                states.push(c.clone())
            });
            for overlap in [Overlap::Allowed, Overlap::Forbidden] {
                let mut before: Option<Alses> = None;
                for (at, c) in states.iter().enumerate() {
                    let now = Alses::collect(c, overlap, before.as_ref()).unwrap();
                    for (k, &(bit, finder)) in finders.iter().enumerate() {
                        let mut got = Vec::new();
                        finder(&now, &mut got, &opts, overlap);
                        if now.lent & bit != 0 {
                            let whole = Alses::collect(c, overlap, None).unwrap();
                            let mut want = Vec::new();
                            finder(&whole, &mut want, &opts, overlap);
                            assert_eq!(got, want, "{g} {overlap:?} state {at}");
                            lent[k] += 1;
                            found[k] += usize::from(!want.is_empty());
                        }
                        if !got.is_empty() {
                            break;
                        }
                    }
                    before = Some(now);
                }
            }
        }
        assert!(
            lent.iter().all(|&n| n > 500) && found.iter().all(|&n| n > 0),
            "lent {lent:?} times, {found:?} with a step"
        );
    }

    #[test]
    fn indexed_rcs_are_those_of_every_pair() {
        let mut links = 0;
        for (g, c, _) in crate::logic::basic_states(50) {
            for overlap in [Overlap::Allowed, Overlap::Forbidden] {
                let alses = Alses::collect(&c, overlap, None).unwrap();
                assert_eq!(
                    lists(&alses),
                    every_pair(&c, &alses, overlap),
                    "{g} {overlap:?}"
                );
                links += alses.links.iter().map(<[_]>::len).sum::<usize>();
            }
        }
        assert!(links > 0);
    }

    #[test]
    fn compact_names() {
        assert_eq!(compact(9, &[1, 2]), "r1c23");
        assert_eq!(compact(9, &[2, 11]), "r12c3");
        assert_eq!(compact(9, &[0, 10]), "r1c1,r2c2");
    }
}

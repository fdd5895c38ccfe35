//! HoDoKu 2.2.0's default solver configuration: which techniques it uses, in which
//! order, and which step it takes when a technique finds several.
//!
//! HoDoKu asks its step types one after the other and applies the single step the
//! first type that finds anything returns; then it starts again from the top. The
//! score of a puzzle is the sum of the base scores of those steps, so the order and
//! the choice decide the score and the level as much as the techniques do.
//!
//! - [`STEPS`] is the order of HoDoKu's default configuration (its `Options`
//!   defaults, sorted by their index), with only the step types enabled there. One
//!   entry is one HoDoKu step type; some types cover several of our techniques
//!   (HoDoKu's "Nice Loop/AIC" is continuous and discontinuous nice loops and AICs),
//!   and their finders are asked together before one step is picked.
//! - [`pick`] is HoDoKu's choice among the steps of one type: singles as our finders
//!   list them (boxes first); for the other types the step that eliminates the most
//!   candidates, then the one whose eliminations come first on the board, then the
//!   smaller pattern, then the first found (HoDoKu's `SolutionStep.compareTo`, which
//!   its chain, coloring and fish finders sort by).
//! - [`OFF`] lists the techniques of our catalogue that are not on that path.
//! - [`finder`]: HoDoKu's ALS techniques join only ALS that share no cell (its
//!   default; the catalogue's finders allow overlap, as its regression library does),
//!   and its ALS-XZ and ALS-XY-Wing come in the order its search meets them (by the
//!   ALS pairs of their RCs), of which [`pick`] takes the first. Its avoidable
//!   rectangle type 1 takes only an open corner of two candidates.
//! - `Singles` is HoDoKu's bookkeeping of singles on the 9×9 board, which decides
//!   which single it takes: a queue of naked singles and one of hidden singles, filled
//!   as candidates go (in the order HoDoKu removes them: a placed digit from the
//!   cell's peers in cell order, then the cell's other candidates, unit by unit) and
//!   read first in, first out. A full house is the first queued naked single that is
//!   the last cell of a unit. Which hidden single comes first changes which cells are
//!   left as naked singles later, and so the score (4 for a naked single, 14 for a
//!   hidden one): the queues are kept exactly as HoDoKu keeps them (its `Sudoku2` and
//!   `SudokuSinglesQueue`), from the givens placed in cell order on an empty board.

use super::als;
use super::chains;
use super::general_fish;
use super::links::{peers9, units_of, UNIT_BITS};
use super::step::Step;
use super::sue_de_coq;
use super::technique::Technique::{self, *};
use super::uniqueness;
use super::{bits, Finder};
use crate::candidates::{digits, Candidates, Mask};

/// HoDoKu's step types in the order of its default configuration, each with the
/// techniques of ours it covers.
pub const STEPS: &[&[Technique]] = &[
    &[FullHouse],
    &[NakedSingle],
    &[HiddenSingle],
    &[LockedPair],
    &[LockedTriple],
    &[LockedCandidates1],
    &[LockedCandidates2],
    &[NakedPair],
    &[NakedTriple],
    &[HiddenPair],
    &[HiddenTriple],
    &[NakedQuad],
    &[HiddenQuad],
    &[XWing],
    &[Swordfish],
    &[Jellyfish],
    &[RemotePair],
    &[BugPlus1],
    &[Skyscraper],
    &[TwoStringKite],
    &[TurbotFish],
    &[EmptyRectangle],
    &[WWing],
    &[XyWing],
    &[XyzWing],
    &[UniquenessTest1],
    &[UniquenessTest2],
    &[UniquenessTest3],
    &[UniquenessTest4],
    &[UniquenessTest5],
    &[UniquenessTest6],
    &[HiddenRectangle],
    &[AvoidableRectangle1],
    &[AvoidableRectangle2],
    &[FinnedXWing],
    &[SashimiXWing],
    &[FinnedSwordfish],
    &[SashimiSwordfish],
    &[FinnedJellyfish],
    &[SashimiJellyfish],
    &[SueDeCoq],
    &[SimpleColorsTrap, SimpleColorsWrap],
    &[MultiColors1, MultiColors2],
    &[XChain],
    &[XyChain],
    &[ContinuousNiceLoop, DiscontinuousNiceLoop, Aic],
    &[
        GroupedContinuousNiceLoop,
        GroupedDiscontinuousNiceLoop,
        GroupedAic,
    ],
    &[AlsXz],
    &[AlsXyWing],
    &[AlsXyChain],
    &[FrankenXWing],
    &[FrankenSwordfish],
    &[FinnedFrankenXWing],
    &[FinnedFrankenSwordfish],
    &[ForcingChainContradiction, ForcingChainVerity],
    &[ForcingNetContradiction, ForcingNetVerity],
    // Where HoDoKu would guess (its brute-force step, scored the same).
    &[DeepForcingNet],
];

/// The techniques HoDoKu's default configuration leaves out (or, for the WXYZ-Wing
/// and the dual patterns, that HoDoKu 2.2.0 does not search as steps of their own).
pub const OFF: &[Technique] = &[
    FrankenJellyfish,
    FinnedFrankenJellyfish,
    MutantXWing,
    MutantSwordfish,
    MutantJellyfish,
    FinnedMutantXWing,
    FinnedMutantSwordfish,
    FinnedMutantJellyfish,
    SiameseFinnedXWing,
    SiameseFinnedSwordfish,
    SiameseFinnedJellyfish,
    SiameseSashimiXWing,
    SiameseSashimiSwordfish,
    SiameseSashimiJellyfish,
    SiameseFinnedFrankenXWing,
    SiameseFinnedFrankenSwordfish,
    SiameseFinnedFrankenJellyfish,
    SiameseFinnedMutantXWing,
    SiameseFinnedMutantSwordfish,
    SiameseFinnedMutantJellyfish,
    KrakenFish,
    DualTwoStringKite,
    DualEmptyRectangle,
    WxyzWing,
    DeathBlossom,
    TemplateSet,
    TemplateDelete,
];

/// The finder HoDoKu's path asks for `t` where it is not the catalogue's: ALS that
/// share cells are not joined (HoDoKu's default `allowAlsOverlap` is off); grouped nice
/// loops and AICs have no ALS nodes (nor has its `allowAlsInTablingChains`); Franken
/// fish and Sue de Coq are the first its search meets. `logic::path_finder` adds
/// HoDoKu's forcing tables.
pub fn finder(t: Technique) -> Option<Finder> {
    match t {
        AlsXz => Some(als::als_xz_disjoint),
        AlsXyWing => Some(als::als_xy_wing_disjoint),
        AlsXyChain => Some(als::als_chain_disjoint),
        FrankenXWing => Some(|c, o, p| general_fish::find_first(FrankenXWing, c, o, p)),
        FrankenSwordfish => Some(|c, o, p| general_fish::find_first(FrankenSwordfish, c, o, p)),
        FinnedFrankenXWing => Some(|c, o, p| general_fish::find_first(FinnedFrankenXWing, c, o, p)),
        FinnedFrankenSwordfish => {
            Some(|c, o, p| general_fish::find_first(FinnedFrankenSwordfish, c, o, p))
        }
        SueDeCoq => Some(sue_de_coq::sue_de_coq_first),
        AvoidableRectangle1 => Some(uniqueness::avoidable_1_bivalue),
        GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop | GroupedAic => {
            chains::WITHOUT_ALS
                .iter()
                .find(|&&(u, _)| u == t)
                .map(|&(_, f)| f)
        }
        _ => None,
    }
}

/// Where HoDoKu's comparator of forcing steps puts a step of one conclusion: a
/// placement before any elimination, then by cell and digit (its `TablingComparator`:
/// cells set before candidates deleted, lower cells and candidates first).
pub(crate) fn forcing_key(s: &Step) -> (bool, usize, u8) {
    match (s.placements.first(), s.eliminations.first()) {
        (Some(&(x, d)), _) => (false, x, d),
        (None, Some(&(x, d))) => (true, x, d),
        (None, None) => (true, usize::MAX, 0),
    }
}

/// The step HoDoKu takes among `steps`, all found in one state by the techniques of
/// one entry of [`STEPS`] (`None` when there are none).
pub fn pick(steps: &[Step]) -> Option<&Step> {
    let first = steps.first()?;
    if is_forcing(first.technique) {
        return steps
            .iter()
            .enumerate()
            .min_by_key(|&(i, s)| (forcing_key(s), i))
            .map(|(_, s)| s);
    }
    if !first.placements.is_empty() {
        return steps.iter().min_by_key(|s| s.rating);
    }
    if sorted(first.technique) {
        return steps
            .iter()
            .enumerate()
            .min_by_key(|&(i, s)| {
                (
                    std::cmp::Reverse(s.eliminations.len()),
                    index_sum(s),
                    size(s),
                    i,
                )
            })
            .map(|(_, s)| s);
    }
    steps
        .iter()
        .enumerate()
        .min_by_key(|&(i, s)| (search_key(s), i))
        .map(|(_, s)| s)
}

/// Whether HoDoKu sorts the steps of `t` it finds and takes the first
/// (`SolutionStep.compareTo`), rather than the first its search meets.
fn sorted(t: Technique) -> bool {
    matches!(
        t,
        XChain
            | XyChain
            | RemotePair
            | TurbotFish
            | SimpleColorsTrap
            | SimpleColorsWrap
            | MultiColors1
            | MultiColors2
            | ContinuousNiceLoop
            | DiscontinuousNiceLoop
            | Aic
            | GroupedContinuousNiceLoop
            | GroupedDiscontinuousNiceLoop
            | GroupedAic
            | AlsXyChain
    )
}

/// Whether `t` is a forcing chain or net, whose steps HoDoKu orders by their one
/// conclusion ([`forcing_key`]).
fn is_forcing(t: Technique) -> bool {
    matches!(
        t,
        ForcingChainContradiction | ForcingChainVerity | ForcingNetContradiction | ForcingNetVerity
    )
}

/// Where HoDoKu's search meets a step of a technique it takes first-found, as a key
/// that sorts in its search order (unknown: after every known one, in our order).
/// Locked candidates: pointing by box then digit, claiming by row, then column, then
/// digit; locked sets by box then cells; subsets in boxes, then rows, then columns,
/// then by cells (naked) or digits (hidden).
fn search_key(s: &Step) -> (u8, u8, Key) {
    const UNKNOWN: (u8, u8, Key) = (u8::MAX, 0, Key::EMPTY);
    let Some(&at) = s.cells.first() else {
        return UNKNOWN;
    };
    let all = |f: fn(usize) -> usize| s.cells.iter().all(|&c| f(c) == f(at));
    let (row, col, bx) = (
        |c: usize| c / 9,
        |c: usize| c % 9,
        |c: usize| c / 27 * 3 + c % 9 / 3,
    );
    if let Some(key) = pattern_key(s, row, col, bx) {
        return key;
    }
    // Boxes, then rows, then columns: the unit the pattern lies in, first in that order.
    let unit = if all(bx) {
        bx(at)
    } else if all(row) {
        9 + row(at)
    } else if all(col) {
        18 + col(at)
    } else {
        return UNKNOWN;
    } as u8;
    let digit = Key::of([usize::from(s.digits.first().copied().unwrap_or(0))]);
    let cells = || {
        let mut k = Key::of(s.cells.iter().copied());
        k.sort();
        k
    };
    let digits = || Key::of(s.digits.iter().map(|&d| usize::from(d)));
    match s.technique {
        LockedCandidates1 => (0, bx(at) as u8, digit),
        // Rows, then columns; a claim lies in one line and one box, and `unit` puts
        // the box first: take the line.
        LockedCandidates2 if all(row) => (0, row(at) as u8, digit),
        LockedCandidates2 => (0, 9 + col(at) as u8, digit),
        LockedPair | LockedTriple => (0, bx(at) as u8, cells()),
        NakedPair | NakedTriple | NakedQuad => (0, unit, cells()),
        HiddenPair | HiddenTriple | HiddenQuad => (0, unit, digits()),
        _ => UNKNOWN,
    }
}

/// Where HoDoKu's search meets a skyscraper, 2-string kite, empty rectangle or
/// W-Wing (`None` for other techniques or a step not of their shape). W-Wings: by
/// the two bivalue cells, then the digit eliminated, smaller first. Skyscrapers: in
/// rows, then columns, digit by digit, by the pair of lines. Kites and empty
/// rectangles digit by digit; kites by the row of the row's link, then the column of
/// the column's; empty rectangles by box, then the cross, its row and then its
/// column from the box's last towards its first, the link from the cross's row
/// (cells along the row) before the link from its column (cells down the column).
fn pattern_key(
    s: &Step,
    row: fn(usize) -> usize,
    col: fn(usize) -> usize,
    bx: fn(usize) -> usize,
) -> Option<(u8, u8, Key)> {
    let digit = *s.digits.first()?;
    let &(target, target_digit) = s.eliminations.first()?;
    let key = match (s.technique, s.cells.as_slice()) {
        (Skyscraper, &[free_p, free_q, base_p, ..]) => {
            let in_rows = row(free_p) == row(base_p);
            let line = if in_rows { row } else { col };
            let (a, b) = (line(free_p), line(free_q));
            return Some((u8::from(!in_rows), digit, Key::of([a.min(b), a.max(b)])));
        }
        (TwoStringKite, &[free_r, free_k, ..]) => Key::of([row(free_r), col(free_k)]),
        (WWing, &[a, b, ..]) => {
            let key = [a.min(b), a.max(b), usize::from(target_digit)];
            return Some((0, 0, Key::of(key)));
        }
        (EmptyRectangle, &[near, far, ..]) => {
            // A link from the cross's row runs down a column, and the other way round.
            let from_row = col(near) == col(far);
            let (er_row, er_col) = if from_row {
                (row(near), col(target))
            } else {
                (row(target), col(near))
            };
            let cross = (2 - er_row % 3) * 3 + (2 - er_col % 3);
            Key::of([bx(er_row * 9 + er_col), cross, usize::from(!from_row), near])
        }
        _ => return None,
    };
    Some((0, digit, key))
}

/// The last part of a [`search_key`]: up to four numbers (cells, digits, lines),
/// compared as the list they make (a list before the longer ones it starts).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    len: u8,
    at: [u8; 4],
}

impl Key {
    const EMPTY: Key = Key { len: 0, at: [0; 4] };

    /// The first four numbers of `items` (each below 256: cells and digits of the
    /// 9×9 board).
    fn of(items: impl IntoIterator<Item = usize>) -> Key {
        let mut k = Key::EMPTY;
        for (slot, x) in k.at.iter_mut().zip(items) {
            *slot = x as u8;
            k.len += 1;
        }
        k
    }

    fn items(&self) -> &[u8] {
        &self.at[..usize::from(self.len)]
    }

    fn sort(&mut self) {
        let len = usize::from(self.len);
        self.at[..len].sort_unstable();
    }
}

impl Ord for Key {
    fn cmp(&self, other: &Key) -> std::cmp::Ordering {
        self.items().cmp(other.items())
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Key) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// One queue of singles: cells and digits, read from `get` on (HoDoKu empties it
/// when the last entry is read).
#[derive(Debug, Clone)]
struct Queue {
    items: Vec<(u8, u8)>,
    get: usize,
}

impl Queue {
    fn with_capacity(n: usize) -> Queue {
        Queue {
            items: Vec::with_capacity(n),
            get: 0,
        }
    }

    fn push(&mut self, cell: usize, digit: u8) {
        self.items.push((cell as u8, digit));
    }

    fn pop(&mut self) -> Option<(usize, u8)> {
        let &(cell, digit) = self.items.get(self.get)?;
        self.get += 1;
        if self.get >= self.items.len() {
            self.items.clear();
            self.get = 0;
        }
        Some((usize::from(cell), digit))
    }

    /// Removes the first unread entry that `hit` accepts.
    fn remove_first(&mut self, hit: impl Fn(usize, u8) -> bool) {
        let found = self.items[self.get..]
            .iter()
            .position(|&(c, d)| hit(usize::from(c), d));
        if let Some(at) = found {
            self.items.remove(self.get + at);
        }
    }
}

/// Each cell of the 9×9 board as a bit.
const CELL_BITS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        t[cell] = 1 << cell;
        cell += 1;
    }
    t
};

/// HoDoKu's state of singles on the plain 9×9 board (see the module documentation):
/// candidates, the count of places per unit and digit, and the two queues.
#[derive(Debug, Clone)]
pub(crate) struct Singles {
    cells: [u16; 81],
    /// The cells of `cells` holding each digit (digit `d` at `d - 1`), as bits.
    planes: [u128; 9],
    values: [u8; 81],
    free: [[u8; 10]; 27],
    /// The digits with a place left in each unit (`free` above zero), as bits.
    open: [u16; 27],
    naked: Queue,
    hidden: Queue,
}

/// A single HoDoKu takes: technique, cell, digit and the unit that makes it one (for
/// a naked single, none).
pub(crate) type Single = (Technique, usize, u8, Option<usize>);

impl Singles {
    /// The state HoDoKu has for `c` (a plain 9×9 state): an empty board, the placed
    /// cells set in cell order, then the candidates `c` lacks removed in cell order.
    pub(crate) fn new(c: &Candidates) -> Singles {
        let mut s = Singles {
            cells: [0x1ff; 81],
            planes: [(1u128 << 81) - 1; 9],
            values: [0; 81],
            free: [[9; 10]; 27],
            open: [0x1ff; 27],
            naked: Queue::with_capacity(32),
            hidden: Queue::with_capacity(32),
        };
        for cell in 0..81 {
            if c.value(cell) != 0 {
                s.place(cell, c.value(cell));
            }
        }
        for cell in (0..81).filter(|&cell| c.value(cell) == 0) {
            // The candidates HoDoKu still has and `c` lacks, digits rising.
            for d in digits(Mask::from(s.cells[cell]) & !c.mask(cell)) {
                s.take(cell, d, 0);
            }
        }
        s
    }

    /// Applies what `step` changes, as HoDoKu would: placements, then eliminations
    /// in the order HoDoKu's finder lists them ([`removal_order`]).
    pub(crate) fn apply(&mut self, step: &Step) {
        for &(cell, d) in &step.placements {
            self.place(cell, d);
        }
        for (cell, d) in removal_order(step) {
            self.remove(cell, d);
        }
    }

    /// The single HoDoKu takes next among the enabled ones (full house, naked, hidden).
    pub(crate) fn next(&mut self, full_house: bool, naked: bool, hidden: bool) -> Option<Single> {
        if full_house {
            let found = self.naked.items[self.naked.get..]
                .iter()
                .map(|&(c, d)| (usize::from(c), d))
                .filter(|&(c, _)| self.values[c] == 0)
                .find_map(|(c, d)| {
                    let last = |&u: &usize| self.open[u] & !(1 << (d - 1)) == 0;
                    units_of(c).into_iter().find(last).map(|u| (c, d, u))
                });
            if let Some((c, d, u)) = found {
                return Some((FullHouse, c, d, Some(u)));
            }
        }
        if naked {
            while let Some((c, d)) = self.naked.pop() {
                if self.values[c] == 0 {
                    return Some((NakedSingle, c, d, None));
                }
            }
        }
        if hidden {
            while let Some((c, d)) = self.hidden.pop() {
                if self.values[c] == 0 {
                    let unit = units_of(c)
                        .into_iter()
                        .find(|&u| self.free[u][d as usize] == 1);
                    return unit.map(|u| (HiddenSingle, c, d, Some(u)));
                }
            }
        }
        None
    }

    /// Queues the one place left for `d` in unit `u`, if there is one.
    fn add_hidden(&mut self, u: usize, d: u8) {
        // A unit's cells rise in the order it lists them.
        let here = UNIT_BITS[u] & self.planes[usize::from(d) - 1];
        if here != 0 {
            self.hidden.push(here.trailing_zeros() as usize, d);
        }
    }

    /// Removes candidate `d` from `cell` (HoDoKu's `setCandidate(…, false)`).
    #[inline]
    fn remove(&mut self, cell: usize, d: u8) {
        // Most calls, from the peers of a placed cell, find the candidate gone.
        if self.cells[cell] & 1 << (d - 1) != 0 {
            self.take(cell, d, 0);
        }
    }

    /// [`Singles::remove`] of a candidate `cell` has; whether it was the last. A unit
    /// of `quiet` (a bit per unit) that runs down to one place is not looked at: it is
    /// a unit of a cell being set to `d` that held it, which is that place and already
    /// out of `planes`, so there is no hidden single to queue.
    #[inline(always)]
    fn take(&mut self, cell: usize, d: u8, quiet: u32) -> bool {
        let bit = 1 << (d - 1);
        self.cells[cell] &= !bit;
        self.planes[usize::from(d) - 1] &= !CELL_BITS[cell];
        let left = self.cells[cell];
        if left == 0 {
            return true;
        }
        if left & (left - 1) == 0 {
            self.naked.push(cell, left.trailing_zeros() as u8 + 1);
        }
        for u in units_of(cell) {
            let free = &mut self.free[u][d as usize];
            *free -= 1;
            if *free == 0 || *free == 1 && quiet >> u & 1 == 0 {
                self.last_places(u, d);
            }
        }
        false
    }

    /// What HoDoKu does when unit `u` is down to one place for `d` (queues it as a
    /// hidden single) or none (drops the hidden single queued for it).
    #[inline(never)]
    fn last_places(&mut self, u: usize, d: u8) {
        match self.free[u][d as usize] {
            1 => self.add_hidden(u, d),
            _ => {
                self.open[u] &= !(1 << (d - 1));
                self.hidden
                    .remove_first(|c, e| e == d && units_of(c).contains(&u));
            }
        }
    }

    /// Places `d` in `cell` (HoDoKu's `setCell`); whether that left a peer without a
    /// candidate.
    pub(crate) fn place(&mut self, cell: usize, d: u8) -> bool {
        if self.values[cell] != 0 {
            return false;
        }
        self.values[cell] = d;
        let had = self.cells[cell];
        self.cells[cell] = 0;
        // Only the planes of `had` hold the cell: clearing all nine is the same.
        for plane in &mut self.planes {
            *plane &= !CELL_BITS[cell];
        }
        let units = units_of(cell);
        // While `cell` still counts for `d` in its units, a take that leaves it the
        // last place there queues nothing.
        let own = match had & 1 << (d - 1) {
            0 => 0,
            _ => units.iter().fold(0, |m, &u| m | 1 << u),
        };
        // The peers still holding `d`, in cell order.
        let mut emptied = false;
        for p in bits(peers9(cell) & self.planes[usize::from(d) - 1]) {
            emptied |= self.take(p, d, own);
        }
        for e in digits(had.into()) {
            for u in units {
                let f = &mut self.free[u][e as usize];
                *f = f.saturating_sub(1);
                if *f <= 1 {
                    if *f == 0 {
                        self.open[u] &= !(1 << (e - 1));
                    } else if e != d {
                        self.add_hidden(u, e);
                    }
                }
            }
        }
        emptied
    }
}

/// A step's eliminations in the order HoDoKu's finder lists them, which is the order
/// it removes them in (and so the order new singles are queued in). Naked and locked
/// subsets: unit by unit (the row, column and box the subset lies in, in that order),
/// each in its cells' order, digits rising; other steps by cell, then digit.
fn removal_order(step: &Step) -> Vec<(usize, u8)> {
    let mut out = step.eliminations.clone();
    let subset = matches!(
        step.technique,
        LockedPair | LockedTriple | NakedPair | NakedTriple | NakedQuad
    );
    match step.cells.first() {
        Some(&at) if subset => {
            let shared: Vec<usize> = (0..3)
                .map(|k| units_of(at)[k])
                .filter(|&u| step.cells.iter().all(|&c| units_of(c).contains(&u)))
                .collect();
            let first_unit = |cell: usize| {
                shared
                    .iter()
                    .position(|u| units_of(cell).contains(u))
                    .unwrap_or(3)
            };
            out.sort_by_key(|&(cell, d)| (first_unit(cell), cell, d));
        }
        _ => out.sort_unstable(),
    }
    out
}

/// HoDoKu's "index sum" of a step's eliminations, taken in its order (digit, then
/// cell): each candidate counts its cell index times a weight that grows by 80 from
/// one candidate to the next, plus its digit.
fn index_sum(s: &Step) -> u64 {
    let mut elims: Vec<(u8, usize)> = s.eliminations.iter().map(|&(c, d)| (d, c)).collect();
    elims.sort_unstable();
    elims
        .iter()
        .enumerate()
        .map(|(k, &(d, c))| c as u64 * (1 + 80 * k as u64) + u64::from(d))
        .sum()
}

/// The size of a step's pattern: its cells and fins.
fn size(s: &Step) -> usize {
    s.cells.len() + s.fins.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::TechniqueSet;

    #[test]
    fn every_technique_is_on_the_path_or_off_once() {
        let mut seen = TechniqueSet::empty();
        for &t in STEPS.iter().flat_map(|s| s.iter()).chain(OFF) {
            assert!(!seen.contains(t), "{t:?} listed twice");
            seen.insert(t);
        }
        assert_eq!(seen, TechniqueSet::all());
    }

    fn elim(technique: Technique, eliminations: Vec<(usize, u8)>, cells: usize) -> Step {
        let mut s = Step::new(technique);
        s.eliminations = eliminations;
        s.cells = (0..cells).collect();
        s
    }

    #[test]
    fn picks_the_most_eliminations_then_the_first_on_the_board() {
        let steps = [
            elim(XChain, vec![(40, 3)], 4),
            elim(XChain, vec![(30, 3), (20, 3)], 4),
            elim(XChain, vec![(10, 3), (20, 3)], 6),
            elim(XChain, vec![(10, 3), (20, 3)], 4),
        ];
        assert_eq!(pick(&steps), Some(&steps[3]));
        assert_eq!(pick(&steps[..3]), Some(&steps[2]));
        assert_eq!(pick(&steps[..2]), Some(&steps[1]));
        assert_eq!(pick(&steps[..1]), Some(&steps[0]));
        assert_eq!(pick(&[]), None);
    }
}

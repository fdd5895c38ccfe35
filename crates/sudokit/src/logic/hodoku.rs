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
use super::Finder;
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

/// A one in the 4-bit field of each unit of a cell (see [`Singles::free`]).
const UNIT_ONES: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let b = 18 + r / 3 * 3 + c / 3;
        t[cell] = 1 << (4 * r) | 1 << (4 * (9 + c)) | 1 << (4 * b);
        cell += 1;
    }
    t
};

/// The top bit of the 4-bit field of each unit of a cell (see [`Singles::free`]).
const UNIT_TOPS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        t[cell] = UNIT_ONES[cell] << 3;
        cell += 1;
    }
    t
};

/// How far above its count of places a unit's field in [`Singles::free`] is kept.
const FREE_BIAS: u8 = 6;

/// [`Singles::free`] of an empty board: nine places for every unit.
const ALL_FREE: u128 = {
    let mut t = 0u128;
    let mut u = 0;
    while u < 27 {
        t |= ((9 + FREE_BIAS) as u128) << (4 * u);
        u += 1;
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
    /// For each digit (at `d - 1`), the count of its places in each unit as HoDoKu
    /// counts them (the cells of `planes`, and a cell a removal emptied, which HoDoKu
    /// does not count out): a 4-bit field a unit (unit `u` at bit `4 * u`) holding
    /// the count plus [`FREE_BIAS`]. A removal counts a place less in the three units
    /// of its cell by one subtraction ([`UNIT_ONES`]), and with the bias a field has
    /// its top bit clear exactly when its unit is down to one place or none, which one
    /// test finds for the three units ([`UNIT_TOPS`]). A count is never below zero (a
    /// removal is of a place still counted) nor above nine (a placed cell is counted
    /// twice for a while only in a unit with fewer places, see [`Singles::place`]), so
    /// no field borrows from or carries into the next.
    free: [u128; 9],
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
            free: [ALL_FREE; 9],
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
                s.take(CELL_BITS[cell], d);
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
                    let unit = units_of(c).into_iter().find(|&u| self.free(u, d) == 1);
                    return unit.map(|u| (HiddenSingle, c, d, Some(u)));
                }
            }
        }
        None
    }

    /// HoDoKu's count of the places for `d` in unit `u`.
    fn free(&self, u: usize, d: u8) -> u8 {
        (self.free[usize::from(d) - 1] >> (4 * u)) as u8 % 16 - FREE_BIAS
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
            self.take(CELL_BITS[cell], d);
        }
    }

    /// [`Singles::remove`] of `d` from each of `cells` (which hold it), in cell order;
    /// whether one of them had no other candidate.
    #[inline(always)]
    fn take(&mut self, cells: u128, d: u8) -> bool {
        let i = usize::from(d) - 1;
        let bit = 1 << i;
        // Kept here, and in `self` only when a unit runs down to one place or none.
        let mut free = self.free[i];
        self.planes[i] &= !cells;
        let mut emptied = false;
        // The two halves of the board one after the other: cheaper than 128-bit steps.
        for (mut half, base) in [(cells as u64, 0), ((cells >> 64) as u64, 64)] {
            while half != 0 {
                let cell = base + half.trailing_zeros() as usize;
                half &= half - 1;
                self.cells[cell] &= !bit;
                let left = self.cells[cell];
                if left & left.wrapping_sub(1) == 0 {
                    if left == 0 {
                        emptied = true;
                        continue;
                    }
                    self.naked.push(cell, left.trailing_zeros() as u8 + 1);
                }
                free -= UNIT_ONES[cell];
                if !free & UNIT_TOPS[cell] != 0 {
                    // The cells still to come hold `d` as HoDoKu looks at the units.
                    let rest = cells >> cell >> 1 << cell << 1;
                    self.free[i] = free;
                    self.planes[i] |= rest;
                    self.last_places(cell, d);
                    self.planes[i] &= !rest;
                }
            }
        }
        self.free[i] = free;
        emptied
    }

    /// What HoDoKu does, unit by unit, for the units of `cell` that a removal of `d`
    /// left with one place (queues it as a hidden single) or none (drops the hidden
    /// single queued for it).
    #[inline(never)]
    fn last_places(&mut self, cell: usize, d: u8) {
        for u in units_of(cell) {
            match self.free(u, d) {
                0 => {
                    self.open[u] &= !(1 << (d - 1));
                    self.hidden
                        .remove_first(|c, e| e == d && UNIT_BITS[u] & CELL_BITS[c] != 0);
                }
                1 => self.add_hidden(u, d),
                _ => {}
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
        // HoDoKu takes the cell out of every digit's places first; the peers' removals
        // below look only at the places of `d`, the others are done digit by digit
        // after them.
        let i = usize::from(d) - 1;
        self.planes[i] &= !CELL_BITS[cell];
        // While the cell still counts for `d` in its units, a peer's removal that
        // leaves it the last place there queues nothing (the cell is out of `planes`):
        // the cell is counted twice meanwhile, so that those units do not look down to
        // one place, but in a unit of nine places, whose field has no room for ten
        // (there the look finds nothing to queue).
        let held = had >> i & 1 != 0;
        let f = self.free[i];
        let nine = f & f >> 1 & f >> 2 & f >> 3 & UNIT_ONES[cell];
        let own = if held { UNIT_ONES[cell] & !nine } else { 0 };
        self.free[i] += own;
        // The peers still holding `d`, in cell order.
        let emptied = self.take(peers9(cell) & self.planes[i], d);
        // Then the cell's candidates leave the counts of its units, digits rising as
        // HoDoKu does; `d` is done first here, which is the same: it queues nothing,
        // and normally leaves the three units without a place for `d`.
        if held {
            self.free[i] -= own + UNIT_ONES[cell];
        }
        if held {
            for u in units_of(cell) {
                if self.free(u, d) == 0 {
                    self.open[u] &= !(1 << i);
                }
            }
        }
        for e in digits(Mask::from(had) & !(1 << i)) {
            let free = &mut self.free[usize::from(e) - 1];
            *free -= UNIT_ONES[cell];
            let low = !*free & UNIT_TOPS[cell] != 0;
            self.planes[usize::from(e) - 1] &= !CELL_BITS[cell];
            if low {
                for u in units_of(cell) {
                    match self.free(u, e) {
                        0 => self.open[u] &= !(1 << (e - 1)),
                        1 => self.add_hidden(u, e),
                        _ => {}
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

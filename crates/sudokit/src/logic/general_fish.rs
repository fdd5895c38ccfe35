//! Generalised fish on one digit, as HoDoKu defines them: Franken and mutant fish,
//! finned (with endo fins and cannibalism) and Siamese fish.
//!
//! A fish of size `k` takes `k` base sets and `k` cover sets among the rows, columns
//! and boxes holding the digit (no unit is both). The digit appears once in every
//! base set; every base candidate lies in a cover set, so the covers take the digit
//! only from the base: it leaves the cover candidates outside the base, and a base
//! candidate in two cover sets (cannibalism). Fins are the base candidates no cover
//! holds and, when base sets overlap, the candidates two base sets share (endo fins):
//! either a fin is true or the fish is, so only candidates that see every fin go.
//!
//! - `Kind` is HoDoKu's search: basic (rows against columns), Franken (rows and
//!   boxes against columns and boxes, or the other way) or mutant (any units). A
//!   fish found is named by the units it uses (`Fish::technique`): rows against
//!   columns is basic, lines of one kind with boxes against the other kind with boxes
//!   is Franken, anything else mutant; a basic fish is sashimi when a base set keeps
//!   at most one candidate without its fins.
//! - The search goes as HoDoKu's `FishSolver`: digit by digit, for basic and Franken
//!   fish rows as base first and columns second, base sets then cover sets as
//!   increasing combinations of the units in the order rows, columns, boxes. At most
//!   five fins and two endo fins (HoDoKu's defaults); a finless search takes base
//!   sets of at most `k` candidates. Each base set taken narrows the candidates a
//!   fish on those base sets may still remove (its targets): a fin sees what goes,
//!   so the base candidates a target does not see lie in the `k - 1` covers that do
//!   not hold it (`k - 2` for a cannibal target). Base sets that leave no target end
//!   the walk there; on a state with no fish nearly every one ends so, before any
//!   cover is tried. The cover search is pruned where the base candidates no later
//!   cover can hold are already more than the fins allowed or seen by no target, and
//!   each last cover's fins are counted and seen from a cover candidate before a fish
//!   is built; the order of what is found does not change.
//! - A Siamese fish is two finned fish of the same digit, kind and base sets with
//!   other eliminations, shown as one step (HoDoKu's regression codes end in `1`).
//!
//! A search for one digit depends only on the board and on the cells `W` where the
//! digit is open, and the last `W` on which each search met no fish is kept per thread
//! (`NoFish`). A fish on fewer cells `W' ⊆ W` whose base sets hold none of the cells
//! `W \ W'` would have been a fish on `W`: its base candidates, fins, endo fins and
//! cannibals are the same there and its cover candidates more, so it removed something
//! there too. So on `W'` only the base sets that hold a cell gone are walked (none when
//! `W' = W`): on HoDoKu's path, where the Franken searches run on every state that
//! reaches them, one state after the next takes few cells of a digit. On that path
//! the finned search of a size runs on the state its finless one met nothing on, so the
//! finless one looks for both at once (`find_first`) and keeps what it met of each
//! shape under the key of the search for that shape alone; the finned search then
//! walks nothing. A fish without fins counts there as finless only when each base set
//! holds at most `k` candidates, as in the finless search. A Kraken search
//! (`Search::kraken`, for `kraken.rs`) takes only the fish its `accept` test passes,
//! which reads the chains of the state: it is not kept.
//!
//! Before a digit is walked, the pruned search asks `templates::tight_digits`
//! whether the digit's fitting templates cover every open cell. If they do, no fish
//! of the digit removes anything: whatever one removes lies in no template. The digit
//! is then noted as met with no fish, as if it had been walked. The Kraken search
//! walks every digit.
//!
//! The walk counts cells in its innermost loops; on an x86-64 CPU with `popcnt` it runs
//! in code compiled with that instruction (the module `variant`).
//!
//! Boards of up to 128 cells (one `u128` per set of cells); larger boards find nothing.

use std::cell::RefCell;
use std::rc::Rc;

use super::bits;
use super::hash::FastMap;
use super::step::{cell_list, removal, FindOptions, Step};
use super::technique::Technique::{self, *};
use super::templates;
use crate::candidates::{digits, Candidates};
use crate::layout::{LayoutRef, UnitKind};

mod variant;

use variant::{Bases, Covers, Portable, Variant};

/// The techniques built on this module's search: Franken, mutant, Siamese and Kraken
/// fish. Their searches are the slow ones of the fish family (a finned mutant
/// jellyfish takes tens of milliseconds on a hard state): test loops over every state
/// leave them out.
pub const TECHNIQUES: &[Technique] = &[
    FrankenXWing,
    FrankenSwordfish,
    FrankenJellyfish,
    FinnedFrankenXWing,
    FinnedFrankenSwordfish,
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
];

/// Which units a search takes its base and cover sets from (HoDoKu's fish types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// Rows against columns.
    Basic,
    /// Rows and boxes against columns and boxes, or the other way round.
    Franken,
    /// Any rows, columns and boxes.
    Mutant,
}

/// The most fins and endo fins a fish may have (HoDoKu's defaults), and those of the
/// fish a Kraken fish is built on (HoDoKu's Kraken defaults).
const MAX_FINS: u32 = 5;
const MAX_ENDO_FINS: u32 = 2;
const MAX_KRAKEN_FINS: u32 = 2;

/// What one search looks for: the kind, the size, whether finless and finned fish
/// count, and whether it looks for the finned fish of a Kraken fish instead (those
/// whose fins leave no elimination, at most two fins and no endo fin).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Search {
    pub kind: Kind,
    pub size: usize,
    pub finless: bool,
    pub finned: bool,
    pub kraken: bool,
}

impl Search {
    /// The most fins and endo fins of a fish of this search.
    fn max_fins(&self) -> (u32, u32) {
        match (self.finned, self.kraken) {
            (false, _) => (0, 0),
            (true, false) => (MAX_FINS, MAX_ENDO_FINS),
            (true, true) => (MAX_KRAKEN_FINS, 0),
        }
    }
}

/// One fish: digit, base and cover units (ids: rows `0..n`, columns `n..2n`, boxes
/// `2n..3n`), its cells as sets, and its technique.
#[derive(Debug, Clone)]
pub(crate) struct Fish {
    pub digit: u8,
    pub base: Vec<usize>,
    pub cover: Vec<usize>,
    /// Base candidates that are no fins.
    pub body: u128,
    /// Fins outside the cover sets.
    pub fins: u128,
    /// Candidates in two base sets.
    pub endo: u128,
    /// What goes; for a Kraken search, what the fish without its fins would remove.
    pub elims: u128,
    /// Base candidates in two cover sets.
    pub cannibal: u128,
    /// The candidates of each cover set.
    pub cover_cells: Vec<u128>,
    /// The first elimination as HoDoKu lists them (cover candidates, then cannibalistic
    /// ones), which tells Siamese fish apart.
    pub first: usize,
    pub technique: Technique,
}

/// The board seen by a search: rows, columns and boxes as cell sets, and peers.
struct Board {
    n: usize,
    units: Vec<u128>,
    peers: Vec<u128>,
    /// The row, column and box of each cell, as unit ids.
    units_of: Vec<[usize; 3]>,
}

thread_local! {
    /// The board of the layout last searched on this thread: a search runs on every
    /// state that reaches it, nearly always of one layout.
    static BOARD: RefCell<Option<(LayoutRef, Rc<Board>)>> = const { RefCell::new(None) };
}

impl Board {
    /// The board of `c`'s layout, kept per thread while the layout stays.
    fn of(c: &Candidates) -> Option<Rc<Board>> {
        BOARD.with(|kept| {
            let mut kept = kept.borrow_mut();
            if let Some((layout, board)) = kept.as_ref() {
                if LayoutRef::ptr_eq(layout, c.layout()) {
                    return Some(Rc::clone(board));
                }
            }
            let board = Rc::new(Board::new(c)?);
            *kept = Some((c.layout().clone(), Rc::clone(&board)));
            Some(board)
        })
    }

    fn new(c: &Candidates) -> Option<Board> {
        let layout = c.layout();
        let (n, cells) = (layout.size(), layout.cell_count());
        if cells > 128 {
            return None;
        }
        let mut units = vec![0u128; 3 * n];
        for u in layout.units() {
            let at = match u.kind {
                UnitKind::Row => u.index,
                UnitKind::Column => n + u.index,
                UnitKind::Box => 2 * n + u.index,
                UnitKind::Extra => continue,
            };
            units[at] = u.cells.iter().fold(0, |m, &x| m | 1 << x);
        }
        let units_of = (0..cells)
            .map(|x| [layout.row(x), n + layout.col(x), 2 * n + layout.box_of(x)])
            .collect();
        let peers = (0..cells)
            .map(|x| layout.peers(x).iter().fold(0, |m, &p| m | 1u128 << p))
            .collect();
        Some(Board {
            n,
            units,
            peers,
            units_of,
        })
    }

    /// The kind of unit `u`: 1 row, 2 column, 4 box (HoDoKu's masks).
    fn kind_bit(&self, u: usize) -> u8 {
        1 << (u / self.n)
    }

    /// The cells that see every cell of `set`.
    fn seeing_all(&self, set: u128) -> u128 {
        self.seeing_all_in(set, u128::MAX)
    }

    /// The cells of `within` that see every cell of `set` (it stops once none is left).
    #[inline(always)]
    fn seeing_all_in(&self, set: u128, within: u128) -> u128 {
        let mut m = within;
        for x in bits(set) {
            m &= self.peers[x];
            if m == 0 {
                break;
            }
        }
        m
    }
}

/// One search for one digit and one orientation, as a depth-first walk in the code of
/// `variant` ([`variant`]).
struct Walk<'a, F: FnMut(Fish) -> bool, V> {
    variant: V,
    board: &'a Board,
    search: Search,
    /// The most fins and endo fins of a fish of `search` ([`Search::max_fins`]).
    max_fins: (u32, u32),
    digit: u8,
    /// Candidate base units: id and candidates.
    bases: Vec<(usize, u128)>,
    /// Every possible cover unit.
    all_covers: Vec<(usize, u128)>,
    /// The ids of the cover units, a bit each.
    cover_ids: u64,
    /// The cells holding the digit.
    with: u128,
    /// The base units (a bit per id) one of which every base combination takes, and
    /// the index in `bases` of the last of them (`None`: every combination is walked).
    touched: Option<(u64, usize)>,
    /// Whether to prune the cover search.
    prune: bool,
    /// The candidates a fish on the current base sets may remove (all of the digit's
    /// for a Kraken search or an unpruned one).
    targets: u128,
    /// Those of each base unit taken alone ([`Walk::targets`]), a bound on those of
    /// any base sets that take it.
    alone: Vec<u128>,
    /// For a Kraken search, whether to take a fish: its digit, fins and the
    /// candidates it would remove without them.
    accept: &'a dyn Fn(u8, u128, u128) -> bool,
    /// The cover units of the current base: id, candidates, and the union of the
    /// candidates of those after it.
    covers: Vec<(usize, u128, u128)>,
    base: Vec<usize>,
    cover: Vec<usize>,
    visit: F,
    stopped: bool,
}

impl<F: FnMut(Fish) -> bool, V: Variant> Walk<'_, F, V> {
    /// Takes each base set from `at.from` on after those taken, and once there are
    /// enough, walks their cover sets.
    #[inline(always)]
    fn bases_from(&mut self, at: Bases) {
        let Bases {
            from,
            union,
            endo,
            endo_count,
            hit,
            targets,
        } = at;
        for i in from..self.bases.len() {
            if self.stopped {
                return;
            }
            let (id, m) = self.bases[i];
            let hit = match self.touched {
                None => true,
                Some((_, last)) if !hit && i > last => return,
                Some((units, _)) => hit || units >> id & 1 != 0,
            };
            if !hit && self.base.len() + 1 == self.search.size {
                continue;
            }
            let overlap = union & m;
            let endo_count = endo_count + overlap.count_ones();
            if overlap != 0 && endo_count > self.max_fins.1 {
                continue;
            }
            let targets = targets & self.alone[i];
            if targets == 0 {
                continue;
            }
            self.base.push(id);
            let targets = match self.base.len() {
                1 => targets,
                _ => self.targets(targets, union | m, endo | overlap),
            };
            if targets == 0 {
                self.base.pop();
                continue;
            }
            if self.base.len() == self.search.size {
                self.start_covers(union | m, endo | overlap, targets);
            } else {
                let next = Bases {
                    from: i + 1,
                    union: union | m,
                    endo: endo | overlap,
                    endo_count,
                    hit,
                    targets,
                };
                self.variant.bases(self, next);
            }
            self.base.pop();
        }
    }

    #[inline(always)]
    fn start_covers(&mut self, union: u128, endo: u128, targets: u128) {
        self.targets = targets;
        self.covers.clear();
        for &(id, m) in &self.all_covers {
            if m & union != 0 && !self.base.contains(&id) {
                self.covers.push((id, m, 0));
            }
        }
        let mut after = 0;
        for c in self.covers.iter_mut().rev() {
            c.2 = after;
            after |= c.1;
        }
        let k = self.search.size;
        if !self.prune || self.may_lead(union & !after, endo) && self.may_cover(0, k, union, endo) {
            let start = Covers {
                from: 0,
                base: union,
                endo,
                union: 0,
                cannibal: 0,
            };
            self.variant.covers(self, start);
        }
    }

    /// Takes each cover set from `at.from` on after those taken, and checks each full
    /// set of covers.
    #[inline(always)]
    fn covers_from(&mut self, at: Covers) {
        let Covers {
            from,
            base,
            endo,
            union,
            cannibal,
        } = at;
        let k = self.search.size;
        let left = k - self.cover.len();
        for i in from..(self.covers.len() + 1).saturating_sub(left) {
            if self.stopped {
                return;
            }
            let (id, m, after) = self.covers[i];
            let cannibal = cannibal | (union & m);
            let union = union | m;
            let next = if left == 1 {
                // The cover bound for one cover more is the test of the fins here.
                !self.prune || self.may_be_fish(base, endo, union, cannibal)
            } else {
                !self.prune
                    || self.may_lead(base & !union & !after, endo)
                        && (left == 2 || self.may_cover(i + 1, left - 1, base & !union, endo))
            };
            if !next {
                continue;
            }
            self.cover.push(id);
            match left {
                1 => self.check(base, endo, union, cannibal),
                _ => {
                    let next = Covers {
                        from: i + 1,
                        base,
                        endo,
                        union,
                        cannibal,
                    };
                    self.variant.covers(self, next);
                }
            }
            self.cover.pop();
        }
    }

    /// Whether the base and cover sets may make a fish [`Walk::check`] takes: a test
    /// of what it asks, cheapest first, for the cover sets the pruned search reaches
    /// (most of them fail on the fins: too many, or none seen from a cover candidate).
    #[inline(always)]
    fn may_be_fish(&self, base: u128, endo: u128, cover: u128, cannibal: u128) -> bool {
        let fins = (base & !cover) | endo;
        let potential = ((cover & !base) | cannibal) & self.targets;
        if fins == 0 {
            return self.search.finless && (self.search.kraken || potential != 0);
        }
        if !self.search.finned || fins.count_ones() > self.max_fins.0 {
            return false;
        }
        self.search.kraken || self.board.seeing_all_in(fins, potential) != 0
    }

    /// Whether covers still to come may make a fish when the base candidates `stuck`
    /// are in no cover chosen or to come: they are fins for good, so there must be
    /// fins to spare, and some candidate must see them all and the endo fins (for a
    /// Kraken fish, some cell: HoDoKu's condition).
    #[inline(always)]
    fn may_lead(&self, stuck: u128, endo: u128) -> bool {
        let fins = stuck | endo;
        if fins == 0 {
            return true;
        }
        let sees = match self.search.kraken {
            true => u128::MAX,
            false => self.targets & !fins,
        };
        fins.count_ones() <= self.max_fins.0 && self.board.seeing_all_in(fins, sees) != 0
    }

    /// The candidates of `targets` that a fish on the base sets taken and others may
    /// remove, on base candidates `base` with endo fins `endo`: those that see every
    /// endo fin, where the base candidates they do not see lie in `k - 1` cover sets
    /// other than those holding them (`k - 2` for a base candidate, which two covers
    /// must hold). Every fin sees what goes, so the candidates it does not see are
    /// covered, and a cover holding it holds nothing else it does not see. More base
    /// sets leave fewer: a search whose bases leave none finds nothing. A Kraken fish
    /// removes other cells: it keeps them all, and so does the unpruned search.
    #[inline(always)]
    fn targets(&self, targets: u128, base: u128, endo: u128) -> u128 {
        if !self.prune || self.search.kraken {
            return targets;
        }
        let k = self.search.size;
        let bases = self.base.iter().fold(0u64, |m, &u| m | 1 << u);
        let covers = self.cover_ids & !bases;
        let seers = match endo {
            0 => targets,
            _ => self.board.seeing_all_in(endo, targets),
        };
        let mut kept = 0;
        for e in bits(seers) {
            let (set, left) = match base >> e & 1 {
                0 => (base & !self.board.peers[e], k - 1),
                _ => (base & !self.board.peers[e] & !(1 << e), k - 2),
            };
            if self.coverable(set, left, covers) {
                kept |= 1 << e;
            }
        }
        kept
    }

    /// Whether the cells `set` lie in `left` units of `covers` (ids, a bit each): one
    /// of them holds the first cell.
    #[inline(always)]
    fn coverable(&self, set: u128, left: usize, covers: u64) -> bool {
        if set == 0 {
            return true;
        }
        let b = self.board;
        let ids = b.units_of[set.trailing_zeros() as usize];
        match left {
            0 => false,
            1 => ids
                .iter()
                .any(|&u| covers >> u & 1 != 0 && set & !b.units[u] == 0),
            _ => ids.iter().any(|&u| {
                covers >> u & 1 != 0 && self.coverable_in(set & !b.units[u], left - 1, covers)
            }),
        }
    }

    /// [`Walk::coverable`] as a call, where it recurs (the first level stays inline
    /// in the loop over candidates).
    fn coverable_in(&self, set: u128, left: usize, covers: u64) -> bool {
        self.coverable(set, left, covers)
    }

    /// Whether `left` of the covers from `from` on may hold enough of the base
    /// candidates `open` that none holds yet: all but the fins still allowed. The
    /// endo fins are fins whether covered or not: they take their share of the fins,
    /// and the others must be held but for what is left.
    #[inline(always)]
    fn may_cover(&self, from: usize, left: usize, open: u128, endo: u128) -> bool {
        let spare = self.max_fins.0.saturating_sub(endo.count_ones());
        let open = open & !endo;
        let need = open.count_ones().saturating_sub(spare);
        if need == 0 {
            return true;
        }
        // The `left` largest shares so far: their sum only grows, so the first time
        // it reaches `need` answers.
        let (mut best, mut sum) = ([0u32; 4], 0);
        for &(_, m, _) in &self.covers[from..] {
            let k = (m & open).count_ones();
            if let Some(at) = best[..left].iter().position(|&b| k > b) {
                sum += k - best[left - 1];
                best[at..left].rotate_right(1);
                best[at] = k;
                if sum >= need {
                    return true;
                }
            }
        }
        false
    }

    fn check(&mut self, base: u128, endo: u128, cover: u128, cannibal: u128) {
        let potential = (cover & !base) | cannibal;
        if potential == 0 && !self.search.kraken {
            return;
        }
        let fins = (base & !cover) | endo;
        let (elims, finned) = if fins == 0 && self.search.finless && self.small_bases() {
            (potential, false)
        } else if self.search.finned && fins != 0 && fins.count_ones() <= self.max_fins.0 {
            match self.search.kraken {
                true => {
                    let sees = self.board.seeing_all(fins);
                    if sees == 0
                        || potential & sees != 0
                        || !(self.accept)(self.digit, fins, potential)
                    {
                        return;
                    }
                    (potential, true)
                }
                false => (self.board.seeing_all_in(fins, potential), true),
            }
        } else {
            return;
        };
        if elims == 0 && !self.search.kraken {
            return;
        }
        let Some(technique) = self.technique(fins, finned) else {
            return;
        };
        let plain = elims & !cannibal;
        let first = if plain != 0 { plain } else { elims }.trailing_zeros() as usize;
        let fish = Fish {
            digit: self.digit,
            base: self.base.clone(),
            cover: self.cover.clone(),
            body: base & !fins,
            fins: fins & !endo,
            endo,
            elims,
            cannibal,
            cover_cells: self
                .cover
                .iter()
                .map(|&u| self.board.units[u] & self.with)
                .collect(),
            first,
            technique,
        };
        if (self.visit)(fish) {
            self.stopped = true;
        }
    }

    /// The technique of the fish on the current units (HoDoKu's `createFishStep`).
    fn technique(&self, fins: u128, finned: bool) -> Option<Technique> {
        let b = self.board;
        let mask = |ids: &[usize]| ids.iter().fold(0u8, |m, &u| m | b.kind_bit(u));
        let (base, cover) = (mask(&self.base), mask(&self.cover));
        let size = self.search.size.checked_sub(2).filter(|&s| s < 3)?;
        let basic = matches!((base, cover), (1, 2) | (2, 1));
        let franken = matches!((base, cover), (1 | 5, 2 | 6) | (2 | 6, 1 | 5));
        let table: [Technique; 3] = if basic {
            let sashimi = self
                .base
                .iter()
                .any(|&u| (b.units[u] & self.bases_mask(u) & !fins).count_ones() <= 1);
            match (sashimi, finned) {
                (true, _) => [SashimiXWing, SashimiSwordfish, SashimiJellyfish],
                (false, true) => [FinnedXWing, FinnedSwordfish, FinnedJellyfish],
                (false, false) => [XWing, Swordfish, Jellyfish],
            }
        } else if franken {
            if finned {
                [
                    FinnedFrankenXWing,
                    FinnedFrankenSwordfish,
                    FinnedFrankenJellyfish,
                ]
            } else {
                [FrankenXWing, FrankenSwordfish, FrankenJellyfish]
            }
        } else if finned {
            [
                FinnedMutantXWing,
                FinnedMutantSwordfish,
                FinnedMutantJellyfish,
            ]
        } else {
            [MutantXWing, MutantSwordfish, MutantJellyfish]
        };
        Some(table[size])
    }

    /// Whether every base set taken holds at most `size` candidates, as those of a
    /// finless search do (a search for both takes larger ones for finned fish).
    fn small_bases(&self) -> bool {
        !self.search.finned
            || self
                .base
                .iter()
                .all(|&u| self.bases_mask(u).count_ones() as usize <= self.search.size)
    }

    /// The candidates of base unit `u`.
    fn bases_mask(&self, u: usize) -> u128 {
        self.bases
            .iter()
            .find(|&&(id, _)| id == u)
            .map_or(0, |&(_, m)| m)
    }
}

/// One search for one digit and orientation: the search (kind, size, finless, finned,
/// Kraken), the digit, and rows as base (else columns).
type SearchKey = (Kind, usize, [bool; 3], u8, bool);

/// For each search on one board, the last cells of its digit on which it met no fish.
struct NoFish {
    units: Vec<u128>,
    quiet: FastMap<SearchKey, u128>,
}

impl NoFish {
    /// Keeps what was met on `units` only (another board starts again).
    fn board(&mut self, units: &[u128]) {
        if self.units != units {
            self.units = units.to_vec();
            self.quiet.clear();
        }
    }

    /// The cells of `with`'s digit taken since the search met no fish on more cells,
    /// if it did.
    fn gone(&self, key: &SearchKey, with: u128) -> Option<u128> {
        self.quiet
            .get(key)
            .filter(|&&quiet| with & !quiet == 0)
            .map(|&quiet| quiet & !with)
    }
}

thread_local! {
    /// The searches of this thread that met no fish.
    static NO_FISH: RefCell<NoFish> = RefCell::new(NoFish {
        units: Vec::new(),
        quiet: FastMap::default(),
    });
}

/// Runs `search` on `c`, digit by digit in HoDoKu's order, calling `visit` with each
/// fish that eliminates something until it returns `true`.
pub(crate) fn search(c: &Candidates, search: Search, visit: impl FnMut(Fish) -> bool) {
    search_pruned(c, search, true, &|_, _, _| true, visit);
}

/// A Kraken [`search`] that takes only the fish `accept(digit, fins, eliminations
/// without the fins)` passes.
pub(crate) fn search_kraken(
    c: &Candidates,
    search: Search,
    accept: &dyn Fn(u8, u128, u128) -> bool,
    visit: impl FnMut(Fish) -> bool,
) {
    search_pruned(c, search, true, accept, visit);
}

/// [`search`], with the cover search pruned or (`prune` off, the reference the tests
/// check the pruning against) not.
fn search_pruned(
    c: &Candidates,
    search: Search,
    prune: bool,
    accept: &dyn Fn(u8, u128, u128) -> bool,
    visit: impl FnMut(Fish) -> bool,
) {
    #[cfg(target_arch = "x86_64")]
    if let Some(popcnt) = variant::Popcnt::detect() {
        return search_in(popcnt, c, search, prune, accept, visit);
    }
    search_in(Portable, c, search, prune, accept, visit);
}

/// [`search_pruned`] with the walk in the code of `variant`.
fn search_in<V: Variant>(
    variant: V,
    c: &Candidates,
    search: Search,
    prune: bool,
    accept: &dyn Fn(u8, u128, u128) -> bool,
    mut visit: impl FnMut(Fish) -> bool,
) {
    if !(2..=4).contains(&search.size) {
        return;
    }
    let Some(board) = Board::of(c) else {
        return;
    };
    let board = &*board;
    let n = board.n;
    NO_FISH.with(|m| m.borrow_mut().board(&board.units));
    // The open cells holding each digit (digit `d` at `d - 1`).
    let mut planes = vec![0u128; n];
    for (x, &mask) in c.masks().iter().enumerate() {
        if c.value(x) == 0 {
            for d in digits(mask) {
                planes[usize::from(d) - 1] |= 1 << x;
            }
        }
    }
    // What a fish removes lies in no template of its digit (`templates`): the digits
    // templates cover have none (the unpruned search, the tests' reference, walks
    // them all the same).
    let tight = match prune && !search.kraken {
        true => templates::tight_digits(c),
        false => 0,
    };
    for digit in 1..=n as u8 {
        let with = planes[usize::from(digit) - 1];
        let fishless = tight >> (digit - 1) & 1 != 0;
        let unit = |u: usize| board.units[u] & with;
        let orientations: &[bool] = match search.kind {
            Kind::Mutant => &[true],
            _ => &[true, false],
        };
        for &rows in orientations {
            // A search for finless and finned fish keeps what it met of each under
            // the key of the search for that shape alone.
            let key = |finless: bool, finned: bool| {
                let shape = [finless, finned, search.kraken];
                (search.kind, search.size, shape, digit, rows)
            };
            let keys = match (search.finless, search.finned) {
                (true, true) => [Some(key(true, false)), Some(key(false, true))],
                _ => [Some(key(search.finless, search.finned)), None],
            };
            // What a Kraken search meets depends on the chains too.
            let memo = prune && !search.kraken;
            let gone = match memo {
                true => NO_FISH.with(|m| {
                    let m = m.borrow();
                    keys.iter()
                        .flatten()
                        .try_fold(0, |all, k| m.gone(k, with).map(|g| all | g))
                }),
                false => None,
            };
            if gone == Some(0) {
                continue;
            }
            if fishless {
                NO_FISH.with(|m| {
                    let mut m = m.borrow_mut();
                    for key in keys.into_iter().flatten() {
                        m.quiet.insert(key, with);
                    }
                });
                continue;
            }
            // Whether a fish without fins was met, and one with fins.
            let mut met = [false; 2];
            let mut counted = |fish: Fish| {
                met[usize::from(fish.fins | fish.endo != 0)] = true;
                visit(fish)
            };
            let (base_ids, cover_ids): (Vec<usize>, Vec<usize>) = match (search.kind, rows) {
                (Kind::Mutant, _) => ((0..3 * n).collect(), (0..3 * n).collect()),
                (Kind::Basic, true) => ((0..n).collect(), (n..2 * n).collect()),
                (Kind::Basic, false) => ((n..2 * n).collect(), (0..n).collect()),
                (Kind::Franken, true) => {
                    ((0..n).chain(2 * n..3 * n).collect(), (n..3 * n).collect())
                }
                (Kind::Franken, false) => {
                    ((n..3 * n).collect(), (0..n).chain(2 * n..3 * n).collect())
                }
            };
            let bases: Vec<(usize, u128)> = base_ids
                .into_iter()
                .map(|u| (u, unit(u)))
                .filter(|&(_, m)| {
                    m != 0 && (search.finned || m.count_ones() as usize <= search.size)
                })
                .collect();
            let touched = gone.map(|gone| {
                let hit = |u: usize| board.units[u] & gone != 0;
                let units = bases
                    .iter()
                    .filter(|&&(u, _)| hit(u))
                    .fold(0u64, |m, &(u, _)| m | 1 << u);
                (units, bases.iter().rposition(|&(u, _)| hit(u)).unwrap_or(0))
            });
            if touched.is_some_and(|(units, _)| units == 0) {
                continue;
            }
            let all_covers: Vec<(usize, u128)> = cover_ids
                .into_iter()
                .map(|u| (u, unit(u)))
                .filter(|&(_, m)| m != 0)
                .collect();
            let mut walk = Walk {
                variant,
                board,
                search,
                max_fins: search.max_fins(),
                digit,
                bases,
                cover_ids: all_covers.iter().fold(0, |m, &(u, _)| m | 1 << u),
                all_covers,
                with,
                touched,
                prune,
                targets: with,
                alone: Vec::new(),
                accept,
                covers: Vec::new(),
                base: Vec::new(),
                cover: Vec::new(),
                visit: &mut counted,
                stopped: false,
            };
            walk.alone = (0..walk.bases.len())
                .map(|i| {
                    let (id, m) = walk.bases[i];
                    walk.base.push(id);
                    let alone = walk.targets(with, m, 0);
                    walk.base.pop();
                    alone
                })
                .collect();
            let start = Bases {
                from: 0,
                union: 0,
                endo: 0,
                endo_count: 0,
                hit: false,
                targets: with,
            };
            variant.bases(&mut walk, start);
            if walk.stopped {
                return;
            }
            if memo {
                let met = match keys {
                    [_, None] => [met[0] || met[1]; 2],
                    _ => met,
                };
                let quiet = keys
                    .into_iter()
                    .zip(met)
                    .filter_map(|(k, met)| k.filter(|_| !met));
                for key in quiet {
                    NO_FISH.with(|m| m.borrow_mut().quiet.insert(key, with));
                }
            }
        }
    }
}

/// The search that finds `t` (basic fish by the base types only), or `None` when `t`
/// is no fish of sizes 2 to 4.
fn search_for(t: Technique, finless: bool, finned: bool) -> Option<Search> {
    let (kind, size) = match t {
        XWing | FinnedXWing | SashimiXWing => (Kind::Basic, 2),
        Swordfish | FinnedSwordfish | SashimiSwordfish => (Kind::Basic, 3),
        Jellyfish | FinnedJellyfish | SashimiJellyfish => (Kind::Basic, 4),
        FrankenXWing | FinnedFrankenXWing => (Kind::Franken, 2),
        FrankenSwordfish | FinnedFrankenSwordfish => (Kind::Franken, 3),
        FrankenJellyfish | FinnedFrankenJellyfish => (Kind::Franken, 4),
        MutantXWing | FinnedMutantXWing => (Kind::Mutant, 2),
        MutantSwordfish | FinnedMutantSwordfish => (Kind::Mutant, 3),
        MutantJellyfish | FinnedMutantJellyfish => (Kind::Mutant, 4),
        _ => return None,
    };
    Some(Search {
        kind,
        size,
        finless,
        finned,
        kraken: false,
    })
}

/// Whether `t` is a finned (or sashimi) fish.
fn is_finned(t: Technique) -> bool {
    matches!(
        t,
        FinnedXWing
            | FinnedSwordfish
            | FinnedJellyfish
            | SashimiXWing
            | SashimiSwordfish
            | SashimiJellyfish
            | FinnedFrankenXWing
            | FinnedFrankenSwordfish
            | FinnedFrankenJellyfish
            | FinnedMutantXWing
            | FinnedMutantSwordfish
            | FinnedMutantJellyfish
    )
}

/// Every fish of technique `t` (a Franken or mutant fish, finned or not).
pub fn find(t: Technique, c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    find_fish(t, c, out, opts, false);
}

/// The first fish HoDoKu's search for `t` meets, whatever its shape turns out to be
/// (HoDoKu takes that one; a Franken search can meet a mutant fish first).
pub fn find_first(t: Technique, c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    find_fish(t, c, out, opts, true);
}

/// The search for `t`: every fish of technique `t`, or only the first fish met.
fn find_fish(t: Technique, c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, first: bool) {
    let finned = is_finned(t);
    // HoDoKu's path runs the finned search of each size on the state its finless one
    // met nothing on: the first walk looks for both and keeps what it met of each.
    let Some(s) = search_for(t, !finned, finned || first) else {
        return;
    };
    let n = c.layout().size();
    search(c, s, |fish| {
        let shape = finned || fish.fins | fish.endo == 0;
        if shape && (first || fish.technique == t) {
            out.push(step(n, &fish, None, opts));
            return first || opts.expired();
        }
        opts.expired()
    });
}

/// The technique a Siamese fish of `t` is.
pub fn siamese_of(t: Technique) -> Option<Technique> {
    Some(match t {
        FinnedXWing => SiameseFinnedXWing,
        FinnedSwordfish => SiameseFinnedSwordfish,
        FinnedJellyfish => SiameseFinnedJellyfish,
        SashimiXWing => SiameseSashimiXWing,
        SashimiSwordfish => SiameseSashimiSwordfish,
        SashimiJellyfish => SiameseSashimiJellyfish,
        FinnedFrankenXWing => SiameseFinnedFrankenXWing,
        FinnedFrankenSwordfish => SiameseFinnedFrankenSwordfish,
        FinnedFrankenJellyfish => SiameseFinnedFrankenJellyfish,
        FinnedMutantXWing => SiameseFinnedMutantXWing,
        FinnedMutantSwordfish => SiameseFinnedMutantSwordfish,
        FinnedMutantJellyfish => SiameseFinnedMutantJellyfish,
        _ => return None,
    })
}

/// Every Siamese fish whose first fish is of technique `t` (a finned or sashimi
/// fish): HoDoKu's search for every fish of that size and kind, then each pair of
/// finned fish of one digit, kind and base sets with another first elimination, in
/// the order found.
pub fn find_siamese(t: Technique, c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let Some(s) = search_for(t, true, true) else {
        return;
    };
    let n = c.layout().size();
    let mut found: Vec<Fish> = Vec::new();
    search(c, s, |fish| {
        if fish.fins | fish.endo != 0 {
            found.push(fish);
        }
        opts.expired()
    });
    let shape = |t: Technique| family_of(t);
    for (i, a) in found.iter().enumerate().filter(|(_, a)| a.technique == t) {
        for b in &found[i + 1..] {
            if a.digit == b.digit
                && shape(a.technique) == shape(b.technique)
                && a.base == b.base
                && a.first != b.first
            {
                out.push(step(n, a, Some(b), opts));
            }
        }
    }
}

/// HoDoKu's category of a finned fish: basic (finned or sashimi), Franken, mutant.
fn family_of(t: Technique) -> u8 {
    match t {
        FinnedFrankenXWing | FinnedFrankenSwordfish | FinnedFrankenJellyfish => 1,
        FinnedMutantXWing | FinnedMutantSwordfish | FinnedMutantJellyfish => 2,
        _ => 0,
    }
}

/// The step of `fish`, or of the Siamese fish `fish` and `twin`.
fn step(n: usize, fish: &Fish, twin: Option<&Fish>, opts: &FindOptions) -> Step {
    let t = match twin {
        Some(_) => siamese_of(fish.technique).unwrap_or(fish.technique),
        None => fish.technique,
    };
    let mut s = Step::new(t);
    s.digits.push(fish.digit);
    s.cells = bits(fish.body).collect();
    let exo = (twin.map_or(0, |b| b.fins | b.endo) | fish.fins) & !fish.endo;
    s.fins = bits(exo | fish.endo).collect();
    let elims = fish.elims | twin.map_or(0, |b| b.elims);
    s.eliminations = bits(elims).map(|x| (x, fish.digit)).collect();
    if opts.explain {
        s.explanation = format!(
            "{}: {}",
            pattern(n, t, fish, twin),
            removal(n, &s.eliminations)
        );
    }
    s
}

/// The fish `fish` (with its Siamese `twin`) as technique `t`, in words: `Finned
/// X-Wing on 3 in rows 1 and 5 over columns 2 and 7, fin r1c3`.
pub(crate) fn pattern(n: usize, t: Technique, fish: &Fish, twin: Option<&Fish>) -> String {
    let mut covers = units(n, &fish.cover);
    if let Some(b) = twin {
        covers = format!("{covers} and over {}", units(n, &b.cover));
    }
    let exo = (twin.map_or(0, |b| b.fins | b.endo) | fish.fins) & !fish.endo;
    let fins = [("fin", exo), ("endo fin", fish.endo)]
        .into_iter()
        .filter(|&(_, set)| set != 0)
        .map(|(name, set)| {
            let cells: Vec<usize> = bits(set).collect();
            let plural = if cells.len() > 1 { "s" } else { "" };
            format!(", {name}{plural} {}", cell_list(n, &cells))
        })
        .collect::<String>();
    format!(
        "{} on {} in {} over {covers}{fins}",
        t.name(),
        fish.digit,
        units(n, &fish.base)
    )
}

/// `rows 1 and 4, box 7`: units by kind, 1-based.
fn units(n: usize, ids: &[usize]) -> String {
    let mut parts = Vec::new();
    for (k, (one, many)) in [("row", "rows"), ("column", "columns"), ("box", "boxes")]
        .into_iter()
        .enumerate()
    {
        let of: Vec<usize> = ids
            .iter()
            .filter(|&&u| u / n == k)
            .map(|&u| u % n + 1)
            .collect();
        match of.len() {
            0 => {}
            1 => parts.push(format!("{one} {}", of[0])),
            _ => parts.push(format!("{many} {}", super::step::and_list(&of))),
        }
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a search finds, in order: digit, base, cover and eliminations.
    fn found(c: &Candidates, s: Search, prune: bool) -> Vec<(u8, Vec<usize>, Vec<usize>, u128)> {
        let mut out = Vec::new();
        search_pruned(c, s, prune, &|_, _, _| true, |f| {
            out.push((f.digit, f.base, f.cover, f.elims));
            false
        });
        out
    }

    /// Everything a search in the code of `variant` finds, in order.
    fn found_in<V: Variant>(variant: V, c: &Candidates, s: Search, prune: bool) -> Vec<String> {
        let mut out = Vec::new();
        search_in(variant, c, s, prune, &|_, _, _| true, |f| {
            out.push(format!(
                "{} {:?} {:?} {:x} {:x} {:x} {:x} {:x} {:?}",
                f.digit, f.base, f.cover, f.body, f.fins, f.endo, f.elims, f.cannibal, f.technique
            ));
            false
        });
        out
    }

    /// Runs `check` on the states where simpler logic stops on 25 hard sample puzzles,
    /// for each search of the sizes and kinds `shapes` takes, finless, finned and
    /// Kraken; `check` returns how many fish it saw, and some must be seen.
    fn each_search(
        shapes: &[(Kind, usize)],
        mut check: impl FnMut(&str, &Candidates, Search) -> usize,
    ) {
        let mut seen = 0;
        for (g, c, _) in crate::logic::basic_states(25) {
            for &(kind, size) in shapes {
                for (finless, finned, kraken) in [
                    (true, false, false),
                    (false, true, false),
                    (false, true, true),
                ] {
                    let s = Search {
                        kind,
                        size,
                        finless,
                        finned,
                        kraken,
                    };
                    seen += check(&g.to_string(), &c, s);
                }
            }
        }
        assert!(seen > 0);
    }

    /// The walk compiled with `popcnt` finds what the portable one does, in the same
    /// order, pruned or not.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_popcnt_walk_finds_what_the_portable_one_does() {
        let Some(popcnt) = variant::Popcnt::detect() else {
            return;
        };
        let shapes = [(Kind::Basic, 4), (Kind::Franken, 3), (Kind::Mutant, 2)];
        each_search(&shapes, |g, c, s| {
            let want = found_in(Portable, c, s, false);
            for prune in [false, true] {
                let got = found_in(popcnt, c, s, prune);
                assert!(got == want, "{g} {s:?}, pruned {prune}: {got:?} {want:?}");
            }
            want.len()
        });
    }

    /// The pruned search finds exactly what the unpruned one does, in the same order
    /// (for the fish of a Kraken fish too, every one accepted), and so does it again
    /// once the searches that met no fish are kept.
    #[test]
    fn pruning_loses_no_fish() {
        let shapes = [(Kind::Franken, 3), (Kind::Mutant, 2), (Kind::Mutant, 3)];
        each_search(&shapes, |g, c, s| {
            let (got, want) = (found(c, s, true), found(c, s, false));
            let lost = want.iter().find(|f| !got.contains(f));
            assert!(got == want, "{g} {s:?}: pruning loses {lost:?}");
            // Again, with the searches that met no fish kept from the first.
            assert!(
                found(c, s, true) == want,
                "{g} {s:?}: the kept searches differ"
            );
            want.len()
        });
    }

    /// Takes one candidate of a cell with two or more, the cell chosen by the xorshift
    /// state `rng`; `false` when no cell has two.
    fn take_one(c: &mut Candidates, rng: &mut u64) -> bool {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        let open: Vec<usize> = (0..81).filter(|&x| c.mask(x).count_ones() > 1).collect();
        let Some(&x) = open.get(*rng as usize % open.len().max(1)) else {
            return false;
        };
        let d = crate::candidates::digits(c.mask(x)).next().unwrap();
        c.remove(x, d);
        true
    }

    /// What a search finds, in order, the fish without fins apart from those with.
    fn found_by_shape(c: &Candidates, s: Search, prune: bool) -> [Vec<String>; 2] {
        let mut out = [Vec::new(), Vec::new()];
        search_pruned(c, s, prune, &|_, _, _| true, |f| {
            out[usize::from(f.fins | f.endo != 0)].push(format!(
                "{} {:?} {:?} {:x} {:x} {:x} {:?}",
                f.digit, f.base, f.cover, f.fins, f.endo, f.elims, f.technique
            ));
            false
        });
        out
    }

    /// A search for finless and finned fish at once finds what the finless search
    /// finds and what the finned one finds, each in its order; once it has run, each
    /// search alone, reading what it kept of the searches that met no fish, still finds
    /// what the unpruned one does. Along states that lose a candidate at a time.
    #[test]
    fn a_search_for_both_shapes_finds_what_each_alone_does() {
        let shapes = [(Kind::Franken, 2), (Kind::Franken, 3), (Kind::Mutant, 2)];
        let (mut seen, mut rng) = ([0; 2], 0x9e37_79b9_7f4a_7c15u64);
        for (g, start, _) in crate::logic::basic_states(40) {
            for (kind, size) in shapes {
                let s = |finless, finned| Search {
                    kind,
                    size,
                    finless,
                    finned,
                    kraken: false,
                };
                let mut c = start.clone();
                for round in 0..12 {
                    let both = found_by_shape(&c, s(true, true), true);
                    for (k, alone) in [s(true, false), s(false, true)].into_iter().enumerate() {
                        let want = found_by_shape(&c, alone, false);
                        assert!(
                            both[k] == want[k],
                            "{g} {alone:?}, round {round}: the search for both differs"
                        );
                        assert!(
                            found_by_shape(&c, alone, true) == want,
                            "{g} {alone:?}, round {round}: the kept search differs"
                        );
                        seen[k] += want[k].len();
                    }
                    if !take_one(&mut c, &mut rng) {
                        break;
                    }
                }
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    }

    /// A search on fewer cells of a digit than a search that met no fish walks only
    /// the base sets holding a cell gone since: along states that lose a candidate at a
    /// time it finds what the whole unpruned search finds, in order.
    #[test]
    fn a_search_on_fewer_cells_finds_what_the_whole_one_does() {
        let searches = [
            (Kind::Franken, 3, false),
            (Kind::Franken, 2, true),
            (Kind::Basic, 3, true),
        ];
        let (mut seen, mut rng) = (0, 0x2545_f491_4f6c_dd1du64);
        for (g, start, _) in crate::logic::basic_states(40) {
            for (kind, size, finless) in searches {
                let s = Search {
                    kind,
                    size,
                    finless,
                    finned: true,
                    kraken: false,
                };
                let mut c = start.clone();
                for round in 0..16 {
                    let want = found(&c, s, false);
                    assert!(
                        found(&c, s, true) == want,
                        "{g} {s:?}, round {round}: the search on fewer cells differs"
                    );
                    seen += want.len();
                    if !take_one(&mut c, &mut rng) {
                        break;
                    }
                }
            }
        }
        assert!(seen > 0);
    }
}

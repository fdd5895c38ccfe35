//! SE's chains: X-, Y- and XY-cycles and forcing chains (6.5–7.0), Nishio (7.5),
//! multiple forcing chains (8.0), dynamic forcing chains (8.5) and the nested levels
//! (+) 9.0, (+ forcing chains) 9.5, (+ multiple forcing chains) 10.0 and (+ dynamic
//! forcing chains) 10.5, the last with the nested chain itself at level 0, 1, 2 or 3
//! (SukakuExplainer's "nesting limit"), tried in that order.
//!
//! Design: a chain is a graph of potentials (a candidate on or off) that point at the
//! potentials that imply them, as SE builds them: breadth first, "on" implications
//! before "off" ones, in region order block, row, column. A dynamic chain removes the
//! candidates it turns off as it goes, so later implications may need several parents.
//! When a nested chain runs out of implications it asks simpler rules (intersections,
//! hidden and naked pairs, X-Wings, then the lower chains) on the changed board.
//!
//! Memory: the potentials of the searches under way live in one arena, indexed, with
//! their parents in a second vector; a search drops what it added when it is done. An
//! implied potential enters the arena only once a chain keeps it, and a hint keeps its
//! chains as keys, so it outlives the search that found it. No potential is allocated
//! on its own.
//!
//! Ratings: the rule's base plus SE's length bonus, 0.1 each time the chain's
//! complexity (distinct potentials, nested chains included, less 2) passes 4, 6, 8,
//! 12, 16, 24, … (alternately ×3/2 and ×4/3). Hints of one producer sort by rating,
//! then complexity, then kind; the first is applied.

use std::collections::{HashMap, VecDeque};
use std::ops::Deref;
use std::rc::Rc;

use super::basic::{Found, NESTED};
use super::board::{bits, Board, CELL_REGION, PEERS, REGIONS, REGION_CELLS};
use super::{hash_order, Clock, Hint, SeError};

/// Why a potential follows from its parents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cause {
    /// A chain's starting point.
    Start,
    /// The cell's only other value (or the other values of a cell that is on).
    NakedSingle,
    /// The only other place in a region of this type.
    Hidden(u8),
    /// A simpler rule on the changed board.
    Advanced,
}

/// A candidate assumed on or off, and why.
#[derive(Debug, Clone, Copy)]
struct Head {
    cell: u8,
    value: u8,
    on: bool,
    cause: Cause,
}

impl Head {
    fn key(&self) -> usize {
        key(self.cell, self.value, self.on)
    }
}

/// A potential in the arena: its head, its parents (`Arena::links[from..to]`, the
/// first on the line it was found by) and the nested chain that implied it.
#[derive(Debug)]
struct Pot {
    head: Head,
    from: u32,
    to: u32,
    nested: Option<Rc<ChainHint>>,
}

/// A potential: its index in the arena.
type P = u32;

/// The potentials of the searches under way and their parents. Searches only add; each
/// drops what it added when it is done (`mark`, `truncate`), so indices held by an
/// enclosing search stay valid.
///
/// With them, what each nested rule found on each board it was asked about: a rule's
/// findings depend on the board alone, and the dynamic chains of one step reach the
/// same board again and again (three times in four on the hardest lists). The
/// candidates are the key: within a step the chains only remove candidates, so every
/// board has the step's placed values, and `Producers::first_hint` forgets the memo
/// when a step starts.
#[derive(Debug, Default)]
pub(crate) struct Arena {
    pots: Vec<Pot>,
    links: Vec<P>,
    nested: HashMap<(u8, Cands), ChainHints>,
    basic: HashMap<(usize, Cands), Rc<[Found]>>,
}

/// A board's candidates, as the key of what was found on it.
type Cands = [u16; 81];

/// The hints of a producer, shared.
type ChainHints = Rc<[Rc<ChainHint>]>;

/// The length of an arena, to go back to.
#[derive(Debug, Clone, Copy)]
struct Mark {
    pots: usize,
    links: usize,
}

impl Arena {
    fn add(&mut self, head: Head, parents: &[P], nested: Option<Rc<ChainHint>>) -> P {
        let from = self.links.len() as u32;
        // Most potentials have one parent: a push, not a copy of a slice.
        match parents {
            [one] => self.links.push(*one),
            _ => self.links.extend_from_slice(parents),
        }
        self.pots.push(Pot {
            head,
            from,
            to: self.links.len() as u32,
            nested,
        });
        (self.pots.len() - 1) as P
    }

    fn start(&mut self, cell: u8, value: u8, on: bool) -> P {
        let head = Head {
            cell,
            value,
            on,
            cause: Cause::Start,
        };
        self.add(head, &[], None)
    }

    fn head(&self, p: P) -> Head {
        self.pots[p as usize].head
    }

    fn key(&self, p: P) -> usize {
        self.head(p).key()
    }

    fn parents(&self, p: P) -> &[P] {
        let pot = &self.pots[p as usize];
        &self.links[pot.from as usize..pot.to as usize]
    }

    fn first_parent(&self, p: P) -> Option<P> {
        self.parents(p).first().copied()
    }

    fn mark(&self) -> Mark {
        Mark {
            pots: self.pots.len(),
            links: self.links.len(),
        }
    }

    fn truncate(&mut self, m: Mark) {
        self.pots.truncate(m.pots);
        self.links.truncate(m.links);
    }

    /// The hints of the nested producer `rule` on `b`, found once per board.
    fn nested_hints(
        &mut self,
        rule: &Chaining,
        b: &Board,
        clock: Clock,
    ) -> Result<ChainHints, SeError> {
        let id = (rule.level << 3)
            | (u8::from(rule.multiple) << 2)
            | (u8::from(rule.dynamic) << 1)
            | u8::from(rule.nishio);
        if let Some(found) = self.nested.get(&(id, b.cands)) {
            return Ok(Rc::clone(found));
        }
        let found: ChainHints = rule.hints(self, b, clock)?.into();
        self.nested.insert((id, b.cands), Rc::clone(&found));
        Ok(found)
    }

    /// Everything the simpler rule `NESTED[i]` finds on `b`, found once per board.
    fn basic_found(&mut self, i: usize, b: &Board) -> Rc<[Found]> {
        let found = self.basic.entry((i, b.cands)).or_insert_with(|| {
            let mut all = Vec::new();
            NESTED[i](b, &mut |f: Found| {
                all.push(f);
                false
            });
            all.into()
        });
        Rc::clone(found)
    }

    /// Forgets what the nested rules found (the board has moved on).
    fn forget_nested(&mut self) {
        self.nested.clear();
        self.basic.clear();
    }
}

/// The potentials one step implies, before the chain adds those it keeps to the arena:
/// heads with their parents (`parents[from..to]`).
struct Implied {
    heads: Vec<(Head, u32, u32)>,
    parents: Vec<P>,
}

impl Implied {
    fn new() -> Implied {
        Implied {
            heads: Vec::with_capacity(32),
            parents: Vec::with_capacity(64),
        }
    }

    fn clear(&mut self) {
        self.heads.clear();
        self.parents.clear();
    }

    fn len(&self) -> usize {
        self.heads.len()
    }

    fn key(&self, i: usize) -> usize {
        self.heads[i].0.key()
    }

    /// Adds a head whose parents are what was pushed to `parents` since `from`.
    fn push(&mut self, head: Head, from: usize) {
        let to = self.parents.len() as u32;
        self.heads.push((head, from as u32, to));
    }

    /// Adds a head with the single parent `parent`.
    fn push_one(&mut self, head: Head, parent: P) {
        let from = self.parents.len();
        self.parents.push(parent);
        self.push(head, from);
    }

    /// Puts the `i`th implied potential in the arena.
    fn add_to(&self, i: usize, arena: &mut Arena) -> P {
        let (head, from, to) = self.heads[i];
        arena.add(head, &self.parents[from as usize..to as usize], None)
    }
}

const KEYS: usize = 81 * 18;

fn key(cell: u8, value: u8, on: bool) -> usize {
    cell as usize * 18 + (value as usize - 1) * 2 + usize::from(on)
}

/// The (cell, value, on) of a key.
fn unkey(k: u16) -> (u8, u8, bool) {
    ((k / 18) as u8, (k % 18 / 2 + 1) as u8, k % 2 == 1)
}

/// An insertion-ordered set of potentials keyed by (cell, value, on), with the
/// position of each key inline (no allocation for the index).
struct PotSet {
    slot: [u16; KEYS],
    items: Vec<(u16, P)>,
}

const ABSENT: u16 = u16::MAX;

impl PotSet {
    fn new() -> PotSet {
        PotSet {
            slot: [ABSENT; KEYS],
            items: Vec::with_capacity(128),
        }
    }

    fn contains(&self, k: usize) -> bool {
        self.slot[k] != ABSENT
    }

    fn get(&self, k: usize) -> Option<P> {
        let s = self.slot[k];
        (s != ABSENT).then(|| self.items[s as usize].1)
    }

    /// Adds `p`, keyed `k`, unless a potential with that key is there.
    fn add(&mut self, k: usize, p: P) {
        if self.slot[k] == ABSENT {
            self.slot[k] = self.items.len() as u16;
            self.items.push((k as u16, p));
        }
    }

    /// Empties the set, touching only the slots in use.
    fn clear(&mut self) {
        for &(k, _) in &self.items {
            self.slot[k as usize] = ABSENT;
        }
        self.items.clear();
    }

    fn copy(&self) -> PotSet {
        PotSet {
            slot: self.slot,
            items: self.items.clone(),
        }
    }

    /// Keeps the potentials whose key `other` has, in this set's order.
    fn retain(&mut self, other: &PotSet) {
        let old = std::mem::take(&mut self.items);
        for &(k, _) in &old {
            self.slot[k as usize] = ABSENT;
        }
        for (k, p) in old {
            if other.contains(k as usize) {
                self.add(k as usize, p);
            }
        }
    }
}

/// The board a chain search reads and changes, with the cells that hold each value as
/// a bit set (`cells[v]`), so the places of a value in a region are one mask. Reads go
/// to the board; changes go through `remove`, which keeps both in step. A region's
/// cells in its order (block row by row, row, column) are its bits in ascending order.
#[derive(Debug, Clone)]
struct Grid {
    board: Board,
    cells: [u128; 10],
}

impl Grid {
    fn new(board: &Board) -> Grid {
        let mut cells = [0u128; 10];
        for (c, &m) in board.cands.iter().enumerate() {
            for (v, set) in cells.iter_mut().enumerate() {
                if m & (1 << v) != 0 {
                    *set |= 1 << c;
                }
            }
        }
        Grid {
            board: board.clone(),
            cells,
        }
    }

    fn remove(&mut self, cell: u8, value: u8) {
        self.board.cands[cell as usize] &= !(1 << value);
        self.cells[value as usize] &= !(1 << cell);
    }
}

impl Deref for Grid {
    type Target = Board;

    fn deref(&self) -> &Board {
        &self.board
    }
}

/// Appends the potentials of a chain to `out`: target first, breadth first, each key
/// once.
fn chain_of(arena: &Arena, target: P, out: &mut Vec<P>) {
    let mut done = [false; KEYS];
    let mut i = out.len();
    done[arena.key(target)] = true;
    out.push(target);
    while i < out.len() {
        let p = out[i];
        i += 1;
        for &q in arena.parents(p) {
            let k = arena.key(q);
            if !done[k] {
                done[k] = true;
                out.push(q);
            }
        }
    }
}

/// SE's length bonus for a chain of this complexity.
fn length_bonus(complexity: usize) -> f64 {
    let mut added = 0.0;
    let mut ceil: i64 = 4;
    let length = complexity as i64 - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Cycle,
    Forcing,
    /// Two chains from one candidate on and off; `absurd` when one is a contradiction.
    Binary {
        absurd: bool,
    },
    Cell,
    /// Every place of a value in a region of this type.
    Region(u8),
}

/// Ends each target's chain in `ChainHint::nodes`.
const END: u16 = u16::MAX;

/// The chains of a hint's targets, kept apart from the arena they were found in.
#[derive(Debug)]
struct Chains {
    /// The potentials of each target's chain (as `chain_of` lists them), key and cause,
    /// each chain followed by `END`.
    nodes: Vec<(u16, Cause)>,
    /// The complexity of the nested chains met, each distinct chain once.
    nested: usize,
}

impl Chains {
    fn of(arena: &Arena, targets: &[P]) -> Chains {
        let mut nodes = Vec::new();
        let mut seen: Vec<&Rc<ChainHint>> = Vec::new();
        let mut nested = 0;
        let mut chain = Vec::new();
        for &t in targets {
            chain.clear();
            chain_of(arena, t, &mut chain);
            for &p in &chain {
                let pot = &arena.pots[p as usize];
                nodes.push((pot.head.key() as u16, pot.head.cause));
                if let Some(n) = &pot.nested {
                    if !seen.iter().any(|s| s.chains.same(&n.chains)) {
                        nested += n.complexity;
                        seen.push(n);
                    }
                }
            }
            nodes.push((END, Cause::Start));
        }
        Chains { nodes, nested }
    }

    /// The number of potentials in the first target's chain.
    fn first_len(&self) -> usize {
        self.nodes.iter().take_while(|n| n.0 != END).count()
    }

    /// The number of potentials in all the chains.
    fn total_len(&self) -> usize {
        self.nodes.iter().filter(|n| n.0 != END).count()
    }

    /// Are these the same chains, as SE compares nested chains (targets and chains)?
    fn same(&self, other: &Chains) -> bool {
        self.nodes.len() == other.nodes.len()
            && self.nodes.iter().zip(&other.nodes).all(|(a, b)| a.0 == b.0)
    }
}

/// A chain hint, with everything the choice among hints and the nesting need.
#[derive(Debug)]
pub(crate) struct ChainHint {
    kind: Kind,
    chains: Chains,
    removals: Vec<(u8, u16)>,
    place: Option<(u8, u8)>,
    complexity: usize,
    rating: f64,
    sort_key: u8,
    name: &'static str,
}

impl ChainHint {
    fn worth(&self) -> bool {
        !self.removals.is_empty()
    }

    /// What had to be off, from `source` to `current`, for this chain to hold.
    fn rule_parents(&self, source: &Board, current: &Board, out: &mut Vec<(u8, u8)>) {
        for &(k, cause) in &self.chains.nodes {
            if k == END {
                continue;
            }
            let (cell, value, on) = unkey(k);
            let cause = match (cause, self.kind) {
                (Cause::Start, Kind::Cell) => Cause::NakedSingle,
                (Cause::Start, Kind::Region(t)) => Cause::Hidden(t),
                (c, _) => c,
            };
            if !on {
                continue;
            }
            match cause {
                Cause::NakedSingle => {
                    let c = cell as usize;
                    for v in 1..=9u8 {
                        if source.has(c, v) && !current.has(c, v) {
                            push_unique(out, (cell, v));
                        }
                    }
                }
                Cause::Hidden(t) => {
                    let r = CELL_REGION[cell as usize][t as usize] as usize;
                    for &c in &REGIONS[t as usize][r] {
                        if source.has(c as usize, value) && !current.has(c as usize, value) {
                            push_unique(out, (c, value));
                        }
                    }
                }
                Cause::Start | Cause::Advanced => {}
            }
        }
    }
}

fn push_unique(out: &mut Vec<(u8, u8)>, x: (u8, u8)) {
    if !out.contains(&x) {
        out.push(x);
    }
}

/// One of SE's chaining producers.
pub(crate) struct Chaining {
    multiple: bool,
    dynamic: bool,
    nishio: bool,
    level: u8,
    nested: Vec<Chaining>,
}

impl Chaining {
    /// A producer; `limit` is the level of the dynamic chains nested at level 4 and is
    /// ignored below it.
    fn new(multiple: bool, dynamic: bool, nishio: bool, level: u8, limit: u8) -> Chaining {
        let mut nested = Vec::new();
        if level >= 4 {
            nested.push(Chaining::new(true, true, false, limit, 0));
        } else {
            if level >= 2 {
                nested.push(Chaining::new(false, false, false, 0, 0));
            }
            if level >= 3 {
                nested.push(Chaining::new(true, false, false, 0, 0));
            }
        }
        Chaining {
            multiple,
            dynamic,
            nishio,
            level,
            nested,
        }
    }

    fn base(&self) -> f64 {
        if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    fn name(&self, kind: Kind) -> &'static str {
        match (self.level, kind) {
            (1, _) => "Dynamic Forcing Chains (+)",
            (2, _) => "Dynamic Forcing Chains (+ Forcing Chains)",
            (3, _) => "Dynamic Forcing Chains (+ Multiple Forcing Chains)",
            (4, _) => "Dynamic Forcing Chains (+ Dynamic Forcing Chains)",
            _ if self.nishio => "Nishio Forcing Chains",
            (_, Kind::Binary { absurd: true }) => "Dynamic Contradiction Forcing Chains",
            (_, Kind::Binary { absurd: false }) => "Dynamic Double Forcing Chains",
            (_, Kind::Cell) if self.dynamic => "Dynamic Cell Forcing Chains",
            (_, Kind::Region(_)) if self.dynamic => "Dynamic Region Forcing Chains",
            (_, Kind::Cell) => "Cell Forcing Chains",
            _ => "Region Forcing Chains",
        }
    }

    /// Every hint of this producer, sorted as SE sorts them.
    fn hints(
        &self,
        arena: &mut Arena,
        b: &Board,
        clock: Clock,
    ) -> Result<Vec<Rc<ChainHint>>, SeError> {
        let grid = Grid::new(b);
        let mut out = if self.multiple || self.dynamic {
            self.multiple_chains(arena, &grid, clock)?
        } else {
            let mut v = loops(arena, &grid, (false, true), clock)?;
            v.extend(loops(arena, &grid, (true, false), clock)?);
            v.extend(loops(arena, &grid, (true, true), clock)?);
            v
        };
        out.sort_by(|a, b| {
            a.rating
                .partial_cmp(&b.rating)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.sort_key.cmp(&b.sort_key))
        });
        Ok(out.into_iter().map(Rc::new).collect())
    }

    fn multiple_chains(
        &self,
        arena: &mut Arena,
        b: &Grid,
        clock: Clock,
    ) -> Result<Vec<ChainHint>, SeError> {
        let mut out = Vec::new();
        let mut grid = b.clone();
        for cell in 0..81u8 {
            let card = b.cands[cell as usize].count_ones();
            if card > 2 || (card > 1 && self.dynamic) {
                if clock.spent() {
                    return Err(SeError::GaveUp);
                }
                let mark = arena.mark();
                let found = self.for_cell(arena, &mut grid, cell, card, &mut out, clock);
                arena.truncate(mark);
                found?;
            }
        }
        Ok(out)
    }

    fn for_cell(
        &self,
        arena: &mut Arena,
        grid: &mut Grid,
        cell: u8,
        card: u32,
        out: &mut Vec<ChainHint>,
        clock: Clock,
    ) -> Result<(), SeError> {
        let mut to_on: Vec<PotSet> = Vec::with_capacity(9);
        let mut to_off: Vec<PotSet> = Vec::with_capacity(9);
        let mut cell_on: Option<PotSet> = None;
        let mut cell_off: Option<PotSet> = None;
        for v in 1..=9u8 {
            if !grid.has(cell as usize, v) {
                continue;
            }
            let p_on = arena.start(cell, v, true);
            let p_off = arena.start(cell, v, false);
            let mut on_to_on = PotSet::new();
            let mut on_to_off = PotSet::new();
            let double = card >= 3 && !self.nishio && self.dynamic;
            let contradiction = self.dynamic || self.nishio;
            self.binary(
                arena,
                grid,
                (p_on, p_off),
                out,
                (&mut on_to_on, &mut on_to_off),
                (double, contradiction),
                clock,
            )?;
            if self.nishio {
                continue;
            }
            self.region_chains(arena, grid, out, cell, v, (&on_to_on, &on_to_off), clock)?;
            match (&mut cell_on, &mut cell_off) {
                (Some(a), Some(o)) => {
                    a.retain(&on_to_on);
                    o.retain(&on_to_off);
                }
                _ => {
                    cell_on = Some(on_to_on.copy());
                    cell_off = Some(on_to_off.copy());
                }
            }
            to_on.push(on_to_on);
            to_off.push(on_to_off);
        }
        if self.nishio || !(card == 2 || (self.multiple && card > 2)) {
            return Ok(());
        }
        for (common, outcomes) in [(cell_on, &to_on), (cell_off, &to_off)] {
            let Some(common) = common else { continue };
            self.reductions(arena, grid, Kind::Cell, &common, outcomes, out);
        }
        Ok(())
    }

    /// The cell or region reductions: each potential of `common` follows from every
    /// case of `outcomes`.
    fn reductions(
        &self,
        arena: &Arena,
        grid: &Board,
        kind: Kind,
        common: &PotSet,
        outcomes: &[PotSet],
        out: &mut Vec<ChainHint>,
    ) {
        let mut targets = Vec::with_capacity(outcomes.len());
        for &(k, p) in &common.items {
            targets.clear();
            targets.extend(outcomes.iter().map(|set| set.get(k as usize).unwrap_or(p)));
            let h = self.reduction(arena, grid, kind, p, &targets);
            if h.worth() {
                out.push(h);
            }
        }
    }

    /// A cell or region reduction: every case implies `target`.
    fn reduction(
        &self,
        arena: &Arena,
        grid: &Board,
        kind: Kind,
        target: P,
        targets: &[P],
    ) -> ChainHint {
        let t = arena.head(target);
        let removals = removals(grid, t, t.on);
        let first = arena.head(targets[0]);
        let place = first.on.then_some((first.cell, first.value));
        let chains = Chains::of(arena, targets);
        let complexity = chains.total_len() + chains.nested;
        ChainHint {
            kind,
            chains,
            removals,
            place,
            complexity,
            rating: self.base() + length_bonus(complexity),
            sort_key: if kind == Kind::Cell { 5 } else { 6 },
            name: self.name(kind),
        }
    }

    fn binary_hint(
        &self,
        arena: &Arena,
        grid: &Board,
        dst: (P, P),
        source: P,
        target: P,
        (absurd, on_hint): (bool, bool),
    ) -> ChainHint {
        let removals = removals(grid, arena.head(target), on_hint);
        let result = if self.nishio || absurd {
            let s = arena.head(source);
            (s.cell, s.value, !s.on)
        } else {
            let d = arena.head(dst.0);
            (d.cell, d.value, d.on)
        };
        let chains = Chains::of(arena, &[dst.0, dst.1]);
        let complexity = chains.total_len() + chains.nested;
        let kind = Kind::Binary { absurd };
        ChainHint {
            kind,
            chains,
            removals,
            place: result.2.then_some((result.0, result.1)),
            complexity,
            rating: self.base() + length_bonus(complexity),
            sort_key: if absurd { 7 } else { 1 },
            name: self.name(kind),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn binary(
        &self,
        arena: &mut Arena,
        grid: &mut Grid,
        (p_on, p_off): (P, P),
        out: &mut Vec<ChainHint>,
        (on_to_on, on_to_off): (&mut PotSet, &mut PotSet),
        (reduction, contradiction): (bool, bool),
        clock: Clock,
    ) -> Result<(), SeError> {
        let mut off_to_on = PotSet::new();
        let mut off_to_off = PotSet::new();
        on_to_on.add(arena.key(p_on), p_on);
        let absurd = self.chain(arena, grid, on_to_on, on_to_off, clock)?;
        if let (true, Some(dst)) = (contradiction, absurd) {
            let h = self.binary_hint(arena, grid, dst, p_on, p_on, (true, false));
            if h.worth() {
                out.push(h);
            }
        }
        off_to_off.add(arena.key(p_off), p_off);
        let absurd = self.chain(arena, grid, &mut off_to_on, &mut off_to_off, clock)?;
        if let (true, Some(dst)) = (contradiction, absurd) {
            let h = self.binary_hint(arena, grid, dst, p_off, p_off, (true, true));
            if h.worth() {
                out.push(h);
            }
        }
        if reduction {
            for &(k, p) in &on_to_on.items {
                if let Some(q) = off_to_on.get(k as usize) {
                    let h = self.binary_hint(arena, grid, (p, q), p_on, p, (false, true));
                    if h.worth() {
                        out.push(h);
                    }
                }
            }
            for &(k, p) in &on_to_off.items {
                if let Some(q) = off_to_off.get(k as usize) {
                    let h = self.binary_hint(arena, grid, (p, q), p_off, q, (false, false));
                    if h.worth() {
                        out.push(h);
                    }
                }
            }
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn region_chains(
        &self,
        arena: &mut Arena,
        grid: &mut Grid,
        out: &mut Vec<ChainHint>,
        cell: u8,
        value: u8,
        (on_to_on, on_to_off): (&PotSet, &PotSet),
        clock: Clock,
    ) -> Result<(), SeError> {
        for t in 0..3usize {
            let r = CELL_REGION[cell as usize][t] as usize;
            let pos = grid.positions(t, r, value);
            let card = pos.count_ones();
            if !(card == 2 || (self.multiple && card > 2)) {
                continue;
            }
            if REGIONS[t][r][pos.trailing_zeros() as usize] != cell {
                continue;
            }
            let mut outcomes_on: Vec<PotSet> = Vec::with_capacity(9);
            let mut outcomes_off: Vec<PotSet> = Vec::with_capacity(9);
            let mut region_on = on_to_on.copy();
            let mut region_off = on_to_off.copy();
            for p in 0..9 {
                if pos & (1 << p) == 0 {
                    continue;
                }
                let other = REGIONS[t][r][p];
                if other == cell {
                    outcomes_on.push(on_to_on.copy());
                    outcomes_off.push(on_to_off.copy());
                } else {
                    let mut o_on = PotSet::new();
                    let mut o_off = PotSet::new();
                    o_on.add(key(other, value, true), arena.start(other, value, true));
                    self.chain(arena, grid, &mut o_on, &mut o_off, clock)?;
                    region_on.retain(&o_on);
                    region_off.retain(&o_off);
                    outcomes_on.push(o_on);
                    outcomes_off.push(o_off);
                }
            }
            let kind = Kind::Region(t as u8);
            self.reductions(arena, grid, kind, &region_on, &outcomes_on, out);
            self.reductions(arena, grid, kind, &region_off, &outcomes_off, out);
        }
        Ok(())
    }

    /// Follows the implications of `to_on` and `to_off` to their end, or to a
    /// contradiction (returned as the potential on and the same one off).
    fn chain(
        &self,
        arena: &mut Arena,
        grid: &mut Grid,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        clock: Clock,
    ) -> Result<Option<(P, P)>, SeError> {
        let save = grid.clone();
        let result = self.chain_on(arena, grid, &save, to_on, to_off, clock);
        *grid = save;
        result
    }

    fn chain_on(
        &self,
        arena: &mut Arena,
        grid: &mut Grid,
        save: &Grid,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        clock: Clock,
    ) -> Result<Option<(P, P)>, SeError> {
        // Every potential is added to its set once, and sets keep the order of
        // addition, so what is still to follow is the tail of each set.
        let (mut next_on, mut next_off) = (0, 0);
        let mut implied = Implied::new();
        let y = !self.nishio;
        loop {
            if let Some(&(_, p)) = to_on.items.get(next_on) {
                next_on += 1;
                on_to_off(grid, arena.head(p), p, y, &mut implied);
                for i in 0..implied.len() {
                    let k = implied.key(i);
                    if let Some(on) = to_on.get(k ^ 1) {
                        return Ok(Some((on, implied.add_to(i, arena))));
                    }
                    if !to_off.contains(k) {
                        to_off.add(k, implied.add_to(i, arena));
                    }
                }
                continue;
            }
            if let Some(&(_, p)) = to_off.items.get(next_off) {
                next_off += 1;
                let head = arena.head(p);
                off_to_on(grid, head, p, Some((save, to_off)), y, true, &mut implied);
                if self.dynamic {
                    grid.remove(head.cell, head.value);
                }
                for i in 0..implied.len() {
                    let k = implied.key(i);
                    if let Some(off) = to_off.get(k ^ 1) {
                        return Ok(Some((implied.add_to(i, arena), off)));
                    }
                    if !to_on.contains(k) {
                        to_on.add(k, implied.add_to(i, arena));
                    }
                }
                continue;
            }
            if self.level > 0 {
                let mut any = false;
                for q in self.advanced(arena, grid, save, to_off, clock)? {
                    let k = arena.key(q);
                    if !to_off.contains(k) {
                        to_off.add(k, q);
                        any = true;
                    }
                }
                if any {
                    continue;
                }
            }
            return Ok(None);
        }
    }

    /// Eliminations simpler rules make on the changed board because of the chain.
    fn advanced(
        &self,
        arena: &mut Arena,
        grid: &Board,
        source: &Board,
        offs: &PotSet,
        clock: Clock,
    ) -> Result<Vec<P>, SeError> {
        let mut result: Vec<P> = Vec::new();
        let make = |arena: &mut Arena,
                    removals: &[(u8, u16)],
                    parents: &[(u8, u8)],
                    nested: Option<&Rc<ChainHint>>,
                    result: &mut Vec<P>| {
            let real: Vec<P> = parents
                .iter()
                .filter_map(|&(c, v)| offs.get(key(c, v, false)))
                .collect();
            for &(cell, mask) in removals {
                for value in 1..=9u8 {
                    if mask & (1 << value) != 0 {
                        let head = Head {
                            cell,
                            value,
                            on: false,
                            cause: Cause::Advanced,
                        };
                        result.push(arena.add(head, &real, nested.cloned()));
                    }
                }
            }
        };
        for i in 0..NESTED.len() {
            for f in arena.basic_found(i, grid).iter() {
                let mut parents = Vec::new();
                if let Some(pr) = &f.parents {
                    pr.collect(source, grid, &mut parents);
                }
                let mut dedup = Vec::new();
                for x in parents {
                    push_unique(&mut dedup, x);
                }
                if !dedup.is_empty() {
                    make(arena, &f.hint.removals, &dedup, None, &mut result);
                }
            }
            if !result.is_empty() {
                return Ok(result);
            }
        }
        for rule in &self.nested {
            for h in arena.nested_hints(rule, grid, clock)?.iter() {
                let mut parents = Vec::new();
                h.rule_parents(source, grid, &mut parents);
                if !parents.is_empty() {
                    make(arena, &h.removals, &parents, Some(h), &mut result);
                }
            }
            if !result.is_empty() {
                return Ok(result);
            }
        }
        Ok(result)
    }
}

/// What a potential on (`p`, at `from`) turns off: the cell's other values (`y`),
/// then the value in the block, the row and the column.
fn on_to_off(grid: &Grid, p: Head, from: P, y: bool, out: &mut Implied) {
    out.clear();
    let c = p.cell as usize;
    if y {
        for value in bits(u128::from(grid.cands[c] & !(1 << p.value))) {
            let head = Head {
                cell: p.cell,
                value,
                on: false,
                cause: Cause::NakedSingle,
            };
            out.push_one(head, from);
        }
    }
    let mut added = 1u128 << c;
    for t in 0..3usize {
        let r = CELL_REGION[c][t] as usize;
        let m = grid.cells[p.value as usize] & REGION_CELLS[t][r] & !added;
        added |= m;
        for o in bits(m) {
            let head = Head {
                cell: o,
                value: p.value,
                on: false,
                cause: Cause::Hidden(t as u8),
            };
            out.push_one(head, from);
        }
    }
}

/// What a potential off (`p`, at `from`) turns on: the cell's other value when two
/// remain (`y`), and the value's only other place in its block, row and column (`x`).
/// With `dynamic` (the board the chain started from and its potentials off),
/// candidates gone since the start join the parents.
fn off_to_on(
    grid: &Grid,
    p: Head,
    from: P,
    dynamic: Option<(&Grid, &PotSet)>,
    y: bool,
    x: bool,
    out: &mut Implied,
) {
    out.clear();
    let c = p.cell as usize;
    if y && grid.cands[c].count_ones() == 2 {
        let other = (grid.cands[c] & !(1 << p.value)).trailing_zeros() as u8;
        let start = out.parents.len();
        out.parents.push(from);
        if let Some((src, offs)) = dynamic {
            let gone = u128::from(src.cands[c] & !grid.cands[c]);
            out.parents
                .extend(bits(gone).filter_map(|v| offs.get(key(p.cell, v, false))));
        }
        let head = Head {
            cell: p.cell,
            value: other,
            on: true,
            cause: Cause::NakedSingle,
        };
        out.push(head, start);
    }
    if x {
        let v = p.value as usize;
        for t in 0..3usize {
            let region = REGION_CELLS[t][CELL_REGION[c][t] as usize];
            let places = grid.cells[v] & region & !(1 << c);
            if places.count_ones() != 1 {
                continue;
            }
            let o = places.trailing_zeros() as u8;
            if out
                .heads
                .iter()
                .any(|q| q.0.cell == o && q.0.value == p.value)
            {
                continue;
            }
            let start = out.parents.len();
            out.parents.push(from);
            if let Some((src, offs)) = dynamic {
                let gone = src.cells[v] & !grid.cells[v] & region;
                out.parents
                    .extend(bits(gone).filter_map(|cell| offs.get(key(cell, p.value, false))));
            }
            let head = Head {
                cell: o,
                value: p.value,
                on: true,
                cause: Cause::Hidden(t as u8),
            };
            out.push(head, start);
        }
    }
}

/// Does the potential keyed `k` lie on the first-parent line of `child`?
fn is_parent(arena: &Arena, child: P, k: usize) -> bool {
    let mut t = child;
    while let Some(q) = arena.first_parent(t) {
        if arena.key(q) == k {
            return true;
        }
        t = q;
    }
    false
}

/// X-, Y- or XY-cycles and forcing chains (`(y, x)`) from every candidate of every
/// open cell.
fn loops(
    arena: &mut Arena,
    b: &Grid,
    (y, x): (bool, bool),
    clock: Clock,
) -> Result<Vec<ChainHint>, SeError> {
    let mut out = Vec::new();
    let mut implications = Implications::new(b, y, x);
    let mut walk = Walk::new();
    for cell in 0..81u8 {
        let card = b.cands[cell as usize].count_ones();
        if b.values[cell as usize] != 0 || card <= 1 {
            continue;
        }
        if clock.spent() {
            return Err(SeError::GaveUp);
        }
        for v in 1..=9u8 {
            if b.has(cell as usize, v) && (x || card <= 2) {
                let mark = arena.mark();
                unary(arena, &mut implications, &mut walk, (cell, v), &mut out);
                arena.truncate(mark);
            }
        }
    }
    Ok(out)
}

/// What each potential implies on a board that does not change (the cycles' and the
/// forcing X-, Y- and XY-chains'), worked out once per potential and read by every
/// start: `heads[at[key].0..at[key].1]`, each with the one parent that implies it.
struct Implications<'a> {
    grid: &'a Grid,
    y: bool,
    x: bool,
    heads: Vec<Head>,
    at: [(u32, u32); KEYS],
    scratch: Implied,
}

/// The sets and queues of one walk from a start, kept from one start to the next so
/// that a search allocates and clears them once.
struct Walk {
    to_on: PotSet,
    to_off: PotSet,
    pending_on: VecDeque<P>,
    pending_off: VecDeque<P>,
}

impl Walk {
    fn new() -> Walk {
        Walk {
            to_on: PotSet::new(),
            to_off: PotSet::new(),
            pending_on: VecDeque::with_capacity(64),
            pending_off: VecDeque::with_capacity(64),
        }
    }

    /// Empties the sets and queues and starts a new walk from `p` (keyed `k`).
    fn start(&mut self, k: usize, p: P, on: bool) {
        self.to_on.clear();
        self.to_off.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        if on {
            self.to_on.add(k, p);
            self.pending_on.push_back(p);
        } else {
            self.to_off.add(k, p);
            self.pending_off.push_back(p);
        }
    }
}

/// Marks a potential whose implications are not worked out yet.
const UNKNOWN: (u32, u32) = (u32::MAX, u32::MAX);

impl<'a> Implications<'a> {
    fn new(grid: &'a Grid, y: bool, x: bool) -> Implications<'a> {
        Implications {
            grid,
            y,
            x,
            heads: Vec::new(),
            at: [UNKNOWN; KEYS],
            scratch: Implied::new(),
        }
    }

    /// What `p` implies; the caller gives each `p` as its one parent.
    fn implied(&mut self, p: Head) -> &[Head] {
        let k = p.key();
        if self.at[k] == UNKNOWN {
            // The parent is not kept: every reader has its own.
            if p.on {
                on_to_off(self.grid, p, 0, self.y, &mut self.scratch);
            } else {
                off_to_on(self.grid, p, 0, None, self.y, self.x, &mut self.scratch);
            }
            let start = self.heads.len() as u32;
            self.heads.extend(self.scratch.heads.iter().map(|h| h.0));
            self.at[k] = (start, self.heads.len() as u32);
        }
        let (a, b) = self.at[k];
        &self.heads[a as usize..b as usize]
    }
}

/// The cycles and forcing chains from `value` on in `cell`.
fn unary(
    arena: &mut Arena,
    imp: &mut Implications,
    walk: &mut Walk,
    (cell, value): (u8, u8),
    out: &mut Vec<ChainHint>,
) {
    let (b, y, x) = (imp.grid, imp.y, imp.x);
    let p_on = arena.start(cell, value, true);
    let on_key = key(cell, value, true);
    let mut cycles = Vec::new();
    let mut chains: Vec<P> = Vec::new();
    // Cycles.
    {
        walk.start(on_key, p_on, true);
        let w = &mut *walk;
        let mut length = 0;
        while !w.pending_on.is_empty() || !w.pending_off.is_empty() {
            length += 1;
            while let Some(p) = w.pending_on.pop_front() {
                for &head in imp.implied(arena.head(p)) {
                    let k = head.key();
                    // Every potential off on `p`'s line is in `to_off`.
                    if !w.to_off.contains(k) || !is_parent(arena, p, k) {
                        let q = arena.add(head, &[p], None);
                        w.to_off.add(k, q);
                        w.pending_off.push_back(q);
                    }
                }
            }
            length += 1;
            while let Some(p) = w.pending_off.pop_front() {
                let implied = imp.implied(arena.head(p));
                let closes = |_: &Arena, k: usize, _: &[P]| length >= 4 && k == on_key;
                let next = (&mut w.to_on, &mut w.pending_on);
                follow(arena, (implied, p), closes, &mut cycles, next);
            }
        }
    }
    if x {
        let p_off = arena.start(cell, value, false);
        for src in [p_on, p_off] {
            let src_key = arena.key(src);
            let contradicts = |arena: &Arena, k: usize, chains: &[P]| {
                src_key == k ^ 1 && !chains.iter().any(|&c| arena.key(c) == k)
            };
            walk.start(src_key, src, arena.head(src).on);
            let w = &mut *walk;
            while !w.pending_on.is_empty() || !w.pending_off.is_empty() {
                while let Some(p) = w.pending_on.pop_front() {
                    let implied = imp.implied(arena.head(p));
                    let next = (&mut w.to_off, &mut w.pending_off);
                    follow(arena, (implied, p), contradicts, &mut chains, next);
                }
                while let Some(p) = w.pending_off.pop_front() {
                    let implied = imp.implied(arena.head(p));
                    let next = (&mut w.to_on, &mut w.pending_on);
                    follow(arena, (implied, p), contradicts, &mut chains, next);
                }
            }
        }
    }
    for dst_on in cycles {
        let dst_off = reversed(arena, dst_on);
        let h = cycle_hint(arena, b, dst_on, dst_off, y, x);
        if h.worth() {
            out.push(h);
        }
    }
    for target in chains {
        let h = forcing_hint(arena, b, target, y, x);
        if h.worth() {
            out.push(h);
        }
    }
}

/// One step of a chain: keeps the potentials `parent` implies that are new to `set`
/// (and queues them), and those `is_target` accepts (given the targets so far) as
/// `targets`.
fn follow(
    arena: &mut Arena,
    (implied, parent): (&[Head], P),
    is_target: impl Fn(&Arena, usize, &[P]) -> bool,
    targets: &mut Vec<P>,
    (set, pending): (&mut PotSet, &mut VecDeque<P>),
) {
    for &head in implied {
        let k = head.key();
        let mut made = None;
        if is_target(arena, k, targets) {
            let q = arena.add(head, &[parent], None);
            made = Some(q);
            targets.push(q);
        }
        if !set.contains(k) {
            let q = made.unwrap_or_else(|| arena.add(head, &[parent], None));
            set.add(k, q);
            pending.push_back(q);
        }
    }
}

/// The cycle read backwards, every potential negated.
fn reversed(arena: &mut Arena, org: P) -> P {
    let mut line = vec![org];
    while let Some(q) = line.last().and_then(|&p| arena.first_parent(p)) {
        line.push(q);
    }
    let mut node: Option<P> = None;
    for p in line {
        let mut head = arena.head(p);
        head.on = !head.on;
        let parents = node.as_slice();
        node = Some(arena.add(head, parents, None));
    }
    node.expect("a cycle has potentials")
}

fn xy_fields(y: bool, x: bool) -> (u8, &'static str, &'static str) {
    match (y, x) {
        (true, true) => (4, "Bidirectional Cycle", "Forcing Chain"),
        (true, false) => (3, "Bidirectional Y-Cycle", "Forcing Y-Chain"),
        _ => (2, "Bidirectional X-Cycle", "Forcing X-Chain"),
    }
}

fn cycle_hint(arena: &Arena, b: &Board, dst_on: P, dst_off: P, y: bool, x: bool) -> ChainHint {
    let mut cells = [false; 81];
    let mut p = dst_on;
    while let Some(q) = arena.first_parent(p) {
        cells[arena.head(p).cell as usize] = true;
        p = q;
    }
    let mut forw: Vec<(u8, u8)> = Vec::new();
    let mut back: Vec<(u8, u8)> = Vec::new();
    let mut p = dst_on;
    while let Some(q) = arena.first_parent(p) {
        let h = arena.head(p);
        for &o in &PEERS[h.cell as usize] {
            if !cells[o as usize] && b.has(o as usize, h.value) {
                let list = if h.on { &mut forw } else { &mut back };
                push_unique(list, (o, h.value));
            }
        }
        p = q;
    }
    let mut removals: Vec<(u8, u16)> = Vec::new();
    for &(c, v) in forw.iter().filter(|e| back.contains(e)) {
        match removals.iter_mut().find(|r| r.0 == c) {
            Some(r) => r.1 |= 1 << v,
            None => removals.push((c, 1 << v)),
        }
    }
    hash_order(&mut removals);
    let chains = Chains::of(arena, &[dst_on, dst_off]);
    let complexity = chains.first_len();
    let (sort_key, name, _) = xy_fields(y, x);
    ChainHint {
        kind: Kind::Cycle,
        chains,
        removals,
        place: None,
        complexity,
        rating: if y && x { 7.0 } else { 6.5 } + length_bonus(complexity),
        sort_key,
        name,
    }
}

fn forcing_hint(arena: &Arena, b: &Board, target: P, y: bool, x: bool) -> ChainHint {
    let t = arena.head(target);
    let removals = if t.on {
        vec![(t.cell, b.cands[t.cell as usize] & !(1 << t.value))]
    } else {
        vec![(t.cell, 1 << t.value)]
    };
    let chains = Chains::of(arena, &[target]);
    let complexity = chains.total_len();
    let (sort_key, _, name) = xy_fields(y, x);
    ChainHint {
        kind: Kind::Forcing,
        place: t.on.then_some((t.cell, t.value)),
        chains,
        removals,
        complexity,
        rating: if y && x { 7.0 } else { 6.6 } + length_bonus(complexity),
        sort_key,
        name,
    }
}

/// SE's chaining producers in its order, from forcing chains and cycles to the
/// dynamic chains nested to level 4, and the arena their searches share.
pub(crate) struct Producers {
    list: Vec<Chaining>,
    arena: Arena,
}

impl Producers {
    pub(crate) fn new() -> Producers {
        Producers {
            list: vec![
                Chaining::new(false, false, false, 0, 0),
                Chaining::new(false, true, true, 0, 0),
                Chaining::new(true, false, false, 0, 0),
                Chaining::new(true, true, false, 0, 0),
                Chaining::new(true, true, false, 1, 0),
                Chaining::new(true, true, false, 2, 0),
                Chaining::new(true, true, false, 3, 0),
                Chaining::new(true, true, false, 4, 0),
                Chaining::new(true, true, false, 4, 1),
                Chaining::new(true, true, false, 4, 2),
                Chaining::new(true, true, false, 4, 3),
            ],
            arena: Arena::default(),
        }
    }

    /// The first hint of the first producer that has one.
    pub(crate) fn first_hint(&mut self, b: &Board, clock: Clock) -> Result<Option<Hint>, SeError> {
        let Producers { list, arena } = self;
        arena.forget_nested();
        for (i, producer) in list.iter().enumerate() {
            if i == 1 {
                if let Some(h) = super::aligned::triplets(b) {
                    return Ok(Some(h));
                }
            }
            if let Some(h) = producer.hints(arena, b, clock)?.first() {
                return Ok(Some(Hint {
                    rating: h.rating,
                    name: h.name,
                    removals: h.removals.clone(),
                    place: h.place,
                }));
            }
        }
        Ok(None)
    }
}

/// The candidates a hint removes when `target` is proved `on` (the cell's other
/// candidates) or off (the target itself), as (cell, mask) pairs.
fn removals(grid: &Board, target: Head, on: bool) -> Vec<(u8, u16)> {
    if !on {
        return vec![(target.cell, 1 << target.value)];
    }
    let extra = grid.cands[target.cell as usize] & !(1 << target.value);
    if extra != 0 {
        vec![(target.cell, extra)]
    } else {
        Vec::new()
    }
}

//! SE's chains: X-, Y- and XY-cycles and forcing chains (6.5–7.0), Nishio (7.5),
//! multiple forcing chains (8.0), dynamic forcing chains (8.5) and the nested levels
//! (+) 9.0, (+ forcing chains) 9.5, (+ multiple forcing chains) 10.0.
//!
//! Design: a chain is a graph of potentials (a candidate on or off) that point at the
//! potentials that imply them, as SE builds them: breadth first, "on" implications
//! before "off" ones, in region order block, row, column. A dynamic chain removes the
//! candidates it turns off as it goes, so later implications may need several parents.
//! When a nested chain runs out of implications it asks simpler rules (intersections,
//! hidden and naked pairs, X-Wings, then the lower chains) on the changed board.
//!
//! Ratings: the rule's base plus SE's length bonus, 0.1 each time the chain's
//! complexity (distinct potentials, nested chains included, less 2) passes 4, 6, 8,
//! 12, 16, 24, … (alternately ×3/2 and ×4/3). Hints of one producer sort by rating,
//! then complexity, then kind; the first is applied.

use std::collections::VecDeque;
use std::rc::Rc;

use super::basic::{Found, NESTED};
use super::board::{Board, CELL_REGION, PEERS, REGIONS};
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

/// A candidate assumed on or off, with what implies it.
#[derive(Debug)]
struct Pot {
    cell: u8,
    value: u8,
    on: bool,
    cause: Cause,
    parents: Links,
    nested: Option<Rc<ChainHint>>,
}

type P = Rc<Pot>;

/// A potential's parents; most have one, kept without a second allocation.
#[derive(Debug)]
enum Links {
    Zero,
    One(P),
    Many(Box<[P]>),
}

impl Links {
    fn from_vec(mut v: Vec<P>) -> Links {
        match v.len() {
            0 => Links::Zero,
            1 => Links::One(v.pop().expect("one parent")),
            _ => Links::Many(v.into_boxed_slice()),
        }
    }

    fn iter(&self) -> std::slice::Iter<'_, P> {
        match self {
            Links::Zero => [].iter(),
            Links::One(p) => std::slice::from_ref(p).iter(),
            Links::Many(v) => v.iter(),
        }
    }

    fn first(&self) -> Option<&P> {
        self.iter().next()
    }
}

const KEYS: usize = 81 * 18;

fn key(cell: u8, value: u8, on: bool) -> usize {
    cell as usize * 18 + (value as usize - 1) * 2 + usize::from(on)
}

impl Pot {
    fn key(&self) -> usize {
        key(self.cell, self.value, self.on)
    }
}

fn start(cell: u8, value: u8, on: bool) -> P {
    Rc::new(Pot {
        cell,
        value,
        on,
        cause: Cause::Start,
        parents: Links::Zero,
        nested: None,
    })
}

/// An insertion-ordered set of potentials keyed by (cell, value, on), with the
/// position of each key inline (no allocation for the index).
struct PotSet {
    slot: [u16; KEYS],
    items: Vec<P>,
}

const ABSENT: u16 = u16::MAX;

impl PotSet {
    fn new() -> PotSet {
        PotSet {
            slot: [ABSENT; KEYS],
            items: Vec::new(),
        }
    }

    fn contains(&self, k: usize) -> bool {
        self.slot[k] != ABSENT
    }

    fn get(&self, k: usize) -> Option<&P> {
        let s = self.slot[k];
        (s != ABSENT).then(|| &self.items[s as usize])
    }

    /// Adds `p` unless a potential with its key is there.
    fn add(&mut self, p: P) {
        let k = p.key();
        if self.slot[k] == ABSENT {
            self.slot[k] = self.items.len() as u16;
            self.items.push(p);
        }
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
        for p in &old {
            self.slot[p.key()] = ABSENT;
        }
        for p in old {
            if other.contains(p.key()) {
                self.add(p);
            }
        }
    }
}

/// The potentials of a chain, target first, breadth first, each key once.
fn chain_of(target: &P) -> Vec<P> {
    let mut done = [false; KEYS];
    let mut out = Vec::new();
    let mut todo = vec![target.clone()];
    while !todo.is_empty() {
        let mut next = Vec::new();
        for p in todo {
            if !done[p.key()] {
                done[p.key()] = true;
                next.extend(p.parents.iter().cloned());
                out.push(p);
            }
        }
        todo = next;
    }
    out
}

fn ancestor_count(target: &P) -> usize {
    chain_of(target).len()
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

/// A chain hint, with everything the choice among hints and the nesting need.
#[derive(Debug)]
pub(crate) struct ChainHint {
    kind: Kind,
    targets: Vec<P>,
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

    /// Identifies a chain as SE compares nested chains: its targets and their chains.
    fn signature(&self) -> Vec<u16> {
        let mut sig = Vec::new();
        for t in &self.targets {
            sig.extend(chain_of(t).iter().map(|p| p.key() as u16));
            sig.push(u16::MAX);
        }
        sig
    }

    /// What had to be off, from `source` to `current`, for this chain to hold.
    fn rule_parents(&self, source: &Board, current: &Board, out: &mut Vec<(u8, u8)>) {
        for target in &self.targets {
            for p in chain_of(target) {
                let cause = match (p.cause, self.kind) {
                    (Cause::Start, Kind::Cell) => Cause::NakedSingle,
                    (Cause::Start, Kind::Region(t)) => Cause::Hidden(t),
                    (c, _) => c,
                };
                if !p.on {
                    continue;
                }
                match cause {
                    Cause::NakedSingle => {
                        let c = p.cell as usize;
                        for v in 1..=9u8 {
                            if source.has(c, v) && !current.has(c, v) {
                                push_unique(out, (p.cell, v));
                            }
                        }
                    }
                    Cause::Hidden(t) => {
                        let r = CELL_REGION[p.cell as usize][t as usize] as usize;
                        for &c in &REGIONS[t as usize][r] {
                            if source.has(c as usize, p.value) && !current.has(c as usize, p.value)
                            {
                                push_unique(out, (c, p.value));
                            }
                        }
                    }
                    Cause::Start | Cause::Advanced => {}
                }
            }
        }
    }
}

fn push_unique(out: &mut Vec<(u8, u8)>, x: (u8, u8)) {
    if !out.contains(&x) {
        out.push(x);
    }
}

/// Complexity of the nested chains met along `targets`, each distinct chain once.
fn nested_complexity(targets: &[P]) -> usize {
    let mut seen: Vec<Vec<u16>> = Vec::new();
    let mut total = 0;
    for t in targets {
        for p in chain_of(t) {
            if let Some(n) = &p.nested {
                let sig = n.signature();
                if !seen.contains(&sig) {
                    total += n.complexity;
                    seen.push(sig);
                }
            }
        }
    }
    total
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
    fn new(multiple: bool, dynamic: bool, nishio: bool, level: u8) -> Chaining {
        let mut nested = Vec::new();
        if level >= 2 {
            nested.push(Chaining::new(false, false, false, 0));
        }
        if level >= 3 {
            nested.push(Chaining::new(true, false, false, 0));
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
    fn hints(&self, b: &Board, clock: Clock) -> Result<Vec<Rc<ChainHint>>, SeError> {
        let mut out = if self.multiple || self.dynamic {
            self.multiple_chains(b, clock)?
        } else {
            let mut v = loops(b, false, true, clock)?;
            v.extend(loops(b, true, false, clock)?);
            v.extend(loops(b, true, true, clock)?);
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

    fn multiple_chains(&self, b: &Board, clock: Clock) -> Result<Vec<ChainHint>, SeError> {
        let mut out = Vec::new();
        let mut grid = b.clone();
        for cell in 0..81u8 {
            let card = b.cands[cell as usize].count_ones();
            if card > 2 || (card > 1 && self.dynamic) {
                if clock.spent() {
                    return Err(SeError::GaveUp);
                }
                self.for_cell(&mut grid, cell, card, &mut out, clock)?;
            }
        }
        Ok(out)
    }

    fn for_cell(
        &self,
        grid: &mut Board,
        cell: u8,
        card: u32,
        out: &mut Vec<ChainHint>,
        clock: Clock,
    ) -> Result<(), SeError> {
        let mut to_on: Vec<(u8, PotSet)> = Vec::new();
        let mut to_off: Vec<(u8, PotSet)> = Vec::new();
        let mut cell_on: Option<PotSet> = None;
        let mut cell_off: Option<PotSet> = None;
        for v in 1..=9u8 {
            if !grid.has(cell as usize, v) {
                continue;
            }
            let p_on = start(cell, v, true);
            let p_off = start(cell, v, false);
            let mut on_to_on = PotSet::new();
            let mut on_to_off = PotSet::new();
            let double = card >= 3 && !self.nishio && self.dynamic;
            let contradiction = self.dynamic || self.nishio;
            self.binary(
                grid,
                (&p_on, &p_off),
                out,
                (&mut on_to_on, &mut on_to_off),
                (double, contradiction),
                clock,
            )?;
            if self.nishio {
                continue;
            }
            self.region_chains(grid, out, cell, v, (&on_to_on, &on_to_off), clock)?;
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
            to_on.push((v, on_to_on));
            to_off.push((v, on_to_off));
        }
        if self.nishio || !(card == 2 || (self.multiple && card > 2)) {
            return Ok(());
        }
        for (common, outcomes) in [(cell_on, &to_on), (cell_off, &to_off)] {
            let Some(common) = common else { continue };
            for p in &common.items {
                let targets: Vec<P> = outcomes
                    .iter()
                    .map(|(_, set)| set.get(p.key()).cloned().unwrap_or_else(|| p.clone()))
                    .collect();
                let h = self.reduction(grid, Kind::Cell, p, targets);
                if h.worth() {
                    out.push(h);
                }
            }
        }
        Ok(())
    }

    /// A cell or region reduction: every case implies `target`.
    fn reduction(&self, grid: &Board, kind: Kind, target: &P, targets: Vec<P>) -> ChainHint {
        let removals = removals(grid, target, target.on);
        let first = &targets[0];
        let place = first.on.then_some((first.cell, first.value));
        let complexity =
            targets.iter().map(ancestor_count).sum::<usize>() + nested_complexity(&targets);
        ChainHint {
            kind,
            removals,
            place,
            complexity,
            rating: self.base() + length_bonus(complexity),
            sort_key: if kind == Kind::Cell { 5 } else { 6 },
            name: self.name(kind),
            targets,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn binary_hint(
        &self,
        grid: &Board,
        dst: (&P, &P),
        source: &P,
        target: &P,
        absurd: bool,
        on_hint: bool,
    ) -> ChainHint {
        let removals = removals(grid, target, on_hint);
        let result = if self.nishio || absurd {
            (source.cell, source.value, !source.on)
        } else {
            (dst.0.cell, dst.0.value, dst.0.on)
        };
        let targets = vec![dst.0.clone(), dst.1.clone()];
        let complexity =
            ancestor_count(dst.0) + ancestor_count(dst.1) + nested_complexity(&targets);
        let kind = Kind::Binary { absurd };
        ChainHint {
            kind,
            targets,
            removals,
            place: result.2.then_some((result.0, result.1)),
            complexity,
            rating: self.base() + length_bonus(complexity),
            sort_key: if absurd { 7 } else { 1 },
            name: self.name(kind),
        }
    }

    fn binary(
        &self,
        grid: &mut Board,
        (p_on, p_off): (&P, &P),
        out: &mut Vec<ChainHint>,
        (on_to_on, on_to_off): (&mut PotSet, &mut PotSet),
        (reduction, contradiction): (bool, bool),
        clock: Clock,
    ) -> Result<(), SeError> {
        let mut off_to_on = PotSet::new();
        let mut off_to_off = PotSet::new();
        on_to_on.add(p_on.clone());
        let absurd = self.chain(grid, on_to_on, on_to_off, clock)?;
        if let (true, Some((on, off))) = (contradiction, absurd) {
            let h = self.binary_hint(grid, (&on, &off), p_on, p_on, true, false);
            if h.worth() {
                out.push(h);
            }
        }
        off_to_off.add(p_off.clone());
        let absurd = self.chain(grid, &mut off_to_on, &mut off_to_off, clock)?;
        if let (true, Some((on, off))) = (contradiction, absurd) {
            let h = self.binary_hint(grid, (&on, &off), p_off, p_off, true, true);
            if h.worth() {
                out.push(h);
            }
        }
        if reduction {
            for p in &on_to_on.items {
                if let Some(q) = off_to_on.get(p.key()) {
                    let h = self.binary_hint(grid, (p, q), p_on, p, false, true);
                    if h.worth() {
                        out.push(h);
                    }
                }
            }
            for p in &on_to_off.items {
                if let Some(q) = off_to_off.get(p.key()) {
                    let h = self.binary_hint(grid, (p, q), p_off, q, false, false);
                    if h.worth() {
                        out.push(h);
                    }
                }
            }
        }
        Ok(())
    }

    fn region_chains(
        &self,
        grid: &mut Board,
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
            let mut outcomes_on: Vec<PotSet> = Vec::new();
            let mut outcomes_off: Vec<PotSet> = Vec::new();
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
                    o_on.add(start(other, value, true));
                    self.chain(grid, &mut o_on, &mut o_off, clock)?;
                    region_on.retain(&o_on);
                    region_off.retain(&o_off);
                    outcomes_on.push(o_on);
                    outcomes_off.push(o_off);
                }
            }
            for (common, outcomes) in [(&region_on, &outcomes_on), (&region_off, &outcomes_off)] {
                for p in &common.items {
                    let targets: Vec<P> = outcomes
                        .iter()
                        .map(|set| set.get(p.key()).cloned().unwrap_or_else(|| p.clone()))
                        .collect();
                    let h = self.reduction(grid, Kind::Region(t as u8), p, targets);
                    if h.worth() {
                        out.push(h);
                    }
                }
            }
        }
        Ok(())
    }

    /// Follows the implications of `to_on` and `to_off` to their end, or to a
    /// contradiction (returned as the potential on and the same one off).
    fn chain(
        &self,
        grid: &mut Board,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        clock: Clock,
    ) -> Result<Option<(P, P)>, SeError> {
        let save = grid.clone();
        let result = self.chain_on(grid, &save, to_on, to_off, clock);
        *grid = save;
        result
    }

    fn chain_on(
        &self,
        grid: &mut Board,
        save: &Board,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        clock: Clock,
    ) -> Result<Option<(P, P)>, SeError> {
        let mut pending_on: VecDeque<P> = to_on.items.iter().cloned().collect();
        let mut pending_off: VecDeque<P> = to_off.items.iter().cloned().collect();
        let y = !self.nishio;
        loop {
            if let Some(p) = pending_on.pop_front() {
                for q in on_to_off(grid, &p, y) {
                    let conj = key(q.cell, q.value, true);
                    if let Some(on) = to_on.get(conj) {
                        return Ok(Some((on.clone(), q)));
                    }
                    if !to_off.contains(q.key()) {
                        to_off.add(q.clone());
                        pending_off.push_back(q);
                    }
                }
                continue;
            }
            if let Some(p) = pending_off.pop_front() {
                let make_on = off_to_on(grid, &p, Some(save), to_off, y, true);
                if self.dynamic {
                    grid.cands[p.cell as usize] &= !(1 << p.value);
                }
                for q in make_on {
                    let conj = key(q.cell, q.value, false);
                    if let Some(off) = to_off.get(conj) {
                        return Ok(Some((q, off.clone())));
                    }
                    if !to_on.contains(q.key()) {
                        to_on.add(q.clone());
                        pending_on.push_back(q);
                    }
                }
                continue;
            }
            if self.level > 0 {
                let mut any = false;
                for q in self.advanced(grid, save, to_off, clock)? {
                    if !to_off.contains(q.key()) {
                        to_off.add(q.clone());
                        pending_off.push_back(q);
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
        grid: &Board,
        source: &Board,
        offs: &PotSet,
        clock: Clock,
    ) -> Result<Vec<P>, SeError> {
        let mut result: Vec<P> = Vec::new();
        let make = |removals: &[(u8, u16)],
                    parents: &[(u8, u8)],
                    nested: Option<&Rc<ChainHint>>,
                    result: &mut Vec<P>| {
            let real: Vec<P> = parents
                .iter()
                .filter_map(|&(c, v)| offs.get(key(c, v, false)).cloned())
                .collect();
            for &(cell, mask) in removals {
                for v in 1..=9u8 {
                    if mask & (1 << v) != 0 {
                        result.push(Rc::new(Pot {
                            cell,
                            value: v,
                            on: false,
                            cause: Cause::Advanced,
                            parents: Links::from_vec(real.clone()),
                            nested: nested.cloned(),
                        }));
                    }
                }
            }
        };
        for rule in NESTED {
            rule(grid, &mut |f: Found| {
                let mut parents = Vec::new();
                if let Some(pr) = &f.parents {
                    pr.collect(source, grid, &mut parents);
                }
                let mut dedup = Vec::new();
                for x in parents {
                    push_unique(&mut dedup, x);
                }
                if !dedup.is_empty() {
                    make(&f.hint.removals, &dedup, None, &mut result);
                }
                false
            });
            if !result.is_empty() {
                return Ok(result);
            }
        }
        for rule in &self.nested {
            for h in rule.hints(grid, clock)? {
                let mut parents = Vec::new();
                h.rule_parents(source, grid, &mut parents);
                if !parents.is_empty() {
                    make(&h.removals, &parents, Some(&h), &mut result);
                }
            }
            if !result.is_empty() {
                return Ok(result);
            }
        }
        Ok(result)
    }
}

/// What a potential on turns off: the cell's other values (`y`), then the value in
/// the block, the row and the column.
fn on_to_off(grid: &Board, p: &P, y: bool) -> Vec<P> {
    let mut out = Vec::new();
    let c = p.cell as usize;
    if y {
        for v in 1..=9u8 {
            if v != p.value && grid.has(c, v) {
                out.push(Rc::new(Pot {
                    cell: p.cell,
                    value: v,
                    on: false,
                    cause: Cause::NakedSingle,
                    parents: Links::One(p.clone()),
                    nested: None,
                }));
            }
        }
    }
    let mut added = [false; 81];
    added[c] = true;
    for t in 0..3usize {
        let r = CELL_REGION[c][t] as usize;
        for &o in &REGIONS[t][r] {
            let ou = o as usize;
            if !added[ou] && grid.has(ou, p.value) {
                added[ou] = true;
                out.push(Rc::new(Pot {
                    cell: o,
                    value: p.value,
                    on: false,
                    cause: Cause::Hidden(t as u8),
                    parents: Links::One(p.clone()),
                    nested: None,
                }));
            }
        }
    }
    out
}

/// What a potential off turns on: the cell's other value when two remain (`y`), and
/// the value's only other place in its block, row and column (`x`). Candidates gone
/// since `source` join the parents.
fn off_to_on(
    grid: &Board,
    p: &P,
    source: Option<&Board>,
    offs: &PotSet,
    y: bool,
    x: bool,
) -> Vec<P> {
    let mut out: Vec<P> = Vec::new();
    let c = p.cell as usize;
    let hidden = |cell: usize, v: u8, parents: &mut Vec<P>| {
        if let Some(src) = source {
            if src.has(cell, v) && !grid.has(cell, v) {
                if let Some(q) = offs.get(key(cell as u8, v, false)) {
                    parents.push(q.clone());
                }
            }
        }
    };
    if y && grid.cands[c].count_ones() == 2 {
        let other = (grid.cands[c] & !(1 << p.value)).trailing_zeros() as u8;
        let mut parents = Vec::new();
        for v in 1..=9u8 {
            hidden(c, v, &mut parents);
        }
        let parents = with_first(p, parents);
        out.push(Rc::new(Pot {
            cell: p.cell,
            value: other,
            on: true,
            cause: Cause::NakedSingle,
            parents,
            nested: None,
        }));
    }
    if x {
        for t in 0..3usize {
            let r = CELL_REGION[c][t] as usize;
            let mut other = None;
            for &o in &REGIONS[t][r] {
                if o as usize == c || !grid.has(o as usize, p.value) {
                    continue;
                }
                if other.is_some() {
                    other = None;
                    break;
                }
                other = Some(o);
            }
            let Some(o) = other else { continue };
            if out.iter().any(|q| q.cell == o && q.value == p.value) {
                continue;
            }
            let mut parents = Vec::new();
            for &rc in &REGIONS[t][r] {
                hidden(rc as usize, p.value, &mut parents);
            }
            let parents = with_first(p, parents);
            out.push(Rc::new(Pot {
                cell: o,
                value: p.value,
                on: true,
                cause: Cause::Hidden(t as u8),
                parents,
                nested: None,
            }));
        }
    }
    out
}

/// `first`, then `more`.
fn with_first(first: &P, more: Vec<P>) -> Links {
    if more.is_empty() {
        return Links::One(first.clone());
    }
    let mut v = Vec::with_capacity(more.len() + 1);
    v.push(first.clone());
    v.extend(more);
    Links::Many(v.into_boxed_slice())
}

/// Does `parent` lie on the first-parent line of `child`?
fn is_parent(child: &P, parent: &P) -> bool {
    let mut t = child.clone();
    while let Some(q) = t.parents.first().cloned() {
        if q.key() == parent.key() {
            return true;
        }
        t = q;
    }
    false
}

/// X-, Y- or XY-cycles and forcing chains from every candidate of every open cell.
fn loops(b: &Board, y: bool, x: bool, clock: Clock) -> Result<Vec<ChainHint>, SeError> {
    let mut out = Vec::new();
    let empty = PotSet::new();
    for cell in 0..81u8 {
        let card = b.cands[cell as usize].count_ones();
        if b.values[cell as usize] != 0 || card <= 1 {
            continue;
        }
        if clock.spent() {
            return Err(SeError::GaveUp);
        }
        for v in 1..=9u8 {
            if b.has(cell as usize, v) {
                unary(b, start(cell, v, true), &mut out, y, x, &empty);
            }
        }
    }
    Ok(out)
}

fn unary(b: &Board, p_on: P, out: &mut Vec<ChainHint>, y: bool, x: bool, empty: &PotSet) {
    if !x && b.cands[p_on.cell as usize].count_ones() > 2 {
        return;
    }
    let mut cycles = Vec::new();
    let mut chains: Vec<P> = Vec::new();
    // Cycles.
    {
        let mut to_on = PotSet::new();
        let mut to_off = PotSet::new();
        to_on.add(p_on.clone());
        let mut pending_on: VecDeque<P> = VecDeque::from([p_on.clone()]);
        let mut pending_off: VecDeque<P> = VecDeque::new();
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            while let Some(p) = pending_on.pop_front() {
                for q in on_to_off(b, &p, y) {
                    if !is_parent(&p, &q) {
                        to_off.add(q.clone());
                        pending_off.push_back(q);
                    }
                }
            }
            length += 1;
            while let Some(p) = pending_off.pop_front() {
                for q in off_to_on(b, &p, None, empty, y, x) {
                    if length >= 4 && q.key() == p_on.key() {
                        cycles.push(q.clone());
                    }
                    if !to_on.contains(q.key()) {
                        to_on.add(q.clone());
                        pending_on.push_back(q);
                    }
                }
            }
        }
    }
    if x {
        let p_off = start(p_on.cell, p_on.value, false);
        for src in [&p_on, &p_off] {
            let mut to_on = PotSet::new();
            let mut to_off = PotSet::new();
            let mut pending_on = VecDeque::new();
            let mut pending_off = VecDeque::new();
            if src.on {
                to_on.add(src.clone());
                pending_on.push_back(src.clone());
            } else {
                to_off.add(src.clone());
                pending_off.push_back(src.clone());
            }
            while !pending_on.is_empty() || !pending_off.is_empty() {
                while let Some(p) = pending_on.pop_front() {
                    for q in on_to_off(b, &p, y) {
                        if src.key() == key(q.cell, q.value, true)
                            && !chains.iter().any(|c| c.key() == q.key())
                        {
                            chains.push(q.clone());
                        }
                        if !to_off.contains(q.key()) {
                            to_off.add(q.clone());
                            pending_off.push_back(q);
                        }
                    }
                }
                while let Some(p) = pending_off.pop_front() {
                    for q in off_to_on(b, &p, None, empty, y, true) {
                        if src.key() == key(q.cell, q.value, false)
                            && !chains.iter().any(|c| c.key() == q.key())
                        {
                            chains.push(q.clone());
                        }
                        if !to_on.contains(q.key()) {
                            to_on.add(q.clone());
                            pending_on.push_back(q);
                        }
                    }
                }
            }
        }
    }
    for dst_on in cycles {
        let dst_off = reversed(&dst_on);
        let h = cycle_hint(b, dst_on, dst_off, y, x);
        if h.worth() {
            out.push(h);
        }
    }
    for target in chains {
        let h = forcing_hint(b, target, y, x);
        if h.worth() {
            out.push(h);
        }
    }
}

/// The cycle read backwards, every potential negated.
fn reversed(org: &P) -> P {
    let mut line = vec![org.clone()];
    while let Some(q) = line.last().and_then(|p| p.parents.first().cloned()) {
        line.push(q);
    }
    let mut node: Option<P> = None;
    for p in line {
        node = Some(Rc::new(Pot {
            cell: p.cell,
            value: p.value,
            on: !p.on,
            cause: p.cause,
            parents: node.map_or(Links::Zero, Links::One),
            nested: None,
        }));
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

fn cycle_hint(b: &Board, dst_on: P, dst_off: P, y: bool, x: bool) -> ChainHint {
    let mut cells = [false; 81];
    let mut p = dst_on.clone();
    while let Some(q) = p.parents.first().cloned() {
        cells[p.cell as usize] = true;
        p = q;
    }
    let mut forw: Vec<(u8, u8)> = Vec::new();
    let mut back: Vec<(u8, u8)> = Vec::new();
    let mut p = dst_on.clone();
    while let Some(q) = p.parents.first().cloned() {
        for &o in &PEERS[p.cell as usize] {
            if !cells[o as usize] && b.has(o as usize, p.value) {
                let list = if p.on { &mut forw } else { &mut back };
                push_unique(list, (o, p.value));
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
    let complexity = ancestor_count(&dst_on);
    let (sort_key, name, _) = xy_fields(y, x);
    ChainHint {
        kind: Kind::Cycle,
        targets: vec![dst_on, dst_off],
        removals,
        place: None,
        complexity,
        rating: if y && x { 7.0 } else { 6.5 } + length_bonus(complexity),
        sort_key,
        name,
    }
}

fn forcing_hint(b: &Board, target: P, y: bool, x: bool) -> ChainHint {
    let removals = if target.on {
        vec![(
            target.cell,
            b.cands[target.cell as usize] & !(1 << target.value),
        )]
    } else {
        vec![(target.cell, 1 << target.value)]
    };
    let complexity = ancestor_count(&target);
    let (sort_key, _, name) = xy_fields(y, x);
    ChainHint {
        kind: Kind::Forcing,
        place: target.on.then_some((target.cell, target.value)),
        targets: vec![target],
        removals,
        complexity,
        rating: if y && x { 7.0 } else { 6.6 } + length_bonus(complexity),
        sort_key,
        name,
    }
}

/// SE's chaining producers in its order, from forcing chains and cycles to the
/// dynamic chains nested to level 3.
pub(crate) struct Producers {
    list: Vec<Chaining>,
}

impl Producers {
    pub(crate) fn new() -> Producers {
        Producers {
            list: vec![
                Chaining::new(false, false, false, 0),
                Chaining::new(false, true, true, 0),
                Chaining::new(true, false, false, 0),
                Chaining::new(true, true, false, 0),
                Chaining::new(true, true, false, 1),
                Chaining::new(true, true, false, 2),
                Chaining::new(true, true, false, 3),
            ],
        }
    }

    /// The first hint of the first producer that has one.
    pub(crate) fn first_hint(&mut self, b: &Board, clock: Clock) -> Result<Option<Hint>, SeError> {
        for (i, producer) in self.list.iter().enumerate() {
            if i == 1 {
                if let Some(h) = super::aligned::triplets(b) {
                    return Ok(Some(h));
                }
            }
            if let Some(h) = producer.hints(b, clock)?.first() {
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
fn removals(grid: &Board, target: &P, on: bool) -> Vec<(u8, u16)> {
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

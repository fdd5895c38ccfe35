//! The `cdcl` engine: conflict-driven clause learning on the candidates `generic`'s
//! propagation leaves, for every layout (4×4 to 64×64, extra regions included).
//!
//! Design. The givens are entered and propagated by [`Propagator::givens`]; every
//! candidate left, a (cell, digit) pair, is a boolean variable. The rules stay native:
//! each cell and each unit digit is an *exactly one* group of variables. Its "at most
//! one" half is never stored: a variable set true makes every other variable of its
//! groups false, the reason being the implicit binary clause ¬x ∨ ¬y. Its "at least
//! one" half is a clause with two watched literals (Chaff), as are the learned clauses.
//! A conflict is analysed back to its first unique implication point (GRASP), the
//! learned clause is shrunk by dropping literals implied by the others, and the search
//! jumps back to the clause's second-highest level. Branching takes the variable of
//! highest activity (VSIDS: bumped in every conflict analysed, decaying over time; first
//! the cells with fewest candidates), with its saved phase (first: true). Restarts
//! follow Luby's sequence; the learned clauses least active in conflicts are deleted
//! when there are too many (MiniSat).
//!
//! Counting: a solution reached under decisions `d1 … dk` is the only one with those
//! decisions (propagation is sound), so the clause ¬d1 ∨ … ∨ ¬dk blocks exactly it;
//! it is added, never deleted, and the search goes on, until the limit or until the
//! clauses are unsatisfiable at level 0. Learned clauses follow from the rules and the
//! blocking clauses, so no solution not yet found is ever lost.
//! [`Engine::search_differing`] adds one clause: ∨ ¬(c, known digit) over the cells.
//!
//! Invariants: a clause of two or more literals watches its first two; a clause that is
//! a reason holds its implied literal first; every variable not assigned is in the
//! heap. A node is the root or a decision, counted by the frame's budget.
//!
//! Sources: J. P. Marques-Silva and K. A. Sakallah, "GRASP: A Search Algorithm for
//! Propositional Satisfiability", IEEE Trans. Computers 48(5), 1999; M. W. Moskewicz,
//! C. F. Madigan, Y. Zhao, L. Zhang and S. Malik, "Chaff: Engineering an Efficient SAT
//! Solver", DAC 2001; N. Eén and N. Sörensson, "An Extensible SAT-solver", SAT 2003;
//! M. Luby, A. Sinclair and D. Zuckerman, "Optimal speedup of Las Vegas algorithms",
//! 1993; K. Pipatsrisawat and A. Darwiche, "A Lightweight Component Caching Scheme for
//! Satisfiability Solvers" (phase saving), SAT 2007.

use crate::engine::frame::{self, Query};
use crate::engine::{Engine, Search, SolveError};
use crate::grid::Grid;
use crate::layout::Layout;

use super::propagate::{Board, Propagator};

/// The CDCL engine (see the module docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Cdcl;

/// A literal: variable `v` true is `2v`, false is `2v + 1`.
type Lit = u32;

/// Why a variable holds its value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reason {
    /// A decision, or a fact at level 0.
    Decision,
    /// Implied by the clause of this index (its first literal).
    Clause(u32),
    /// Made false by this variable, true in one of its groups.
    Group(u32),
}

/// A conflict: a clause with every literal false, or two true variables of a group.
#[derive(Clone, Copy)]
enum Conflict {
    Clause(u32),
    Pair(u32, u32),
}

struct Clause {
    lits: Vec<Lit>,
    /// Learned (so it may be deleted).
    learnt: bool,
    activity: f64,
}

/// Conflicts of the first run; run `i` lasts `RESTART_BASE × luby(i)` conflicts.
const RESTART_BASE: u64 = 100;
/// Activity decay per conflict, of variables and of clauses.
const VAR_DECAY: f64 = 0.95;
const CLAUSE_DECAY: f64 = 0.999;

/// The solver over one propagated board.
struct Solver {
    /// The variable of each cell and digit (`cell * n + digit - 1`), `u32::MAX` for none.
    var_of: Vec<u32>,
    /// Cell and digit of each variable.
    var_cell: Vec<u32>,
    var_digit: Vec<u8>,
    /// The variables of each group, and the groups of each variable.
    members: Vec<u32>,
    member_start: Vec<u32>,
    groups: Vec<u32>,
    group_start: Vec<u32>,
    clauses: Vec<Clause>,
    /// Clauses watching each literal (looked at when the literal becomes false).
    watches: Vec<Vec<u32>>,
    /// 0 open, 1 true, -1 false.
    value: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    head: usize,
    activity: Vec<f64>,
    var_inc: f64,
    clause_inc: f64,
    phase: Vec<bool>,
    heap: Heap,
    seen: Vec<bool>,
    learnts: usize,
    max_learnts: usize,
}

impl Solver {
    /// The variables of the open candidates of `s`, their groups, and one "at least
    /// one" clause per group; `None` when a group has no candidate left (the board
    /// has no solution).
    fn new(layout: &Layout, s: &Board) -> Option<Solver> {
        let n = layout.size();
        let mut var_of = vec![u32::MAX; layout.cell_count() * n];
        let (mut var_cell, mut var_digit) = (Vec::new(), Vec::new());
        let mut members = Vec::new();
        let mut member_start = vec![0u32];
        for cell in (0..layout.cell_count()).filter(|&c| s.values[c] == 0) {
            for d in 1..=n as u8 {
                if s.allows(cell, d) {
                    var_of[cell * n + usize::from(d) - 1] = var_cell.len() as u32;
                    members.push(var_cell.len() as u32);
                    var_cell.push(cell as u32);
                    var_digit.push(d);
                }
            }
            member_start.push(members.len() as u32);
        }
        for unit in layout.units() {
            for d in 0..n {
                let start = members.len();
                members.extend(
                    unit.cells
                        .iter()
                        .map(|&c| var_of[c * n + d])
                        .filter(|&v| v != u32::MAX),
                );
                let placed = unit
                    .cells
                    .iter()
                    .any(|&c| usize::from(s.values[c]) == d + 1);
                if members.len() > start || !placed {
                    member_start.push(members.len() as u32);
                }
            }
        }
        let vars = var_cell.len();
        let groups_count = member_start.len() - 1;
        let mut per_var = vec![0u32; vars + 1];
        for &v in &members {
            per_var[v as usize + 1] += 1;
        }
        for v in 0..vars {
            per_var[v + 1] += per_var[v];
        }
        let group_start = per_var.clone();
        let mut groups = vec![0u32; members.len()];
        for g in 0..groups_count {
            for &v in &members[member_start[g] as usize..member_start[g + 1] as usize] {
                groups[per_var[v as usize] as usize] = g as u32;
                per_var[v as usize] += 1;
            }
        }
        // Cells with fewer candidates first, until conflicts say otherwise.
        let activity = (0..vars)
            .map(|v| {
                let g = groups[group_start[v] as usize] as usize;
                1e-3 / f64::from(member_start[g + 1] - member_start[g])
            })
            .collect();
        let mut solver = Solver {
            var_of,
            var_cell,
            var_digit,
            members,
            member_start,
            groups,
            group_start,
            clauses: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            value: vec![0; vars],
            level: vec![0; vars],
            reason: vec![Reason::Decision; vars],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            head: 0,
            activity,
            var_inc: 1.0,
            clause_inc: 1.0,
            phase: vec![true; vars],
            heap: Heap::default(),
            seen: vec![false; vars],
            learnts: 0,
            max_learnts: 0,
        };
        for v in 0..vars as u32 {
            solver.heap.insert(v, &solver.activity);
        }
        for g in 0..groups_count {
            let lits: Vec<Lit> = solver.group(g as u32).iter().map(|&v| 2 * v).collect();
            if !solver.add_clause(lits, false) {
                return None;
            }
        }
        solver.max_learnts = (solver.clauses.len() / 3).max(2000);
        Some(solver)
    }

    fn group(&self, g: u32) -> &[u32] {
        &self.members
            [self.member_start[g as usize] as usize..self.member_start[g as usize + 1] as usize]
    }

    fn lit_value(&self, l: Lit) -> i8 {
        let v = self.value[(l >> 1) as usize];
        if l & 1 == 0 {
            v
        } else {
            -v
        }
    }

    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    fn assign(&mut self, l: Lit, reason: Reason) {
        let v = (l >> 1) as usize;
        self.value[v] = if l & 1 == 0 { 1 } else { -1 };
        self.level[v] = self.decision_level();
        self.reason[v] = reason;
        self.trail.push(l);
    }

    /// Adds a clause at level 0 (or, for one of two literals or more, a clause whose
    /// first literal is open and whose others are false, which is then implied);
    /// `false` when it is empty or false at level 0.
    fn add_clause(&mut self, lits: Vec<Lit>, learnt: bool) -> bool {
        match lits.len() {
            0 => false,
            1 => match self.lit_value(lits[0]) {
                0 => {
                    self.assign(lits[0], Reason::Decision);
                    true
                }
                v => v > 0,
            },
            _ => {
                let index = self.clauses.len() as u32;
                self.watches[lits[0] as usize].push(index);
                self.watches[lits[1] as usize].push(index);
                let first = lits[0];
                self.clauses.push(Clause {
                    lits,
                    learnt,
                    activity: 0.0,
                });
                if learnt {
                    self.learnts += 1;
                    self.bump_clause(index);
                }
                if self.lit_value(first) == 0 && self.decision_level() > 0 {
                    self.assign(first, Reason::Clause(index));
                }
                true
            }
        }
    }

    /// Propagates the trail from its head: groups of true variables, then the clauses
    /// watching each literal made false.
    fn propagate(&mut self) -> Option<Conflict> {
        while self.head < self.trail.len() {
            let p = self.trail[self.head];
            self.head += 1;
            let v = p >> 1;
            if p & 1 == 0 {
                let (from, to) = (
                    self.group_start[v as usize],
                    self.group_start[v as usize + 1],
                );
                for gi in from..to {
                    let g = self.groups[gi as usize];
                    let (a, b) = (
                        self.member_start[g as usize],
                        self.member_start[g as usize + 1],
                    );
                    for mi in a..b {
                        let w = self.members[mi as usize];
                        if w == v {
                            continue;
                        }
                        match self.value[w as usize] {
                            1 => return Some(Conflict::Pair(v, w)),
                            0 => self.assign(2 * w + 1, Reason::Group(v)),
                            _ => {}
                        }
                    }
                }
            }
            if let Some(conflict) = self.propagate_clauses(p ^ 1) {
                return Some(conflict);
            }
        }
        None
    }

    /// The clauses watching `false_lit`, which has just become false.
    fn propagate_clauses(&mut self, false_lit: Lit) -> Option<Conflict> {
        let mut watching = std::mem::take(&mut self.watches[false_lit as usize]);
        let mut keep = 0;
        let mut i = 0;
        let mut conflict = None;
        while i < watching.len() {
            let ci = watching[i];
            i += 1;
            let lits = &mut self.clauses[ci as usize].lits;
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let first_value = {
                let v = self.value[(first >> 1) as usize];
                if first & 1 == 0 {
                    v
                } else {
                    -v
                }
            };
            if first_value > 0 {
                watching[keep] = ci;
                keep += 1;
                continue;
            }
            let lits = &self.clauses[ci as usize].lits;
            let other = (2..lits.len()).find(|&k| self.lit_value(lits[k]) >= 0);
            if let Some(k) = other {
                let lits = &mut self.clauses[ci as usize].lits;
                lits.swap(1, k);
                let new_watch = lits[1];
                self.watches[new_watch as usize].push(ci);
                continue;
            }
            watching[keep] = ci;
            keep += 1;
            if first_value < 0 {
                conflict = Some(Conflict::Clause(ci));
                while i < watching.len() {
                    watching[keep] = watching[i];
                    keep += 1;
                    i += 1;
                }
            } else {
                self.assign(first, Reason::Clause(ci));
            }
        }
        watching.truncate(keep);
        self.watches[false_lit as usize] = watching;
        conflict
    }

    /// The false literals that imply `l` through `reason`, or make up a conflict.
    fn antecedents(&self, reason: Reason, out: &mut Vec<Lit>) {
        out.clear();
        match reason {
            Reason::Decision => {}
            Reason::Clause(ci) => out.extend_from_slice(&self.clauses[ci as usize].lits[1..]),
            Reason::Group(v) => out.push(2 * v + 1),
        }
    }

    /// First-UIP analysis of `conflict`: the learned clause (its asserting literal
    /// first, the literal of the highest other level second) and the level to go back
    /// to.
    fn analyze(&mut self, conflict: Conflict) -> (Vec<Lit>, u32) {
        let mut learnt = vec![0];
        let mut pending = 0;
        let mut index = self.trail.len();
        let mut reasons = Vec::new();
        match conflict {
            Conflict::Clause(ci) => {
                self.bump_clause(ci);
                reasons.extend_from_slice(&self.clauses[ci as usize].lits);
            }
            Conflict::Pair(a, b) => reasons.extend([2 * a + 1, 2 * b + 1]),
        }
        let current = self.decision_level();
        let asserting = loop {
            for &q in &reasons {
                let x = (q >> 1) as usize;
                if !self.seen[x] && self.level[x] > 0 {
                    self.seen[x] = true;
                    self.bump_var(x as u32);
                    if self.level[x] == current {
                        pending += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            let p = loop {
                index -= 1;
                if self.seen[(self.trail[index] >> 1) as usize] {
                    break self.trail[index];
                }
            };
            let x = (p >> 1) as usize;
            self.seen[x] = false;
            pending -= 1;
            if pending == 0 {
                break p;
            }
            if let Reason::Clause(ci) = self.reason[x] {
                self.bump_clause(ci);
            }
            self.antecedents(self.reason[x], &mut reasons);
        };
        learnt[0] = asserting ^ 1;
        // Drop literals whose reasons lie wholly in the clause (or at level 0).
        let marked: Vec<Lit> = learnt[1..].to_vec();
        let mut kept = 1;
        for i in 1..learnt.len() {
            let x = (learnt[i] >> 1) as usize;
            self.antecedents(self.reason[x], &mut reasons);
            let redundant = self.reason[x] != Reason::Decision
                && reasons.iter().all(|&q| {
                    let y = (q >> 1) as usize;
                    self.seen[y] || self.level[y] == 0
                });
            if !redundant {
                learnt[kept] = learnt[i];
                kept += 1;
            }
        }
        learnt.truncate(kept);
        for q in marked {
            self.seen[(q >> 1) as usize] = false;
        }
        let mut back = 0;
        if learnt.len() > 1 {
            let highest = (1..learnt.len())
                .max_by_key(|&i| self.level[(learnt[i] >> 1) as usize])
                .unwrap_or(1);
            learnt.swap(1, highest);
            back = self.level[(learnt[1] >> 1) as usize];
        }
        (learnt, back)
    }

    fn bump_var(&mut self, v: u32) {
        self.activity[v as usize] += self.var_inc;
        if self.activity[v as usize] > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.var_inc *= 1e-100;
        }
        self.heap.raise(v, &self.activity);
    }

    fn bump_clause(&mut self, ci: u32) {
        let clause = &mut self.clauses[ci as usize];
        if !clause.learnt {
            return;
        }
        clause.activity += self.clause_inc;
        if clause.activity > 1e100 {
            for c in self.clauses.iter_mut().filter(|c| c.learnt) {
                c.activity *= 1e-100;
            }
            self.clause_inc *= 1e-100;
        }
    }

    /// Undoes every assignment above `level`, saving the phases.
    fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.trail_lim[level as usize];
        for i in (start..self.trail.len()).rev() {
            let l = self.trail[i];
            let v = l >> 1;
            self.value[v as usize] = 0;
            self.phase[v as usize] = l & 1 == 0;
            self.heap.insert(v, &self.activity);
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(level as usize);
        self.head = start;
    }

    /// Deletes the less active half of the learned clauses that are no reason now,
    /// then rebuilds the watch lists.
    fn reduce(&mut self) {
        let locked = |s: &Solver, ci: usize| {
            let first = s.clauses[ci].lits[0];
            s.lit_value(first) > 0 && s.reason[(first >> 1) as usize] == Reason::Clause(ci as u32)
        };
        let mut candidates: Vec<usize> = (0..self.clauses.len())
            .filter(|&ci| {
                let c = &self.clauses[ci];
                c.learnt && c.lits.len() > 2 && !locked(self, ci)
            })
            .collect();
        candidates.sort_by(|&a, &b| {
            self.clauses[a]
                .activity
                .total_cmp(&self.clauses[b].activity)
        });
        for &ci in &candidates[..candidates.len() / 2] {
            let c = &mut self.clauses[ci];
            c.lits = Vec::new();
            c.learnt = false;
            self.learnts -= 1;
        }
        self.watches.iter_mut().for_each(Vec::clear);
        for (ci, c) in self.clauses.iter().enumerate() {
            if c.lits.len() >= 2 {
                self.watches[c.lits[0] as usize].push(ci as u32);
                self.watches[c.lits[1] as usize].push(ci as u32);
            }
        }
        self.max_learnts += self.max_learnts / 10;
    }

    /// The open variable of highest activity, if any.
    fn pick(&mut self) -> Option<u32> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.value[v as usize] == 0 {
                return Some(v);
            }
        }
        None
    }

    /// Searches until the clauses are unsatisfiable or the record is done; every
    /// solution is handed to the record through `base` (the propagated board's
    /// digits).
    fn solve(&mut self, record: &mut frame::Run<Vec<u8>>, base: &[u8]) {
        let mut run = 0u32;
        let mut left = RESTART_BASE * luby(run);
        loop {
            if let Some(conflict) = self.propagate() {
                record.stats.backtracks += 1;
                if self.decision_level() == 0 {
                    return;
                }
                let (learnt, back) = self.analyze(conflict);
                self.backtrack(back);
                self.add_clause(learnt, true);
                self.var_inc /= VAR_DECAY;
                self.clause_inc /= CLAUSE_DECAY;
                left = left.saturating_sub(1);
                continue;
            }
            if left == 0 {
                run += 1;
                left = RESTART_BASE * luby(run);
                self.backtrack(0);
                continue;
            }
            if self.learnts >= self.max_learnts + self.trail.len() {
                self.reduce();
            }
            let Some(v) = self.pick() else {
                record.found(|| self.solution(base));
                if record.done() || !self.block() {
                    return;
                }
                continue;
            };
            if !record.enter() {
                return;
            }
            record.stats.guesses += 1;
            self.trail_lim.push(self.trail.len());
            let l = if self.phase[v as usize] {
                2 * v
            } else {
                2 * v + 1
            };
            self.assign(l, Reason::Decision);
        }
    }

    /// Blocks the solution the current decisions lead to; `false` when there is no
    /// decision (no other solution is left).
    fn block(&mut self) -> bool {
        let level = self.decision_level();
        if level == 0 {
            return false;
        }
        let lits: Vec<Lit> = (0..level as usize)
            .rev()
            .map(|i| self.trail[self.trail_lim[i]] ^ 1)
            .collect();
        self.backtrack(level - 1);
        self.add_clause(lits, false)
    }

    fn solution(&self, base: &[u8]) -> Vec<u8> {
        let mut values = base.to_vec();
        for (v, &x) in self.value.iter().enumerate() {
            if x > 0 {
                values[self.var_cell[v] as usize] = self.var_digit[v];
            }
        }
        values
    }
}

/// Luby's sequence 1, 1, 2, 1, 1, 2, 4, … at index `i`.
fn luby(i: u32) -> u64 {
    let mut size = 1u64;
    let mut seq = 0;
    while size < u64::from(i) + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    let mut i = u64::from(i);
    while size - 1 != i {
        size = (size - 1) >> 1;
        seq -= 1;
        i %= size;
    }
    1 << seq
}

/// A binary max-heap of variables by activity, with each variable's position.
#[derive(Default)]
struct Heap {
    items: Vec<u32>,
    /// Position of each variable in `items`, `u32::MAX` when absent.
    pos: Vec<u32>,
}

impl Heap {
    fn insert(&mut self, v: u32, act: &[f64]) {
        if self.pos.len() <= v as usize {
            self.pos.resize(v as usize + 1, u32::MAX);
        }
        if self.pos[v as usize] != u32::MAX {
            return;
        }
        self.items.push(v);
        self.put(self.items.len() - 1, v);
        self.up(self.items.len() - 1, act);
    }

    fn raise(&mut self, v: u32, act: &[f64]) {
        if let Some(&p) = self.pos.get(v as usize).filter(|&&p| p != u32::MAX) {
            self.up(p as usize, act);
        }
    }

    fn pop(&mut self, act: &[f64]) -> Option<u32> {
        let top = *self.items.first()?;
        let last = self.items.pop()?;
        self.pos[top as usize] = u32::MAX;
        if !self.items.is_empty() {
            self.put(0, last);
            self.down(0, act);
        }
        Some(top)
    }

    fn up(&mut self, mut i: usize, act: &[f64]) {
        let v = self.items[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.items[parent];
            if act[p as usize] >= act[v as usize] {
                break;
            }
            self.put(i, p);
            i = parent;
        }
        self.put(i, v);
    }

    /// Puts `v` at position `i`.
    fn put(&mut self, i: usize, v: u32) {
        self.items[i] = v;
        self.pos[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize, act: &[f64]) {
        let v = self.items[i];
        loop {
            let mut child = 2 * i + 1;
            if child >= self.items.len() {
                break;
            }
            if child + 1 < self.items.len()
                && act[self.items[child + 1] as usize] > act[self.items[child] as usize]
            {
                child += 1;
            }
            let c = self.items[child];
            if act[c as usize] <= act[v as usize] {
                break;
            }
            self.put(i, c);
            i = child;
        }
        self.put(i, v);
    }
}

impl Cdcl {
    /// Enters the givens of `puzzle`, builds the solver and lets `extra` add clauses
    /// (`false`: no solution) before searching.
    fn run(
        &self,
        puzzle: &Grid,
        query: &Query,
        extra: impl FnOnce(&mut Solver, &Board) -> bool,
    ) -> Result<Search, SolveError> {
        let body = |record: &mut frame::Run<Vec<u8>>| {
            if !record.enter() {
                return;
            }
            let (mut prop, mut board) = Propagator::new(puzzle.layout());
            if !prop.givens(&mut board, puzzle.cells()) {
                record.stats.backtracks += 1;
                return;
            }
            let Some(mut solver) = Solver::new(puzzle.layout(), &board) else {
                record.stats.backtracks += 1;
                return;
            };
            if extra(&mut solver, &board) {
                solver.solve(record, &board.values);
            }
        };
        Ok(frame::run(self, puzzle, query, body, |cells| cells)?.0)
    }
}

impl Engine for Cdcl {
    fn name(&self) -> &'static str {
        "cdcl"
    }

    fn supports(&self, _layout: &Layout) -> bool {
        true
    }

    fn rejects_clashes(&self, _layout: &Layout) -> bool {
        true
    }

    fn search(&self, puzzle: &Grid, query: &Query) -> Result<Search, SolveError> {
        self.run(puzzle, query, |_, _| true)
    }

    fn search_differing(
        &self,
        puzzle: &Grid,
        known: &[u8],
        cells: &[usize],
        query: &Query,
    ) -> Option<Result<Search, SolveError>> {
        let n = puzzle.size();
        let differ = |solver: &mut Solver, board: &Board| {
            let mut lits = Vec::new();
            for &cell in cells.iter().filter(|&&c| c < board.values.len()) {
                let d = known.get(cell).copied().unwrap_or(0);
                if d == 0 || usize::from(d) > n {
                    return true;
                }
                if board.values[cell] != 0 {
                    if board.values[cell] != d {
                        return true;
                    }
                    continue;
                }
                match solver.var_of[cell * n + usize::from(d) - 1] {
                    u32::MAX => return true,
                    v => lits.push(2 * v + 1),
                }
            }
            solver.add_clause(lits, false)
        };
        Some(self.run(puzzle, query, differ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Budget, Generic, GiveUp};
    use crate::generate::{full_grid, Rng};

    /// Random puzzles on `layout`: a random full grid thinned to a random share of
    /// givens, or random givens (often clashing or without a solution).
    fn random_puzzle(layout: &crate::layout::LayoutRef, rng: &mut Rng) -> Grid {
        let cells = layout.cell_count();
        let mut puzzle = Grid::empty(layout.clone());
        if rng.below(3) == 0 {
            for _ in 0..rng.below(cells / 3 + 1) {
                puzzle.set(rng.below(cells), 1 + rng.below(layout.size()) as u8);
            }
        } else {
            let full = if layout.is_classic() {
                full_grid(layout, &Generic, rng).unwrap()
            } else {
                Generic.solve(&puzzle).unwrap().solution.unwrap()
            };
            let keep = 20 + rng.below(50);
            for c in (0..cells).filter(|_| rng.below(100) < keep) {
                puzzle.set(c, full.get(c));
            }
        }
        puzzle
    }

    /// Counts to 1, 2 and 50 equal `generic`'s on random puzzles of 4×4 to 16×16, with
    /// and without extra regions (the two diagonals); every solution solves its puzzle.
    #[test]
    fn counts_agree_with_generic() {
        let diagonals = |n: usize| {
            vec![
                (0..n).map(|i| i * n + i).collect(),
                (0..n).map(|i| i * n + n - 1 - i).collect(),
            ]
        };
        let layouts = [
            Layout::classic(4).unwrap(),
            Layout::classic(6).unwrap(),
            Layout::classic(9).unwrap(),
            Layout::classic(16).unwrap(),
            Layout::with_boxes(3, 3, diagonals(9)).unwrap().into(),
        ];
        let mut rng = Rng::new(28);
        let mut several = 0;
        for layout in &layouts {
            for _ in 0..40 {
                let puzzle = random_puzzle(layout, &mut rng);
                for limit in [1, 2, 50] {
                    let reference = Generic.count(&puzzle, limit).unwrap();
                    let found = Cdcl.search(&puzzle, &Query::up_to(limit)).unwrap();
                    assert_eq!(found.count, reference, "{puzzle} limit {limit}");
                    match found.solution {
                        Some(s) => assert!(s.is_solution_of(&puzzle), "{puzzle}"),
                        None => assert_eq!(found.count, 0),
                    }
                    several += usize::from(limit == 50 && reference > 2);
                }
            }
        }
        assert!(several >= 20, "{several}");
    }

    /// Every solution of the empty 4×4 board, each once: the blocking clauses count
    /// all 288 and no more.
    #[test]
    fn blocking_clauses_count_every_solution_once() {
        let empty = Grid::empty(Layout::classic(4).unwrap());
        assert_eq!(Cdcl.count(&empty, u64::MAX).unwrap(), 288);
        let six = Grid::empty(Layout::classic(6).unwrap());
        assert_eq!(Cdcl.count(&six, 5000).unwrap(), 5000);
    }

    /// Solutions differing from a known grid on some cells: as many as `generic`
    /// finds, on sparse 4×4, 6×6 and 9×9 puzzles, whether or not the grid solves the
    /// puzzle, with odd cells and digits of the known grid among them.
    #[test]
    fn differing_solutions_agree_with_generic() {
        let mut rng = Rng::new(82);
        for n in [4, 6, 9] {
            let layout = Layout::classic(n).unwrap();
            let cells = layout.cell_count();
            for round in 0..40 {
                let mut known = full_grid(&layout, &Generic, &mut rng)
                    .unwrap()
                    .cells()
                    .to_vec();
                let puzzle = random_puzzle(&layout, &mut rng);
                if round % 5 == 0 {
                    known[rng.below(cells)] = [0, n as u8 + 1][rng.below(2)];
                }
                let mut group: Vec<usize> = (0..1 + rng.below(5))
                    .map(|_| rng.below(cells + 2))
                    .collect();
                group.dedup();
                let query = Query::up_to(100);
                let ours = Cdcl
                    .search_differing(&puzzle, &known, &group, &query)
                    .unwrap()
                    .unwrap();
                let reference = Generic
                    .search_differing(&puzzle, &known, &group, &query)
                    .unwrap()
                    .unwrap();
                assert_eq!(ours.count, reference.count, "{puzzle} {group:?}");
                if let Some(s) = ours.solution {
                    assert!(s.is_solution_of(&puzzle));
                    assert!(group.iter().any(|&c| c < cells && s.get(c) != known[c]));
                }
            }
        }
    }

    /// A node budget ends the search with the budget as its node count.
    #[test]
    fn a_node_budget_is_honoured() {
        let empty = Grid::empty(Layout::classic(16).unwrap());
        let r = Cdcl.search(&empty, &Query::count(1000).within(Budget::nodes(7)));
        assert_eq!(
            r,
            Err(SolveError::GaveUp {
                engine: "cdcl",
                nodes: 7,
                reason: GiveUp::Nodes(7)
            })
        );
    }

    /// From 25×25 up `auto` asks `cdcl` for differing solutions (the same search, to
    /// the node), and the answer is `generic`'s.
    #[test]
    fn auto_searches_differing_solutions_with_cdcl_on_big_boards() {
        use crate::engine::{Auto, CDCL_FROM};
        let layout = Layout::classic(CDCL_FROM).unwrap();
        let mut rng = Rng::new(25);
        let full = full_grid(&layout, &Generic, &mut rng).unwrap();
        let mut puzzle = full.clone();
        let mut group = Vec::new();
        for c in 0..layout.cell_count() {
            if rng.below(100) < 40 {
                puzzle.set(c, 0);
                group.push(c);
            }
        }
        let query = Query::up_to(1);
        let by_auto = Auto.search_differing(&puzzle, full.cells(), &group, &query);
        let by_cdcl = Cdcl.search_differing(&puzzle, full.cells(), &group, &query);
        assert_eq!(by_auto, by_cdcl);
        let found = by_auto.unwrap().unwrap();
        let reference = Generic.search_differing(&puzzle, full.cells(), &group, &query);
        assert_eq!(found.count, reference.unwrap().unwrap().count);
        if let Some(s) = found.solution {
            assert!(s.is_solution_of(&puzzle) && s != full);
        }
    }

    #[test]
    fn luby_sequence() {
        let seq: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(seq, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}

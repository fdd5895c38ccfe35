//! Forcing chains and forcing nets, contradiction and verity: HoDoKu's last logic
//! before templates and brute force.
//!
//! A **premise** is a candidate taken true or false; its **consequences** are what it
//! forces.
//!
//! - **Forcing chains** follow single implications on the link graph (`graph.rs`): a
//!   true candidate makes every candidate it sees, and the other digits of its cell,
//!   false; a false candidate makes the other end of a strong link (bivalue cell,
//!   conjugate pair) true. Every consequence has one cause, so each is a chain.
//! - **Forcing nets** propagate on a copy of the state with naked and hidden singles:
//!   a consequence may need several causes at once (the last candidate of a cell, the
//!   last place of a digit in a unit).
//!
//! Each kind concludes in two ways:
//! - **Contradiction**: a premise forces a candidate both true and false, a cell with
//!   no candidate or a digit with no place in a unit; so the premise is wrong (a
//!   candidate taken true goes, one taken false is placed).
//! - **Verity**: every candidate of a cell, or every place of a digit in a unit, taken
//!   true, forces the same consequence; and so does a candidate taken true and taken
//!   false. One of them is true, so the consequence holds.
//!
//! Premises are tried candidate by candidate in cell order; every conclusion that
//! changes the state is a step (the same eliminations and placements once).
//!
//! **HoDoKu's path** (`HODOKU`) draws as HoDoKu's tabling does: chains pass through
//! group nodes and go on past a contradiction (a premise's table is everything it
//! reaches), a step has one conclusion, and placements come first, then the lowest
//! cell and digit. Its nets join look-aheads: a candidate's direct consequences are
//! the premise and four rounds of singles on a copy (HoDoKu's `getTableEntry`), and a
//! premise's table is everything reached through them and group nodes. The tables of
//! a state are drawn once for the contradiction and verity finders (a per-thread
//! memo, the premises of the open candidates in one short list), from the strongly
//! connected components of the implication graph, each
//! component's reach drawn once (`reach.rs`); the chains' one is what the grouped
//! nice loops of the same state drew for their premises (`Graph::reach`).
//!
//! **Deep forcing nets** go on where HoDoKu falls back to brute force: a premise is
//! propagated with singles, intersections and subsets to a fixpoint, and if no premise
//! then leads to a contradiction, with singles-net contradictions inside the premise's
//! state too (a net within the net). Every consequence is still implied by the
//! premise, so the step is logic; it is scored as HoDoKu's brute-force step. The first
//! contradiction found is the step. On HoDoKu's path the step is first sought where
//! HoDoKu guesses (it sets the middle unsolved cell to the solution's digit): every
//! candidate of that cell but one led to a contradiction by deep nets nested up to two
//! levels, the last one is placed, and HoDoKu's path goes on as HoDoKu's does.
//!
//! Sources: HoDoKu's documentation of forcing chains and nets (its "tabling" of
//! implications from every premise), Sudoku Explainer's forcing chains.

use std::fmt::Write;
use std::rc::Rc;

use super::board9::{look_ahead, Board9, Empty};
use super::graph::{Graph, Nodes};
use super::hodoku::forcing_key;
use super::links::push_new;
use super::memo::Memo;
use super::reach::Reach;
use super::solver::{Outcome, Solver};
use super::step::{cell, not_list, FindOptions, Step};
use super::technique::{Family, Technique};
use super::{ones, Finder, TechniqueSet};
use crate::candidates::{bit, digits, Candidates, Mask};

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &finders::<false>(deep_net);

/// The finders of HoDoKu's path ([`Mode::Hodoku`]).
pub(crate) const HODOKU: &[(Technique, Finder)] = &finders::<true>(deep_placement);

/// The finders of forcing chains and nets, on HoDoKu's path or not, and `deep` for
/// the deep forcing nets.
const fn finders<const HODOKU: bool>(deep: Finder) -> [(Technique, Finder); 5] {
    [
        (
            Technique::ForcingChainContradiction,
            search::<false, false, HODOKU>,
        ),
        (Technique::ForcingChainVerity, search::<false, true, HODOKU>),
        (
            Technique::ForcingNetContradiction,
            search::<true, false, HODOKU>,
        ),
        (Technique::ForcingNetVerity, search::<true, true, HODOKU>),
        (Technique::DeepForcingNet, deep),
    ]
}

/// [`forcing`] of nets or chains, verity or contradiction, every step or HoDoKu's.
fn search<const NET: bool, const VERITY: bool, const HODOKU: bool>(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
) {
    let kind = if NET { Kind::Net } else { Kind::Chain };
    let end = if VERITY {
        Conclusion::Verity
    } else {
        Conclusion::Contradiction
    };
    let mode = if HODOKU { Mode::Hodoku } else { Mode::All };
    forcing(c, out, opts, kind, end, mode);
}

/// Which steps a search gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Every step, a verity's conclusions together, most changes first.
    All,
    /// The first contradiction found only.
    First,
    /// HoDoKu's steps: one conclusion each (a verity's conclusions apart, none in the
    /// premise's own cell for a candidate taken true and false), placements first by
    /// cell, then eliminations by cell and digit, each conclusion once.
    Hodoku,
}

/// How consequences are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Chain,
    Net,
    /// Singles, intersections and subsets, to a fixpoint (level 0); at level 1 with
    /// singles-net contradictions inside the premise's state too, at level `k` with
    /// the contradictions of level `k - 1` deep nets inside it.
    Deep(u8),
}

/// What is concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Conclusion {
    Contradiction,
    Verity,
}

/// A set of candidates `(cell, digit)`, bit `cell * n + digit - 1`: in place up to the
/// 729 candidates of a 9×9 board (a premise's table holds two sets, drawn for every
/// candidate of a state), on the heap beyond.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Set {
    Small([u64; SMALL]),
    Large(Vec<u64>),
}

/// The words of a [`Set`] kept in place.
const SMALL: usize = 12;

impl Set {
    fn new(len: usize) -> Set {
        match len.div_ceil(64) {
            k if k <= SMALL => Set::Small([0; SMALL]),
            k => Set::Large(vec![0; k]),
        }
    }

    fn words(&self) -> &[u64] {
        match self {
            Set::Small(w) => w,
            Set::Large(w) => w,
        }
    }

    fn words_mut(&mut self) -> &mut [u64] {
        match self {
            Set::Small(w) => w,
            Set::Large(w) => w,
        }
    }

    fn insert(&mut self, i: usize) {
        self.words_mut()[i / 64] |= 1 << (i % 64);
    }

    fn intersect(&mut self, o: &Set) {
        for (a, b) in self.words_mut().iter_mut().zip(o.words()) {
            *a &= b;
        }
    }

    /// The `len` (at most 64) bits from `start` on, as the low bits of a word.
    fn bits(&self, start: usize, len: usize) -> u64 {
        let words = self.words();
        let (k, shift) = (start / 64, start % 64);
        let mut w = words[k] >> shift;
        if shift + len > 64 {
            w |= words[k + 1] << (64 - shift);
        }
        if len < 64 {
            w &= (1 << len) - 1;
        }
        w
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words().iter().enumerate().flat_map(|(k, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    k * 64 + b
                })
            })
        })
    }
}

/// What a premise forces: the candidates made true and those made false, or a
/// contradiction with its sentence.
#[derive(Debug, Clone)]
struct Consequences {
    on: Set,
    off: Set,
    /// The contradiction reached, in words; `None` when there is none.
    contradiction: Option<String>,
}

impl Consequences {
    /// Nothing forced, on a board of `len` candidates.
    fn none(len: usize) -> Consequences {
        Consequences {
            on: Set::new(len),
            off: Set::new(len),
            contradiction: None,
        }
    }
}

/// The premises' consequences, drawn one way or the other.
struct Forcer<'a> {
    c: &'a Candidates,
    kind: Kind,
    graph: Option<Rc<Graph>>,
    /// HoDoKu's tabling: chains through group nodes too, and every consequence of a
    /// premise drawn, past a contradiction.
    hodoku: bool,
    n: usize,
    len: usize,
    /// The open cells, in order.
    open: Vec<usize>,
    /// Per unit, in the layout's order: its open cells and the digits not placed in it.
    open_units: Vec<(Vec<usize>, Mask)>,
    /// On HoDoKu's tabling and the plain 9×9 board, the state as bit sets.
    board9: Option<Board9>,
}

/// The nodes of a forcer's link graph: group nodes too on HoDoKu's tabling.
fn graph_nodes(hodoku: bool) -> Nodes {
    match hodoku {
        true => Nodes::Groups,
        false => Nodes::Candidates,
    }
}

impl<'a> Forcer<'a> {
    fn new(c: &'a Candidates, kind: Kind, hodoku: bool) -> Forcer<'a> {
        let n = c.layout().size();
        let nodes = graph_nodes(hodoku);
        let l = c.layout();
        let is_open = |&x: &usize| c.value(x) == 0;
        let open_units = l
            .units()
            .iter()
            .map(|u| {
                let placed = u.cells.iter().fold(0, |m, &x| match c.value(x) {
                    0 => m,
                    v => m | bit(v),
                });
                (
                    u.cells.iter().copied().filter(is_open).collect(),
                    l.all_digits() & !placed,
                )
            })
            .collect();
        Forcer {
            c,
            kind,
            graph: (kind == Kind::Chain || hodoku).then(|| Graph::of(c, nodes)),
            hodoku,
            n,
            len: l.cell_count() * n,
            open: (0..l.cell_count()).filter(is_open).collect(),
            open_units,
            board9: hodoku.then(|| Board9::of(c)).flatten(),
        }
    }

    /// The consequences of candidate `(x, d)` taken true (`on`) or false.
    fn consequences(&self, x: usize, d: u8, on: bool, explain: bool) -> Consequences {
        match self.kind {
            Kind::Chain => self.chain(x, d, on, explain),
            _ => self.net(x, d, on, explain),
        }
    }

    /// Consequences along single implications of the link graph.
    fn chain(&self, x: usize, d: u8, on: bool, explain: bool) -> Consequences {
        let g = self.graph.as_ref().expect("chains have a graph");
        let n = self.n;
        let mut out = Consequences::none(self.len);
        let Some(start) = g.node_of(x, d) else {
            return out;
        };
        let premise = 2 * start as u32 + u32::from(on);
        self.walk(premise, |s, parent| {
            let v = &g.nodes[(s / 2) as usize];
            if !v.is_group() {
                let bit_index = v.cell() * n + v.digit as usize - 1;
                if s % 2 == 1 {
                    out.on.insert(bit_index);
                } else {
                    out.off.insert(bit_index);
                }
            }
            if parent[(s ^ 1) as usize] != u32::MAX && out.contradiction.is_none() {
                out.contradiction = Some(match explain {
                    true => format!("{} and {}", self.path(parent, s), self.path(parent, s ^ 1)),
                    false => String::new(),
                });
                return !self.hodoku;
            }
            false
        });
        if out.contradiction.is_some() {
            return out;
        }
        out.contradiction = self.empty_place(&out.off).map(|what| {
            if explain {
                let what = self.describe(what);
                format!("{} leaves {what}", premise_name(n, x, d, on))
            } else {
                String::new()
            }
        });
        out
    }

    /// Walks the implications breadth first from state `premise` (`2 * node + on`),
    /// keeping one shortest way to every state: `reached(state, parents)` sees each
    /// state in turn and ends the walk by returning `true`.
    fn walk(&self, premise: u32, mut reached: impl FnMut(u32, &[u32]) -> bool) {
        let g = self.graph.as_ref().expect("chains have a graph");
        let mut parent = vec![u32::MAX; 2 * g.nodes.len()];
        parent[premise as usize] = premise;
        let mut order = vec![premise];
        let mut head = 0;
        while head < order.len() {
            let s = order[head];
            head += 1;
            if reached(s, &parent) {
                return;
            }
            let is_on = s % 2 == 1;
            for &b in g.links((s / 2) as usize, is_on) {
                let t = 2 * b + u32::from(!is_on);
                if parent[t as usize] == u32::MAX {
                    parent[t as usize] = s;
                    order.push(t);
                }
            }
        }
    }

    /// The implications from the premise to state `s`: `r1c2=4 -> r1c5<>4 -> r1c5=7`.
    fn path(&self, parent: &[u32], s: u32) -> String {
        let g = self.graph.as_ref().expect("chains have a graph");
        let mut states = vec![s];
        let mut t = s;
        while parent[t as usize] != t {
            t = parent[t as usize];
            states.push(t);
        }
        states
            .iter()
            .rev()
            .map(|&t| {
                let v = &g.nodes[(t / 2) as usize];
                let sign = if t % 2 == 1 { "=" } else { "<>" };
                format!("{}{sign}{}", g.place(t / 2), v.digit)
            })
            .collect::<Vec<_>>()
            .join(" -> ")
    }

    /// A cell all of whose candidates are in `off`, or a digit of a unit all of whose
    /// places are.
    fn empty_place(&self, off: &Set) -> Option<Empty> {
        let (c, n) = (self.c, self.n);
        let l = c.layout();
        // The candidates of each open cell not in `off`.
        let mut left: Vec<Mask> = vec![0; l.cell_count()];
        for &x in &self.open {
            left[x] = c.mask(x) & !off.bits(x * n, n);
            if left[x] == 0 {
                return Some(Empty::Cell(x));
            }
        }
        for (u, (open, missing)) in self.open_units.iter().enumerate() {
            let places = open.iter().fold(0, |m, &x| m | left[x]);
            if let Some(d) = digits(missing & !places).next() {
                return Some(Empty::Place(d, u));
            }
        }
        None
    }

    /// An empty place in words: `no candidate in r3c4`, `no place for 5 in row 2`.
    fn describe(&self, empty: Empty) -> String {
        match empty {
            Empty::Cell(x) => format!("no candidate in {}", cell(self.n, x)),
            Empty::Place(d, u) => {
                format!("no place for {d} in {}", self.c.layout().units()[u].name())
            }
        }
    }

    /// Consequences by propagating singles on a copy of the state.
    fn net(&self, x: usize, d: u8, on: bool, explain: bool) -> Consequences {
        let (c, n) = (self.c, self.n);
        let mut h = c.clone();
        if on {
            h.place(x, d);
        } else {
            h.remove(x, d);
        }
        let dead = match self.kind {
            Kind::Deep(level) => deeper(&mut h, level),
            _ => singles(&mut h),
        };
        let mut out = Consequences {
            on: Set::new(self.len),
            off: Set::new(self.len),
            contradiction: dead.map(|what| {
                if explain {
                    format!("{} leaves {what}", premise_name(n, x, d, on))
                } else {
                    String::new()
                }
            }),
        };
        for y in (0..c.layout().cell_count()).filter(|&y| c.value(y) == 0) {
            for e in digits(c.mask(y)) {
                let i = y * n + e as usize - 1;
                if h.value(y) == e {
                    out.on.insert(i);
                } else if !h.has(y, e) {
                    out.off.insert(i);
                }
            }
        }
        out
    }
}

impl Forcer<'_> {
    /// The direct implications of every state of the grouped graph `g` in HoDoKu's
    /// forcing nets (`None` once the deadline has passed): a candidate's are what it
    /// forces in HoDoKu's look-ahead (`board9.rs`) and its links to group
    /// nodes; a group node's are its links.
    fn net_implications(&self, g: &Graph, opts: &FindOptions) -> Option<Implications> {
        let mut next = Implications {
            start: Vec::with_capacity(2 * g.nodes.len() + 1),
            to: Vec::new(),
        };
        next.start.push(0);
        let mut implied = Vec::new();
        for (k, v) in g.nodes.iter().enumerate() {
            if opts.expired() {
                return None;
            }
            for on in [false, true] {
                let state = |b: usize, o: bool| (2 * b + usize::from(o)) as u32;
                for &b in g.links(k, on) {
                    if v.is_group() || g.nodes[b as usize].is_group() {
                        next.to.push(state(b as usize, !on));
                    }
                }
                if !v.is_group() {
                    implied.clear();
                    match &self.board9 {
                        Some(b) => b.look_ahead(v.cell(), v.digit, on, &mut implied),
                        None => look_ahead(self.c, v.cell(), v.digit, on, &mut implied),
                    }
                    let states = implied.iter().map(|&(y, e, o)| (g.node_of(y, e), o));
                    next.to
                        .extend(states.filter_map(|(b, o)| b.map(|b| state(b, o))));
                }
                next.start.push(next.to.len() as u32);
            }
        }
        Some(next)
    }
}

/// The states each state of a graph implies, in one list: state `s`'s are
/// `to[start[s]..start[s + 1]]`.
struct Implications {
    start: Vec<u32>,
    to: Vec<u32>,
}

impl Implications {
    /// The states that state `s` implies.
    fn of(&self, s: u32) -> &[u32] {
        let s = s as usize;
        &self.to[self.start[s] as usize..self.start[s + 1] as usize]
    }
}

/// `r1c2=4` or `r1c2<>4`.
fn premise_name(n: usize, x: usize, d: u8, on: bool) -> String {
    format!("{}{}{d}", cell(n, x), if on { "=" } else { "<>" })
}

/// Naked and hidden singles to a fixpoint; the contradiction met, if any, in words.
fn singles(h: &mut Candidates) -> Option<String> {
    let l = h.layout().clone();
    let n = l.size();
    loop {
        let mut changed = false;
        for x in 0..l.cell_count() {
            if h.value(x) != 0 {
                continue;
            }
            let m = h.mask(x);
            if m == 0 {
                return Some(format!("no candidate in {}", cell(n, x)));
            }
            if m.count_ones() == 1 {
                h.place(x, m.trailing_zeros() as u8 + 1);
                changed = true;
            }
        }
        for unit in l.units() {
            let (mut once, mut twice, mut placed): (Mask, Mask, Mask) = (0, 0, 0);
            for &x in &unit.cells {
                match h.value(x) {
                    0 => {
                        let m = h.mask(x);
                        twice |= once & m;
                        once |= m;
                    }
                    v => placed |= bit(v),
                }
            }
            if let Some(d) = digits(l.all_digits() & !once & !placed).next() {
                return Some(format!("no place for {d} in {}", unit.name()));
            }
            for d in digits(once & !twice & !placed) {
                if let Some(&x) = unit.cells.iter().find(|&&x| h.value(x) == 0 && h.has(x, d)) {
                    h.place(x, d);
                    changed = true;
                }
            }
        }
        if !changed {
            return None;
        }
    }
}

/// Propagates the state `h` with singles, intersections and subsets, and above
/// `level` 0 with the contradictions of nested nets too (singles nets at level 1,
/// level `k - 1` deep nets at level `k`), to a fixpoint; the contradiction met, if
/// any, in words.
fn deeper(h: &mut Candidates, level: u8) -> Option<String> {
    let basic = TechniqueSet::family(Family::Singles)
        .union(TechniqueSet::family(Family::Intersections))
        .union(TechniqueSet::family(Family::Subsets));
    let solver = Solver::new(basic).explain(false);
    let quiet = FindOptions {
        explain: false,
        ..FindOptions::default()
    };
    let mut inner = Vec::new();
    loop {
        if let Some(dead) = singles(h) {
            return Some(dead);
        }
        if solver.solve(h, |_, _| {}) == Outcome::Contradiction {
            return Some("a cell without candidate".into());
        }
        if let Some(dead) = singles(h) {
            return Some(dead);
        }
        let kind = match level {
            0 => return None,
            1 => Kind::Net,
            k => Kind::Deep(k - 1),
        };
        inner.clear();
        forcing(
            h,
            &mut inner,
            &quiet,
            kind,
            Conclusion::Contradiction,
            Mode::First,
        );
        if !inner.first()?.apply(h) {
            return None;
        }
    }
}

/// Deep forcing nets: contradictions and verities of premises propagated with
/// intersections and subsets as well as singles, and if that finds nothing, with
/// nested singles nets too. Stops at the first contradiction.
fn deep_net(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    for kind in [Kind::Deep(0), Kind::Deep(1)] {
        let start = out.len();
        forcing(c, out, opts, kind, Conclusion::Contradiction, Mode::First);
        if out.len() > start {
            return;
        }
    }
}

/// Deep forcing nets on HoDoKu's path, where HoDoKu guesses: HoDoKu sets the middle
/// one of the unsolved cells (in cell order) to its solution's digit. Here each
/// candidate of that cell is taken true and propagated as the deep nets do; when all
/// but one lead to a contradiction, the last one is placed, the same placement proven.
/// Otherwise the first contradiction anywhere ([`deep_net`]).
fn deep_placement(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let open: Vec<usize> = (0..c.layout().cell_count())
        .filter(|&x| c.value(x) == 0)
        .collect();
    if let Some(&x) = open.get(open.len() / 2) {
        if let Some(step) = proven_placement(c, x, opts) {
            out.push(step);
            return;
        }
    }
    deep_net(c, out, opts);
}

/// The placement in cell `x` of the one candidate that does not lead to a
/// contradiction by deep nets, if every other one does: the candidates are taken true
/// level by level (0 to [`PLACEMENT_LEVELS`]), each level on the state without those
/// the levels below ruled out.
fn proven_placement(c: &Candidates, x: usize, opts: &FindOptions) -> Option<Step> {
    let n = c.layout().size();
    let mut h = c.clone();
    let mut reasons = Vec::new();
    for level in 0..=PLACEMENT_LEVELS {
        if h.mask(x).count_ones() == 1 {
            break;
        }
        let forcer = Forcer::new(&h, Kind::Deep(level), false);
        let mut out = Vec::new();
        for d in digits(h.mask(x)) {
            if opts.expired() {
                return None;
            }
            if let Some(why) = forcer.consequences(x, d, true, opts.explain).contradiction {
                out.push(d);
                reasons.push(why);
            }
        }
        for d in out {
            h.remove(x, d);
        }
    }
    if h.mask(x).count_ones() != 1 {
        return None;
    }
    let d = h.mask(x).trailing_zeros() as u8 + 1;
    let mut s = Step::new(Technique::DeepForcingNet);
    s.cells = vec![x];
    s.digits = vec![d];
    s.placements = vec![(x, d)];
    if opts.explain {
        s.explanation = format!(
            "{}: {} => {}",
            Technique::DeepForcingNet.name(),
            reasons.join("; "),
            premise_name(n, x, d, true)
        );
    }
    Some(s)
}

/// The deepest nesting [`proven_placement`] tries.
const PLACEMENT_LEVELS: u8 = 2;

/// The steps of one kind and conclusion in `c`, as `mode` says.
fn forcing(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    kind: Kind,
    end: Conclusion,
    mode: Mode,
) {
    let l = c.layout();
    let n = l.size();
    if l.cell_count() * n > 1 << 16 {
        return;
    }
    if mode == Mode::Hodoku {
        hodoku(c, out, opts, kind, end);
        return;
    }
    let forcer = Forcer::new(c, kind, false);
    let t = technique(kind, end);
    let open: Vec<usize> = (0..l.cell_count()).filter(|&x| c.value(x) == 0).collect();
    let mut found = Vec::new();
    // The consequences of every candidate taken true, then false.
    let mut on_of: Vec<Option<Consequences>> = vec![None; forcer.len];
    for &x in &open {
        // The solver gives up once the deadline has passed: stop between premises.
        if opts.expired() {
            return;
        }
        for d in digits(c.mask(x)) {
            let i = x * n + d as usize - 1;
            let yes = forcer.consequences(x, d, true, opts.explain);
            if end == Conclusion::Contradiction {
                if let Some(why) = &yes.contradiction {
                    found.push(contradiction(t, c, x, d, true, why, opts));
                }
                let no = forcer.consequences(x, d, false, opts.explain);
                if let Some(why) = &no.contradiction {
                    found.push(contradiction(t, c, x, d, false, why, opts));
                }
                if mode == Mode::First && !found.is_empty() {
                    out.push(found.swap_remove(0));
                    return;
                }
            } else if yes.contradiction.is_none() {
                let no = forcer.consequences(x, d, false, opts.explain);
                if no.contradiction.is_none() {
                    let what = both_ways(n, x, d, opts);
                    verity(&mut found, t, c, &[&yes, &no], &what, opts, Join::Together);
                }
            }
            on_of[i] = Some(yes);
        }
    }
    if end == Conclusion::Verity {
        verities(
            &mut found,
            t,
            c,
            |i| on_of[i].as_ref(),
            opts,
            Join::Together,
        );
    }
    found.sort_by_key(|s: &Step| (s.placements.is_empty(), usize::MAX - s.eliminations.len()));
    let start = out.len();
    for s in found {
        push_new(out, start, s);
    }
}

/// The technique of a kind and conclusion.
fn technique(kind: Kind, end: Conclusion) -> Technique {
    match (kind, end) {
        (Kind::Chain, Conclusion::Contradiction) => Technique::ForcingChainContradiction,
        (Kind::Chain, Conclusion::Verity) => Technique::ForcingChainVerity,
        (Kind::Net, Conclusion::Contradiction) => Technique::ForcingNetContradiction,
        (Kind::Net, Conclusion::Verity) => Technique::ForcingNetVerity,
        (Kind::Deep(_), _) => Technique::DeepForcingNet,
    }
}

/// What a verity of candidate `(x, d)` taken true and false says its premises are
/// (empty without explanations).
fn both_ways(n: usize, x: usize, d: u8, opts: &FindOptions) -> String {
    if !opts.explain {
        return String::new();
    }
    format!(
        "{} and {}",
        premise_name(n, x, d, true),
        premise_name(n, x, d, false)
    )
}

/// The verities of every candidate of a cell and of every place of a digit in a
/// unit, from `on_of`, the consequences of each candidate taken true.
fn verities<'a>(
    found: &mut Vec<Step>,
    t: Technique,
    c: &Candidates,
    on_of: impl Fn(usize) -> Option<&'a Consequences>,
    opts: &FindOptions,
    join: Join,
) {
    let l = c.layout();
    let n = l.size();
    let what = |f: &dyn Fn() -> String| if opts.explain { f() } else { String::new() };
    for x in (0..l.cell_count()).filter(|&x| c.value(x) == 0) {
        let branches: Option<Vec<&Consequences>> = digits(c.mask(x))
            .map(|d| on_of(x * n + d as usize - 1))
            .collect();
        if let Some(b) = branches.filter(|b| b.len() >= 2) {
            let what = what(&|| format!("every candidate of {}", cell(n, x)));
            verity(found, t, c, &b, &what, opts, join);
        }
    }
    for unit in l.units() {
        for d in 1..=n as u8 {
            let places: Vec<usize> = unit
                .cells
                .iter()
                .copied()
                .filter(|&x| c.value(x) == 0 && c.has(x, d))
                .collect();
            if places.len() < 2 {
                continue;
            }
            let branches: Option<Vec<&Consequences>> = places
                .iter()
                .map(|&x| on_of(x * n + d as usize - 1))
                .collect();
            if let Some(b) = branches {
                let what = what(&|| format!("every place of {d} in {}", unit.name()));
                verity(found, t, c, &b, &what, opts, join);
            }
        }
    }
}

/// Every premise's consequences in one state, as HoDoKu's tabling draws them, shared
/// by the contradiction and verity finders of one kind.
struct Tables {
    /// For each candidate index, where its premises are in `drawn` (`u32::MAX` where
    /// it is no candidate): a short index, so that a table of a 9×9 state holds the
    /// few hundred candidates' premises, not one slot each of all 729.
    at: Vec<u32>,
    /// Each candidate taken true and taken false.
    drawn: Vec<(Consequences, Consequences)>,
    /// Whether every premise was drawn (the deadline may cut the drawing short).
    complete: bool,
}

thread_local! {
    /// The tables last drawn on this thread, per kind and explanations on or off.
    static TABLES: Memo<Tables> = const { Memo::new() };
}

impl Tables {
    /// The premises of candidate index `i` taken true and false, where drawn.
    fn premises(&self, i: usize) -> Option<&(Consequences, Consequences)> {
        self.drawn.get(*self.at.get(i)? as usize)
    }

    /// The tables of `c` for `kind`: those last drawn on this thread when they were
    /// drawn, whole, from the same state.
    fn of(c: &Candidates, kind: Kind, opts: &FindOptions) -> Rc<Tables> {
        let variant = u8::from(kind == Kind::Net) | u8::from(opts.explain) << 1;
        let kept = TABLES.with(|m| m.get(c, variant, || Tables::draw(c, kind, opts)));
        if kept.complete {
            kept
        } else {
            Rc::new(Tables::draw(c, kind, opts))
        }
    }

    /// Draws the tables: chains without explanations from the closures of the
    /// implication graph, else premise by premise.
    fn draw(c: &Candidates, kind: Kind, opts: &FindOptions) -> Tables {
        let forcer = Forcer::new(c, kind, true);
        let n = forcer.n;
        let open = forcer.open.iter().map(|&x| ones(c.mask(x)) as usize).sum();
        let mut t = Tables {
            at: vec![u32::MAX; forcer.len],
            drawn: Vec::with_capacity(open),
            complete: false,
        };
        let closures = match (kind, &forcer.graph, opts.explain) {
            (Kind::Chain, Some(g), false) => {
                let reach = Graph::reach(c, graph_nodes(forcer.hodoku));
                Some(Closures::new(g, n, reach))
            }
            (Kind::Net, Some(g), _) => {
                let Some(next) = forcer.net_implications(g, opts) else {
                    return t;
                };
                let reach = Reach::of(2 * g.nodes.len(), |s| next.of(s).iter().copied());
                Some(Closures::new(g, n, Rc::new(reach)))
            }
            _ => None,
        };
        for x in (0..c.layout().cell_count()).filter(|&x| c.value(x) == 0) {
            if opts.expired() {
                return t;
            }
            for d in digits(c.mask(x)) {
                let i = x * n + d as usize - 1;
                let draw = |on| match &closures {
                    Some(cl) => cl.consequences(&forcer, x, d, on, opts.explain),
                    None => forcer.consequences(x, d, on, opts.explain),
                };
                t.at[i] = t.drawn.len() as u32;
                t.drawn.push((draw(true), draw(false)));
            }
        }
        t.complete = true;
        t
    }
}

/// What each candidate taken true forces false along HoDoKu's chains (its tabling
/// through group nodes, without nets): how a Kraken fish ties its fins and base
/// candidates to what it removes. Boards of up to 128 cells.
pub(crate) struct ChainTables<'a> {
    c: &'a Candidates,
    n: usize,
    /// For premise `cell * n + digit - 1` and digit `e`, at `premise * n + e - 1`: the
    /// cells whose candidate `e` the premise taken true forces false.
    offs: Vec<u128>,
}

impl<'a> ChainTables<'a> {
    /// The tables of `c`; `None` on a board of more than 128 cells or when the
    /// deadline cut their drawing short.
    pub(crate) fn of(c: &'a Candidates, opts: &FindOptions) -> Option<ChainTables<'a>> {
        if c.layout().cell_count() > 128 {
            return None;
        }
        let quiet = FindOptions {
            explain: false,
            ..*opts
        };
        let tables = Tables::of(c, Kind::Chain, &quiet);
        if !tables.complete {
            return None;
        }
        let n = c.layout().size();
        let mut offs = vec![0u128; tables.at.len() * n];
        for premise in 0..tables.at.len() {
            for i in tables.premises(premise).iter().flat_map(|t| t.0.off.iter()) {
                offs[premise * n + i % n] |= 1 << (i / n);
            }
        }
        Some(ChainTables { c, n, offs })
    }

    /// The cells whose candidate `e` is forced false by every candidate `d` of the
    /// cells `from`, taken true.
    pub(crate) fn common_offs(&self, from: u128, d: u8, e: u8) -> u128 {
        let (n, mut from, mut common) = (self.n, from, u128::MAX);
        while from != 0 && common != 0 {
            let x = from.trailing_zeros() as usize;
            from &= from - 1;
            common &= self.offs[(x * n + d as usize - 1) * n + e as usize - 1];
        }
        common
    }

    /// The chain by which `from` taken true forces `to` false, in words
    /// (`r1c2=4 -> r1c5<>4 -> r1c5=7 -> r3c5<>7`); empty when it does not.
    pub(crate) fn chain(&self, from: (usize, u8), to: (usize, u8)) -> String {
        let forcer = Forcer::new(self.c, Kind::Chain, true);
        let g = forcer.graph.as_ref().expect("chains have a graph");
        let (Some(a), Some(b)) = (g.node_of(from.0, from.1), g.node_of(to.0, to.1)) else {
            return String::new();
        };
        let target = 2 * b as u32;
        let mut found = String::new();
        forcer.walk(2 * a as u32 + 1, |s, parent| {
            if s == target {
                found = forcer.path(parent, s);
            }
            s == target
        });
        found
    }
}

/// Everything each state of the implication graph forces ([`Reach`]), state
/// `2 * node + on` as in [`Forcer::chain`], with the candidate of each node: the sets
/// are what a walk from each state reaches, without explanations.
struct Closures {
    reach: Rc<Reach>,
    /// The candidate index (`cell * n + digit - 1`) of each node, `u32::MAX` for a
    /// group node.
    candidate: Vec<u32>,
}

impl Closures {
    /// The closures `reach` of the states of graph `g` (a board of size `n`).
    fn new(g: &Graph, n: usize, reach: Rc<Reach>) -> Closures {
        Closures {
            reach,
            candidate: g
                .nodes
                .iter()
                .map(|v| match v.is_group() {
                    true => u32::MAX,
                    false => (v.cell() * n + v.digit as usize - 1) as u32,
                })
                .collect(),
        }
    }

    /// What candidate `(x, d)` taken true (`on`) or false forces: everything its
    /// state reaches, and the contradiction met, in words with `explain`.
    fn consequences(
        &self,
        forcer: &Forcer,
        x: usize,
        d: u8,
        on: bool,
        explain: bool,
    ) -> Consequences {
        let g = forcer.graph.as_ref().expect("chains have a graph");
        let mut out = Consequences::none(forcer.len);
        let Some(node) = g.node_of(x, d) else {
            return out;
        };
        let reach = self.reach.from(2 * node + usize::from(on));
        // Both states of a node: a contradiction.
        let clash = reach
            .iter()
            .any(|&w| w & (w >> 1) & 0x5555_5555_5555_5555 != 0);
        // On the 9×9 board, the candidates made false as bit sets per digit too.
        let mut off9 = [0u128; 10];
        let nine = forcer.board9.is_some();
        let (yes, no) = (out.on.words_mut(), out.off.words_mut());
        // The candidate nodes come first: their states are the first words.
        let states = 2 * g.candidates;
        for (k, &w) in reach[..states.div_ceil(64)].iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let state = k * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                if state >= states {
                    break;
                }
                let i = self.candidate[state / 2] as usize;
                if state % 2 == 1 {
                    yes[i / 64] |= 1 << (i % 64);
                } else {
                    no[i / 64] |= 1 << (i % 64);
                    if nine {
                        off9[i % 9 + 1] |= 1 << (i / 9);
                    }
                }
            }
        }
        let n = forcer.n;
        let premise = || premise_name(n, x, d, on);
        if clash {
            let both = (0..g.nodes.len()).find(|&k| reach[k / 32] >> (k % 32 * 2) & 3 == 3);
            out.contradiction = Some(match both {
                Some(k) if explain => {
                    let v = &g.nodes[k];
                    let at = g.place(k as u32);
                    format!("{} forces {at}={d} and {at}<>{d}", premise(), d = v.digit)
                }
                _ => String::new(),
            });
        } else {
            let empty = match &forcer.board9 {
                Some(b) => b.empty(&off9),
                None => forcer.empty_place(&out.off),
            };
            out.contradiction = empty.map(|what| match explain {
                true => format!("{} leaves {}", premise(), forcer.describe(what)),
                false => String::new(),
            });
        }
        out
    }
}

/// HoDoKu's steps of one kind and conclusion ([`Mode::Hodoku`]).
fn hodoku(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, kind: Kind, end: Conclusion) {
    let tables = Tables::of(c, kind, opts);
    if !tables.complete {
        return;
    }
    let n = c.layout().size();
    let t = technique(kind, end);
    let mut found = Vec::new();
    for x in (0..c.layout().cell_count()).filter(|&x| c.value(x) == 0) {
        for d in digits(c.mask(x)) {
            let i = x * n + d as usize - 1;
            let Some((yes, no)) = tables.premises(i) else {
                continue;
            };
            if end == Conclusion::Contradiction {
                for (branch, on) in [(yes, true), (no, false)] {
                    if let Some(why) = &branch.contradiction {
                        found.push(contradiction(t, c, x, d, on, why, opts));
                    }
                }
            } else {
                let what = both_ways(n, x, d, opts);
                let join = Join::Apart { except: Some(x) };
                verity(&mut found, t, c, &[yes, no], &what, opts, join);
            }
        }
    }
    if end == Conclusion::Verity {
        let yes = |i: usize| tables.premises(i).map(|t| &t.0);
        verities(&mut found, t, c, yes, opts, Join::Apart { except: None });
    }
    found.sort_by_key(forcing_key);
    found.dedup_by_key(|s| forcing_key(s));
    out.append(&mut found);
}

/// The step of a premise that leads to a contradiction.
fn contradiction(
    t: Technique,
    c: &Candidates,
    x: usize,
    d: u8,
    on: bool,
    why: &str,
    opts: &FindOptions,
) -> Step {
    let n = c.layout().size();
    let mut s = Step::new(t);
    s.cells = vec![x];
    s.digits = vec![d];
    if on {
        s.eliminations = vec![(x, d)];
    } else {
        s.placements = vec![(x, d)];
    }
    if opts.explain {
        s.explanation = format!(
            "{}: {} => {why} => {}",
            t.name(),
            premise_name(n, x, d, on),
            premise_name(n, x, d, !on)
        );
    }
    s
}

/// How a verity's conclusions make steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Join {
    /// One step of them all.
    Together,
    /// One step each, none in cell `except` (HoDoKu's steps: for a candidate taken
    /// true and false, a conclusion in its own cell is a nice loop, not a chain).
    Apart { except: Option<usize> },
}

/// The steps of what every branch forces, if it changes the state, joined as `join`
/// says.
fn verity(
    found: &mut Vec<Step>,
    t: Technique,
    c: &Candidates,
    branches: &[&Consequences],
    what: &str,
    opts: &FindOptions,
    join: Join,
) {
    let n = c.layout().size();
    let (mut on, mut off) = (branches[0].on.clone(), branches[0].off.clone());
    for b in &branches[1..] {
        on.intersect(&b.on);
        off.intersect(&b.off);
    }
    let placements: Vec<(usize, u8)> = on.iter().map(|i| (i / n, (i % n) as u8 + 1)).collect();
    let eliminations: Vec<(usize, u8)> = off.iter().map(|i| (i / n, (i % n) as u8 + 1)).collect();
    let Join::Apart { except } = join else {
        found.extend(verity_step(t, n, placements, eliminations, what, opts));
        return;
    };
    let keep = |p: &&(usize, u8)| Some(p.0) != except;
    for &p in placements.iter().filter(keep) {
        found.extend(verity_step(t, n, vec![p], Vec::new(), what, opts));
    }
    for &p in eliminations.iter().filter(keep) {
        found.extend(verity_step(t, n, Vec::new(), vec![p], what, opts));
    }
}

/// The verity step that makes `placements` and `eliminations`, if any.
fn verity_step(
    t: Technique,
    n: usize,
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
    what: &str,
    opts: &FindOptions,
) -> Option<Step> {
    let mut s = Step::new(t);
    s.placements = placements;
    s.eliminations = eliminations;
    if s.placements.is_empty() && s.eliminations.is_empty() {
        return None;
    }
    let mut cells: Vec<usize> = s
        .placements
        .iter()
        .chain(&s.eliminations)
        .map(|p| p.0)
        .collect();
    cells.sort_unstable();
    cells.dedup();
    s.cells = cells;
    let mut ds: Vec<u8> = s
        .placements
        .iter()
        .chain(&s.eliminations)
        .map(|p| p.1)
        .collect();
    ds.sort_unstable();
    ds.dedup();
    s.digits = ds;
    if opts.explain {
        let mut e = String::new();
        for &(x, d) in &s.placements {
            let _ = write!(
                e,
                "{}{}={d}",
                if e.is_empty() { "" } else { ", " },
                cell(n, x)
            );
        }
        if !s.eliminations.is_empty() {
            if !e.is_empty() {
                e.push_str(", ");
            }
            e.push_str(&not_list(n, &s.eliminations));
        }
        s.explanation = format!("{}: {what} forces {e}", t.name());
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{read::records, ReadOptions};
    use crate::logic::{find, Outcome, Solver, TechniqueSet};
    use crate::Grid;

    const KINDS: [Technique; 4] = [
        Technique::ForcingChainContradiction,
        Technique::ForcingChainVerity,
        Technique::ForcingNetContradiction,
        Technique::ForcingNetVerity,
    ];

    #[test]
    fn every_kind_finds_sound_steps_where_other_logic_is_stuck() {
        let path = format!("{}/../../data/top1465.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        let without = TechniqueSet::select(None, Some("forcing"), false).unwrap();
        let solver = Solver::new(without).explain(false);
        let mut counts = [0usize; 4];
        let mut stuck = 0;
        for g in records(&text, &ReadOptions::default()).filter_map(|r| r.result.ok()) {
            let solution = crate::solve(&g).unwrap();
            let mut c = Candidates::from_grid(&g);
            if solver.solve(&mut c, |_, _| {}) != Outcome::Stuck {
                continue;
            }
            stuck += 1;
            for (k, t) in KINDS.into_iter().enumerate() {
                let steps = find(t, &c, &FindOptions::default());
                counts[k] += steps.len();
                for s in &steps {
                    assert!(s.changes(&c), "{}", s.explanation);
                    assert!(s.agrees_with(&solution), "unsound: {}", s.explanation);
                    assert!(s.explanation.starts_with(t.name()), "{}", s.explanation);
                }
            }
            if stuck == 12 {
                break;
            }
        }
        assert!(counts.iter().all(|&k| k > 0), "{counts:?}");
    }

    #[test]
    fn deep_nets_go_on_where_every_other_technique_is_stuck() {
        let g: Grid =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
                .parse()
                .unwrap();
        let solution = crate::solve(&g).unwrap();
        let mut c = Candidates::from_grid(&g);
        let without = TechniqueSet::select(None, Some("deep-forcing-net"), false).unwrap();
        assert_eq!(
            Solver::new(without).solve(&mut c, |_, _| {}),
            Outcome::Stuck
        );
        let steps = find(Technique::DeepForcingNet, &c, &FindOptions::default());
        assert_eq!(steps.len(), 1);
        assert!(steps[0].agrees_with(&solution), "{}", steps[0].explanation);
        assert!(
            steps[0].explanation.contains(" => "),
            "{}",
            steps[0].explanation
        );
        // With it, logic finishes the puzzle, every step sound.
        let mut c = Candidates::from_grid(&g);
        let mut sound = true;
        let end = Solver::new(TechniqueSet::all())
            .solve(&mut c, |s, _| sound &= s.agrees_with(&solution));
        assert_eq!(end, Outcome::Solved);
        assert!(sound);
        assert_eq!(c.to_grid(), solution);
    }

    #[test]
    fn closures_draw_what_the_walk_from_each_premise_draws() {
        let (mut premises, mut contradictions) = (0, 0);
        let stuck = crate::logic::basic_states(1)
            .filter_map(|(_, c, end)| (end == Outcome::Stuck).then_some(c));
        for c in stuck.take(5) {
            let forcer = Forcer::new(&c, Kind::Chain, true);
            let g = forcer.graph.as_ref().unwrap();
            let closures = Closures::new(g, 9, Graph::reach(&c, Nodes::Groups));
            for x in (0..81).filter(|&x| c.value(x) == 0) {
                for d in digits(c.mask(x)) {
                    for on in [true, false] {
                        let walk = forcer.chain(x, d, on, false);
                        let drawn = closures.consequences(&forcer, x, d, on, false);
                        assert_eq!((&walk.on, &walk.off), (&drawn.on, &drawn.off));
                        assert_eq!(walk.contradiction, drawn.contradiction);
                        premises += 1;
                        contradictions += usize::from(walk.contradiction.is_some());
                    }
                }
            }
        }
        assert!(
            premises > 0 && contradictions > 0,
            "{premises} {contradictions}"
        );
    }

    /// Sets of candidates made false: what each net premise forces, every place of a
    /// digit in a unit, every candidate of a cell, and pseudo-random thirds.
    #[test]
    fn the_9x9_empty_place_test_is_the_general_one() {
        let (mut sets, mut cells, mut places) = (0, 0, 0);
        let stuck = crate::logic::basic_states(1)
            .filter_map(|(_, c, end)| (end == Outcome::Stuck).then_some(c));
        for c in stuck.take(5) {
            let forcer = Forcer::new(&c, Kind::Net, true);
            let board = forcer.board9.as_ref().unwrap();
            let mut offs: Vec<Set> = Vec::new();
            for x in (0..81).filter(|&x| c.value(x) == 0) {
                for d in digits(c.mask(x)) {
                    offs.push(forcer.net(x, d, true, false).off);
                    offs.push(forcer.net(x, d, false, false).off);
                }
                let mut off = Set::new(forcer.len);
                digits(c.mask(x)).for_each(|d| off.insert(x * 9 + d as usize - 1));
                offs.push(off);
            }
            for unit in c.layout().units() {
                for d in 1..=9u8 {
                    let mut off = Set::new(forcer.len);
                    for &x in unit.cells.iter().filter(|&&x| c.has(x, d)) {
                        off.insert(x * 9 + d as usize - 1);
                    }
                    offs.push(off);
                }
            }
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            for _ in 0..300 {
                let mut off = Set::new(forcer.len);
                for i in (0..forcer.len).filter(|&i| c.has(i / 9, i as u8 % 9 + 1)) {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    if seed >> 62 == 0 {
                        off.insert(i);
                    }
                }
                offs.push(off);
            }
            for off in &offs {
                let mut off9 = [0u128; 10];
                for i in off.iter() {
                    off9[i % 9 + 1] |= 1 << (i / 9);
                }
                let empty = forcer.empty_place(off);
                assert_eq!(board.empty(&off9), empty);
                sets += 1;
                cells += usize::from(matches!(empty, Some(Empty::Cell(_))));
                places += usize::from(matches!(empty, Some(Empty::Place(_, u)) if u >= 18));
            }
        }
        assert!(cells > 0 && places > 0, "{sets} {cells} {places}");
    }

    #[test]
    fn a_contradiction_in_the_givens_is_found_by_nets() {
        // Two cells of row 1 can hold only 1: taking either leaves the other empty.
        let g: Grid = format!("..3456789{}", ".".repeat(72)).parse().unwrap();
        let mut c = Candidates::from_grid(&g);
        c.remove(0, 2);
        c.remove(1, 2);
        let steps = find(
            Technique::ForcingNetContradiction,
            &c,
            &FindOptions::default(),
        );
        assert!(steps.iter().any(|s| s.eliminations == vec![(0, 1)]));
        assert!(
            steps[0].explanation.contains("no candidate in"),
            "{}",
            steps[0].explanation
        );
    }
}

//! Chains on the link graph (`graph.rs`): X-Chain, XY-Chain and Remote Pair, and nice
//! loops and AICs with and without group and ALS nodes, with HoDoKu's eliminations.
//!
//! A chain alternates strong and weak links; reading it from a node taken false, every
//! strong link makes its next node true and every weak link the next one false.
//!
//! - **X-Chain** (one digit), **XY-Chain** (bivalue cells, strong links inside them)
//!   and **Remote Pair** (bivalue cells holding one pair) start and end with a strong
//!   link on the same digit: one end is true, so a candidate seeing both goes. A remote
//!   pair of more than four cells also clears both digits from cells seeing two cells
//!   of opposite parity. They are found by a depth-first search over simple paths of
//!   at most 20 links (HoDoKu's default limit); a cell is not visited twice.
//! - **Nice loops** and **AICs** are found as HoDoKu's tabling finds them: from every
//!   premise "candidate true" and "candidate false", a breadth-first walk of the
//!   implications (`on → off` along weak links, `off → on` along strong ones) keeps one
//!   shortest way to every consequence. A consequence back in the start cell closes a
//!   loop: a discontinuous one (its start candidate goes, or is placed) or a continuous
//!   one (each weak link between cells removes its digit from cells seeing both ends,
//!   each cell entered and left by strong links loses its other digits). A true
//!   consequence outside the start cell, from a premise "false", is an AIC: type 1 (same
//!   digit) removes the digit from cells seeing both ends when that is two or more
//!   candidates; type 2 (another digit, the ends see each other) removes each end's
//!   digit from the other end when both are there. A path that comes back to a cell it
//!   has left (a lasso) is no chain: where the way kept is one, a second walk that
//!   only follows such simple paths looks for another (`SimpleWalk`, each state
//!   carrying the cells its path has left as bits).
//! - Every candidate a loop or an AIC removes, taken true, forces itself false along
//!   the graph. Before walking, the search asks which candidates do, from
//!   what each state reaches (`reach.rs`); on most states where the easier
//!   techniques stop none does, and there is nothing to walk. Otherwise a premise
//!   "true" is walked from only where its candidate does, and a premise "false" only
//!   where it lies on the way by which one does (`Premises`). What an X-Chain or an
//!   XY-Chain removes forces itself false too: their searches ask the same first
//!   (kept per state for the loops that come next on HoDoKu's path).
//! - The grouped techniques walk the graph with group nodes and report only chains
//!   that use one. The catalogue's also walk the graph with ALS nodes (as HoDoKu's
//!   regression library and its "all steps" search have it), where the way kept is the
//!   cheapest, an ALS counting HoDoKu's penalty (`Graph::cost`), and join what both
//!   walks find: a walk with ALS nodes keeps other ways and misses some chains the
//!   other finds. In a continuous loop an ALS entered by `x` and left by `y` lacks one
//!   of them, so its other digits go from the cells seeing all of their cells in it;
//!   left by a cell it forces, HoDoKu's rule for that exit applies. HoDoKu's path
//!   (`hodoku::finder`) has no ALS nodes, as HoDoKu's default configuration.
//!
//! Of the chains with one set of eliminations only the first with the fewest links is
//! kept (`Finds`); the others' steps are never built.
//!
//! Both searches stop between start candidates once [`FindOptions::deadline`] has
//! passed; the solver then discards what they found.
//!
//! Sources: HoDoKu's documentation and regression library (chains and loops, 07xx),
//! its tabling solver (ALS nodes in nice loops) and its solver configuration (chain
//! length 20); Eureka notation as on the Sudoku Players' Forum.

use std::fmt::Write;
use std::rc::Rc;

use super::graph::{sees, Graph, Nodes};
use super::hash::FastMap;
use super::links::{peers9, push_new};
use super::memo::Memo;
use super::quiet::Quiet;
use super::reach::Reach;
use super::step::{cell, ChainAls, ChainNode, FindOptions, Link, Step};
use super::technique::Technique;
use super::Finder;
use super::{bits, ones};
use crate::candidates::{bit, digits, Candidates};

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::XChain, |c, o, p| simple(c, o, p, Simple::X)),
    (Technique::XyChain, |c, o, p| simple(c, o, p, Simple::Xy)),
    (Technique::RemotePair, |c, o, p| {
        simple(c, o, p, Simple::Pair)
    }),
    (Technique::ContinuousNiceLoop, |c, o, p| {
        loops(c, o, p, Technique::ContinuousNiceLoop, Nodes::Candidates)
    }),
    (Technique::DiscontinuousNiceLoop, |c, o, p| {
        loops(c, o, p, Technique::DiscontinuousNiceLoop, Nodes::Candidates)
    }),
    (Technique::Aic, |c, o, p| {
        loops(c, o, p, Technique::Aic, Nodes::Candidates)
    }),
    (Technique::GroupedContinuousNiceLoop, grouped::<0, true>),
    (Technique::GroupedDiscontinuousNiceLoop, grouped::<1, true>),
    (Technique::GroupedAic, grouped::<2, true>),
];

/// The grouped techniques as HoDoKu's default configuration has them: group nodes,
/// no ALS nodes (its option "allow ALS in tabling chains" is off).
pub(crate) const WITHOUT_ALS: &[(Technique, Finder)] = &[
    (Technique::GroupedContinuousNiceLoop, grouped::<0, false>),
    (Technique::GroupedDiscontinuousNiceLoop, grouped::<1, false>),
    (Technique::GroupedAic, grouped::<2, false>),
];

/// The grouped technique of shape `SHAPE` (a [`Shape`] as a number), with ALS nodes
/// when `ALS`.
fn grouped<const SHAPE: u8, const ALS: bool>(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
) {
    let shape = [Shape::Continuous, Shape::Discontinuous, Shape::Aic][SHAPE as usize];
    let nodes = match ALS {
        true => Nodes::Alses,
        false => Nodes::Groups,
    };
    loops(c, out, opts, technique_of(shape, true), nodes);
}

/// HoDoKu's limit on the links of an X- or XY-Chain.
const MAX_LINKS: usize = 20;

/// The simple chains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Simple {
    X,
    Xy,
    Pair,
}

/// A chain as its nodes, each with whether the link into it is strong (the first
/// node's flag is unused).
type Path = [(u32, bool)];

/// A step found, with the length of its chain (shorter ones are kept first).
struct Found {
    links: usize,
    step: Step,
}

/// The steps of one search, in the order found, less those [`flush`] would drop for
/// an earlier one with the same eliminations and a chain no longer: their steps are
/// never built.
#[derive(Default)]
struct Finds {
    list: Vec<Found>,
    /// The fewest links found so far per set of eliminations (sorted, no repeats).
    fewest: FastMap<Vec<(usize, u8)>, usize>,
    /// Chains met, kept or not.
    met: usize,
}

impl Finds {
    /// Adds the chain of `links` links removing `elims`, its step built by `make`
    /// from the eliminations sorted, unless an earlier one removes the same with as
    /// few links.
    fn add(
        &mut self,
        links: usize,
        mut elims: Vec<(usize, u8)>,
        make: impl FnOnce(Vec<(usize, u8)>) -> Step,
    ) {
        self.met += 1;
        elims.sort_unstable();
        elims.dedup();
        match self.fewest.get_mut(&elims) {
            Some(fewest) if *fewest <= links => return,
            Some(fewest) => *fewest = links,
            None => {
                self.fewest.insert(elims.clone(), links);
            }
        }
        let step = make(elims);
        self.list.push(Found { links, step });
    }
}

/// Sorts the steps found (most eliminations first, then shortest chain) and keeps
/// one per set of eliminations and placements.
fn flush(out: &mut Vec<Step>, found: Finds) {
    let mut found = found.list;
    found.sort_by_key(|f| (usize::MAX - f.step.eliminations.len(), f.links));
    let start = out.len();
    for f in found {
        push_new(out, start, f.step);
    }
}

/// The step of a chain: its digits and cells from the path, its eliminations (sorted,
/// no repeats) and, when explaining, its links.
fn make_step(
    t: Technique,
    g: &Graph,
    path: &Path,
    elims: Vec<(usize, u8)>,
    conclusion: Option<String>,
    opts: &FindOptions,
    n: usize,
) -> Step {
    let mut s = Step::new(t);
    for &(i, _) in path {
        let node = &g.nodes[i as usize];
        let mask = match node.is_als() {
            true => g.sets[node.set as usize].mask,
            false => bit(node.digit),
        };
        for d in digits(mask) {
            if !s.digits.contains(&d) {
                s.digits.push(d);
            }
        }
        for &x in g.span(i) {
            if !s.cells.contains(&x) {
                s.cells.push(x);
            }
        }
    }
    s.digits.sort_unstable();
    s.eliminations = elims;
    if opts.explain {
        let node_of = |i: u32| {
            let node = &g.nodes[i as usize];
            ChainNode {
                digit: node.digit,
                cells: node.cells.to_vec(),
                als: node.is_als().then(|| {
                    let set = &g.sets[node.set as usize];
                    ChainAls {
                        cells: set.cells.clone(),
                        digits: digits(set.mask).collect(),
                    }
                }),
            }
        };
        s.links = path
            .windows(2)
            .map(|w| Link {
                from: node_of(w[0].0),
                to: node_of(w[1].0),
                strong: w[1].1,
            })
            .collect();
        let end = conclusion.unwrap_or_else(|| {
            let mut e = String::new();
            for (k, &(x, d)) in s.eliminations.iter().enumerate() {
                let sep = if k > 0 { ", " } else { "" };
                let _ = write!(e, "{sep}{}<>{d}", cell(n, x));
            }
            e
        });
        s.explanation = format!("{}: {} => {end}", t.name(), eureka(g, path));
    }
    s
}

/// A chain in Eureka notation: `(4)r1c2=(4-7)r1c5=(7)r3c6`; consecutive candidates of
/// one cell share their cell, consecutive nodes of one ALS their set:
/// `-(4=7)ALS:r1c23-`.
fn eureka(g: &Graph, path: &Path) -> String {
    let mut s = String::new();
    let mut k = 0;
    while k < path.len() {
        let (i, strong) = path[k];
        if k > 0 {
            s.push(if strong { '=' } else { '-' });
        }
        let node = &g.nodes[i as usize];
        let mut inner = node.digit.to_string();
        let mut j = k + 1;
        while j < path.len() {
            let next = &g.nodes[path[j].0 as usize];
            let merged = match node.is_als() {
                true => next.set == node.set,
                false => node.is_candidate() && next.is_candidate() && next.cells == node.cells,
            };
            if !merged {
                break;
            }
            inner.push(if path[j].1 { '=' } else { '-' });
            let _ = write!(inner, "{}", next.digit);
            j += 1;
        }
        let _ = write!(s, "({inner}){}", g.place(i));
        k = j;
    }
    s
}

/// X-Chains, XY-Chains or Remote Pairs.
fn simple(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, kind: Simple) {
    if kind == Simple::Pair && !has_pair_chain(c) {
        return;
    }
    let g = Graph::of(c, Nodes::Candidates);
    // What an X- or XY-Chain removes forces itself false: a state where nothing does
    // has none (the remote pair's screen above is cheaper).
    if kind != Simple::Pair && premises(c, &g, Nodes::Candidates).none() {
        return;
    }
    walk_simple(c, &g, out, opts, kind);
}

/// The depth-first search of [`simple`] on the graph `g` of `c`.
fn walk_simple(c: &Candidates, g: &Graph, out: &mut Vec<Step>, opts: &FindOptions, kind: Simple) {
    let next = Next::of(c, g, kind);
    let mut search = Search {
        c,
        g,
        next: &next,
        kind,
        opts,
        path: [(0, false); MAX_LINKS + 1],
        len: 1,
        start_cell: 0,
        start_digit: 0,
        on_path: vec![0; c.layout().cell_count()],
        start_sees: None,
        found: Finds::default(),
    };
    let planes = Graph::planes9(c);
    // An X-Chain stays on its start's digit: the digits it met nothing on before are
    // skipped (see `quiet`).
    let mut quiet = (kind == Simple::X).then(|| Quiet::digits(Technique::XChain, c));
    let mut whole = true;
    for start in 0..g.nodes.len() as u32 {
        if opts.expired() {
            whole = false;
            break;
        }
        let (cell, d) = (
            g.nodes[start as usize].cell(),
            g.nodes[start as usize].digit,
        );
        if kind != Simple::X && ones(c.mask(cell)) != 2 {
            continue;
        }
        if quiet.as_ref().is_some_and(|q| q.skip(usize::from(d))) {
            continue;
        }
        search.start_sees = planes.map(|planes| peers9(cell) & planes[usize::from(d)]);
        let before = search.found.met;
        search.path[0] = (start, false);
        search.len = 1;
        (search.start_cell, search.start_digit) = (cell as u32, d);
        search.on_path[cell] += 1;
        search.extend::<true>(cell as u32);
        search.on_path[cell] -= 1;
        if let Some(q) = &mut quiet {
            q.mark(usize::from(d), search.found.met > before);
        }
    }
    if let Some(q) = quiet.filter(|_| whole) {
        q.done();
    }
    let found = search.found;
    flush(out, found);
}

/// Whether some four bivalue cells holding one pair are linked cell to cell, as a
/// remote pair of four cells or more needs (the search's shortest chain has seven
/// links). Most states have none, and are spared the link graph and the search.
fn has_pair_chain(c: &Candidates) -> bool {
    let l = c.layout();
    let pairs: Vec<usize> = (0..l.cell_count())
        .filter(|&x| c.value(x) == 0 && ones(c.mask(x)) == 2)
        .collect();
    let mut seen = vec![false; pairs.len()];
    let mut stack = Vec::new();
    for first in 0..pairs.len() {
        if seen[first] {
            continue;
        }
        // The cells of one pair linked to `first`, through cells of that pair.
        let mask = c.mask(pairs[first]);
        seen[first] = true;
        stack.push(first);
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            for j in first + 1..pairs.len() {
                if !seen[j] && c.mask(pairs[j]) == mask && sees(l, pairs[i], pairs[j]) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if size >= 4 {
            return true;
        }
    }
    false
}

/// The links a simple chain of one kind may take out of each node, in the graph's
/// order: what a link needs that does not depend on where the chain started is asked
/// once per state here rather than at every step of the search. X-Chains stay on one
/// digit. XY-Chains and Remote Pairs go through bivalue cells, strong links inside a
/// cell and weak ones between cells on one digit; a Remote Pair's cells all hold its
/// start's pair, so each holds the pair of the cell before it. Only the nodes a chain
/// of the kind can pass through get their links (every node for X-Chains, those in
/// bivalue cells otherwise).
struct Next {
    /// The links, node by node: strong ones, then weak ones.
    list: Vec<Hop>,
    /// `start[2 * i]..start[2 * i + 1]`: node `i`'s strong links in `list`, then up to
    /// `start[2 * i + 2]` its weak ones.
    start: Vec<u32>,
}

/// A link a simple chain may take: the node it leads to, with that node's cell and
/// digit (read with it, not from the graph's tables at every step of the search).
#[derive(Debug, Clone, Copy)]
struct Hop {
    node: u32,
    cell: u32,
    digit: u8,
}

impl Next {
    fn of(c: &Candidates, g: &Graph, kind: Simple) -> Next {
        let mut next = Next {
            list: Vec::new(),
            start: Vec::with_capacity(2 * g.nodes.len() + 1),
        };
        next.start.push(0);
        for a in 0..g.nodes.len() {
            let (here, here_cell) = (&g.nodes[a], g.first_cell(a));
            let passable = kind == Simple::X || ones(c.mask(here_cell)) == 2;
            for strong in [true, false] {
                let links = if passable { g.links(a, !strong) } else { &[] };
                let hops = links.iter().map(|&b| Hop {
                    node: b,
                    cell: g.first_cell(b as usize) as u32,
                    digit: g.nodes[b as usize].digit,
                });
                next.list.extend(hops.filter(|hop| {
                    let nb_cell = hop.cell as usize;
                    match kind {
                        Simple::X => hop.digit == here.digit,
                        Simple::Xy | Simple::Pair => {
                            let bivalue = ones(c.mask(nb_cell)) == 2;
                            let pair = kind == Simple::Xy || c.mask(nb_cell) == c.mask(here_cell);
                            bivalue
                                && pair
                                && ((nb_cell == here_cell) == strong)
                                && (strong || hop.digit == here.digit)
                        }
                    }
                }));
                next.start.push(next.list.len() as u32);
            }
        }
        next
    }

    /// The strong (when `strong`) or weak links a chain may take out of node `i`.
    fn from(&self, i: usize, strong: bool) -> &[Hop] {
        let k = 2 * i + usize::from(!strong);
        &self.list[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// The depth-first search of the simple chains.
struct Search<'a> {
    c: &'a Candidates,
    g: &'a Graph,
    next: &'a Next,
    kind: Simple,
    opts: &'a FindOptions,
    /// The chain so far: its first `len` entries.
    path: [(u32, bool); MAX_LINKS + 1],
    len: usize,
    /// The start's cell and digit.
    start_cell: u32,
    start_digit: u8,
    /// Per cell, how many nodes of `path` are in it.
    on_path: Vec<u8>,
    /// On the plain 9×9 board, the open cells seeing the start that hold its digit,
    /// as bits (an X- or XY-Chain removes the digit from those seeing the end too).
    start_sees: Option<u128>,
    found: Finds,
}

impl Search<'_> {
    /// Tries every link out of the last node of the chain, which lies in `here_cell`:
    /// the strong ones when `STRONG`, else the weak ones. The two kinds alternate:
    /// the strong step is inlined into the weak one ([`Search::extend_weak`]), so each
    /// call of the recursion takes a weak link and the strong links after it.
    #[inline(always)]
    fn extend<const STRONG: bool>(&mut self, here_cell: u32) {
        let (last, _) = self.path[self.len - 1];
        let links = self.len;
        for hop in self.next.from(last as usize, STRONG) {
            let same_cell = hop.cell == here_cell;
            let is_loop = hop.cell == self.start_cell && !same_cell;
            let nb_cell = hop.cell as usize;
            if !same_cell && !is_loop && self.on_path[nb_cell] > 0 {
                continue;
            }
            self.path[links] = (hop.node, STRONG);
            self.len = links + 1;
            self.on_path[nb_cell] += 1;
            if links > 1 && STRONG && hop.digit == self.start_digit {
                self.check(hop.node);
            }
            if links < MAX_LINKS && !is_loop {
                if STRONG {
                    self.extend_weak(hop.cell);
                } else {
                    self.extend::<true>(hop.cell);
                }
            }
            self.on_path[nb_cell] -= 1;
        }
        self.len = links;
    }

    /// [`Search::extend`] over the weak links, out of line: the one function the
    /// recursion calls.
    #[inline(never)]
    fn extend_weak(&mut self, here_cell: u32) {
        self.extend::<false>(here_cell);
    }

    /// Records the chain in `path`, ending at `end`, if it eliminates anything.
    fn check(&mut self, end: u32) {
        let (g, c) = (self.g, self.c);
        let links = self.len - 1;
        let start = self.path[0].0;
        let d = g.nodes[start as usize].digit;
        if self.kind == Simple::Pair && links < 7 {
            return;
        }
        if let Some(sees) = self.start_sees.filter(|_| self.kind != Simple::Pair) {
            // Nothing sees both ends: the search below would find no elimination.
            if sees & peers9(g.first_cell(end as usize)) == 0 {
                return;
            }
        }
        let mut elims: Vec<(usize, u8)> = g
            .seeing_all(c, d, &[start, end])
            .into_iter()
            .map(|x| (x, d))
            .collect();
        let t = match self.kind {
            Simple::X => Technique::XChain,
            Simple::Xy => Technique::XyChain,
            Simple::Pair => {
                if links < 7 || elims.is_empty() {
                    return;
                }
                let cell_of = |k: usize| g.nodes[self.path[k].0 as usize].cell();
                let pair: Vec<u8> = digits(c.mask(cell_of(0))).collect();
                elims.clear();
                let mut i = 0;
                while i <= links {
                    let mut j = i + 6;
                    while j <= links {
                        let (a, b) = (self.path[i].0, self.path[j].0);
                        for &e in &pair {
                            elims.extend(g.seeing_all(c, e, &[a, b]).into_iter().map(|x| (x, e)));
                        }
                        j += 4;
                    }
                    i += 2;
                }
                Technique::RemotePair
            }
        };
        if elims.is_empty() {
            return;
        }
        let n = c.layout().size();
        let (path, opts) = (&self.path[..self.len], self.opts);
        self.found.add(links, elims, |elims| {
            make_step(t, g, path, elims, None, opts, n)
        });
    }
}

/// What a closed walk or an AIC is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Continuous,
    Discontinuous,
    Aic,
}

/// The nice loops and AICs of one state and kind of graph, by shape.
struct LoopSteps {
    /// Whether the search ran to its end (the deadline did not cut it short).
    complete: bool,
    /// The steps of each [`Shape`], sorted and deduplicated as [`flush`] leaves them.
    steps: [Vec<Step>; 3],
}

thread_local! {
    /// The loops and AICs last found on this thread, per variant (kind of graph,
    /// explained or not): the three techniques of a variant share one search.
    static LOOPS: Memo<LoopSteps> = const { Memo::new() };
    /// The premises last drawn on this thread, per kind of graph: the X- and XY-Chain
    /// finders ask for those of the state the nice loops then search.
    static PREMISES: Memo<Premises> = const { Memo::new() };
}

/// Whether no candidate of `c` taken true forces itself false along the links of its
/// candidates: then no chain, loop or coloring made of them removes anything (what
/// it would remove forces itself false).
pub(crate) fn nothing_refutes_itself(c: &Candidates) -> bool {
    let g = Graph::of(c, Nodes::Candidates);
    premises(c, &g, Nodes::Candidates).none()
}

/// The [`Premises`] of `c` on its graph `g` with `nodes`, kept per state.
fn premises(c: &Candidates, g: &Graph, nodes: Nodes) -> Rc<Premises> {
    PREMISES.with(|m| m.get(c, nodes as u8, || Premises::of(c, g, nodes)))
}

/// Nice loops and AICs of the technique `t` on the graph with `nodes`: its share of
/// the one search of its variant ([`all_loops`]), kept per state.
fn loops(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, t: Technique, nodes: Nodes) {
    let want = match t {
        Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop => Shape::Continuous,
        Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop => {
            Shape::Discontinuous
        }
        _ => Shape::Aic,
    };
    let variant = nodes as u8 | u8::from(opts.explain) << 2;
    let mut kept = LOOPS.with(|m| m.get(c, variant, || all_loops(c, opts, nodes)));
    if !kept.complete {
        // Cut short under an earlier deadline: search again under this one.
        kept = Rc::new(all_loops(c, opts, nodes));
    }
    out.extend(kept.steps[want as usize].iter().cloned());
}

/// The technique of a loop or AIC of `shape`, grouped or not.
fn technique_of(shape: Shape, grouped: bool) -> Technique {
    match (shape, grouped) {
        (Shape::Continuous, false) => Technique::ContinuousNiceLoop,
        (Shape::Discontinuous, false) => Technique::DiscontinuousNiceLoop,
        (Shape::Aic, false) => Technique::Aic,
        (Shape::Continuous, true) => Technique::GroupedContinuousNiceLoop,
        (Shape::Discontinuous, true) => Technique::GroupedDiscontinuousNiceLoop,
        (Shape::Aic, true) => Technique::GroupedAic,
    }
}

/// Every nice loop and AIC of `c` on the graph with `nodes` (those through a group or
/// ALS node when there are such nodes, those without otherwise), by shape. With ALS
/// nodes the walks keep other shortest ways than without, and miss some chains the
/// graph without them has: both graphs are searched.
fn all_loops(c: &Candidates, opts: &FindOptions, nodes: Nodes) -> LoopSteps {
    let graphs: &[Nodes] = match nodes {
        Nodes::Alses => &[Nodes::Groups, Nodes::Alses],
        _ => &[nodes],
    };
    let mut found: [Finds; 3] = Default::default();
    let mut complete = true;
    for &k in graphs {
        complete = complete && search(c, opts, k, &mut found);
    }
    let steps = found.map(|f| {
        let mut out = Vec::new();
        flush(&mut out, f);
        out
    });
    LoopSteps { complete, steps }
}

/// The nice loops and AICs of `c` on the graph with `nodes`, added to `found` by
/// shape; whether the search ran to its end. From each premise "false" one walk
/// serves all three shapes; a premise "true" closes only discontinuous loops, and its
/// walk stops once every state of its start cell is reached.
fn search(c: &Candidates, opts: &FindOptions, nodes: Nodes, found: &mut [Finds; 3]) -> bool {
    let g = Graph::of(c, nodes);
    if nodes == Nodes::Alses && g.sets.is_empty() {
        // No ALS nodes (none on boards of more than 9 digits): the graph with group
        // nodes alone, searched already.
        return true;
    }
    let premises = (nodes != Nodes::Alses).then(|| premises(c, &g, nodes));
    if premises.as_ref().is_some_and(|p| p.none()) {
        return true;
    }
    walk_premises(c, opts, &g, nodes, premises.as_deref(), found)
}

/// [`search`] on the graph `g` of `c` with `nodes`: a walk from every premise, or
/// from those of `premises` only, when it is given (a walk from any other finds
/// nothing).
fn walk_premises(
    c: &Candidates,
    opts: &FindOptions,
    g: &Graph,
    nodes: Nodes,
    premises: Option<&Premises>,
    found: &mut [Finds; 3],
) -> bool {
    let grouped = nodes != Nodes::Candidates;
    let n = c.layout().size();
    let states = g.nodes.len() * 2;
    // State `2 * node + on`.
    let mut parent = vec![u32::MAX; states];
    let mut order: Vec<u32> = Vec::with_capacity(states);
    let mut costs = Costs {
        dist: vec![0; states],
        buckets: Vec::new(),
    };
    // Simple-path walks, for loops and for AICs, made when first needed per premise.
    let mut simple = [SimpleWalk::new(states), SimpleWalk::new(states)];
    // The path to each end, and the cells `valid` finds it has left, made in place.
    let (mut path, mut left) = (Vec::new(), vec![0; c.layout().cell_count().div_ceil(64)]);
    for start in 0..g.candidates as u32 {
        if opts.expired() {
            return false;
        }
        for on in [true, false] {
            if premises.is_some_and(|p| !p.has(start as usize, on)) {
                continue;
            }
            let premise = 2 * start + u32::from(on);
            let start_cell = g.nodes[start as usize].cell();
            // With a premise "true" the walk stops once it has reached every state
            // of the start cell; a premise "false" also starts AICs, which may end
            // anywhere.
            let mut open = if on {
                2 * ones(c.mask(start_cell)) as usize - 1
            } else {
                usize::MAX
            };
            let candidates = g.candidates as u32;
            walk(g, premise, &mut parent, &mut order, &mut costs, |t| {
                if t / 2 < candidates && g.first_cell((t / 2) as usize) == start_cell {
                    open -= 1;
                }
                open == 0
            });
            for walked in &mut simple {
                walked.done = false;
            }
            for &e in &order[1..] {
                if e / 2 >= candidates {
                    continue;
                }
                let end_on = e % 2 == 1;
                let closes = g.first_cell((e / 2) as usize) == start_cell;
                let is_aic = !closes;
                if is_aic && (on || !end_on) {
                    continue;
                }
                // An AIC's eliminations depend on its ends alone: most ends have none,
                // and need no path.
                let ends = if is_aic {
                    match aic(c, g, start, e / 2) {
                        None => continue,
                        found => found,
                    }
                } else {
                    None
                };
                path_to(&parent, premise, e, &mut path);
                if path.len() < 4 {
                    continue;
                }
                if !valid(g, &path, is_aic, &mut left) {
                    // The one way kept comes back to a cell it left: look for a simple
                    // one (once per premise and kind).
                    let walked = &mut simple[usize::from(is_aic)];
                    if !walked.done {
                        walked.walk(g, premise, is_aic);
                    }
                    if walked.parent[e as usize] == u32::MAX {
                        continue;
                    }
                    path_to(&walked.parent, premise, e, &mut path);
                    if path.len() < 4 || !valid(g, &path, is_aic, &mut left) {
                        continue;
                    }
                }
                let result = if is_aic { ends } else { nice_loop(c, g, &path) };
                let Some((shape, elims, conclusion)) = result else {
                    continue;
                };
                let has_group = path
                    .iter()
                    .any(|&(x, _)| !g.nodes[x as usize].is_candidate());
                if (on && shape != Shape::Discontinuous) || elims.is_empty() || has_group != grouped
                {
                    continue;
                }
                let links = path
                    .windows(2)
                    .map(|w| g.cost(w[0].0 as usize, w[0].1, w[1].0 as usize))
                    .sum::<u32>() as usize;
                let t = technique_of(shape, grouped);
                found[shape as usize].add(links, elims, |elims| {
                    make_step(t, g, &path, elims, conclusion, opts, n)
                });
            }
        }
    }
    true
}

/// The premises from which a walk may find a nice loop or an AIC: candidates taken
/// true that force themselves false along the graph's implications ([`Reach`]), and
/// candidates taken false that lie on such a way, as bits (on a graph without ALS
/// nodes). Every candidate a nice loop or an AIC removes forces itself false:
///
/// - an AIC from `a` to `b` on one digit removes `x` seeing both: `x` true makes `a`
///   false (a weak link), so `b` true (the chain), so `x` false;
/// - an AIC from `d` in `a` to `e` in `b` (cells that see each other) removes `e`
///   from `a`: true, it makes `d` in `a` false (the cell), so `e` in `b` true, so
///   itself false (and `d` from `b` alike);
/// - a continuous loop's weak link `A - B` removes what sees both (or the other
///   digits of their cell): `x` true makes `A` false, so `B` true around the loop
///   (it alternates either way), so `x` false; a cell the loop enters and leaves by
///   strong links loses its other digits the same way;
/// - a discontinuous loop removes a start candidate that forces itself false, or
///   places one that forces itself true: each other digit of its cell, true, makes it
///   false and so itself false.
///
/// A premise "true" only closes discontinuous loops that remove its candidate, so it
/// is walked from only where its candidate forces itself false. A premise "false",
/// `s`, starts a chain whose removals `x` each force themselves false through `s`:
/// `x` true makes the start false (it sees it, or shares its cell), which forces
/// the chain; and a continuous loop runs through `s` one way or the other. So `s` is
/// walked from only where some such `x` reaches it and it reaches `x` false (or where
/// its cell has no other candidate).
///
/// On the states where simpler techniques stop, most have no such candidate: the
/// search then has nothing to walk.
struct Premises {
    on: Vec<u64>,
    off: Vec<u64>,
}

impl Premises {
    /// The premises of `c` on its graph `g` with `nodes`. With group nodes, what each
    /// state reaches is [`Graph::reach`], which the forcing chains of the state read
    /// too; on the candidates alone it is drawn for the candidates taken false only,
    /// which costs less.
    fn of(c: &Candidates, g: &Graph, nodes: Nodes) -> Premises {
        let n = g.candidates as u32;
        // Candidate `x` taken false is mark `stride * x`.
        let (reach, stride) = match nodes {
            Nodes::Candidates => {
                let off = |s: u32| (s % 2 == 0 && s / 2 < n).then_some(s / 2);
                let marked = Reach::marked(2 * g.nodes.len(), g.candidates, off, |s| g.implied(s));
                (Rc::new(marked), 1)
            }
            _ => (Graph::reach(c, nodes), 2),
        };
        let words = g.candidates.div_ceil(64);
        let mut p = Premises {
            on: vec![0u64; words],
            off: vec![0u64; words],
        };
        let set = |m: &mut [u64], x: usize| m[x / 64] |= 1 << (x % 64);
        for x in (0..g.candidates).filter(|&x| reach.reaches(2 * x + 1, stride * x)) {
            set(&mut p.on, x);
        }
        let offs = match stride {
            1 => u64::MAX,
            _ => 0x5555_5555_5555_5555,
        };
        for x in 0..g.candidates {
            if !p.has(x, true) {
                continue;
            }
            for (k, &w) in reach.from(2 * x + 1).iter().enumerate() {
                for b in bits(u128::from(w & offs)) {
                    let s = (k * 64 + b) / stride;
                    if s >= g.candidates {
                        break;
                    }
                    if !p.has(s, false) && reach.reaches(2 * s, stride * x) {
                        set(&mut p.off, s);
                    }
                }
            }
        }
        if !p.none() {
            for s in (0..g.candidates).filter(|&s| ones(c.mask(g.nodes[s].cell())) < 2) {
                set(&mut p.off, s);
            }
        }
        p
    }

    /// Whether no candidate forces itself false: then no premise finds anything.
    fn none(&self) -> bool {
        self.on.iter().all(|&w| w == 0)
    }

    /// Whether the premise candidate `x` taken true (`on`) or false is walked from.
    fn has(&self, x: usize, on: bool) -> bool {
        let m = if on { &self.on } else { &self.off };
        m[x / 64] >> (x % 64) & 1 != 0
    }
}

/// Breadth-first walk of the implications of `premise`: fills `parent` (for every
/// state reached, the state it was reached from) and `order` (the states reached, the
/// premise first). It stops early when `done` says so of a state just reached. On a
/// graph with ALS nodes the way kept is the cheapest ([`Graph::cost`]), not the one
/// of fewest links (`costs`: scratch space).
fn walk(
    g: &Graph,
    premise: u32,
    parent: &mut [u32],
    order: &mut Vec<u32>,
    costs: &mut Costs,
    mut done: impl FnMut(u32) -> bool,
) {
    restart(parent, order, premise);
    if g.sets.is_empty() {
        let mut head = 0;
        while head < order.len() {
            let s = order[head];
            head += 1;
            let (node, on) = ((s / 2) as usize, s % 2 == 1);
            let next = g.links(node, on);
            for &b in next {
                let t = 2 * b + u32::from(!on);
                if parent[t as usize] == u32::MAX {
                    parent[t as usize] = s;
                    order.push(t);
                    if done(t) {
                        return;
                    }
                }
            }
        }
    } else {
        // Dijkstra's algorithm over the costs of the links (all at least one), with
        // one queue per cost so far; ties go to the state reached first.
        let Costs { dist, buckets } = costs;
        buckets.iter_mut().for_each(Vec::clear);
        dist[premise as usize] = 0;
        let mut d = 0;
        push(buckets, 0, premise);
        while d < buckets.len() {
            let mut k = 0;
            while k < buckets[d].len() {
                let s = buckets[d][k];
                k += 1;
                if dist[s as usize] as usize != d {
                    continue;
                }
                let (node, on) = ((s / 2) as usize, s % 2 == 1);
                for &b in g.links(node, on) {
                    let t = 2 * b + u32::from(!on);
                    let to = d as u32 + g.cost(node, on, b as usize);
                    let fresh = parent[t as usize] == u32::MAX;
                    if fresh || (t != premise && to < dist[t as usize]) {
                        parent[t as usize] = s;
                        dist[t as usize] = to;
                        push(buckets, to as usize, t);
                        if fresh {
                            order.push(t);
                            if done(t) {
                                return;
                            }
                        }
                    }
                }
            }
            d += 1;
        }
    }
}

/// Scratch space of the walks by cost: per state, its cost so far; per cost, the
/// states reached at that cost, in order.
struct Costs {
    dist: Vec<u32>,
    buckets: Vec<Vec<u32>>,
}

/// Queues state `s` at cost `at`.
fn push(buckets: &mut Vec<Vec<u32>>, at: usize, s: u32) {
    if buckets.len() <= at {
        buckets.resize_with(at + 1, Vec::new);
    }
    buckets[at].push(s);
}

/// Clears the states of the last walk from `parent` and `order`, and starts a walk
/// from `premise`.
fn restart(parent: &mut [u32], order: &mut Vec<u32>, premise: u32) {
    for &s in order.iter() {
        parent[s as usize] = u32::MAX;
    }
    order.clear();
    parent[premise as usize] = premise;
    order.push(premise);
}

/// The scratch space of [`SimpleWalk::walk`], kept for the premises of one search.
struct SimpleWalk {
    parent: Vec<u32>,
    order: Vec<u32>,
    /// Per state reached, the cells its path has left, as bits (a fixed number of
    /// words each, by the board's size).
    left: Vec<u64>,
    /// Whether it holds the walk of the current premise.
    done: bool,
}

impl SimpleWalk {
    fn new(states: usize) -> SimpleWalk {
        SimpleWalk {
            parent: vec![u32::MAX; states],
            order: Vec::with_capacity(states),
            left: Vec::new(),
            done: false,
        }
    }

    /// Like [`walk`], but every state is reached by a path that [`valid`] accepts: no
    /// node comes back to a cell the path has left (a loop's start cell excepted), and
    /// a loop's first link leaves the start cell. The cells a state's path has left
    /// are those of its parent's path and, unless it is in the start cell (for a
    /// loop), the parent's own cells.
    fn walk(&mut self, g: &Graph, premise: u32, is_aic: bool) {
        match g.cell_count() {
            0..=128 => self.walk_in::<2>(g, premise, is_aic),
            129..=256 => self.walk_in::<4>(g, premise, is_aic),
            _ => self.walk_in::<64>(g, premise, is_aic),
        }
    }

    /// [`SimpleWalk::walk`] with the cells as `W` words (boards of up to `64 W` cells).
    fn walk_in<const W: usize>(&mut self, g: &Graph, premise: u32, is_aic: bool) {
        debug_assert!(g.cell_count() <= 64 * W);
        self.done = true;
        let SimpleWalk {
            parent,
            order,
            left,
            ..
        } = self;
        restart(parent, order, premise);
        left.resize(parent.len() * W, 0);
        let at = |s: u32| s as usize * W;
        left[at(premise)..at(premise) + W].fill(0);
        let first = g.nodes[(premise / 2) as usize].cell();
        let mut head = 0;
        while head < order.len() {
            let s = order[head];
            head += 1;
            let (node, on) = ((s / 2) as usize, s % 2 == 1);
            // The cells the path of a state reached from `s` has left.
            let mut own: [u64; W] = left[at(s)..at(s) + W].try_into().expect("W words");
            if is_aic || g.first_cell(node) != first {
                for &x in g.span(node as u32) {
                    own[x / 64] |= 1 << (x % 64);
                }
            }
            for &b in g.links(node, on) {
                let t = 2 * b + u32::from(!on);
                let cell = g.first_cell(b as usize);
                let leaves = is_aic || s != premise || cell != first;
                let exit = same_set(g, node as u32, b);
                let seen = left[at(s) + cell / 64] >> (cell % 64) & 1 != 0;
                if parent[t as usize] == u32::MAX && leaves && (exit || !seen) {
                    parent[t as usize] = s;
                    order.push(t);
                    left[at(t)..at(t) + W].copy_from_slice(&own);
                }
            }
        }
    }
}

/// The path from `premise` to `end`, written into `path`: nodes with whether each is
/// reached by a strong link (is true).
fn path_to(parent: &[u32], premise: u32, end: u32, path: &mut Vec<(u32, bool)>) {
    path.clear();
    path.push((end / 2, end % 2 == 1));
    let mut s = end;
    while s != premise {
        s = parent[s as usize];
        path.push((s / 2, s % 2 == 1));
    }
    path.reverse();
}

/// Whether nodes `a` and `b` are ALS nodes of one set (a chain enters the ALS at one
/// and leaves it at the other).
fn same_set(g: &Graph, a: u32, b: u32) -> bool {
    let (a, b) = (&g.nodes[a as usize], &g.nodes[b as usize]);
    a.is_als() && a.set == b.set
}

/// Whether `path` is a loop or an AIC HoDoKu accepts: the first link leaves the start
/// cell (loops), and no node comes back to a cell the path has left (every cell of an
/// ALS it has left), except a loop's return to its start cell. `left` is room for
/// those cells, a bit per cell of the board.
fn valid(g: &Graph, path: &Path, is_aic: bool, left: &mut [u64]) -> bool {
    let first = g.nodes[path[0].0 as usize].cell();
    if !is_aic && g.nodes[path[1].0 as usize].cell() == first {
        return false;
    }
    left.fill(0);
    for k in 0..path.len() {
        let cell = g.nodes[path[k].0 as usize].cell();
        let exit = k > 0 && same_set(g, path[k - 1].0, path[k].0);
        if !exit && left[cell / 64] >> (cell % 64) & 1 != 0 {
            return false;
        }
        if k > 0 {
            let prev = &g.nodes[path[k - 1].0 as usize];
            if is_aic || prev.cell() != first {
                for &x in g.span(path[k - 1].0) {
                    left[x / 64] |= 1 << (x % 64);
                }
            }
        }
    }
    true
}

type Outcome = Option<(Shape, Vec<(usize, u8)>, Option<String>)>;

/// The loop closed by `path` (its last node is in its first node's cell): its kind,
/// eliminations and, for a placement, the conclusion to show.
fn nice_loop(c: &Candidates, g: &Graph, path: &Path) -> Outcome {
    let n = c.layout().size();
    let m = path.len() - 1;
    let node = |k: usize| &g.nodes[path[k].0 as usize];
    // Whether nodes `a` and `b` are in one cell, or of one ALS.
    let together = |a: usize, b: usize| match node(a).is_als() || node(b).is_als() {
        true => node(a).set == node(b).set,
        false => node(a).cell() == node(b).cell(),
    };
    let first_strong = !path[0].1;
    let last_strong = path[m].1;
    let (d0, dm) = (node(0).digit, node(m).digit);
    let start = node(0).cell();
    let others = |keep: &[u8]| -> Vec<(usize, u8)> {
        digits(c.mask(start))
            .filter(|d| !keep.contains(d))
            .map(|d| (start, d))
            .collect()
    };
    if !first_strong && !last_strong && d0 == dm {
        return Some((Shape::Discontinuous, vec![(start, d0)], None));
    }
    if first_strong && last_strong && d0 == dm {
        let conclusion = format!("{}={d0}", cell(n, start));
        return Some((Shape::Discontinuous, others(&[d0]), Some(conclusion)));
    }
    if first_strong != last_strong && d0 != dm {
        let d = if first_strong { dm } else { d0 };
        return Some((Shape::Discontinuous, vec![(start, d)], None));
    }
    let bivalue = ones(c.mask(start)) == 2;
    let continuous = (!first_strong && !last_strong && bivalue && d0 != dm)
        || (first_strong && last_strong && d0 != dm)
        || (first_strong != last_strong && d0 == dm);
    if !continuous {
        return None;
    }
    let mut elims = Vec::new();
    let chain_cells: Vec<usize> = path
        .iter()
        .flat_map(|&(x, _)| g.span(x).iter().copied())
        .collect();
    for i in 0..=m {
        let entered_strong = i > 0 && path[i].1 && i + 2 <= m && !together(i - 1, i);
        if (i == 0 && first_strong && last_strong) || entered_strong {
            let through = i == 0
                || (!path[i + 1].1
                    && together(i, i + 1)
                    && path[i + 2].1
                    && !together(i + 1, i + 2));
            if through {
                let (c1, c2) = if i == 0 {
                    (d0, dm)
                } else {
                    (node(i).digit, node(i + 2).digit)
                };
                let x = node(i).cell();
                elims.extend(
                    digits(c.mask(x))
                        .filter(|&d| d != c1 && d != c2)
                        .map(|d| (x, d)),
                );
            }
        }
        if i > 0 && !path[i].1 && !together(i - 1, i) {
            let d = node(i).digit;
            elims.extend(
                g.seeing_all(c, d, &[path[i - 1].0, path[i].0])
                    .into_iter()
                    .filter(|x| *x != start && !chain_cells.contains(x))
                    .map(|x| (x, d)),
            );
            if node(i).is_als() && i < m {
                elims.extend(locked(c, g, path, i));
            }
        }
    }
    Some((Shape::Continuous, elims, None))
}

/// What the ALS of a continuous loop's node `i` (entered by its digit `d`) removes.
/// Left by a digit `e`, one of `d` and `e` is missing from it, so its other digits are
/// all placed in it. Left by a cell it forces (its exits: the cell's other digits),
/// either `d` is missing or the cell holds an exit and the exit is missing: the digits
/// other than `d` and the exits are placed in it, and an exit goes from cells that
/// see the forced cell and each cell of the ALS holding it.
fn locked(c: &Candidates, g: &Graph, path: &Path, i: usize) -> Vec<(usize, u8)> {
    let (here, next) = (
        &g.nodes[path[i].0 as usize],
        &g.nodes[path[i + 1].0 as usize],
    );
    let (set, d) = (here.set, here.digit);
    let (exits, forced) = match next.set == set {
        true => (bit(next.digit), None),
        false => (c.mask(next.cell()) & !bit(next.digit), Some(next.cell())),
    };
    let mut out = Vec::new();
    for z in digits(g.sets[set as usize].mask).filter(|&z| z != d) {
        let cells = g.outside(c, set, z).into_iter();
        match (exits & bit(z) != 0, forced) {
            (false, _) => out.extend(cells.map(|x| (x, z))),
            (true, Some(f)) => {
                out.extend(cells.filter(|&x| sees(c.layout(), x, f)).map(|x| (x, z)))
            }
            (true, None) => {}
        }
    }
    out
}

/// The AIC from node `s` (a premise "false") to node `e` ("true", in another cell):
/// its eliminations depend on its ends alone.
fn aic(c: &Candidates, g: &Graph, s: u32, e: u32) -> Outcome {
    let (ns, ne) = (&g.nodes[s as usize], &g.nodes[e as usize]);
    let mut elims = Vec::new();
    if ns.digit == ne.digit {
        elims.extend(
            g.seeing_all(c, ns.digit, &[s, e])
                .into_iter()
                .map(|x| (x, ns.digit)),
        );
        if elims.len() < 2 {
            return None;
        }
    } else {
        if !sees(c.layout(), ns.cell(), ne.cell()) || !c.has(ne.cell(), ns.digit) {
            return None;
        }
        if c.has(ns.cell(), ne.digit) {
            elims.push((ns.cell(), ne.digit));
        }
        elims.push((ne.cell(), ns.digit));
        if elims.len() < 2 {
            return None;
        }
    }
    Some((Shape::Aic, elims, None))
}

#[cfg(test)]
mod tests {
    use super::{
        flush, has_pair_chain, simple, walk_premises, walk_simple, FindOptions, Finds, Graph,
        Nodes, Premises, Simple, Step, Technique,
    };
    use crate::candidates::{bit, Candidates};
    use crate::layout::Layout;
    use crate::logic::solver::{Order, Solver};
    use crate::logic::TechniqueSet;

    /// Where no candidate taken true forces itself false, the walk from every premise
    /// finds no nice loop or AIC, grouped or not, and elsewhere the walk from only
    /// the premises of [`Premises`] finds what the walk from every premise finds, in
    /// the same order: on every state HoDoKu's path goes through from where simpler
    /// logic stops on hard sample puzzles (some of which have such chains, and some of
    /// which the search leaves out). Premises are left out on some states.
    #[test]
    fn only_premises_on_a_candidate_refuting_itself_lead_to_loops_or_aics() {
        let solver = Solver::with_order(TechniqueSet::all(), Order::Hodoku).explain(false);
        let opts = FindOptions::default();
        let (mut screened, mut found_some, mut fewer) = (0, 0, 0);
        for (g, start, _) in crate::logic::basic_states(20) {
            let mut states = vec![start.clone()];
            solver.solve(&mut start.clone(), |_, c| states.push(c.clone()));
            for c in &states {
                for nodes in [Nodes::Candidates, Nodes::Groups] {
                    let graph = Graph::build(c, nodes);
                    let walk = |premises: Option<&Premises>| {
                        let mut found: [Finds; 3] = Default::default();
                        assert!(walk_premises(c, &opts, &graph, nodes, premises, &mut found));
                        found.map(|f| {
                            let met = f.met;
                            let list = f.list.into_iter().map(|f| (f.links, f.step));
                            (met, list.collect::<Vec<_>>())
                        })
                    };
                    let all = walk(None);
                    let any = all.iter().any(|f| !f.1.is_empty());
                    let premises = Premises::of(c, &graph, nodes);
                    if premises.none() {
                        assert!(!any, "{g} {nodes:?}: a chain where nothing refutes itself");
                        screened += 1;
                    } else {
                        assert!(walk(Some(&premises)) == all, "{g} {nodes:?}: premises lost");
                        let off = (0..graph.candidates).filter(|&x| premises.has(x, false));
                        fewer += usize::from(off.count() < graph.candidates);
                    }
                    found_some += usize::from(any);
                }
            }
        }
        assert!(
            screened > 0 && found_some > 0 && fewer > 0,
            "{screened} {found_some} {fewer}"
        );
    }

    /// Where no candidate taken true forces itself false, the X-Chain and XY-Chain
    /// searches find nothing, and elsewhere the finders find what they find.
    #[test]
    fn x_and_xy_chains_remove_only_candidates_refuting_themselves() {
        let techniques = [Technique::XChain, Technique::XyChain];
        crate::logic::check_screen(20, &techniques, |t, screened, c, out, opts| {
            let kind = if t == Technique::XChain {
                Simple::X
            } else {
                Simple::Xy
            };
            match screened {
                true => simple(c, out, opts, kind),
                false => walk_simple(c, &Graph::build(c, Nodes::Candidates), out, opts, kind),
            }
        });
    }

    /// A chain's step is built only when [`flush`] could keep it: the first with the
    /// fewest links for its eliminations (in any order); what is kept is what flush
    /// kept of every chain.
    #[test]
    fn only_chains_flush_may_keep_are_built() {
        let mut finds = Finds::default();
        let mut built = Vec::new();
        let (two, one) = (vec![(3, 1), (1, 1)], vec![(1, 1)]);
        let reversed = vec![(1, 1), (3, 1)];
        let chains = [
            (6, two.clone(), "a"),
            (6, reversed.clone(), "b"),
            (4, reversed, "c"),
            (4, one.clone(), "d"),
            (8, one, "e"),
            (4, two, "f"),
        ];
        for (links, elims, name) in chains {
            finds.add(links, elims, |elims| {
                built.push(name);
                let mut s = Step::new(Technique::XChain);
                s.eliminations = elims;
                s.explanation = name.to_string();
                s
            });
        }
        assert_eq!(built, ["a", "c", "d"]);
        assert_eq!(finds.met, 6);
        let mut out = Vec::new();
        flush(&mut out, finds);
        let kept: Vec<_> = out.iter().map(|s| s.explanation.as_str()).collect();
        assert_eq!(kept, ["c", "d"]);
        assert_eq!(out[0].eliminations, [(1, 1), (3, 1)]);
    }

    /// An open 9×9 state whose `pairs` cells hold only 1 and 2 (all others every digit),
    /// on the plain layout or with the main diagonal as an extra region.
    fn with_pairs(pairs: &[usize], diagonal: bool) -> Candidates {
        let mut masks = vec![0x1ff; 81];
        for &x in pairs {
            masks[x] = bit(1) | bit(2);
        }
        let extra = match diagonal {
            true => vec![(0..9).map(|i| i * 10).collect()],
            false => Vec::new(),
        };
        let layout = Layout::with_boxes(3, 3, extra).expect("9×9");
        Candidates::from_parts(layout, vec![0; 81], masks).expect("a state")
    }

    #[test]
    fn a_remote_pair_needs_four_linked_cells_of_one_pair() {
        // r1c1 - r1c5 - r5c5 - r5c9: each sees the next.
        assert!(has_pair_chain(&with_pairs(&[0, 4, 40, 44], false)));
        // Three linked cells are too few.
        assert!(!has_pair_chain(&with_pairs(&[0, 4, 40], false)));
        // Four cells, but r9c9 sees none of the others.
        assert!(!has_pair_chain(&with_pairs(&[0, 4, 40, 80], false)));
        // Unless the diagonal is a region: it links r9c9 to r5c5 and r1c1.
        assert!(has_pair_chain(&with_pairs(&[0, 4, 40, 80], true)));
    }
}

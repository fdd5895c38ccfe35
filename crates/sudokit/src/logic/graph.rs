//! The link graph of a candidate state: the one structure chains and forcing chains
//! walk.
//!
//! Nodes are candidates `(cell, digit)` and, on request ([`Nodes`]), group nodes: the
//! two or more candidates of one digit where a box meets a row or a column (HoDoKu's
//! grouped nodes), and ALS nodes. A node is true when its digit is placed in one of
//! its cells.
//!
//! - A **weak** link joins two nodes that cannot both be true: two digits of one cell,
//!   or two disjoint nodes of one digit whose cells all see each other.
//! - A **strong** link joins two nodes that cannot both be false: the two digits of a
//!   bivalue cell, or two disjoint nodes of one digit that together hold every
//!   candidate of that digit in a unit.
//!
//! Every constraint of the layout contributes its links: each cell, and each unit
//! (rows, columns, boxes and the extra regions of variants); "sees" is "shares a
//! unit". Group nodes are built where a box meets a row or a column. On the plain
//! 9×9 board the links of one digit are read from the digit's open cells and each
//! group's cells as bit sets (the same links, in the same order, as the cell lists
//! of the layout give; a test compares the two).
//!
//! An **ALS node** is a digit `d` of an almost locked set (N cells of one unit, N + 1
//! digits, from `als.rs`; single cells are left to the candidates), true when `d` is
//! placed in the set. Two digits of one ALS are strongly linked: at most one digit is
//! missing from it. An ALS node is weakly linked to every node of its digit outside
//! the ALS (candidate, group or another ALS's node) that sees each of its cells
//! holding `d`. So a chain enters an ALS by a weak link on `x` (`x` is not in it) and
//! leaves it by the strong link to `y` (`y` is) and a weak link on `y`. One link goes
//! one way only, as in HoDoKu: from an ALS node taken false to the last candidate of a
//! cell of three or more that the locked set removes all others from. ALS nodes are
//! made for digits with such outside candidates, when an ALS has two of them.
//!
//! Invariant: a strong link is also listed as weak only where its nodes see each
//! other (a conjugate pair in a unit); implications follow `on → off` along weak links
//! and `off → on` along strong links, so any walk alternating the two is sound.
//!
//! Sources: HoDoKu's tabling solver (`fillTablesWithAls`: ALS entries, eliminations,
//! forced cells and the chain penalty of an ALS) and its regression library.

use std::ops::Range;
use std::rc::Rc;

use super::als::{compact, Als, Alses, Cells};
use super::flat::Rooms;
use super::links::{peers9, sees as sees9, UNIT_BITS};
use super::memo::Memo;
use super::reach::Reach;
use super::{bits, ones};
use crate::candidates::{bit, digits, Candidates, Mask};
use crate::layout::{Layout, UnitKind};

/// The nodes a graph has besides candidates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Nodes {
    /// Candidates only.
    Candidates,
    /// Candidates and group nodes.
    Groups,
    /// Candidates, group nodes and ALS nodes.
    Alses,
}

/// One node: a digit and the cells (sorted) that hold it; one cell for a candidate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Node {
    /// The digit.
    pub digit: u8,
    /// The cells, sorted; more than one for a group node; for an ALS node, the cells
    /// of its set holding the digit.
    pub cells: NodeCells,
    /// For an ALS node, its set (an index into [`Graph::sets`]); [`NONE`] otherwise.
    pub set: u32,
}

/// The cells of a node, read as a slice: a candidate's one cell in place (a graph has
/// hundreds of candidate nodes, rebuilt on every state), the others' in a list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NodeCells {
    One(usize),
    /// Up to [`FEW`] cells in place (a group node of the 9×9 board, a small ALS node),
    /// the first `len`.
    Few([usize; FEW], u8),
    Many(Vec<usize>),
}

/// The most cells a node keeps in place.
const FEW: usize = 3;

impl NodeCells {
    /// The cells `cells` (sorted), in place when they are few.
    fn of(cells: impl Iterator<Item = usize>) -> NodeCells {
        let mut few = [0; FEW];
        let mut len = 0;
        let mut many = Vec::new();
        for x in cells {
            if len < FEW {
                few[len] = x;
            } else {
                if many.is_empty() {
                    many.extend_from_slice(&few);
                }
                many.push(x);
            }
            len += 1;
        }
        match len {
            0..=FEW => NodeCells::Few(few, len as u8),
            _ => NodeCells::Many(many),
        }
    }
}

impl std::ops::Deref for NodeCells {
    type Target = [usize];

    fn deref(&self) -> &[usize] {
        match self {
            NodeCells::One(x) => std::slice::from_ref(x),
            NodeCells::Few(cells, len) => &cells[..usize::from(*len)],
            NodeCells::Many(v) => v,
        }
    }
}

/// The almost locked set of ALS nodes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Set {
    /// Its cells, sorted.
    pub cells: Vec<usize>,
    /// Its digits.
    pub mask: Mask,
}

impl Node {
    /// Whether this is a candidate node.
    pub fn is_candidate(&self) -> bool {
        self.cells.len() == 1 && self.set == NONE
    }

    /// Whether this is a group node.
    pub fn is_group(&self) -> bool {
        self.cells.len() > 1 && self.set == NONE
    }

    /// Whether this is an ALS node.
    pub fn is_als(&self) -> bool {
        self.set != NONE
    }

    /// The first cell (the cell of a candidate node).
    pub fn cell(&self) -> usize {
        self.cells[0]
    }
}

/// The nodes and links of a candidate state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Graph {
    /// Every node: candidates first (by cell, then digit), then group nodes, then ALS
    /// nodes.
    pub nodes: Vec<Node>,
    /// The sets of the ALS nodes.
    pub sets: Vec<Set>,
    /// The number of candidate nodes (the first nodes).
    pub candidates: usize,
    /// Nodes that cannot be true together with node `i` (`on → off`):
    /// `weak_links[weak_start[i]..weak_start[i + 1]]`, one flat list for the whole graph.
    weak_links: Vec<u32>,
    /// Where each node's weak links start in `weak_links`, and their end.
    weak_start: Vec<u32>,
    /// The strong links `(from, to, once)` (`to` must be true when `from` is false,
    /// `off → on`) in the order they are found while the graph is built, `once` where
    /// a link `from` already has is not added again; then laid out in `strong_links`
    /// as `weak_links` are.
    strong: Vec<(u32, u32, bool)>,
    strong_links: Vec<u32>,
    strong_start: Vec<u32>,
    /// The first cell of each node (the walks read it for every state they reach).
    first_cell: Vec<u32>,
    /// The node of candidate `(cell, digit)`: index `cell * n + digit - 1`.
    index: Vec<u32>,
    /// The board size.
    n: usize,
}

/// No node (an index entry of a candidate that is not there), no set.
pub(crate) const NONE: u32 = u32::MAX;

/// HoDoKu's penalty for an ALS of the digits `mask` in the length of a chain: twice
/// its digits less one (one for a single cell of two digits).
fn penalty(mask: Mask) -> u32 {
    match ones(mask) {
        0 | 1 => 0,
        2 => 1,
        k => (k - 1) * 2,
    }
}

/// The open cells holding `d` among the peers of `first` that `keep` accepts, sorted.
fn seeing(c: &Candidates, d: u8, first: usize, keep: impl Fn(usize) -> bool) -> Vec<usize> {
    let mut out: Vec<usize> = c
        .layout()
        .peers(first)
        .iter()
        .copied()
        .filter(|&p| c.value(p) == 0 && c.has(p, d) && keep(p))
        .collect();
    out.sort_unstable();
    out
}

/// Whether two different cells share a unit (extra regions included).
pub(crate) fn sees(l: &Layout, a: usize, b: usize) -> bool {
    if l.is_plain_9x9() {
        sees9(l, a, b)
    } else {
        a != b && l.peers(a).binary_search(&b).is_ok()
    }
}

thread_local! {
    /// The graphs last built on this thread, one per kind of [`Nodes`].
    static GRAPHS: Memo<Graph> = const { Memo::new() };
    /// What each state of those graphs reaches ([`Graph::reach`]).
    static REACHES: Memo<Reach> = const { Memo::new() };
}

impl Graph {
    /// The graph of `c` with `nodes`: the one last built on this thread when it was
    /// built from the same state (see `memo`).
    pub fn of(c: &Candidates, nodes: Nodes) -> Rc<Graph> {
        GRAPHS.with(|m| m.get(c, nodes as u8, || Graph::build(c, nodes)))
    }

    /// What each state of the graph of `c` with `nodes` reaches along its
    /// implications ([`Graph::implied`]), every state marked: kept per state, for the
    /// nice loops' premises and the forcing chains of one state.
    pub fn reach(c: &Candidates, nodes: Nodes) -> Rc<Reach> {
        REACHES.with(|m| {
            m.get(c, nodes as u8, || {
                let g = Graph::of(c, nodes);
                Reach::of(2 * g.nodes.len(), |s| g.implied(s))
            })
        })
    }

    /// The graph of `c` with `nodes`.
    pub fn build(c: &Candidates, nodes: Nodes) -> Graph {
        Graph::build_from(c, nodes, Graph::planes9(c))
    }

    /// [`Graph::build`], its links of one digit read from the digit `planes` of the
    /// plain 9×9 board where given.
    fn build_from(c: &Candidates, nodes: Nodes, planes: Option<[u128; 10]>) -> Graph {
        let l = c.layout();
        let n = l.size();
        // Room for the candidate nodes and some group nodes, and for about two strong
        // links per candidate: the lists then seldom grow.
        let open: usize = (0..l.cell_count())
            .filter(|&x| c.value(x) == 0)
            .map(|x| ones(c.mask(x)) as usize)
            .sum();
        let mut g = Graph {
            nodes: Vec::with_capacity(open + 128),
            sets: Vec::new(),
            candidates: 0,
            weak_links: Vec::new(),
            weak_start: Vec::new(),
            strong: Vec::with_capacity(2 * open),
            strong_links: Vec::new(),
            strong_start: Vec::new(),
            first_cell: Vec::new(),
            index: vec![NONE; l.cell_count() * n],
            n,
        };
        for cell in 0..l.cell_count() {
            if c.value(cell) != 0 {
                continue;
            }
            for d in digits(c.mask(cell)) {
                g.index[cell * n + d as usize - 1] = g.nodes.len() as u32;
                g.nodes.push(Node {
                    digit: d,
                    cells: NodeCells::One(cell),
                    set: NONE,
                });
            }
        }
        g.candidates = g.nodes.len();
        if nodes != Nodes::Candidates {
            g.add_groups(c, planes.as_ref());
        }
        let alses = match nodes {
            Nodes::Alses => Alses::sets_of(c),
            _ => Rc::new(None),
        };
        let first_als = g.nodes.len();
        let origin = match alses.as_ref() {
            Some(alses) => g.add_alses(alses),
            None => Vec::new(),
        };
        // The weak links that join a group or ALS node; those between candidates are
        // laid out in place by `set_weak`.
        let mut weak = Vec::with_capacity(16 * (g.nodes.len() - g.candidates));
        g.link_bivalue(c);
        g.link_units(c, first_als, planes, &mut weak);
        if let Some(alses) = alses.as_ref() {
            g.link_alses(c, alses, &origin, first_als, &mut weak);
        }
        g.set_weak(c, planes.as_ref(), &weak);
        g.set_strong();
        g.first_cell = g.nodes.iter().map(|v| v.cell() as u32).collect();
        g
    }

    /// The cells of the board.
    pub fn cell_count(&self) -> usize {
        self.index.len() / self.n.max(1)
    }

    /// The first cell of node `i` (its cell, for a candidate).
    #[inline]
    pub fn first_cell(&self, i: usize) -> usize {
        self.first_cell[i] as usize
    }

    /// The node of candidate `(cell, digit)`, if the candidate is there.
    pub fn node_of(&self, cell: usize, digit: u8) -> Option<usize> {
        let i = *self.index.get(cell * self.n + digit as usize - 1)?;
        (i != NONE).then_some(i as usize)
    }

    /// The nodes that cannot be true together with node `i`.
    pub fn weak(&self, i: usize) -> &[u32] {
        &self.weak_links[self.weak_start[i] as usize..self.weak_start[i + 1] as usize]
    }

    /// What the link from node `a` (true when `on`) to node `b` counts for in the
    /// length of a chain: one, or more out of an ALS (HoDoKu's penalty, so that a
    /// chain through a large ALS is not taken for a short one): from the digit it is
    /// entered by to the one it is left by, [`penalty`]; to a cell it forces, two
    /// more.
    pub fn cost(&self, a: usize, on: bool, b: usize) -> u32 {
        let v = &self.nodes[a];
        if on || !v.is_als() {
            return 1;
        }
        let p = penalty(self.sets[v.set as usize].mask);
        match self.nodes[b].set == v.set {
            true => p,
            false => p + 2,
        }
    }

    /// The nodes that must be true when node `i` is false.
    pub fn strong(&self, i: usize) -> &[u32] {
        &self.strong_links[self.strong_start[i] as usize..self.strong_start[i + 1] as usize]
    }

    /// The links out of node `i` when it is true (weak) or false (strong).
    pub fn links(&self, i: usize, on: bool) -> &[u32] {
        if on {
            self.weak(i)
        } else {
            self.strong(i)
        }
    }

    /// The states state `s` implies (state `2 * node + on`: a node taken true makes
    /// false along its weak links, taken false makes true along its strong ones).
    pub fn implied(&self, s: u32) -> impl Iterator<Item = u32> + '_ {
        let on = s % 2 == 1;
        let flip = u32::from(!on);
        self.links((s / 2) as usize, on)
            .iter()
            .map(move |&b| 2 * b + flip)
    }

    /// Lays the weak links out as one flat list: each candidate's links to the other
    /// digits of its cell and to the peers holding its digit (see
    /// [`Graph::candidate_links`]), then the links `other` (to and from group and ALS
    /// nodes) in the order they were found.
    fn set_weak(&mut self, c: &Candidates, planes: Option<&[u128; 10]>, other: &[(u32, u32)]) {
        let mut counts = vec![0u32; self.nodes.len() + 1];
        for a in 0..self.candidates {
            let v = &self.nodes[a];
            let (cell, d) = (v.cell(), v.digit);
            counts[a + 1] = match planes {
                Some(p) => ones(c.mask(cell)) - 1 + (peers9(cell) & p[usize::from(d)]).count_ones(),
                None => {
                    let mut k = 0;
                    self.candidate_links(c, None, a, |_| k += 1);
                    k
                }
            };
        }
        for &(a, _) in other {
            counts[a as usize + 1] += 1;
        }
        let mut rooms = Rooms::new(counts);
        for a in 0..self.candidates {
            self.candidate_links(c, planes, a, |b| rooms.push(a, b));
        }
        for &(a, b) in other {
            rooms.push(a as usize, b);
        }
        (self.weak_links, self.weak_start) = rooms.finish();
    }

    /// The weak links of candidate node `a` to other candidates, in order: the other
    /// digits of its cell, then the peers holding its digit, in the order the layout
    /// lists them (the order of the cells, read from the digit `planes` of the plain
    /// 9×9 board where given).
    fn candidate_links(
        &self,
        c: &Candidates,
        planes: Option<&[u128; 10]>,
        a: usize,
        mut link: impl FnMut(u32),
    ) {
        let n = self.n;
        let (cell, d) = (self.nodes[a].cell(), self.nodes[a].digit);
        for e in digits(c.mask(cell) & !bit(d)) {
            link(self.index[cell * n + e as usize - 1]);
        }
        match planes {
            Some(p) => {
                for q in bits(peers9(cell) & p[usize::from(d)]) {
                    link(self.index[q * n + d as usize - 1]);
                }
            }
            None => {
                for &q in c.layout().peers(cell) {
                    let b = self.index[q * n + d as usize - 1];
                    if b != NONE {
                        link(b);
                    }
                }
            }
        }
    }

    /// Lays the strong links found out as one flat list as the weak ones are, each
    /// link marked `once` left out where its node has it already.
    fn set_strong(&mut self) {
        let found = std::mem::take(&mut self.strong);
        (self.strong_links, self.strong_start) = lay_out(self.nodes.len(), &found, |&l| l);
    }

    /// Group nodes: the candidates of a digit where a box meets a row or column, when
    /// there are two or more (read from the digit `planes` of the plain 9×9 board
    /// where given).
    fn add_groups(&mut self, c: &Candidates, planes: Option<&[u128; 10]>) {
        let l = c.layout();
        let units = l.units();
        for (bi, b) in units
            .iter()
            .enumerate()
            .filter(|u| u.1.kind == UnitKind::Box)
        {
            for (li, line) in units
                .iter()
                .enumerate()
                .filter(|u| matches!(u.1.kind, UnitKind::Row | UnitKind::Column))
            {
                if let Some(planes) = planes {
                    let common = UNIT_BITS[bi] & UNIT_BITS[li];
                    for d in 1..=9u8 {
                        let cells = common & planes[usize::from(d)];
                        if cells & cells.wrapping_sub(1) != 0 {
                            self.nodes.push(Node {
                                digit: d,
                                cells: NodeCells::of(bits(cells)),
                                set: NONE,
                            });
                        }
                    }
                    continue;
                }
                let common: Vec<usize> = b
                    .cells
                    .iter()
                    .copied()
                    .filter(|x| line.cells.binary_search(x).is_ok() && c.value(*x) == 0)
                    .collect();
                if common.len() < 2 {
                    continue;
                }
                for d in 1..=l.size() as u8 {
                    let cells: Vec<usize> =
                        common.iter().copied().filter(|&x| c.has(x, d)).collect();
                    if cells.len() >= 2 {
                        self.nodes.push(Node {
                            digit: d,
                            cells: NodeCells::of(cells.into_iter()),
                            set: NONE,
                        });
                    }
                }
            }
        }
    }

    /// ALS nodes: for each ALS of two cells or more, one node per digit that some
    /// candidate outside it sees (in every cell of the ALS holding the digit), when
    /// two digits or more have one. Returns, per set, its index in `alses`.
    fn add_alses(&mut self, alses: &Alses) -> Vec<usize> {
        let mut origin = Vec::new();
        for (ai, als) in alses.list.iter().enumerate() {
            if als.cells.count_ones() < 2 {
                continue;
            }
            let usable: Vec<u8> = digits(als.mask)
                .filter(|&d| alses.holding[d as usize - 1] & als.buddies[d as usize - 1] != 0)
                .collect();
            if usable.len() < 2 {
                continue;
            }
            let set = self.sets.len() as u32;
            for d in usable {
                self.nodes.push(Node {
                    digit: d,
                    cells: NodeCells::of(bits(als.with[d as usize - 1])),
                    set,
                });
            }
            self.sets.push(Set {
                cells: bits(als.cells).collect(),
                mask: als.mask,
            });
            origin.push(ai);
        }
        origin
    }

    /// The links of ALS nodes: strong between two digits of one ALS (taken together,
    /// its N cells hold N + 1 digits, so at most one digit is missing); weak with every
    /// node of the same digit, disjoint from the ALS, that sees each of its cells
    /// holding the digit (candidates, groups and the nodes of other ALS). And one way,
    /// `off → on` only: from a digit of the ALS to the last candidate of a cell of
    /// three or more that the locked set without that digit leaves (HoDoKu's forcing
    /// out of an ALS; with two candidates the cell's own strong link does it).
    fn link_alses(
        &mut self,
        c: &Candidates,
        alses: &Alses,
        origin: &[usize],
        first_als: usize,
        weak: &mut Vec<(u32, u32)>,
    ) {
        let n = self.n;
        // Per ALS node: the cells of its ALS, the cells holding its digit and the
        // candidates of its digit seeing all of them.
        let info: Vec<(Cells, Cells, Cells)> = self.nodes[first_als..]
            .iter()
            .map(|v| {
                let als = &alses.list[origin[v.set as usize]];
                let k = v.digit as usize - 1;
                (als.cells, als.with[k], als.buddies[k] & alses.holding[k])
            })
            .collect();
        let mut by_digit: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for (k, v) in self.nodes[first_als..].iter().enumerate() {
            by_digit[v.digit as usize].push(k);
        }
        // The nodes of one set follow each other.
        let mut from = first_als;
        while from < self.nodes.len() {
            let set = self.nodes[from].set;
            let to = from
                + self.nodes[from..]
                    .iter()
                    .take_while(|v| v.set == set)
                    .count();
            for a in from..to {
                let a = a as u32;
                self.strong.extend(
                    (from..to)
                        .map(|b| b as u32)
                        .filter(|&b| b != a)
                        .map(|b| (a, b, false)),
                );
            }
            self.link_forced(
                c,
                &alses.list[origin[set as usize]],
                &alses.holding,
                from..to,
            );
            from = to;
        }
        for (k, &(_, _, seen)) in info.iter().enumerate() {
            let a = first_als + k;
            let d = self.nodes[a].digit as usize;
            for x in bits(seen) {
                let b = self.index[x * n + d - 1];
                weak.push((a as u32, b));
                weak.push((b, a as u32));
            }
        }
        for gi in self.candidates..first_als {
            let v = &self.nodes[gi];
            let cells = v.cells.iter().fold(0 as Cells, |s, &x| s | 1 << x);
            for &k in &by_digit[v.digit as usize] {
                if cells & !info[k].2 == 0 {
                    let a = (first_als + k) as u32;
                    weak.push((gi as u32, a));
                    weak.push((a, gi as u32));
                }
            }
        }
        for nodes in &by_digit {
            for (i, &p) in nodes.iter().enumerate() {
                for &q in &nodes[i + 1..] {
                    if info[p].0 & info[q].0 == 0 && info[q].1 & !info[p].2 == 0 {
                        let (a, b) = ((first_als + p) as u32, (first_als + q) as u32);
                        weak.push((a, b));
                        weak.push((b, a));
                    }
                }
            }
        }
    }

    /// The strong links from the nodes `range` of `als` to the cells they force
    /// (`holding`: per digit, the open cells holding it).
    fn link_forced(&mut self, c: &Candidates, als: &Als, holding: &[Cells], range: Range<usize>) {
        let n = self.n;
        let out = |d: u8| als.buddies[d as usize - 1] & holding[d as usize - 1];
        let reach = digits(als.mask).fold(0 as Cells, |r, d| r | out(d));
        for p in bits(reach) {
            let mask = c.mask(p);
            if ones(mask) < 3 {
                continue;
            }
            // The digits the ALS, locked, removes from cell `p`.
            let removed = digits(als.mask)
                .filter(|&d| out(d) >> p & 1 != 0)
                .fold(0 as Mask, |m, d| m | bit(d));
            for a in range.clone() {
                let v = &self.nodes[a];
                let left = mask & !(removed & !bit(v.digit));
                if left.count_ones() == 1 {
                    let d = left.trailing_zeros() as usize + 1;
                    let b = self.index[p * n + d - 1];
                    self.strong.push((a as u32, b, false));
                }
            }
        }
    }

    /// The strong links inside each bivalue cell (the weak links inside a cell are
    /// laid out by [`Graph::set_weak`]).
    fn link_bivalue(&mut self, c: &Candidates) {
        for cell in 0..c.layout().cell_count() {
            let mask = c.mask(cell);
            if c.value(cell) != 0 || ones(mask) != 2 {
                continue;
            }
            let (a, b) = (
                mask.trailing_zeros() as usize,
                63 - mask.leading_zeros() as usize,
            );
            let (na, nb) = (self.index[cell * self.n + a], self.index[cell * self.n + b]);
            self.strong.push((na, nb, false));
            self.strong.push((nb, na, false));
        }
    }

    /// On the plain 9×9 board, the open cells holding each digit (digit `d` at `d`).
    pub(crate) fn planes9(c: &Candidates) -> Option<[u128; 10]> {
        if !c.layout().is_plain_9x9() {
            return None;
        }
        let mut planes = [0u128; 10];
        for cell in (0..81).filter(|&x| c.value(x) == 0) {
            for d in digits(c.mask(cell)) {
                planes[usize::from(d)] |= 1 << cell;
            }
        }
        Some(planes)
    }

    /// Links between nodes of one digit: weak when disjoint and seeing each other,
    /// strong when together they hold the digit's every candidate in some unit.
    fn link_units(
        &mut self,
        c: &Candidates,
        first_als: usize,
        planes: Option<[u128; 10]>,
        weak: &mut Vec<(u32, u32)>,
    ) {
        let l = c.layout();
        let n = self.n;
        let first_group = self.candidates;
        let mut groups_of: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for gi in first_group..first_als {
            groups_of[self.nodes[gi].digit as usize].push(gi);
        }
        // On the plain 9×9 board, each group's cells and the cells that see them all,
        // as bits (the tests below on cell lists, on sets of cells).
        let spans: Vec<(u128, u128)> = match planes {
            Some(_) => self.nodes[first_group..first_als]
                .iter()
                .map(|g| {
                    let span = g.cells.iter().fold(0u128, |m, &x| m | 1 << x);
                    (span, g.cells.iter().fold(u128::MAX, |m, &x| m & peers9(x)))
                })
                .collect(),
            None => Vec::new(),
        };
        // A node linked to a group lies among the peers of the group's first cell, so
        // only those are tried; candidates come before groups, each in node order.
        for gi in first_group..first_als {
            let ng = &self.nodes[gi];
            let d = ng.digit as usize;
            if let (Some(planes), Some(&(span, seen))) = (&planes, spans.get(gi - first_group)) {
                // The peers list of a cell rises, as bits do.
                for p in bits(seen & planes[d]) {
                    let b = self.index[p * n + d - 1];
                    weak.push((gi as u32, b));
                    weak.push((b, gi as u32));
                }
                for &b in &groups_of[d] {
                    let other = spans[b - first_group].0;
                    if b != gi && span & other == 0 && other & !seen == 0 {
                        weak.push((gi as u32, b as u32));
                    }
                }
                continue;
            }
            for &p in l.peers(ng.cell()) {
                let b = self.index[p * n + d - 1];
                if b != NONE && ng.cells[1..].iter().all(|&x| sees(l, x, p)) {
                    weak.push((gi as u32, b));
                    weak.push((b, gi as u32));
                }
            }
            for &b in &groups_of[d] {
                let nb = &self.nodes[b];
                let disjoint = ng.cells.iter().all(|x| !nb.cells.contains(x));
                if b != gi
                    && disjoint
                    && ng
                        .cells
                        .iter()
                        .all(|&x| nb.cells.iter().all(|&y| sees(l, x, y)))
                {
                    weak.push((gi as u32, b as u32));
                }
            }
        }
        // The group nodes inside each unit, per digit (unit `u`, digit `d` at slot
        // `u * (n + 1) + d`), in node order, laid out in one list as links are.
        let slots = l.units().len() * (n + 1);
        let mut inside: Vec<(u32, u32)> = Vec::with_capacity(2 * (first_als - first_group));
        for gi in first_group..first_als {
            let cells = &self.nodes[gi].cells;
            let d = self.nodes[gi].digit as usize;
            for &u in l.units_of(cells[0]) {
                let holds = match spans.get(gi - first_group) {
                    Some(&(span, _)) => span & !UNIT_BITS[u] == 0,
                    None => cells.iter().all(|x| l.units_of(*x).contains(&u)),
                };
                if holds {
                    inside.push(((u * (n + 1) + d) as u32, gi as u32));
                }
            }
        }
        let (in_list, in_start) = lay_out(slots, &inside, |&(slot, gi)| (slot, gi, false));
        let in_unit = |u: usize, d: u8| {
            &in_list[in_start[u * (n + 1) + d as usize] as usize
                ..in_start[u * (n + 1) + d as usize + 1] as usize]
        };
        let mut all: Vec<usize> = Vec::new();
        for (ui, unit) in l.units().iter().enumerate() {
            for d in 1..=n as u8 {
                all.clear();
                match &planes {
                    // A unit's cells rise in the order it lists them.
                    Some(planes) => all.extend(bits(UNIT_BITS[ui] & planes[usize::from(d)])),
                    None => all.extend(
                        unit.cells
                            .iter()
                            .copied()
                            .filter(|&x| self.index[x * n + d as usize - 1] != NONE),
                    ),
                }
                if all.len() == 2 {
                    let a = self.index[all[0] * n + d as usize - 1];
                    let b = self.index[all[1] * n + d as usize - 1];
                    self.link_strong(a, b);
                    self.link_strong(b, a);
                }
                for &gi in in_unit(ui, d) {
                    let g = &self.nodes[gi as usize];
                    if all.len() <= g.cells.len() {
                        continue;
                    }
                    if let (Some(planes), Some(&(span, _))) =
                        (&planes, spans.get(gi as usize - first_group))
                    {
                        // The rest of the unit's candidates: one, or a group of them.
                        let rest = UNIT_BITS[ui] & planes[usize::from(d)] & !span;
                        let other = match rest & (rest - 1) {
                            0 => Some(
                                self.index[rest.trailing_zeros() as usize * n + d as usize - 1],
                            ),
                            _ => in_unit(ui, d)
                                .iter()
                                .copied()
                                .find(|&o| spans[o as usize - first_group].0 == rest),
                        };
                        if let Some(o) = other {
                            self.link_strong(gi, o);
                            if rest & (rest - 1) == 0 {
                                self.link_strong(o, gi);
                            }
                        }
                        continue;
                    }
                    let rest: Vec<usize> = all
                        .iter()
                        .copied()
                        .filter(|x| !g.cells.contains(x))
                        .collect();
                    let other = if rest.len() == 1 {
                        Some(self.index[rest[0] * n + d as usize - 1])
                    } else {
                        in_unit(ui, d)
                            .iter()
                            .copied()
                            .find(|&o| *self.nodes[o as usize].cells == *rest)
                    };
                    if let Some(o) = other {
                        self.link_strong(gi, o);
                        if rest.len() == 1 {
                            self.link_strong(o, gi);
                        }
                    }
                }
            }
        }
    }

    /// Adds the strong link `a → b` unless it is there.
    fn link_strong(&mut self, a: u32, b: u32) {
        self.strong.push((a, b, true));
    }

    /// The open cells holding `d` that see every cell of every node of
    /// `from`, sorted.
    pub fn seeing_all(&self, c: &Candidates, d: u8, from: &[u32]) -> Vec<usize> {
        let l = c.layout();
        let Some(first) = from.first().map(|&i| self.nodes[i as usize].cell()) else {
            return Vec::new();
        };
        if l.is_plain_9x9() {
            // The same cells, from the peer sets of the 9×9 board.
            let mut seen = u128::MAX;
            for &i in from {
                for &x in self.nodes[i as usize].cells.iter() {
                    seen &= peers9(x);
                }
            }
            return bits(seen)
                .filter(|&p| c.value(p) == 0 && c.has(p, d))
                .collect();
        }
        seeing(c, d, first, |p| {
            from.iter().all(|&i| {
                self.nodes[i as usize]
                    .cells
                    .iter()
                    .all(|&x| x != p && sees(l, x, p))
            })
        })
    }

    /// The cells a node covers: its cells, or all the cells of an ALS node's set.
    pub fn span(&self, i: u32) -> &[usize] {
        let v = &self.nodes[i as usize];
        match v.is_als() {
            true => &self.sets[v.set as usize].cells,
            false => &v.cells,
        }
    }

    /// The open cells outside set `s` holding `z` that see each of its cells holding
    /// `z`, sorted.
    pub fn outside(&self, c: &Candidates, s: u32, z: u8) -> Vec<usize> {
        let l = c.layout();
        let set = &self.sets[s as usize].cells;
        let with: Vec<usize> = set.iter().copied().filter(|&x| c.has(x, z)).collect();
        let Some(&first) = with.first() else {
            return Vec::new();
        };
        seeing(c, z, first, |p| {
            !set.contains(&p) && with.iter().all(|&x| sees(l, x, p))
        })
    }

    /// The cells of a node: `r1c2`, `r1c23`, `r12c3`; an ALS node's set as
    /// `ALS:r1c23` (cells of one row or column) or `ALS:r1c2,r2c3`.
    pub fn place(&self, i: u32) -> String {
        let n = self.n;
        let v = &self.nodes[i as usize];
        if v.is_als() {
            return format!("ALS:{}", compact(n, &self.sets[v.set as usize].cells));
        }
        let cells = &v.cells;
        let rows: Vec<usize> = cells.iter().map(|x| x / n + 1).collect();
        let cols: Vec<usize> = cells.iter().map(|x| x % n + 1).collect();
        let join = |v: &[usize]| {
            let mut v = v.to_vec();
            v.dedup();
            let sep = if n > 9 { "," } else { "" };
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(sep)
        };
        format!("r{}c{}", join(&rows), join(&cols))
    }
}

/// Links `(from, to, once)` of `nodes` nodes laid out node by node, each node's in the
/// order found, a link marked `once` left out where its node has it already: the flat
/// list and where each node's links start (and, at the last node's index plus one,
/// end).
fn lay_out<T>(
    nodes: usize,
    found: &[T],
    link: impl Fn(&T) -> (u32, u32, bool),
) -> (Vec<u32>, Vec<u32>) {
    let mut counts = vec![0u32; nodes + 1];
    for l in found {
        counts[link(l).0 as usize + 1] += 1;
    }
    let mut rooms = Rooms::new(counts);
    for l in found {
        let (a, b, once) = link(l);
        if !(once && rooms.taken(a as usize).contains(&b)) {
            rooms.push(a as usize, b);
        }
    }
    rooms.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    /// The start of a puzzle, and its graph with group nodes.
    fn sample() -> (Candidates, Graph) {
        let g: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let c = Candidates::from_grid(&g);
        let graph = Graph::build(&c, Nodes::Groups);
        (c, graph)
    }

    #[test]
    fn links_of_a_bivalue_cell_and_a_conjugate_pair() {
        let (c, graph) = sample();
        for (i, node) in graph.nodes.iter().enumerate() {
            for &j in graph.strong(i) {
                let other = &graph.nodes[j as usize];
                // A strong link is symmetric and, between cells, also weak.
                assert!(graph.strong(j as usize).contains(&(i as u32)));
                if node.digit == other.digit {
                    assert!(graph.weak(i).contains(&j), "{node:?} {other:?}");
                } else {
                    assert_eq!(node.cells, other.cells);
                    assert_eq!(c.mask(node.cell()).count_ones(), 2);
                }
            }
        }
        assert!(graph.nodes.iter().any(Node::is_group));
    }

    /// On the plain 9×9 board the links are read from digit planes and cell sets; the
    /// graph is the one the cell lists of any layout give, links in the same order:
    /// on every state of HoDoKu's path from hard sample states.
    #[test]
    fn links_from_planes_are_the_layouts_links() {
        use crate::logic::solver::{Order, Solver};
        use crate::logic::TechniqueSet;
        let solver = Solver::with_order(TechniqueSet::all(), Order::Hodoku).explain(false);
        let (mut states, mut groups) = (0, 0);
        for (_, start, _) in crate::logic::basic_states(25) {
            let mut c = start.clone();
            let mut each = vec![start];
            solver.solve(&mut c, |_, c| each.push(c.clone()));
            for c in &each {
                for nodes in [Nodes::Candidates, Nodes::Groups, Nodes::Alses] {
                    let fast = Graph::build(c, nodes);
                    assert!(fast == Graph::build_from(c, nodes, None), "{nodes:?}");
                    groups += fast.nodes.iter().filter(|v| v.is_group()).count();
                }
                states += 1;
            }
        }
        assert!(states > 100 && groups > 1000, "{states} {groups}");
    }

    #[test]
    fn seeing_all_on_9x9_matches_the_layouts_peers() {
        let (c, graph) = sample();
        let l = c.layout();
        let n = graph.nodes.len() as u32;
        let mut checked = 0;
        for a in (0..n).step_by(7) {
            for b in (0..n).step_by(11) {
                let d = graph.nodes[a as usize].digit;
                let cells: Vec<usize> = [a, b]
                    .iter()
                    .flat_map(|&i| graph.nodes[i as usize].cells.to_vec())
                    .collect();
                let expected: Vec<usize> = (0..81)
                    .filter(|&p| c.value(p) == 0 && c.has(p, d))
                    .filter(|&p| cells.iter().all(|&x| l.peers(x).contains(&p)))
                    .collect();
                assert_eq!(graph.seeing_all(&c, d, &[a, b]), expected);
                checked += usize::from(!expected.is_empty());
            }
        }
        assert!(checked > 10, "too few pairs see a common cell: {checked}");
    }

    #[test]
    fn group_names() {
        let g: Grid = ".".repeat(81).parse().unwrap();
        let c = Candidates::from_grid(&g);
        let graph = Graph::build(&c, Nodes::Groups);
        let names: Vec<String> = (0..graph.nodes.len() as u32)
            .filter(|&i| graph.nodes[i as usize].is_group() && graph.nodes[i as usize].digit == 4)
            .map(|i| format!("(4){}", graph.place(i)))
            .collect();
        assert_eq!(names.len(), 54);
        assert!(names.iter().any(|s| s == "(4)r1c123"));
        assert!(names.iter().any(|s| s == "(4)r123c1"));
    }
}

//! The link graph of a candidate state: the one structure chains (and later ALS and
//! forcing) walk.
//!
//! Nodes are candidates `(cell, digit)` and, on request, group nodes: the two or more
//! candidates of one digit where a box meets a row or a column (HoDoKu's grouped
//! nodes). A node is true when its digit is placed in one of its cells.
//!
//! - A **weak** link joins two nodes that cannot both be true: two digits of one cell,
//!   or two disjoint nodes of one digit whose cells all see each other.
//! - A **strong** link joins two nodes that cannot both be false: the two digits of a
//!   bivalue cell, or two disjoint nodes of one digit that together hold every
//!   candidate of that digit in a unit.
//!
//! Every constraint of the layout contributes its links: each cell, and each unit
//! (rows, columns, boxes and the extra regions of variants); "sees" is "shares a
//! unit". Group nodes are built where a box meets a row or a column.
//!
//! Invariant: a strong link is also listed as weak only where its nodes see each
//! other (a conjugate pair in a unit); implications follow `on → off` along weak links
//! and `off → on` along strong links, so any walk alternating the two is sound.

use std::rc::Rc;

use super::links::sees as sees9;
use super::memo::Memo;
use crate::candidates::{digits, Candidates};
use crate::layout::{Layout, UnitKind};

/// One node: a digit and the cells (sorted) that hold it; one cell for a candidate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Node {
    /// The digit.
    pub digit: u8,
    /// The cells, sorted; more than one for a group node.
    pub cells: Vec<usize>,
}

impl Node {
    /// Whether this is a group node.
    pub fn is_group(&self) -> bool {
        self.cells.len() > 1
    }

    /// The first cell (the cell of a candidate node).
    pub fn cell(&self) -> usize {
        self.cells[0]
    }
}

/// The nodes and links of a candidate state.
#[derive(Debug, Clone)]
pub(crate) struct Graph {
    /// Every node: candidates first (by cell, then digit), then group nodes.
    pub nodes: Vec<Node>,
    /// Nodes that cannot be true together with node `i` (`on → off`):
    /// `weak_links[weak_start[i]..weak_start[i + 1]]`, one flat list for the whole graph.
    weak_links: Vec<u32>,
    /// Where each node's weak links start in `weak_links`, and their end.
    weak_start: Vec<u32>,
    /// Nodes that must be true when each node is false (`off → on`).
    strong: Vec<Vec<u32>>,
    /// The node of candidate `(cell, digit)`: index `cell * n + digit - 1`.
    index: Vec<u32>,
    /// The board size.
    n: usize,
}

/// No node (an index entry of a candidate that is not there).
const NONE: u32 = u32::MAX;

/// Whether two different cells share a unit (extra regions included).
pub(crate) fn sees(l: &Layout, a: usize, b: usize) -> bool {
    if l.size() == 9 && l.box_rows() == 3 && l.is_classic() {
        sees9(l, a, b)
    } else {
        a != b && l.peers(a).binary_search(&b).is_ok()
    }
}

thread_local! {
    /// The graphs last built on this thread, with and without group nodes.
    static GRAPHS: Memo<Graph> = const { Memo::new() };
}

impl Graph {
    /// The graph of `c`, with group nodes when `grouped`: the one last built on this
    /// thread when it was built from the same state (see `memo`).
    pub fn of(c: &Candidates, grouped: bool) -> Rc<Graph> {
        GRAPHS.with(|m| m.get(c, u8::from(grouped), || Graph::build(c, grouped)))
    }

    /// The graph of `c`, with group nodes when `grouped`.
    pub fn build(c: &Candidates, grouped: bool) -> Graph {
        let l = c.layout();
        let n = l.size();
        let mut g = Graph {
            nodes: Vec::new(),
            weak_links: Vec::new(),
            weak_start: Vec::new(),
            strong: Vec::new(),
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
                    cells: vec![cell],
                });
            }
        }
        if grouped {
            g.add_groups(c);
        }
        g.strong = vec![Vec::new(); g.nodes.len()];
        let mut weak = Vec::new();
        g.link_cells(c, &mut weak);
        g.link_units(c, &mut weak);
        g.set_weak(&weak);
        g
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

    /// The nodes that must be true when node `i` is false.
    pub fn strong(&self, i: usize) -> &[u32] {
        &self.strong[i]
    }

    /// The links out of node `i` when it is true (weak) or false (strong).
    pub fn links(&self, i: usize, on: bool) -> &[u32] {
        if on {
            self.weak(i)
        } else {
            self.strong(i)
        }
    }

    /// Stores the weak links `(from, to)`, kept in the order they were found for each
    /// node, as one flat list (a stable counting sort by `from`).
    fn set_weak(&mut self, weak: &[(u32, u32)]) {
        let mut start = vec![0u32; self.nodes.len() + 1];
        for &(a, _) in weak {
            start[a as usize + 1] += 1;
        }
        for i in 0..self.nodes.len() {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut links = vec![0u32; weak.len()];
        for &(a, b) in weak {
            links[next[a as usize] as usize] = b;
            next[a as usize] += 1;
        }
        self.weak_links = links;
        self.weak_start = start;
    }

    /// Group nodes: the candidates of a digit where a box meets a row or column, when
    /// there are two or more.
    fn add_groups(&mut self, c: &Candidates) {
        let l = c.layout();
        let units = l.units();
        for b in units.iter().filter(|u| u.kind == UnitKind::Box) {
            for line in units
                .iter()
                .filter(|u| matches!(u.kind, UnitKind::Row | UnitKind::Column))
            {
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
                        self.nodes.push(Node { digit: d, cells });
                    }
                }
            }
        }
    }

    /// Links inside each cell: weak between any two digits, strong in a bivalue cell.
    fn link_cells(&mut self, c: &Candidates, weak: &mut Vec<(u32, u32)>) {
        for cell in 0..c.layout().cell_count() {
            if c.value(cell) != 0 {
                continue;
            }
            let ds: Vec<u8> = digits(c.mask(cell)).collect();
            for &a in &ds {
                let na = self.index[cell * self.n + a as usize - 1];
                for &b in ds.iter().filter(|&&b| b != a) {
                    let nb = self.index[cell * self.n + b as usize - 1];
                    weak.push((na, nb));
                    if ds.len() == 2 {
                        self.strong[na as usize].push(nb);
                    }
                }
            }
        }
    }

    /// Links between nodes of one digit: weak when disjoint and seeing each other,
    /// strong when together they hold the digit's every candidate in some unit.
    fn link_units(&mut self, c: &Candidates, weak: &mut Vec<(u32, u32)>) {
        let l = c.layout();
        let n = self.n;
        let first_group = self.nodes.iter().take_while(|x| !x.is_group()).count();
        for a in 0..first_group {
            let (cell, d) = (self.nodes[a].cell(), self.nodes[a].digit);
            for &p in l.peers(cell) {
                let b = self.index[p * n + d as usize - 1];
                if b != NONE {
                    weak.push((a as u32, b));
                }
            }
        }
        let mut groups_of: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for gi in first_group..self.nodes.len() {
            groups_of[self.nodes[gi].digit as usize].push(gi);
        }
        // A node linked to a group lies among the peers of the group's first cell, so
        // only those are tried; candidates come before groups, each in node order.
        for gi in first_group..self.nodes.len() {
            let ng = &self.nodes[gi];
            let d = ng.digit as usize;
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
        // The group nodes inside each unit.
        let mut in_unit: Vec<Vec<u32>> = vec![Vec::new(); l.units().len()];
        for gi in first_group..self.nodes.len() {
            let cells = &self.nodes[gi].cells;
            for &u in l.units_of(cells[0]) {
                if cells.iter().all(|x| l.units_of(*x).contains(&u)) {
                    in_unit[u].push(gi as u32);
                }
            }
        }
        let mut all: Vec<usize> = Vec::new();
        for (ui, unit) in l.units().iter().enumerate() {
            for d in 1..=n as u8 {
                all.clear();
                all.extend(
                    unit.cells
                        .iter()
                        .copied()
                        .filter(|&x| self.index[x * n + d as usize - 1] != NONE),
                );
                if all.len() == 2 {
                    let a = self.index[all[0] * n + d as usize - 1];
                    let b = self.index[all[1] * n + d as usize - 1];
                    self.link_strong(a, b);
                    self.link_strong(b, a);
                }
                for &gi in &in_unit[ui] {
                    let g = &self.nodes[gi as usize];
                    if g.digit != d || all.len() <= g.cells.len() {
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
                        in_unit[ui].iter().copied().find(|&o| {
                            self.nodes[o as usize].digit == d
                                && self.nodes[o as usize].cells == rest
                        })
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
        if !self.strong[a as usize].contains(&b) {
            self.strong[a as usize].push(b);
        }
    }

    /// The open cells holding `d` that see every cell of every node of
    /// `from`, sorted.
    pub fn seeing_all(&self, c: &Candidates, d: u8, from: &[u32]) -> Vec<usize> {
        let l = c.layout();
        let Some(first) = from.first().map(|&i| self.nodes[i as usize].cell()) else {
            return Vec::new();
        };
        let mut out: Vec<usize> = l
            .peers(first)
            .iter()
            .copied()
            .filter(|&p| {
                c.value(p) == 0
                    && c.has(p, d)
                    && from.iter().all(|&i| {
                        self.nodes[i as usize]
                            .cells
                            .iter()
                            .all(|&x| x != p && sees(l, x, p))
                    })
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// The cells of a node: `r1c2`, `r1c23`, `r12c3`.
    pub fn place(&self, i: u32) -> String {
        let n = self.n;
        let cells = &self.nodes[i as usize].cells;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn links_of_a_bivalue_cell_and_a_conjugate_pair() {
        let g: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let c = Candidates::from_grid(&g);
        let graph = Graph::build(&c, true);
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

    #[test]
    fn group_names() {
        let g: Grid = ".".repeat(81).parse().unwrap();
        let c = Candidates::from_grid(&g);
        let graph = Graph::build(&c, true);
        let names: Vec<String> = (0..graph.nodes.len() as u32)
            .filter(|&i| graph.nodes[i as usize].is_group() && graph.nodes[i as usize].digit == 4)
            .map(|i| format!("(4){}", graph.place(i)))
            .collect();
        assert_eq!(names.len(), 54);
        assert!(names.iter().any(|s| s == "(4)r1c123"));
        assert!(names.iter().any(|s| s == "(4)r123c1"));
    }
}

//! What each state of an implication graph reaches, for every state at once.
//!
//! The states are numbered `0..m` and `next(s)` lists the states that `s` implies.
//! Tarjan's algorithm (without recursion) finds the strongly connected components;
//! the sets are drawn in the same walk, as in Nuutila's closure algorithm: each
//! state's set takes the set of every closed component it links to when the link is
//! followed, or when the walk comes back from the state the link leads to. A
//! component is closed when its root leaves the stack, after every component it
//! reaches: its set is the union of its members' sets, one bit set per component.
//! Walking from a state reaches exactly the states of its component's set. Each link
//! is read once.
//!
//! The forcing chains read every premise's consequences from it; the nice loop and
//! AIC search asks it first whether any candidate taken true forces itself false,
//! without which no loop or AIC removes anything.
//!
//! Sources: R. Tarjan, "Depth-first search and linear graph algorithms", SIAM J.
//! Comput. 1 (1972); E. Nuutila, "Efficient transitive closure computation in large
//! digraphs", Acta Polytechnica Scandinavica 74 (1995).

/// The reachable states of each state of a graph, or those of them a caller marks.
pub(crate) struct Reach {
    /// The root of the component of each state: the row of its set.
    component: Vec<u32>,
    /// A row of `words` words per state: while the walk is on, what the state reaches
    /// so far; once its component is closed, the root's row is the component's set.
    reach: Vec<u64>,
    /// The words of a row: those of the marks, rounded up to whole blocks of four.
    words: usize,
    /// The words of the marks.
    len: usize,
}

/// The bookkeeping of Tarjan's algorithm, without recursion: the visit order and
/// lowest link of each state, the stack of open states, and the calls (a state and
/// the implications of it not yet followed).
struct Tarjan<I> {
    index: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<u32>,
    on_stack: Vec<bool>,
    calls: Vec<(u32, I)>,
    counter: u32,
    /// For each component (by its root), the last state whose row took its set.
    merged: Vec<u32>,
}

impl<I> Tarjan<I> {
    /// Enters state `s`, which implies `next`.
    fn visit(&mut self, s: u32, next: I) {
        self.index[s as usize] = self.counter;
        self.low[s as usize] = self.counter;
        self.counter += 1;
        self.stack.push(s);
        self.on_stack[s as usize] = true;
        self.calls.push((s, next));
    }
}

impl Reach {
    /// What each of the states `0..m` reaches, where `next(s)` lists the states `s`
    /// implies.
    pub(crate) fn of<I: Iterator<Item = u32>>(m: usize, next: impl Fn(u32) -> I) -> Reach {
        Reach::marked(m, m, Some, next)
    }

    /// [`Reach::of`] kept for the states `mark` numbers (below `bits`) only: bit
    /// `mark(t)` of [`Reach::from`]`(s)` tells whether `s` reaches `t`.
    // Out of line: inlined into its two callers, the walk's code grows and runs slower.
    #[inline(never)]
    pub(crate) fn marked<I: Iterator<Item = u32>>(
        m: usize,
        bits: usize,
        mark: impl Fn(u32) -> Option<u32>,
        next: impl Fn(u32) -> I,
    ) -> Reach {
        // Rows of whole blocks of four words, or'd a block at a time.
        let words = bits.div_ceil(256) * 4;
        let mut r = Reach {
            component: vec![u32::MAX; m],
            reach: vec![0; m * words],
            words,
            len: bits.div_ceil(64),
        };
        let mut t = Tarjan {
            index: vec![u32::MAX; m],
            low: vec![0; m],
            stack: Vec::new(),
            on_stack: vec![false; m],
            calls: Vec::new(),
            counter: 0,
            merged: vec![u32::MAX; m],
        };
        for root in 0..m as u32 {
            if t.index[root as usize] != u32::MAX {
                continue;
            }
            r.enter(root, &mut t, &mark, &next);
            while let Some((v, links)) = t.calls.last_mut() {
                let v = *v;
                if let Some(w) = links.next() {
                    if t.index[w as usize] == u32::MAX {
                        r.enter(w, &mut t, &mark, &next);
                    } else if t.on_stack[w as usize] {
                        t.low[v as usize] = t.low[v as usize].min(t.index[w as usize]);
                    } else {
                        r.take(v, w, &mut t);
                    }
                    continue;
                }
                t.calls.pop();
                if t.low[v as usize] == t.index[v as usize] {
                    r.close(v, &mut t);
                }
                if let Some(&(parent, _)) = t.calls.last() {
                    if t.on_stack[v as usize] {
                        t.low[parent as usize] = t.low[parent as usize].min(t.low[v as usize]);
                    } else {
                        r.take(parent, v, &mut t);
                    }
                }
            }
        }
        r
    }

    /// Enters state `s` in the walk, its row holding its own mark.
    fn enter<I>(
        &mut self,
        s: u32,
        t: &mut Tarjan<I>,
        mark: &impl Fn(u32) -> Option<u32>,
        next: &impl Fn(u32) -> I,
    ) {
        if let Some(b) = mark(s) {
            self.reach[s as usize * self.words + b as usize / 64] |= 1 << (b % 64);
        }
        t.visit(s, next(s));
    }

    /// Adds to the row of `v` the set of the closed component of `w`, unless it took
    /// it already.
    fn take<I>(&mut self, v: u32, w: u32, t: &mut Tarjan<I>) {
        let other = self.component[w as usize];
        if other == v || t.merged[other as usize] == v {
            return;
        }
        t.merged[other as usize] = v;
        self.or_row(v as usize, other as usize);
    }

    /// Row `to` |= row `from` (two different rows).
    fn or_row(&mut self, to: usize, from: usize) {
        let words = self.words;
        let (to, from) = (to * words, from * words);
        let (row, other) = if from < to {
            let (head, tail) = self.reach.split_at_mut(to);
            (&mut tail[..words], &head[from..from + words])
        } else {
            let (head, tail) = self.reach.split_at_mut(from);
            (&mut head[to..to + words], &tail[..words])
        };
        for (r, o) in row.chunks_exact_mut(4).zip(other.chunks_exact(4)) {
            for k in 0..4 {
                r[k] |= o[k];
            }
        }
    }

    /// Takes the component whose root is `v` off Tarjan's stack: its set is the union
    /// of its members' rows, kept in the root's row.
    fn close<I>(&mut self, v: u32, t: &mut Tarjan<I>) {
        let at = t
            .stack
            .iter()
            .rposition(|&s| s == v)
            .expect("the root is on the stack");
        for k in at..t.stack.len() {
            let s = t.stack[k];
            t.on_stack[s as usize] = false;
            self.component[s as usize] = v;
            if s != v {
                self.or_row(v as usize, s as usize);
            }
        }
        t.stack.truncate(at);
    }

    /// The marked states `s` reaches (itself among them), as bits.
    pub(crate) fn from(&self, s: usize) -> &[u64] {
        let at = self.component[s] as usize * self.words;
        &self.reach[at..at + self.len]
    }

    /// Whether `s` reaches the state marked `bit`.
    pub(crate) fn reaches(&self, s: usize, bit: usize) -> bool {
        self.from(s)[bit / 64] >> (bit % 64) & 1 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::Reach;

    /// What a breadth-first walk from `s` reaches in the graph `links`.
    fn walk(links: &[Vec<u32>], s: usize) -> Vec<bool> {
        let mut seen = vec![false; links.len()];
        let mut queue = vec![s];
        seen[s] = true;
        while let Some(v) = queue.pop() {
            for &w in &links[v] {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    queue.push(w as usize);
                }
            }
        }
        seen
    }

    /// On pseudo-random graphs, sparse and dense, with cycles and without, every state
    /// reaches what a walk from it reaches, and with marks, the marked ones of those.
    #[test]
    fn each_state_reaches_what_a_walk_from_it_reaches() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for round in 0..60 {
            let m = 1 + (next() % 150) as usize;
            let degree = 1 + round % 4;
            let links: Vec<Vec<u32>> = (0..m)
                .map(|v| {
                    (0..next() % (degree as u64 + 1))
                        .map(|_| match round % 3 {
                            // No cycles: only to later states.
                            0 => (v + 1 + (next() as usize) % m.max(1)).min(m - 1) as u32,
                            _ => (next() % m as u64) as u32,
                        })
                        .filter(|&w| round % 3 != 0 || w as usize > v)
                        .collect()
                })
                .collect();
            let all = Reach::of(m, |s| links[s as usize].iter().copied());
            // Every third state marked, numbered from 0.
            let mark = |s: u32| (s % 3 == 0).then_some(s / 3);
            let marked = Reach::marked(m, m.div_ceil(3), mark, |s| {
                links[s as usize].iter().copied()
            });
            for s in 0..m {
                let seen = walk(&links, s);
                for (t, &seen) in seen.iter().enumerate() {
                    assert_eq!(all.reaches(s, t), seen, "round {round}: {s} to {t}");
                    if t % 3 == 0 {
                        let got = marked.reaches(s, t / 3);
                        assert_eq!(got, seen, "round {round}: {s} to {t}, marked");
                    }
                }
            }
        }
    }
}

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

/// The bookkeeping of Tarjan's algorithm, without recursion: what it knows of each
/// state, the stack of open states, and the calls (a state and the implications of it
/// not yet followed).
struct Tarjan<I> {
    states: Vec<Visit>,
    stack: Vec<u32>,
    calls: Vec<(u32, I)>,
    counter: u32,
}

/// What Tarjan's algorithm knows of one state, kept together: the walk reads them
/// together.
#[derive(Clone, Copy)]
struct Visit {
    /// The visit order (`u32::MAX`: not visited yet) and the lowest link.
    index: u32,
    low: u32,
    /// For a component's root, the last state whose row took the component's set.
    merged: u32,
    on_stack: bool,
}

impl<I> Tarjan<I> {
    /// Enters state `s`, which implies `next`.
    fn visit(&mut self, s: u32, next: I) {
        let v = &mut self.states[s as usize];
        (v.index, v.low, v.on_stack) = (self.counter, self.counter, true);
        self.counter += 1;
        self.stack.push(s);
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
        let fresh = Visit {
            index: u32::MAX,
            low: 0,
            merged: u32::MAX,
            on_stack: false,
        };
        let mut t = Tarjan {
            states: vec![fresh; m],
            stack: Vec::new(),
            calls: Vec::new(),
            counter: 0,
        };
        for root in 0..m as u32 {
            if t.states[root as usize].index != u32::MAX {
                continue;
            }
            r.enter(root, &mut t, &mark, &next);
            while let Some((v, links)) = t.calls.last_mut() {
                let v = *v;
                if let Some(w) = links.next() {
                    let to = t.states[w as usize];
                    if to.index == u32::MAX {
                        r.enter(w, &mut t, &mark, &next);
                    } else if to.on_stack {
                        let from = &mut t.states[v as usize];
                        from.low = from.low.min(to.index);
                    } else {
                        r.take(v, w, &mut t);
                    }
                    continue;
                }
                t.calls.pop();
                let done = t.states[v as usize];
                if done.low == done.index {
                    r.close(v, &mut t);
                }
                if let Some(&(parent, _)) = t.calls.last() {
                    let done = t.states[v as usize];
                    if done.on_stack {
                        let up = &mut t.states[parent as usize];
                        up.low = up.low.min(done.low);
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
        if other == v || t.states[other as usize].merged == v {
            return;
        }
        t.states[other as usize].merged = v;
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
            t.states[s as usize].on_stack = false;
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

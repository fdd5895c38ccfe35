//! What each state of an implication graph reaches, for every state at once.
//!
//! The states are numbered `0..m` and `next(s)` lists the states that `s` implies.
//! Tarjan's algorithm (without recursion) finds the
//! strongly connected components, and closes each one as it leaves the stack: its
//! successors' components are closed before it, so its set of reachable states is its
//! members and the union of theirs, one bit set per component. Walking from a state
//! reaches exactly the states of its component's set.
//!
//! The forcing chains read every premise's consequences from it; the nice loop and
//! AIC search asks it first whether any candidate taken true forces itself false,
//! without which no loop or AIC removes anything.
//!
//! Source: R. Tarjan, "Depth-first search and linear graph algorithms", SIAM J.
//! Comput. 1 (1972).

/// The reachable states of each state of a graph, or those of them a caller marks.
pub(crate) struct Reach {
    /// The component of each state.
    component: Vec<u32>,
    /// The marked states each component reaches, `words` words each.
    reach: Vec<u64>,
    words: usize,
    /// The components closed so far.
    count: u32,
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
    /// For each component closed, the last component its reach was merged into.
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
    pub(crate) fn marked<I: Iterator<Item = u32>>(
        m: usize,
        bits: usize,
        mark: impl Fn(u32) -> Option<u32>,
        next: impl Fn(u32) -> I,
    ) -> Reach {
        let words = bits.div_ceil(64);
        let mut r = Reach {
            component: vec![u32::MAX; m],
            // Room for the most components there can be: one per state.
            reach: Vec::with_capacity(m * words),
            words,
            count: 0,
        };
        let mut t = Tarjan {
            index: vec![u32::MAX; m],
            low: vec![0; m],
            stack: Vec::new(),
            on_stack: vec![false; m],
            calls: Vec::new(),
            counter: 0,
            merged: Vec::new(),
        };
        for root in 0..m as u32 {
            if t.index[root as usize] != u32::MAX {
                continue;
            }
            t.visit(root, next(root));
            while let Some((v, links)) = t.calls.last_mut() {
                let v = *v;
                if let Some(w) = links.next() {
                    let w = w as usize;
                    if t.index[w] == u32::MAX {
                        t.visit(w as u32, next(w as u32));
                    } else if t.on_stack[w] {
                        t.low[v as usize] = t.low[v as usize].min(t.index[w]);
                    }
                    continue;
                }
                t.calls.pop();
                if let Some(&(parent, _)) = t.calls.last() {
                    t.low[parent as usize] = t.low[parent as usize].min(t.low[v as usize]);
                }
                if t.low[v as usize] == t.index[v as usize] {
                    r.close(v, &mut t, &mark, &next);
                }
            }
        }
        r
    }

    /// Takes the component whose root is `v` off Tarjan's stack and draws its reach:
    /// its members and the reach of each other component one of them implies, taken
    /// once (`t.merged` notes the last component each was taken for).
    fn close<I: Iterator<Item = u32>>(
        &mut self,
        v: u32,
        t: &mut Tarjan<I>,
        mark: &impl Fn(u32) -> Option<u32>,
        next: &impl Fn(u32) -> I,
    ) {
        let words = self.words;
        let id = self.count;
        self.count += 1;
        let at = t
            .stack
            .iter()
            .rposition(|&s| s == v)
            .expect("the root is on the stack");
        let start = self.reach.len();
        self.reach.resize(start + words, 0);
        t.merged.push(id);
        for &s in &t.stack[at..] {
            t.on_stack[s as usize] = false;
            self.component[s as usize] = id;
            if let Some(b) = mark(s) {
                self.reach[start + b as usize / 64] |= 1 << (b % 64);
            }
        }
        for &s in &t.stack[at..] {
            for w in next(s) {
                let other = self.component[w as usize];
                if other == id || t.merged[other as usize] == id {
                    continue;
                }
                t.merged[other as usize] = id;
                let from = other as usize * words;
                let (done, this) = self.reach.split_at_mut(start);
                for (r, o) in this.iter_mut().zip(&done[from..from + words]) {
                    *r |= o;
                }
            }
        }
        t.stack.truncate(at);
    }

    /// The marked states `s` reaches (itself among them), as bits.
    pub(crate) fn from(&self, s: usize) -> &[u64] {
        let at = self.component[s] as usize * self.words;
        &self.reach[at..at + self.words]
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

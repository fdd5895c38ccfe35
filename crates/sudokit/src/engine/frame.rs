//! The frame every engine's search runs in: what is asked ([`Query`]: how many
//! solutions, whether to keep the first, the [`Budget`]), the record of the search
//! ([`Run`]: the count, the first solution, the [`Stats`], the budget left), and the
//! entry around an engine's own search ([`run`]: the layout check, the solution as a
//! [`Grid`], a spent budget as [`SolveError::GaveUp`]).
//!
//! The budget is checked as a node is entered ([`Run::enter`]): one comparison of the
//! node count against the next node to check at, so an unbounded search pays one
//! predictable branch a node. The clock is read only every few nodes (fewer on larger
//! boards, where a node costs more), and only when the budget has a deadline; a node
//! budget is exact, so its answers do not depend on the machine.

use std::fmt;
use std::time::{Duration, Instant};

use crate::engine::{Engine, Search, SolveError, Stats};
use crate::grid::Grid;

/// When a search gives up: a deadline, a number of nodes, both, or neither.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Budget {
    /// The search gives up once this instant has passed.
    pub deadline: Option<Instant>,
    /// The search gives up rather than visit more nodes than this.
    pub max_nodes: Option<u64>,
}

impl Budget {
    /// No bound: the search runs to its end.
    pub const UNLIMITED: Budget = Budget {
        deadline: None,
        max_nodes: None,
    };

    /// A deadline `limit` from now (no deadline when that instant cannot be
    /// represented).
    pub fn time(limit: Duration) -> Budget {
        Budget {
            deadline: Instant::now().checked_add(limit),
            max_nodes: None,
        }
    }

    /// At most `max` nodes.
    pub fn nodes(max: u64) -> Budget {
        Budget {
            deadline: None,
            max_nodes: Some(max),
        }
    }

    /// The budget that runs out when either of `self` and `other` does.
    pub fn and(self, other: Budget) -> Budget {
        fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        Budget {
            deadline: tighter(self.deadline, other.deadline),
            max_nodes: tighter(self.max_nodes, other.max_nodes),
        }
    }

    /// Whether the budget bounds nothing.
    pub fn is_unlimited(&self) -> bool {
        self.deadline.is_none() && self.max_nodes.is_none()
    }
}

/// What a search is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Query {
    /// Solutions to find before stopping (at least 1; 0 is taken as 1).
    pub limit: u64,
    /// Whether the first solution is kept ([`Search::solution`]); a count alone need
    /// not build it.
    pub keep_first: bool,
    /// When to give up.
    pub budget: Budget,
}

impl Query {
    /// The first solution.
    pub fn first() -> Query {
        Query::up_to(1)
    }

    /// Up to `limit` solutions, keeping the first.
    pub fn up_to(limit: u64) -> Query {
        Query {
            limit,
            keep_first: true,
            budget: Budget::UNLIMITED,
        }
    }

    /// Up to `limit` solutions, keeping none: a count alone.
    pub fn count(limit: u64) -> Query {
        Query {
            keep_first: false,
            ..Query::up_to(limit)
        }
    }

    /// The same query within `budget`.
    pub fn within(self, budget: Budget) -> Query {
        Query { budget, ..self }
    }
}

/// Why a search gave up before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GiveUp {
    /// The budget's deadline passed.
    Deadline,
    /// The budget's node count ran out.
    Nodes(u64),
    /// The engine's own bound on the states it expands or keeps (`bfs`, `best-first`).
    EngineBound,
}

impl fmt::Display for GiveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GiveUp::Deadline => {
                f.write_str("the time limit ran out; allow more time, or try another engine")
            }
            GiveUp::Nodes(max) => write!(
                f,
                "the budget of {max} nodes ran out; allow more nodes, or try another engine"
            ),
            GiveUp::EngineBound => f.write_str(
                "the engine's own bound on states expanded or kept ran out; \
                 use a depth-first engine such as `generic`",
            ),
        }
    }
}

/// One search: what it is asked for, what it found, what it cost.
///
/// `S` is the engine's own form of a solution, turned into a [`Grid`] by [`run`].
pub struct Run<S> {
    limit: u64,
    keep_first: bool,
    /// Solutions found so far (at most the limit).
    pub count: u64,
    /// The first solution, when the query keeps it.
    pub first: Option<S>,
    /// Search counters.
    pub stats: Stats,
    budget: Budget,
    /// The node count at which the budget is checked next (`u64::MAX` for none).
    next_check: u64,
    /// Nodes between two readings of the clock.
    interval: u64,
    gave_up: Option<GiveUp>,
}

impl<S> Run<S> {
    /// A search for `query` on a board of `cells` cells.
    pub fn new(query: &Query, cells: usize) -> Run<S> {
        let budget = query.budget;
        Run {
            limit: query.limit.max(1),
            keep_first: query.keep_first,
            count: 0,
            first: None,
            stats: Stats::default(),
            budget,
            next_check: if budget.is_unlimited() { u64::MAX } else { 1 },
            interval: (CLOCK_WORK / cells.max(1) as u64).clamp(1, 1024),
            gave_up: None,
        }
    }

    /// Counts a solution; `solution` is asked for only for the first one, and only
    /// when the query keeps it.
    #[inline(always)]
    pub fn found(&mut self, solution: impl FnOnce() -> S) {
        if self.count == 0 && self.keep_first {
            self.first = Some(solution());
        }
        self.count += 1;
    }

    /// Whether the search should stop: it found as many solutions as it looks for, or
    /// it gave up.
    #[inline(always)]
    pub fn done(&self) -> bool {
        self.count >= self.limit
    }

    /// Counts a node entered; `false` when the budget is spent (the search then stops:
    /// [`Run::done`] holds from here on).
    #[inline(always)]
    pub fn enter(&mut self) -> bool {
        self.stats.nodes += 1;
        self.stats.nodes < self.next_check || self.check()
    }

    /// A first attempt at the same query within at most `max_nodes` nodes (and the
    /// query's own budget): an engine that may restart its search differently runs
    /// the attempt, then [`Run::absorb`]s it.
    pub fn attempt(&self, max_nodes: u64) -> Run<S> {
        let query = Query {
            limit: self.limit,
            keep_first: self.keep_first,
            budget: self.budget.and(Budget::nodes(max_nodes)),
        };
        let mut attempt = Run::new(&query, 0);
        attempt.interval = self.interval;
        attempt
    }

    /// Takes over an [`Run::attempt`]'s nodes, and unless it ran out of its own
    /// `max_nodes` short of the query's budget, its answer; `true` when it did run out
    /// (the engine then searches again, and this run's count starts afresh).
    pub fn absorb(&mut self, attempt: Run<S>, max_nodes: u64) -> bool {
        self.stats = attempt.stats;
        let cut = attempt.gave_up == Some(GiveUp::Nodes(max_nodes))
            && self.budget.max_nodes.is_none_or(|max| max > max_nodes);
        if cut {
            return true;
        }
        self.count = attempt.count;
        self.first = attempt.first;
        if let Some(reason) = attempt.gave_up {
            self.give_up(reason);
        }
        false
    }

    /// Gives up for the engine's own `reason` (a bound of its own); the search stops.
    pub fn give_up(&mut self, reason: GiveUp) {
        self.gave_up = Some(reason);
        self.limit = 0;
        self.next_check = 0;
    }

    /// Checks the budget; `false` (and gives up) when it is spent.
    #[cold]
    #[inline(never)]
    fn check(&mut self) -> bool {
        if self.gave_up.is_some() {
            return false;
        }
        let nodes = self.stats.nodes;
        if let Some(max) = self.budget.max_nodes.filter(|&max| nodes > max) {
            // The node is not entered.
            self.stats.nodes = max;
            self.give_up(GiveUp::Nodes(max));
            return false;
        }
        if self.budget.deadline.is_some_and(|d| Instant::now() >= d) {
            self.give_up(GiveUp::Deadline);
            return false;
        }
        let by_clock = self.budget.deadline.map(|_| nodes + self.interval);
        let by_count = self.budget.max_nodes.map(|max| max.saturating_add(1));
        self.next_check = by_clock
            .into_iter()
            .chain(by_count)
            .min()
            .unwrap_or(u64::MAX);
        true
    }
}

/// Roughly the cell updates between two readings of the clock: a node of a search on
/// `n` cells costs work in proportion to `n`, so the clock is read every
/// `CLOCK_WORK / n` nodes (at most 1024, at least every node).
const CLOCK_WORK: u64 = 1 << 16;

/// [`Engine::search`] around an engine's own search `body`: a layout the engine does
/// not support gets [`SolveError::Unsupported`]; `body` searches within a [`Run`] for
/// `query` and returns what else it counted; the first solution, if kept, becomes a
/// grid through `cells` (row-major digits); a spent budget gives
/// [`SolveError::GaveUp`].
pub fn run<S, T>(
    engine: &(impl Engine + ?Sized),
    puzzle: &Grid,
    query: &Query,
    body: impl FnOnce(&mut Run<S>) -> T,
    cells: impl FnOnce(S) -> Vec<u8>,
) -> Result<(Search, T), SolveError> {
    let layout = puzzle.layout();
    if !engine.supports(layout) {
        return Err(SolveError::Unsupported {
            engine: engine.name(),
            size: layout.size(),
        });
    }
    let mut record = Run::new(query, layout.cell_count());
    let extra = body(&mut record);
    if let Some(reason) = record.gave_up {
        return Err(SolveError::GaveUp {
            engine: engine.name(),
            nodes: record.stats.nodes,
            reason,
        });
    }
    let solution = record.first.map(|first| {
        Grid::from_cells(layout.clone(), cells(first))
            .expect("an engine's solution has a digit of the board in every cell")
    });
    let search = Search {
        count: record.count,
        solution,
        stats: record.stats,
    };
    Ok((search, extra))
}

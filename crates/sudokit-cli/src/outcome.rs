//! What an engine made of one puzzle as read: the search result, or the reason there
//! is none (unreadable, invalid, unsupported by the engine).

use std::time::Duration;

use sudokit::engine::{Budget, Engine, GiveUp, Query};
use sudokit::logic::SOLVER_NAME;
use sudokit::{ParseError, PuzzleError, Search, SolveError};

use crate::common::Tally;
use crate::driver::fail;
use crate::input::Item;
use crate::record::Records;

/// The result of searching one input puzzle.
#[derive(Debug)]
pub enum Outcome {
    /// The engine ran: count (up to the limit) and first solution.
    Searched(Search),
    /// The puzzle could not be read.
    Malformed(ParseError),
    /// The puzzle has a digit twice in a unit.
    Invalid(PuzzleError),
    /// The engine could not answer.
    Engine(SolveError),
}

/// Validates and searches one puzzle, for up to `limit` solutions, giving up after
/// `time_limit` when there is one.
///
/// An engine that rejects clashing givens itself ([`Engine::rejects_clashes`]) searches
/// first, and the puzzle is validated only when no solution was found, to tell an
/// invalid puzzle from an unsolvable one; other engines get only valid puzzles.
pub fn search(
    item: &Item<'_>,
    engine: &dyn Engine,
    limit: u64,
    time_limit: Option<Duration>,
) -> Outcome {
    let puzzle = match &item.puzzle {
        Ok(p) => p,
        Err(e) => return Outcome::Malformed(e.clone()),
    };
    let checked_by_engine = engine.rejects_clashes(puzzle.layout());
    if !checked_by_engine {
        if let Err(e) = puzzle.validate() {
            return Outcome::Invalid(e);
        }
    }
    let budget = time_limit.map_or(Budget::UNLIMITED, Budget::time);
    match engine.search(puzzle, &Query::up_to(limit).within(budget)) {
        Ok(s) if s.count == 0 && checked_by_engine => match puzzle.validate() {
            Err(e) => Outcome::Invalid(e),
            Ok(()) => Outcome::Searched(s),
        },
        Ok(s) => Outcome::Searched(s),
        Err(e) => Outcome::Engine(e),
    }
}

/// Writes the failure record of a puzzle the engine did not search (malformed,
/// invalid, unsupported) and returns `None`; returns the search otherwise.
pub fn searched<'a>(
    item: &Item<'_>,
    outcome: &'a Outcome,
    out: &mut Records,
    tally: &mut Tally,
    blank: bool,
) -> std::io::Result<Option<&'a Search>> {
    let (kind, message) = match outcome {
        Outcome::Searched(s) => {
            tally.stats += s.stats;
            return Ok(Some(s));
        }
        Outcome::Malformed(e) => {
            tally.malformed += 1;
            ("malformed", e.to_string())
        }
        Outcome::Invalid(e) => {
            tally.invalid += 1;
            (
                "invalid",
                format!("line {}: invalid puzzle: {e}", item.line),
            )
        }
        Outcome::Engine(e @ SolveError::GaveUp { .. }) => {
            tally.gave_up += 1;
            ("gave up", gave_up_message(item.line, e))
        }
        Outcome::Engine(e) => {
            tally.engine_errors += 1;
            ("engine", format!("line {}: {e}", item.line))
        }
    };
    fail(out, tally, item, kind, &message, blank)?;
    Ok(None)
}

/// The message of a puzzle given up on: where, and what to do (`--time-limit` when the
/// time limit ran out).
///
/// Logic ([`SOLVER_NAME`]) gives up after rounds of steps, not nodes of a search, and
/// another engine would not help it: its message says so.
pub fn gave_up_message(line: usize, e: &SolveError) -> String {
    match e {
        SolveError::GaveUp {
            engine: SOLVER_NAME,
            nodes,
            reason,
        } => {
            let what = match reason {
                GiveUp::Nodes(max) => format!("its budget of {max} rounds ran out"),
                _ => "the time limit ran out (raise --time-limit)".to_string(),
            };
            format!("line {line}: logic gave up after {nodes} rounds of steps: {what}")
        }
        SolveError::GaveUp {
            reason: GiveUp::Deadline,
            ..
        } => format!("line {line}: {e} (raise --time-limit)"),
        _ => format!("line {line}: {e}"),
    }
}

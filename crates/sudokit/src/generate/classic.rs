//! Clue removal on classic 9×9 boards, decided with bit sets and the `fast` engine.
//!
//! [`Classic`] holds the puzzle being reduced as a [`CellSet`] of clues beside its
//! digits, and decides each removal of a group `G` from a puzzle with the unique
//! solution `S` in three steps, cheapest first; each answer is exact:
//!
//! 1. **Singles** — if naked and hidden singles from the clues left put every cell of
//!    `G` back, the solution is still unique. Per digit, the set of cells that see a
//!    clue of it makes each test a few mask operations.
//! 2. **Unavoidable sets** — if a set of [`Unavoidable`] has no clue left, there is a
//!    second solution.
//! 3. **Search** — otherwise the `fast` engine looks for a solution that differs from
//!    `S` on `G` ([`crate::engine::fast::differs_on`]): a second solution
//!    exists exactly when there is one.

use crate::engine::fast;
use crate::generate::cells::{cells, CellSet, PEERS, UNITS_OF};
use crate::generate::unavoidable::Unavoidable;
use crate::generate::{GenerateError, Removable};

/// Whether `digits` (row-major) is a full valid 9×9 grid: every row, column and box
/// holds `1..=9`.
pub(crate) fn is_solution_grid(digits: &[u8; 81]) -> bool {
    let mut seen = [0u16; 27];
    for (c, &d) in digits.iter().enumerate() {
        let bit = 1u16 << d.min(15);
        seen[c / 9] |= bit;
        seen[9 + c % 9] |= bit;
        seen[18 + c / 27 * 3 + c % 9 / 3] |= bit;
    }
    seen.iter().all(|&s| s == 0x3fe)
}

/// A 9×9 puzzle being reduced from its solution (see the module docs).
pub(crate) struct Classic {
    solution: [u8; 81],
    puzzle: [u8; 81],
    clues: CellSet,
    /// The solution's cells of each digit (index `d - 1`).
    of_digit: [CellSet; 9],
    /// Per digit (index `d - 1`): the cells that see a clue of it.
    sees: [CellSet; 9],
    unavoidable: Unavoidable,
}

impl Classic {
    /// Starts from `solution`, row-major, which must pass [`is_solution_grid`] (the
    /// sets and searches assume it; digits out of `1..=9` are only clamped so that
    /// indexing stays in range).
    pub(crate) fn new(solution: [u8; 81]) -> Classic {
        let mut of_digit = [0; 9];
        for (c, &d) in solution.iter().enumerate() {
            of_digit[usize::from(d.clamp(1, 9) - 1)] |= 1 << c;
        }
        let mut board = Classic {
            solution,
            puzzle: solution,
            clues: (1 << 81) - 1,
            of_digit,
            sees: [0; 9],
            unavoidable: Unavoidable::of(&solution),
        };
        for d in 0..9 {
            board.sees[d] = board.seeing(d, board.clues);
        }
        board
    }

    /// The puzzle, row-major.
    pub(crate) fn puzzle(&self) -> &[u8; 81] {
        &self.puzzle
    }

    /// The cells that see a clue of digit index `d` among `clues`.
    fn seeing(&self, d: usize, clues: CellSet) -> CellSet {
        cells(self.of_digit[d] & clues).fold(0, |m, c| m | PEERS[c])
    }

    /// The digit index of the solution at `cell`.
    fn digit(&self, cell: usize) -> usize {
        usize::from(self.solution[cell].clamp(1, 9) - 1)
    }

    /// Whether the empty `cell` is forced to its solution digit by the clues `clues`
    /// (with `sees` for them): a naked single (every other digit sees it) or a hidden
    /// single (no other open cell of one of its units can take the digit).
    fn forced(&self, cell: usize, clues: CellSet, sees: &[CellSet; 9]) -> bool {
        let d = self.digit(cell);
        let naked = (0..9).all(|e| e == d || sees[e] >> cell & 1 == 1);
        naked
            || UNITS_OF[cell]
                .iter()
                .any(|&unit| unit & !clues & !sees[d] == 1 << cell)
    }

    /// With `group` just cleared: whether singles put every cell of it back.
    fn refilled_by_singles(&self, group: &[usize]) -> bool {
        let (mut clues, mut sees) = (self.clues, self.sees);
        let mut open: CellSet = group.iter().fold(0, |m, &c| m | 1 << c);
        let mut progress = true;
        while progress && open != 0 {
            progress = false;
            for cell in cells(open) {
                if self.forced(cell, clues, &sees) {
                    clues |= 1 << cell;
                    sees[self.digit(cell)] |= PEERS[cell];
                    open &= !(1 << cell);
                    progress = true;
                }
            }
        }
        open == 0
    }

    /// Clears the cells of `group`.
    fn clear(&mut self, group: &[usize]) {
        let mut digits = 0u16;
        for &c in group {
            self.clues &= !(1 << c);
            self.puzzle[c] = 0;
            digits |= 1 << self.digit(c);
        }
        for d in 0..9 {
            if digits >> d & 1 == 1 {
                self.sees[d] = self.seeing(d, self.clues);
            }
        }
    }
}

impl Removable for Classic {
    fn is_given(&self, cell: usize) -> bool {
        self.clues >> cell & 1 == 1
    }

    fn clue_count(&self) -> usize {
        self.clues.count_ones() as usize
    }

    fn remove(&mut self, group: &[usize]) -> Result<bool, GenerateError> {
        let (clues, puzzle, sees) = (self.clues, self.puzzle, self.sees);
        self.clear(group);
        let unique = self.refilled_by_singles(group)
            || (!self.unavoidable.uncovered(self.clues)
                && !fast::differs_on(&self.puzzle, group, &self.solution));
        if !unique {
            (self.clues, self.puzzle, self.sees) = (clues, puzzle, sees);
        }
        Ok(unique)
    }
}

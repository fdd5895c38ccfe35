#' sudokit: Sudoku puzzles from R on a compiled core
#'
#' Solve, count, rate, explain and generate Sudoku puzzles of every classic size.
#' Every function is vectorised over a character vector of puzzles and answers the
#' whole vector in one call to the compiled 'sudokit' library, so large batches cost
#' no R overhead per puzzle.
#'
#' Puzzles can be given as
#' * character strings in any form the library reads: 81-character lines (`.`, `0`,
#'   `_` or `*` for an empty cell; text after the puzzle on its line is ignored),
#'   blocks of rows with or without `|`, `-`, `+` rules, and whitespace-separated
#'   numbers (`0` for empty; needed for boards over 35x35);
#' * numeric matrices (`0` or `NA` for an empty cell), as [sudoku_read()] returns;
#' * lists of either.
#'
#' Main functions: [sudoku_solve()], [sudoku_count()], [sudoku_is_unique()],
#' [sudoku_read()], [sudoku_generate()], [sudoku_rate()], [sudoku_hint()],
#' [sudoku_explain()], [sudoku_candidates()], and [sudoku_solve_r()] (the pure R
#' solver, for comparison).
#'
#' @section Problems:
#' A puzzle that cannot be answered gives `NA` (and an attribute `problems`, a data
#' frame of `index`, `class` and `message`) with one warning per kind of problem, or,
#' with `on_error = "stop"`, an error for the first. Both are conditions of class
#' `sudokit_parse_error` (text that is not a puzzle), `sudokit_invalid_puzzle` (a
#' digit twice in a row, column or box), `sudokit_no_solution` (a valid puzzle
#' without a solution, for [sudoku_solve()]), `sudokit_solve_error` or
#' `sudokit_generate_error`, each also of class `sudokit_error`; their message is the
#' library's, prefixed with the puzzle's position (`x[3]: ...`).
#'
#' @section Threads and interrupts:
#' `threads` (default `getOption("sudokit.threads", 1)`) sets how many threads answer
#' a batch. Long batches are cut into chunks, so Ctrl-C stops them between two chunks.
#'
#' @keywords internal
#' @useDynLib sudokit, .registration = TRUE
"_PACKAGE"

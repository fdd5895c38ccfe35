#' Generate Sudoku puzzles
#'
#' Makes puzzles with exactly one solution: a random full grid, then clues removed
#' orbit by orbit of the clue pattern's `symmetry` while the solution stays unique,
#' down to a minimal puzzle (or to `clues` givens). `difficulty` keeps only puzzles of
#' that HoDoKu level, as [sudoku_rate()] grades them.
#'
#' @param n How many puzzles.
#' @param difficulty `NULL` for any, or a level: `"easy"`, `"medium"`, `"hard"`,
#'   `"unfair"` or `"extreme"`.
#' @param symmetry The symmetry of the clue pattern: `"rotate-180"`, `"none"`,
#'   `"rotate-90"`, `"mirror"`, `"flip"`, `"diagonal"`, `"anti-diagonal"`,
#'   `"both-diagonals"`, `"dihedral"`, or `"random"` (one per puzzle).
#' @param seed A number (0 to 2^53): the same seed gives the same puzzles, whatever
#'   `threads`. `NULL` draws one from R's random numbers, so [set.seed()] makes the
#'   call reproducible.
#' @param size The board size (4, 6, 8, 9, 12, 16, ...).
#' @param clues Stop removing clues at this many givens instead of going on to a
#'   minimal puzzle (`NULL`).
#' @param strict_minimal Also remove single clues at the end (breaking the symmetry
#'   if need be), so that no clue can be removed.
#' @param max_attempts Puzzles made for each one returned before giving up (a puzzle
#'   of the wrong difficulty, or over `clues`, is an attempt).
#' @inheritParams sudoku_solve
#' @return A character vector of `n` puzzles as lines (`NA` where no puzzle matched
#'   within `max_attempts`, with a `sudokit_generate_error` warning or error).
#' @export
#' @examples
#' p <- sudoku_generate(2, seed = 1)
#' sudoku_is_unique(p)
#' sudoku_generate(1, difficulty = "easy", seed = 7)
#' sudoku_generate(1, size = 4, symmetry = "none", seed = 3)
sudoku_generate <- function(n = 1, difficulty = NULL, symmetry = "rotate-180",
                            seed = NULL, size = 9, clues = NULL,
                            strict_minimal = FALSE, max_attempts = 1000,
                            threads = getOption("sudokit.threads", 1L), on_error = c("warn", "stop")) {
  on_error <- on_error_arg(on_error)
  if (!is.numeric(n) || length(n) != 1L || is.na(n) || n < 0) {
    stop("`n` must be one number, 0 or more", call. = FALSE)
  }
  symmetry <- match.arg(symmetry, names_of("symmetry"))
  difficulty <- if (is.null(difficulty)) "" else match.arg(difficulty, names_of("level"))
  if (is.null(seed)) seed <- floor(stats::runif(1L) * 2^31)
  if (!is.numeric(seed) || length(seed) != 1L || is.na(seed) || seed < 0 ||
      seed > 2^53 || seed != floor(seed)) {
    stop("`seed` must be NULL or one whole number from 0 to 2^53", call. = FALSE)
  }
  clues <- if (is.null(clues)) -1L else as.integer(clues)
  threads <- threads_arg(threads)
  per_call <- 4L * threads
  starts <- seq.int(0L, max(0L, n - 1L), by = per_call)
  value <- character(0)
  status <- integer(0)
  message <- character(0)
  for (first in starts[starts < n]) {
    res <- checked(generate_text(as.integer(min(per_call, n - first)), first,
                                 size_arg(size), symmetry, clues, isTRUE(strict_minimal),
                                 difficulty, seed, max_attempts, threads))
    value <- c(value, res$value)
    status <- c(status, res$status)
    message <- c(message, res$message)
  }
  problems <- report_problems(status, message, on_error, arg = "puzzle",
                              call = sys.call())
  if (!is.null(problems)) attr(value, "problems") <- problems
  value
}

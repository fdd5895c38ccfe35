#' Solve Sudoku puzzles
#'
#' Solves every puzzle of `x` with the compiled library in one call (in chunks for
#' long batches, so that Ctrl-C is seen).
#'
#' @param x Puzzles: a character vector (any text form the library reads, one puzzle
#'   per element), a numeric matrix (`0` or `NA` for empty), or a list of either.
#' @param engine The solving engine: `"auto"` (the fastest for each board) or one of
#'   [sudoku_engines()].
#' @param size The board size (`9`, `16`, ...), or `NULL` to infer it from each puzzle.
#' @param threads Threads that answer a batch.
#' @param on_error What a puzzle that cannot be answered does: `"warn"` gives `NA`
#'   and a warning; `"stop"` raises an error. See "Problems" in [sudokit-package].
#' @param format For a character vector `x`: `"line"` gives the solutions as lines;
#'   `"cells"` as an integer matrix with one row per puzzle and one column per cell
#'   (row-major, all puzzles of one size). `"cells"` is the fast form for large
#'   batches: R keeps every distinct string in a global table whose hash spreads full
#'   grids (the same digits in different orders) badly, which makes creating tens of
#'   thousands of solution strings slower than solving them.
#' @return Shaped like `x`: a character vector of solutions as lines (names kept) or
#'   the matrix of `format = "cells"`; a `sudoku` matrix for a matrix (its attribute
#'   `puzzle` holds the givens); a list for a list. `NA` where a puzzle has no solution
#'   or cannot be read; then the attribute `problems` says why.
#' @export
#' @examples
#' sudoku_solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
#' p <- sudoku_read("
#' 1 0 0 0 0 0 0 0 6
#' 0 0 6 0 2 0 7 0 0
#' 7 8 9 4 5 0 1 0 3
#' 0 0 0 8 0 7 0 0 4
#' 0 0 0 0 3 0 0 0 0
#' 0 9 0 0 0 4 2 0 1
#' 3 1 2 9 7 0 0 4 0
#' 0 4 0 0 1 2 0 7 8
#' 9 0 8 0 0 0 0 0 0")
#' sudoku_solve(p)
#' sudoku_solve(c(ok = "1...2...3...4...", bad = "12.."))
sudoku_solve <- function(x, engine = "auto", size = NULL, threads = getOption("sudokit.threads", 1L),
                         on_error = c("warn", "stop"), format = c("line", "cells")) {
  on_error <- on_error_arg(on_error)
  format <- one_of(format, c("line", "cells"), "format")
  engine <- engine_arg(engine)
  input <- puzzle_input(x)
  threads <- threads_arg(threads)
  cells <- format == "cells" && input$shape == "character"
  solve_chunk <- function(text) {
    res <- checked(solve_text(text, size_arg(size), engine, threads, cells))
    if (cells) res$value <- list(matrix(res$value, length(text), res$width))
    res
  }
  res <- run_chunks(solve_chunk, input$text, threads)
  problems <- report_problems(res$status, res$message, on_error, call = sys.call())
  out <- if (cells) {
    width <- max(vapply(res$value, ncol, integer(1)))
    do.call(rbind, lapply(res$value, function(m) {
      if (ncol(m) == width) m else matrix(NA_integer_, nrow(m), width)
    }))
  } else {
    shape_output(res$value, input, solution_matrix)
  }
  if (cells && !is.null(input$names)) rownames(out) <- input$names
  if (!is.null(problems)) attr(out, "problems") <- problems
  out
}

#' Count the solutions of Sudoku puzzles
#'
#' `sudoku_count()` counts the solutions of each puzzle, stopping at `limit`;
#' `sudoku_is_unique()` tells whether each has exactly one.
#'
#' @inheritParams sudoku_solve
#' @param limit Stop counting at this many solutions (`2` tells unique from not).
#' @return `sudoku_count()`: the counts (integer, or double when `limit` exceeds the
#'   integer range), `0` for a valid puzzle without a solution, `NA` for a puzzle that
#'   cannot be read or breaks the rules. `sudoku_is_unique()`: logical, `NA` likewise.
#'   Names are kept; a `problems` attribute as for [sudoku_solve()].
#' @export
#' @examples
#' sudoku_count(c("1...2...3...4...", "1..4.........32."), limit = 100)
#' sudoku_is_unique("1..4.........32.")
sudoku_count <- function(x, limit = 2, engine = "auto", size = NULL,
                         threads = getOption("sudokit.threads", 1L), on_error = c("warn", "stop")) {
  on_error <- on_error_arg(on_error)
  engine <- engine_arg(engine)
  if (!is.numeric(limit) || length(limit) != 1L || is.na(limit) || limit < 1 ||
      limit > 2^53) {
    stop("`limit` must be one number from 1 to 2^53", call. = FALSE)
  }
  input <- puzzle_input(x)
  threads <- threads_arg(threads)
  res <- run_chunks(count_text, input$text, threads, size_arg(size), engine,
                    floor(limit), threads)
  problems <- report_problems(res$status, res$message, on_error, call = sys.call())
  value <- res$value
  if (limit <= .Machine$integer.max) value <- as.integer(value)
  names(value) <- input$names
  if (!is.null(problems)) attr(value, "problems") <- problems
  value
}

#' @rdname sudoku_count
#' @export
sudoku_is_unique <- function(x, engine = "auto", size = NULL,
                             threads = getOption("sudokit.threads", 1L), on_error = c("warn", "stop")) {
  counts <- sudoku_count(x, limit = 2, engine = engine, size = size, threads = threads,
                         on_error = on_error)
  out <- as.vector(counts) == 1L
  names(out) <- names(counts)
  attr(out, "problems") <- attr(counts, "problems")
  out
}

#' Solving engines
#'
#' @return The names accepted by the `engine` argument: `"auto"` picks `"fast"` for
#'   9x9 boards and `"generic"` for the others; `"norvig"`, `"backtrack"`, `"dlx"`,
#'   `"bfs"` and `"best-first"` are the classic algorithms, for comparison.
#' @export
#' @examples
#' sudoku_engines()
sudoku_engines <- function() names_of("engine")

engine_arg <- function(engine) {
  if (!is.character(engine) || length(engine) != 1L || is.na(engine)) {
    stop("`engine` must be one engine name", call. = FALSE)
  }
  engine
}

# A solution line as a `sudoku` matrix whose attribute `puzzle` holds the givens
# (read from `puzzle`, the puzzle's text); NA when there is no solution.
solution_matrix <- function(line, puzzle) {
  if (is.na(line)) return(NA)
  grids <- grids_of(checked(parse_text(c(line, puzzle), 0L, FALSE)))
  out <- grids[[1L]]
  attr(out, "puzzle") <- grids[[2L]]
  out
}

#' Plot a Sudoku board
#'
#' Draws the board with base graphics: givens in bold, the digits a solver filled in
#' (a board from [sudoku_solve()]) in blue, the candidates of empty cells in small
#' grey digits, and, when `step` is given, the cells of that step highlighted (its
#' pattern in yellow, its placements in green, its eliminations struck in red).
#'
#' @param x A `sudoku` board.
#' @param step A step to highlight: one row of [sudoku_hint()] or [sudoku_explain()].
#' @param candidates Whether to draw the candidates of empty cells (boards up to
#'   16x16).
#' @param main A title.
#' @param ... Passed to [graphics::plot.window()].
#' @return `x`, invisibly.
#' @export
#' @examples
#' p <- sudoku_read("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
#' plot(p, step = sudoku_hint(p))
#' plot(sudoku_solve(p))
plot.sudoku <- function(x, step = NULL, candidates = TRUE, main = NULL, ...) {
  n <- nrow(x)
  shape <- box_shape(n)
  givens <- attr(x, "puzzle")
  if (is.null(givens)) givens <- x
  board <- unclass(x)
  graphics::plot.new()
  old <- graphics::par(mar = c(0.5, 0.5, if (is.null(main)) 0.5 else 2.5, 0.5))
  on.exit(graphics::par(old))
  graphics::plot.window(xlim = c(0, n), ylim = c(0, n), asp = 1, ...)
  if (!is.null(main)) graphics::title(main)
  # Cell (r, c) spans x in [c - 1, c] and y in [n - r, n - r + 1].
  fill <- function(cells, col) {
    if (nrow(cells)) {
      graphics::rect(cells[, 2L] - 1, n - cells[, 1L], cells[, 2L], n - cells[, 1L] + 1,
                     col = col, border = NA)
    }
  }
  marks <- step_marks(step)
  fill(marks$cells, "#fff3b0")
  fill(marks$placements[, 1:2, drop = FALSE], "#c8f0c0")
  fill(marks$eliminations[, 1:2, drop = FALSE], "#ffd6d6")
  graphics::segments(0:n, 0, 0:n, n, col = "grey60",
                     lwd = ifelse(0:n %% shape[2L] == 0L, 2.5, 0.7))
  graphics::segments(0, 0:n, n, 0:n, col = "grey60",
                     lwd = ifelse((n - 0:n) %% shape[1L] == 0L, 2.5, 0.7))
  cex <- 1.6 * 9 / max(n, 9)
  filled <- which(board != 0L, arr.ind = TRUE)
  if (nrow(filled)) {
    given <- unclass(givens)[filled] != 0L
    graphics::text(filled[, 2L] - 0.5, n - filled[, 1L] + 0.5, board[filled],
                   font = ifelse(given, 2L, 1L), col = ifelse(given, "black", "#1f5fbf"),
                   cex = cex)
  }
  if (candidates && n <= 16L && any(board == 0L)) {
    draw_candidates(x, n, shape, marks$eliminations)
  }
  invisible(x)
}

# The candidates of the empty cells, each digit at its place in a small grid inside
# the cell; eliminated ones in red.
draw_candidates <- function(x, n, shape, eliminated) {
  cand <- sudoku_candidates(x)
  at <- which(cand, arr.ind = TRUE)
  if (!nrow(at)) return(invisible())
  sub_r <- shape[1L]
  sub_c <- shape[2L]
  d <- at[, 3L] - 1L
  xs <- at[, 2L] - 1 + (d %% sub_c + 0.5) / sub_c
  ys <- n - at[, 1L] + 1 - (d %/% sub_c + 0.5) / sub_r
  key <- paste(at[, 1L], at[, 2L], at[, 3L])
  gone <- key %in% paste(eliminated[, 1L], eliminated[, 2L], eliminated[, 3L])
  graphics::text(xs, ys, at[, 3L], cex = 0.55 * 9 / max(n, 9),
                 col = ifelse(gone, "red", "grey45"), font = ifelse(gone, 2L, 1L))
}

# The cells of a step as matrices: `cells` (row, col), `placements` and
# `eliminations` (row, col, digit), parsed from its `r3c5=7` notation.
step_marks <- function(step) {
  none <- matrix(integer(0), 0L, 3L)
  if (is.null(step) || !NROW(step)) {
    return(list(cells = none[, 1:2, drop = FALSE], placements = none,
                eliminations = none))
  }
  if (NROW(step) > 1L) stop("`step` must be one step (one row)", call. = FALSE)
  numbers <- function(text, pattern, k) {
    found <- regmatches(text, gregexpr(pattern, text))[[1L]]
    if (!length(found)) return(none[, seq_len(k), drop = FALSE])
    parts <- regmatches(found, gregexpr("[0-9]+", found))
    matrix(as.integer(unlist(parts)), ncol = k, byrow = TRUE)
  }
  list(
    cells = numbers(step$cells, "r[0-9]+c[0-9]+", 2L),
    placements = numbers(step$placements, "r[0-9]+c[0-9]+=[0-9]+", 3L),
    eliminations = numbers(step$eliminations, "r[0-9]+c[0-9]+<>[0-9]+", 3L)
  )
}

#' A Sudoku solver in pure R
#'
#' The recursive solver of Bob Jansen's talk "Solving sudoku's with R and C++"
#' (SatRday, 2018), in plain R: find the digits each empty cell allows
#' (`choices`), fill a cell that has one, stop at a cell that has none, otherwise
#' branch on the cell with the fewest and recurse. It is here as the baseline that
#' the compiled solver is measured against (see `vignette("sudokit")`) and as an
#' independent check of it in the tests; it is slow on hard puzzles (seconds to
#' minutes).
#'
#' @param x One 9x9 puzzle: a numeric matrix (`0` or `NA` for empty) or a string.
#' @return The solution as a `sudoku` matrix, or `NULL` when the puzzle has none.
#' @export
#' @examples
#' sudoku_solve_r("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
sudoku_solve_r <- function(x) {
  grid <- if (is.matrix(x)) as_sudoku(x) else sudoku_read(x)
  if (nrow(grid) != 9L) stop("the pure R solver handles 9x9 puzzles only", call. = FALSE)
  grid <- unclass(grid)
  if (!r_consistent(grid)) return(NULL)
  found <- r_search(grid)
  if (is.null(found)) NULL else as_sudoku(found)
}

# The digits the rules allow in the empty cell (i, j): those not in its row, column
# or 3 x 3 box.
r_choices <- function(grid, i, j) {
  bi <- i - (i - 1L) %% 3L + 0:2
  bj <- j - (j - 1L) %% 3L + 0:2
  setdiff(setdiff(setdiff(1:9, grid[i, ]), grid[, j]), grid[bi, bj])
}

# One pass over the empty cells: a contradiction (a cell without choices) returns
# `dead = TRUE`; a cell with one choice is filled and returned as the only branch;
# otherwise the branches are the grid with each choice of the cell with the fewest.
r_eliminate <- function(grid) {
  best <- NULL
  fewest <- 10L
  for (i in 1:9) {
    for (j in 1:9) {
      if (grid[i, j] != 0L) next
      choices <- r_choices(grid, i, j)
      if (length(choices) == 0L) return(list(dead = TRUE))
      if (length(choices) == 1L) {
        grid[i, j] <- choices
        return(list(dead = FALSE, grid = grid, branches = list(grid)))
      }
      if (length(choices) < fewest) {
        fewest <- length(choices)
        best <- lapply(choices, function(d) {
          grid[i, j] <- d
          grid
        })
      }
    }
  }
  list(dead = FALSE, grid = grid, branches = best)
}

# Depth-first search over `r_eliminate()`'s branches; the first full grid, or NULL.
r_search <- function(grid) {
  step <- r_eliminate(grid)
  if (step$dead) return(NULL)
  if (all(step$grid != 0L)) return(step$grid)
  for (branch in step$branches) {
    found <- r_search(branch)
    if (!is.null(found)) return(found)
  }
  NULL
}

# Whether no digit of the givens repeats in a row, column or box (the search only
# checks the cells it fills).
r_consistent <- function(grid) {
  unit_ok <- function(v) !anyDuplicated(v[v != 0L])
  boxes <- lapply(0:8, function(b) grid[b %/% 3L * 3L + 1:3, b %% 3L * 3L + 1:3])
  all(apply(grid, 1L, unit_ok)) && all(apply(grid, 2L, unit_ok)) &&
    all(vapply(boxes, unit_ok, logical(1)))
}

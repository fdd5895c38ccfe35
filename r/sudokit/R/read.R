#' Read Sudoku puzzles from text
#'
#' Reads the text forms the library knows: space-separated rows of numbers (`0` for
#' empty, as in `read.table()` input), blocks of rows with or without `|`, `-`, `+`
#' rules, and 81-character lines (`.`, `0`, `_` or `*` for empty). Blank lines and
#' lines starting with `#` are skipped.
#'
#' @param text The text: one string, or a character vector of lines (as
#'   `readLines()` gives), which are joined.
#' @param file A file to read instead of `text`.
#' @param all `FALSE` reads exactly one puzzle (an error if there is none or more than
#'   one); `TRUE` reads every puzzle of the text.
#' @inheritParams sudoku_solve
#' @return A `sudoku` matrix (integers, `0` for empty) when `all = FALSE`; a list of
#'   them when `all = TRUE`, `NA` for a puzzle that could not be read (with a warning
#'   or an error by `on_error`; the attribute `problems` gives the line and message).
#' @export
#' @examples
#' p <- sudoku_read("
#' 8 0 0 0 0 0 0 0 0
#' 0 0 3 6 0 0 0 0 0
#' 0 7 0 0 9 0 2 0 0
#' 0 5 0 0 0 7 0 0 0
#' 0 0 0 0 4 5 7 0 0
#' 0 0 0 1 0 0 0 3 0
#' 0 0 1 0 0 0 0 6 8
#' 0 0 8 5 0 0 0 1 0
#' 0 9 0 0 0 0 4 0 0")
#' p
#' sudoku_read(c("1...2...3...4...", "..3.4.1.3.1.1.4."), all = TRUE)
sudoku_read <- function(text, file = NULL, all = FALSE, size = NULL,
                        on_error = c("warn", "stop")) {
  on_error <- on_error_arg(on_error)
  if (!is.null(file)) text <- readLines(file, warn = FALSE, encoding = "UTF-8")
  if (!is.character(text)) stop("`text` must be a character vector", call. = FALSE)
  text <- utf8(paste(text, collapse = "\n"))
  res <- checked(parse_text(text, size_arg(size), isTRUE(all)))
  if (!isTRUE(all)) {
    if (res$status[1L] != 0L) {
      sudokit_abort(res$message[1L], problem_classes[res$status[1L]], call = sys.call())
    }
    return(grids_of(res)[[1L]])
  }
  problems <- report_problems(res$status, res$message, on_error, arg = "puzzle",
                              call = sys.call())
  out <- grids_of(res)
  if (!is.null(problems)) attr(out, "problems") <- problems
  out
}

#' Sudoku boards as matrices
#'
#' `as_sudoku()` turns a square numeric matrix (or the cells in row-major order and
#' the size) into a `sudoku` board, an integer matrix with `0` for empty cells, which
#' prints with box rules and plots with [plot.sudoku()]. `as.character()` gives its
#' line form (one character per cell up to 9x9, numbers separated by spaces above).
#'
#' @param x A square numeric matrix (`0` or `NA` for empty), or a vector of cells in
#'   row-major order.
#' @param size The board size when `x` is a vector.
#' @param ... Unused.
#' @return A `sudoku` matrix; `as.character()`: one string.
#' @export
#' @examples
#' b <- as_sudoku(c(1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2), size = 4)
#' b
#' as.character(b)
as_sudoku <- function(x, size = NULL) {
  if (is.matrix(x)) {
    size <- nrow(x)
    x <- as.vector(t(x))
  }
  if (is.null(size)) size <- as.integer(round(sqrt(length(x))))
  if (length(x) != size * size) {
    stop(sprintf("%d cells do not make a %d x %d board", length(x), size, size),
         call. = FALSE)
  }
  x[is.na(x)] <- 0L
  m <- matrix(as.integer(x), size, size, byrow = TRUE)
  class(m) <- c("sudoku", "matrix", "array")
  m
}

#' @rdname as_sudoku
#' @export
as.character.sudoku <- function(x, ...) {
  v <- as.vector(t(unclass(x)))
  if (nrow(x) <= 9L) paste(ifelse(v == 0L, ".", v), collapse = "") else
    paste(v, collapse = " ")
}

# The boards a call to `parse_text()` read, as `sudoku` matrices (NA where a puzzle
# failed).
grids_of <- function(res) {
  ends <- cumsum(ifelse(is.na(res$size), 0L, res$size^2))
  lapply(seq_along(res$size), function(i) {
    n <- res$size[i]
    if (is.na(n)) return(NA)
    as_sudoku(res$cells[(ends[i] - n * n + 1L):ends[i]], n)
  })
}

# The shape of the boxes of an n x n board: the most square split into rows x columns
# with rows <= columns (2 x 3 for 6, 3 x 4 for 12), as the library's layouts are.
box_shape <- function(n) {
  divisors <- seq_len(floor(sqrt(n)))
  rows <- max(divisors[n %% divisors == 0L])
  c(rows, n %/% rows)
}

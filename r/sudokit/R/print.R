#' Print a Sudoku board
#'
#' Prints the board with box rules, `.` for an empty cell.
#'
#' @param x A `sudoku` board.
#' @param ... Unused.
#' @return `x`, invisibly.
#' @export
#' @examples
#' print(as_sudoku(c(1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2), size = 4))
print.sudoku <- function(x, ...) {
  cat(format(x), sep = "\n")
  invisible(x)
}

#' @rdname print.sudoku
#' @export
format.sudoku <- function(x, ...) {
  n <- nrow(x)
  shape <- box_shape(n)
  width <- nchar(as.character(n))
  cells <- formatC(ifelse(unclass(x) == 0L, ".", unclass(x)), width = width)
  rows <- apply(cells, 1L, function(row) {
    groups <- split(row, rep(seq_len(n %/% shape[2L]), each = shape[2L]))
    paste(vapply(groups, paste, character(1), collapse = " "), collapse = " | ")
  })
  rule <- paste(rep(strrep("-", shape[2L] * (width + 1L) + 1L), n %/% shape[2L]),
                collapse = "+")
  rule <- substr(rule, 2L, nchar(rule) - 1L)
  out <- character(0)
  for (r in seq_len(n)) {
    if (r > 1L && (r - 1L) %% shape[1L] == 0L) out <- c(out, rule)
    out <- c(out, rows[r])
  }
  out
}

# Puzzles in, answers out: what the user passes becomes one character vector for the
# compiled side, and the answers come back in the shape that went in.

# The puzzles of `x` as text, and how to shape answers like `x`: `shape` is
# "character" (a character vector), "matrix" (one puzzle) or "list".
puzzle_input <- function(x, arg = "x") {
  if (is.character(x) && !is.matrix(x)) {
    return(list(text = utf8(as.vector(x)), shape = "character", names = names(x),
                dims = NULL))
  }
  if (is.matrix(x)) {
    return(list(text = matrix_text(x, arg), shape = "matrix", names = NULL,
                dims = dim(x)))
  }
  if (is.list(x)) {
    text <- vapply(seq_along(x), function(i) {
      el <- x[[i]]
      if (is.matrix(el)) {
        matrix_text(el, sprintf("%s[[%d]]", arg, i))
      } else if (is.character(el) && length(el) == 1L) {
        utf8(el)
      } else {
        sudokit_abort(sprintf(
          "%s[[%d]] is neither a puzzle matrix nor a single string", arg, i),
          "sudokit_parse_error")
      }
    }, character(1))
    return(list(text = text, shape = "list", names = names(x), dims = NULL))
  }
  sudokit_abort(sprintf(
    "`%s` must be a character vector, a matrix or a list of them, not %s",
    arg, class(x)[1L]), "sudokit_parse_error")
}

# Text in UTF-8, as the compiled side reads it; bytes that are not UTF-8 become `?`,
# which the reader then reports with its position.
utf8 <- function(text) {
  text <- enc2utf8(text)
  if (all(validUTF8(text))) return(text)
  bad <- !validUTF8(text)
  text[bad] <- iconv(text[bad], "UTF-8", "UTF-8", sub = "?")
  text
}

# One puzzle matrix as a block of rows of whitespace-separated numbers, which the
# library reads for every size (a first row of n numbers starts an n x n block).
matrix_text <- function(m, arg = "x") {
  n <- nrow(m)
  if (n != ncol(m)) {
    sudokit_abort(sprintf("%s is %d x %d: a puzzle matrix must be square", arg,
                          nrow(m), ncol(m)), "sudokit_parse_error")
  }
  if (!is.numeric(m) && !is.logical(m)) {
    sudokit_abort(sprintf("%s must hold numbers (0 or NA for empty), not %s values",
                          arg, typeof(m)), "sudokit_parse_error")
  }
  v <- as.vector(t(m))
  v[is.na(v)] <- 0
  bad <- which(v != round(v) | v < 0 | v > n)
  if (length(bad)) {
    cell <- bad[1L] - 1L
    sudokit_abort(sprintf(
      "%s: row %d, column %d: value %s is out of range for a %d x %d board (0 or NA for empty, 1 to %d)",
      arg, cell %/% n + 1L, cell %% n + 1L, format(v[bad[1L]]), n, n, n),
      "sudokit_parse_error")
  }
  rows <- split(as.integer(v), rep(seq_len(n), each = n))
  paste(vapply(rows, paste, character(1), collapse = " "), collapse = "\n")
}

# Answers `value` (one per puzzle, NA where none) shaped like the input: a character
# vector keeps its names; a matrix, or each element of a list, becomes
# `as_matrix(value, puzzle_text)`.
shape_output <- function(value, input, as_matrix) {
  switch(input$shape,
    character = with_names(value, input$names),
    matrix = as_matrix(value[[1L]], input$text[[1L]]),
    list = with_names(Map(as_matrix, value, input$text), input$names)
  )
}

with_names <- function(value, names) {
  names(value) <- names
  value
}

# The `size` argument for the compiled side: 0 means "infer from each puzzle".
size_arg <- function(size) {
  if (is.null(size)) return(0L)
  if (!is.numeric(size) || length(size) != 1L || is.na(size) || size < 1) {
    stop("`size` must be NULL or one board size such as 9 or 16", call. = FALSE)
  }
  as.integer(size)
}

threads_arg <- function(threads) {
  if (!is.numeric(threads) || length(threads) != 1L || is.na(threads) || threads < 1) {
    stop("`threads` must be one number, at least 1", call. = FALSE)
  }
  as.integer(threads)
}

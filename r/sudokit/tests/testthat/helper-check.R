# Checks written in plain R, independent of the compiled library.

# The puzzles of one of the package's sample files.
sample_puzzles <- function(name) {
  lines <- readLines(system.file("extdata", name, package = "sudokit"))
  lines[nzchar(lines) & !startsWith(lines, "#")]
}

# Whether `solution` (a full board) keeps every given of `puzzle` and has each digit
# once in every row, column and box.
is_solution_of <- function(solution, puzzle) {
  solution <- unclass(as_sudoku(solution))
  puzzle <- unclass(as_sudoku(puzzle))
  n <- nrow(solution)
  if (!identical(dim(solution), dim(puzzle))) return(FALSE)
  if (any(puzzle != 0L & puzzle != solution)) return(FALSE)
  full <- function(v) identical(sort(as.integer(v)), seq_len(n))
  shape <- sudokit:::box_shape(n)
  boxes <- lapply(seq_len(n) - 1L, function(b) {
    r <- (b %/% (n / shape[2L])) * shape[1L] + seq_len(shape[1L])
    c <- (b %% (n / shape[2L])) * shape[2L] + seq_len(shape[2L])
    solution[r, c]
  })
  all(apply(solution, 1L, full)) && all(apply(solution, 2L, full)) &&
    all(vapply(boxes, full, logical(1)))
}

expect_solution_of <- function(solution, puzzle) {
  expect_true(is_solution_of(solution, puzzle),
              info = paste(as.character(as_sudoku(puzzle)), "->",
                           as.character(as_sudoku(solution))))
}

# A board from a line of one character per cell (digits, then letters from A = 10;
# `.` for empty), as the library writes boards up to 35 x 35.
line_board <- function(line) {
  chars <- strsplit(line, "")[[1L]]
  values <- match(toupper(chars), c(1:9, LETTERS))
  values[is.na(values)] <- 0L
  as_sudoku(values)
}

# Moves "r3c5=7, ..." as a matrix of row, column, digit.
moves <- function(text) {
  found <- regmatches(text, gregexpr("[0-9]+", text))[[1L]]
  matrix(as.integer(found), ncol = 3L, byrow = TRUE)
}

test_that("ratings come as a data frame on both scales", {
  p <- c(easy = sample_puzzles("examples.txt")[1], hard = sample_puzzles("examples.txt")[2])
  r <- sudoku_rate(p)
  expect_s3_class(r, "data.frame")
  expect_named(r, c("er", "ep", "ed", "level", "score", "hardest", "steps", "solved"))
  expect_equal(rownames(r), c("easy", "hard"))
  # HoDoKu's levels, as the command gives them by default.
  expect_equal(as.character(r$level), c("easy", "medium"))
  expect_true(is.ordered(r$level))
  expect_equal(r$er[1], 2.3)
  expect_true(r$er[2] > r$er[1] && r$score[2] > r$score[1])
  expect_true(all(r$ed <= r$ep & r$ep <= r$er))
  expect_warning(bad <- sudoku_rate(c(p[[1]], "11..............")),
                 class = "sudokit_invalid_puzzle")
  expect_true(is.na(bad$er[2]) && !is.na(bad$er[1]))
})

test_that("every step of an explanation agrees with the solution", {
  p <- c(sample_puzzles("examples.txt")[1:2], sample_puzzles("top1465.txt")[1:2])
  solutions <- sudoku_solve(p)
  steps <- sudoku_explain(p)
  expect_equal(unique(steps$puzzle), 1:4)
  expect_equal(attr(steps, "outcome")[1:2], c("solved", "solved"))
  expect_true(all(attr(steps, "outcome") %in% c("solved", "stuck")))
  for (i in seq_len(nrow(steps))) {
    sol <- unclass(line_board(solutions[[steps$puzzle[i]]]))
    placed <- moves(steps$placements[i])
    removed <- moves(steps$eliminations[i])
    expect_true(nrow(placed) + nrow(removed) > 0L)
    expect_true(all(sol[placed[, 1:2, drop = FALSE]] == placed[, 3L]))
    expect_true(all(sol[removed[, 1:2, drop = FALSE]] != removed[, 3L]))
  }
  per_puzzle <- split(steps$step, steps$puzzle)
  for (s in per_puzzle) expect_equal(s, seq_along(s))
})

test_that("a hint is the first step of the explanation", {
  p <- sample_puzzles("examples.txt")[1:2]
  hints <- sudoku_hint(p)
  expect_equal(nrow(hints), 2L)
  steps <- sudoku_explain(p)
  first <- steps[steps$step == 1L, ]
  expect_equal(hints$text, first$text)
  expect_equal(hints$technique, first$technique)
  expect_match(hints$text[1], "^Naked Single: r[0-9]c[0-9]=[0-9]")
  expect_equal(nrow(sudoku_hint(sudoku_solve(p[1]))), 0L)
})

test_that("candidates are the digits no peer holds", {
  p <- sudoku_read(sample_puzzles("examples.txt")[1])
  cand <- sudoku_candidates(p)
  expect_equal(dim(cand), c(9L, 9L, 9L))
  m <- unclass(p)
  for (r in 1:9) for (c in 1:9) {
    if (m[r, c] != 0L) {
      expect_false(any(cand[r, c, ]))
      next
    }
    box <- m[(r - 1) %/% 3 * 3 + 1:3, (c - 1) %/% 3 * 3 + 1:3]
    allowed <- setdiff(1:9, c(m[r, ], m[, c], box))
    expect_equal(which(cand[r, c, ]), allowed)
  }
  expect_error(sudoku_candidates("1.."), class = "sudokit_parse_error")
})

test_that("generated puzzles are unique, reproducible and thread-independent", {
  a <- sudoku_generate(4, seed = 5)
  expect_length(a, 4L)
  expect_true(all(sudoku_is_unique(a)))
  expect_identical(sudoku_generate(4, seed = 5, threads = 2), a)
  expect_false(identical(sudoku_generate(4, seed = 6), a))
  set.seed(1)
  b <- sudoku_generate(2)
  set.seed(1)
  expect_identical(sudoku_generate(2), b)
  more <- sudoku_generate(10, seed = 5, threads = 1)
  expect_identical(more[1:4], a)
})

test_that("difficulty, symmetry and size are honoured", {
  easy <- sudoku_generate(2, difficulty = "easy", seed = 3)
  expect_equal(as.character(sudoku_rate(easy)$level), c("easy", "easy"))
  small <- sudoku_generate(3, size = 4, symmetry = "none", seed = 2)
  expect_true(all(nchar(small) == 16L))
  expect_true(all(sudoku_is_unique(small)))
  rot <- sudoku_read(sudoku_generate(1, symmetry = "rotate-180", seed = 9))
  filled <- unclass(rot) != 0L
  expect_equal(filled, filled[9:1, 9:1])
  few <- sudoku_generate(1, clues = 30, seed = 4)
  expect_lte(sum(unclass(sudoku_read(few)) != 0L), 30L)
  expect_error(sudoku_generate(1, symmetry = "spiral"), "should be one of")
  expect_error(sudoku_generate(1, seed = -1), "`seed`")
})

test_that("a generation that cannot match gives NA with a classed condition", {
  expect_warning(x <- sudoku_generate(1, size = 4, clues = 2, max_attempts = 3, seed = 1),
                 class = "sudokit_generate_error")
  expect_true(is.na(x))
})

test_that("counts stop at the limit and tell unique puzzles", {
  multi <- sample_puzzles("serg_multi.txt")
  unique <- sample_puzzles("17_clue.txt")
  counts <- sudoku_count(multi, limit = 1000)
  expect_type(counts, "integer")
  expect_true(all(counts >= 2L & counts <= 1000L))
  expect_true(all(sudoku_count(multi, limit = 2) == 2L))
  expect_true(all(sudoku_count(unique, limit = 10) == 1L))
  expect_equal(sudoku_is_unique(c(unique[1], multi[1])), c(TRUE, FALSE))
  wide <- sudoku_count("1...2...3...4...", limit = 3e9)
  expect_type(wide, "double")
  expect_equal(wide, as.numeric(sudoku_count("1...2...3...4...", limit = 1e6)))
})

test_that("counts agree across engines on puzzles with several solutions", {
  p <- sample_puzzles("serg_multi.txt")[1:3]
  expected <- sudoku_count(p, limit = 50)
  for (engine in c("generic", "dlx", "norvig")) {
    expect_equal(sudoku_count(p, limit = 50, engine = engine), expected, info = engine)
  }
})

test_that("no solution counts 0; a bad puzzle is NA with a warning", {
  expect_equal(sudoku_count("12....3.....4..."), 0L)
  expect_warning(
    expect_warning(n <- sudoku_count(c("11..............", "1...")),
                   class = "sudokit_invalid_puzzle"),
    class = "sudokit_parse_error")
  expect_true(all(is.na(n)))
  expect_error(sudoku_is_unique("11..............", on_error = "stop"),
               class = "sudokit_invalid_puzzle")
  expect_error(sudoku_count("1...", limit = 0), "`limit`")
})

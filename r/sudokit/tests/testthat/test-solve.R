test_that("every solution of the samples of every size keeps its givens and the rules", {
  for (file in c("4x4.txt", "6x6.txt", "examples.txt", "17_clue.txt", "top1465.txt",
                 "hardest_11plus.txt", "12x12.txt", "16x16.txt")) {
    puzzles <- sample_puzzles(file)
    solutions <- sudoku_solve(puzzles)
    expect_false(anyNA(solutions), info = file)
    for (i in seq_along(puzzles)) {
      expect_solution_of(line_board(solutions[[i]]), line_board(puzzles[[i]]))
    }
  }
})

test_that("the pure R solver and the library agree on easy puzzles", {
  puzzles <- c(sample_puzzles("examples.txt")[1L],
               as.character(sudoku_read(file = system.file("extdata", "seed.txt",
                                                           package = "sudokit"))),
               sudoku_generate(4, difficulty = "easy", seed = 11))
  for (p in puzzles) {
    by_r <- sudoku_solve_r(p)
    expect_solution_of(by_r, line_board(p))
    expect_equal(as.character(by_r), sudoku_solve(p))
  }
})

test_that("the pure R solver finds no solution where there is none", {
  clash <- paste0("11", strrep(".", 79))
  expect_null(sudoku_solve_r(clash))
  # Valid givens, but r1c9 can hold nothing: 1-8 in its row, 9 in its column.
  stuck <- paste0("12345678.", "........9", strrep(".", 63))
  expect_null(sudoku_solve_r(stuck))
  expect_warning(sudoku_solve(stuck), class = "sudokit_no_solution")
})

test_that("matrices come back as boards that remember their givens", {
  seed <- sudoku_read(file = system.file("extdata", "seed.txt", package = "sudokit"))
  m <- unclass(seed)
  m[m == 0L] <- NA
  solved <- sudoku_solve(m)
  expect_s3_class(solved, "sudoku")
  expect_solution_of(solved, seed)
  expect_equal(unclass(attr(solved, "puzzle")), unclass(seed))
  expect_equal(solved, sudoku_solve(seed))
  four <- matrix(c(1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2), 4, byrow = TRUE)
  expect_solution_of(sudoku_solve(four), four)
})

test_that("lists give lists, names are kept, and cells match lines", {
  p <- sample_puzzles("17_clue.txt")[1:5]
  named <- stats::setNames(p, letters[1:5])
  lines <- sudoku_solve(named)
  expect_named(lines, letters[1:5])
  cells <- sudoku_solve(named, format = "cells")
  expect_equal(dim(cells), c(5L, 81L))
  expect_equal(rownames(cells), letters[1:5])
  for (i in 1:5) expect_equal(as.character(as_sudoku(cells[i, ])), lines[[i]])
  boards <- sudoku_solve(list(p[1], sudoku_read(p[2])))
  expect_type(boards, "list")
  expect_equal(as.character(boards[[2]]), lines[[2]])
})

test_that("threads and chunks change nothing in the answers", {
  p <- rep(sample_puzzles("top1465.txt"), 3)
  expect_identical(sudoku_solve(p, threads = 2), sudoku_solve(p, threads = 1))
  chunked <- sudokit:::run_chunks(sudokit:::solve_text, p, 1L, 0L, "auto", 1L, FALSE,
                                  size = 7L)
  expect_identical(chunked$value, unname(sudoku_solve(p)))
  steps <- sudokit:::run_chunks(sudokit:::steps_text, p[1:5], 1L, 0L, FALSE, 1L,
                                size = 2L)
  expect_equal(steps$puzzle, 1:5)
})

test_that("every engine finds the unique solution", {
  p <- sample_puzzles("examples.txt")[2L]
  expected <- sudoku_solve(p)
  for (engine in setdiff(sudoku_engines(), c("bfs", "best-first"))) {
    expect_equal(sudoku_solve(p, engine = engine), expected, info = engine)
  }
  expect_error(sudoku_solve(p, engine = "nope"), "unknown engine `nope`")
})

test_that("bad puzzles give NA with classed warnings, or classed errors", {
  x <- c(ok = "1...2...3...4...", short = "12..", clash = "11..............",
         none = "12....3.....4...")
  expect_warning(
    expect_warning(
      expect_warning(out <- sudoku_solve(x), class = "sudokit_parse_error"),
      class = "sudokit_invalid_puzzle"),
    class = "sudokit_no_solution")
  expect_false(is.na(out[["ok"]]))
  expect_true(all(is.na(out[c("short", "clash", "none")])))
  problems <- attr(out, "problems")
  expect_equal(problems$index, 2:4)
  expect_match(problems$message[2L], "digit 1 appears twice in row 1")
  err <- expect_error(sudoku_solve(x, on_error = "stop"), class = "sudokit_parse_error")
  expect_s3_class(err, "sudokit_error")
  expect_match(conditionMessage(err), "^x\\[2\\]: line 1: ")
  expect_error(sudoku_solve(x[c(1, 3)], on_error = "stop"), class = "sudokit_invalid_puzzle")
  expect_error(sudoku_solve(matrix(10, 9, 9)), class = "sudokit_parse_error")
  expect_error(sudoku_solve(matrix(0, 9, 8)), "must be square")
  expect_error(sudoku_solve(42), class = "sudokit_parse_error")
  expect_warning(na <- sudoku_solve(NA_character_), class = "sudokit_parse_error")
  expect_true(is.na(na))
  not_utf8 <- rawToChar(as.raw(c(0x31, 0xff, rep(0x2e, 14))))
  expect_warning(bytes <- sudoku_solve(not_utf8), class = "sudokit_parse_error")
  expect_true(is.na(bytes))
})

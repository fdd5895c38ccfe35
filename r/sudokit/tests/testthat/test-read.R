test_that("the talk's space-separated rows, blocks and lines read the same", {
  seed <- sudoku_read(file = system.file("extdata", "seed.txt", package = "sudokit"))
  expect_s3_class(seed, "sudoku")
  expect_equal(dim(seed), c(9L, 9L))
  expect_equal(unclass(seed)[1, ], c(1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 6L))
  line <- as.character(seed)
  expect_equal(line, "1.......6..6.2.7..78945.1.3...8.7..4....3.....9...42.131297..4..4..12.789.8......")
  expect_equal(sudoku_read(line), seed)
  expect_equal(sudoku_read(format(seed)), seed)
  via_table <- as.matrix(utils::read.table(
    file = system.file("extdata", "seed.txt", package = "sudokit")))
  expect_equal(unclass(as_sudoku(unname(via_table))), unclass(seed))
})

test_that("all = TRUE reads every puzzle and marks the bad ones", {
  text <- c("# two puzzles and a bad line", "1...2...3...4...", "12345",
            "..3.4.1.3.1.1.4.  trailing words are ignored")
  expect_warning(boards <- sudoku_read(text, all = TRUE), class = "sudokit_parse_error")
  expect_length(boards, 3L)
  expect_true(is.na(boards[[2]]))
  expect_equal(as.character(boards[[3]]), "..3.4.1.3.1.1.4.")
  expect_match(attr(boards, "problems")$message, "^line 3: ")
})

test_that("reading one puzzle fails with classed errors and the library's message", {
  expect_error(sudoku_read("1...2...3...4...\n1...2...3...4..."), "found a second one",
               class = "sudokit_parse_error")
  expect_error(sudoku_read("# nothing"), "no puzzle found", class = "sudokit_parse_error")
  expect_error(sudoku_read("12x4......"), class = "sudokit_parse_error")
})

test_that("boards print with box rules and convert back", {
  b <- as_sudoku(c(1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2), size = 4)
  expect_equal(format(b), c("1 . | . .", ". . | 3 .", "----+----", ". 4 | . .",
                            ". . | . 2"))
  expect_output(print(b), "----+----", fixed = TRUE)
  expect_equal(as.character(b), "1.....3..4.....2")
  six <- sudoku_read(sample_puzzles("6x6.txt")[1])
  expect_equal(sum(format(six) == "------+------"), 2L)
  expect_equal(sudokit:::box_shape(12), c(3, 4))
  sixteen <- sudoku_read(sample_puzzles("16x16.txt")[1])
  expect_equal(nrow(sixteen), 16L)
  expect_equal(sudoku_read(as.character(sixteen)), sixteen)
  expect_error(as_sudoku(1:10), "do not make")
})

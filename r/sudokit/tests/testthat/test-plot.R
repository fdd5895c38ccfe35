test_that("boards plot, with a step highlighted, to a PNG file", {
  p <- sudoku_read(sample_puzzles("examples.txt")[2])
  file <- tempfile(fileext = ".png")
  grDevices::png(file, width = 480, height = 480)
  on.exit(unlink(file))
  expect_invisible(plot(p, step = sudoku_hint(p)))
  plot(sudoku_solve(p), main = "solved")
  plot(sudoku_read(sample_puzzles("16x16.txt")[1]))
  grDevices::dev.off()
  expect_gt(file.size(file), 1000)
})

test_that("a step's notation parses into cells and moves", {
  step <- data.frame(cells = "r1c2, r3c4", placements = "r1c2=5",
                     eliminations = "r3c4<>7, r3c5<>7")
  marks <- sudokit:::step_marks(step)
  expect_equal(marks$cells, matrix(c(1L, 2L, 3L, 4L), 2, byrow = TRUE))
  expect_equal(marks$placements, matrix(c(1L, 2L, 5L), 1))
  expect_equal(nrow(marks$eliminations), 2L)
  expect_error(sudokit:::step_marks(rbind(step, step)), "one step")
})

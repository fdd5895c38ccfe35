#' Rate the difficulty of Sudoku puzzles
#'
#' Solves each puzzle with the human-style logic solver and rates it on Sudoku
#' Explainer's scale (`er`: the hardest step; `ep`: the hardest step up to the first
#' placement; `ed`: the first step) and HoDoKu's (`level`, `score`).
#'
#' @inheritParams sudoku_solve
#' @return A data frame, one row per puzzle: `er`, `ep`, `ed` (1.0 to 11.9), `level`
#'   (an ordered factor, `easy` to `extreme`), `score`, `hardest` (the technique of the
#'   hardest step), `steps` and `solved` (whether logic alone finished the puzzle; if
#'   not, `er` is only a lower bound). `NA` for a puzzle that cannot be read or breaks
#'   the rules; a `problems` attribute as for [sudoku_solve()].
#' @export
#' @examples
#' sudoku_rate(c(
#'   easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
#'   hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#' ))
sudoku_rate <- function(x, size = NULL, threads = getOption("sudokit.threads", 1L),
                        on_error = c("warn", "stop")) {
  on_error <- on_error_arg(on_error)
  input <- puzzle_input(x)
  threads <- threads_arg(threads)
  res <- run_chunks(rate_text, input$text, threads, size_arg(size), threads,
                    size = chunk_size(threads, 16L))
  problems <- report_problems(res$status, res$message, on_error, call = sys.call())
  out <- data.frame(
    er = res$er, ep = res$ep, ed = res$ed,
    level = factor(res$level, levels = names_of("level"), ordered = TRUE),
    score = res$score, hardest = res$hardest, steps = res$steps, solved = res$solved,
    stringsAsFactors = FALSE
  )
  if (!is.null(input$names)) row.names(out) <- make.unique(input$names)
  if (!is.null(problems)) attr(out, "problems") <- problems
  out
}

#' Hints and explanations
#'
#' `sudoku_hint()` gives the next step of the human-style logic solver from each
#' puzzle's givens (the first of the easiest); `sudoku_explain()` gives every step it
#' takes to solve each puzzle, in order.
#'
#' @inheritParams sudoku_solve
#' @return A data frame of steps, one row each: `puzzle` (the position in `x`),
#'   `step` (its number for that puzzle), `technique`, `rating` (Sudoku Explainer's
#'   scale), `placements` (`r3c5=7, ...`), `eliminations` (`r3c5<>7, ...`), `cells`
#'   and `digits` (the pattern that justifies the step) and `text` (a sentence). For
#'   `sudoku_explain()` the attribute `outcome` says per puzzle whether logic
#'   `solved` it, got `stuck` or met a `contradiction`. A step can be drawn on the
#'   board with `plot(board, step = steps[i, ])`.
#' @export
#' @examples
#' p <- "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#' sudoku_hint(p)
#' head(sudoku_explain(p)[, c("step", "technique", "text")])
sudoku_hint <- function(x, size = NULL, threads = getOption("sudokit.threads", 1L),
                        on_error = c("warn", "stop")) {
  steps_frame(x, FALSE, size, threads, on_error_arg(on_error), sys.call())
}

#' @rdname sudoku_hint
#' @export
sudoku_explain <- function(x, size = NULL, threads = getOption("sudokit.threads", 1L),
                           on_error = c("warn", "stop")) {
  steps_frame(x, TRUE, size, threads, on_error_arg(on_error), sys.call())
}

steps_frame <- function(x, all, size, threads, on_error, call) {
  input <- puzzle_input(x)
  threads <- threads_arg(threads)
  res <- run_chunks(steps_text, input$text, threads, size_arg(size), all, threads,
                    size = chunk_size(threads, 16L))
  problems <- report_problems(res$status, res$message, on_error, call = call)
  columns <- c("puzzle", "step", "technique", "rating", "placements", "eliminations",
               "cells", "digits", "text")
  out <- as.data.frame(res[columns], stringsAsFactors = FALSE)
  if (all) attr(out, "outcome") <- with_names(res$outcome, input$names)
  if (!is.null(problems)) attr(out, "problems") <- problems
  out
}

#' Candidates of a Sudoku puzzle
#'
#' The digits each empty cell can still take once the givens are removed from their
#' rows, columns and boxes.
#'
#' @param x One puzzle (a string or a matrix).
#' @inheritParams sudoku_solve
#' @return A logical array `[row, column, digit]`, `FALSE` everywhere for a filled
#'   cell.
#' @export
#' @examples
#' cand <- sudoku_candidates("1...2...3...4...")
#' which(cand[1, 2, ])
sudoku_candidates <- function(x, size = NULL) {
  input <- puzzle_input(x)
  if (length(input$text) != 1L) stop("`x` must be one puzzle", call. = FALSE)
  res <- checked(candidates_text(input$text, size_arg(size)))
  if (res$status[1L] != 0L) {
    sudokit_abort(paste0("x: ", res$message[1L]), problem_classes[res$status[1L]],
                  call = sys.call())
  }
  n <- res$size[1L]
  array(res$candidates, dim = c(n, n, n))
}

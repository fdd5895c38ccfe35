# The talk's comparison, reproduced and extended: the pure R solver of the package
# (after Bob Jansen's "Solving sudoku's with R and C++", SatRday 2018) against the
# compiled library, with bench::mark, on the talk's puzzles and on the project's data
# sets; then the library alone on whole files, every solution verified.
#
# Usage (from the repository's root, with the package installed):
#   Rscript r/sudokit/inst/bench/bench.R [DATA_DIR] [SAMPLE]
# DATA_DIR holds the data sets (default: ../shared/data when it is there, else the
# repository's data/ samples, else the package's own samples); SAMPLE is how many
# puzzles of each set the pure R solver takes (default 3: it needs seconds each).
# Prints Markdown tables.

suppressPackageStartupMessages({
  library(sudokit)
  library(bench)
})

args <- commandArgs(trailingOnly = TRUE)
candidates <- c("../shared/data", "data", system.file("extdata", package = "sudokit"))
data_dir <- if (length(args) >= 1L) args[1L] else candidates[dir.exists(candidates)][1L]
sample_n <- if (length(args) >= 2L) as.integer(args[2L]) else 3L
if (!dir.exists(data_dir)) stop("no data directory: ", data_dir)

# Each set by its name in the shared data sets, then in the repository's data/.
sets <- list(
  "17-clue" = c("puzzles2_17_clue", "17_clue.txt"),
  "top1465" = c("puzzles3_magictour_top1465", "top1465.txt"),
  "SE 11+" = c("puzzles5_forum_hardest_1905_11+", "hardest_11plus.txt"),
  "2011 list" = c("puzzles6_forum_hardest_1106", "hardest_1106.txt")
)

read_puzzles <- function(path) {
  lines <- readLines(path, warn = FALSE)
  lines[nzchar(lines) & !startsWith(lines, "#")]
}

# Whether every row of `solutions` (one puzzle per row, 81 cells) keeps the givens of
# its puzzle and holds each digit once per row, column and box: plain R, vectorised.
verify <- function(puzzles, solutions) {
  givens <- do.call(rbind, lapply(strsplit(puzzles, ""), function(ch) {
    v <- suppressWarnings(as.integer(ch))
    v[is.na(v)] <- 0L
    v
  }))
  if (any(givens != 0L & givens != solutions)) return(FALSE)
  cell <- function(r, c) (r - 1L) * 9L + c
  units <- c(
    lapply(1:9, function(r) cell(r, 1:9)),
    lapply(1:9, function(c) cell(1:9, c)),
    lapply(0:8, function(b) {
      outer(b %/% 3L * 3L + 1:3, b %% 3L * 3L + 1:3, cell)
    })
  )
  all(vapply(units, function(u) {
    block <- solutions[, as.vector(u), drop = FALSE]
    all(vapply(1:9, function(d) all(rowSums(block == d) == 1L), logical(1)))
  }, logical(1)))
}

fmt <- function(x, digits = 3) format(signif(x, digits), big.mark = ",", scientific = FALSE)
seconds <- function(m, expr) as.numeric(m$median[as.character(m$expression) == expr])

cat(sprintf("Data: %s; R %s; sudokit %s; %s\n\n", normalizePath(data_dir),
            getRversion(), utils::packageVersion("sudokit"), format(Sys.time(), "%Y-%m-%d")))

# 1. Pure R against the library on the same puzzles.
seed <- sudoku_read(file = system.file("extdata", "seed.txt", package = "sudokit"))
hardest <- "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
versus <- list("the talk's example" = as.character(seed),
               "the talk's \"world's hardest\"" = hardest)
for (name in names(sets)) {
  file <- file.path(data_dir, sets[[name]])
  file <- file[file.exists(file)][1L]
  if (!is.na(file)) {
    versus[[sprintf("%s, first %d", name, sample_n)]] <- utils::head(read_puzzles(file), sample_n)
  }
}
cat("| puzzles | n | pure R, s per puzzle | sudokit, µs per puzzle | sudokit ÷ pure R |\n")
cat("|---|---|---|---|---|\n")
for (name in names(versus)) {
  p <- versus[[name]]
  pure <- bench::mark(
    pure_r = vapply(p, function(q) as.character(sudoku_solve_r(q)), ""),
    iterations = 1L, check = TRUE, memory = FALSE, filter_gc = FALSE
  )
  lib <- bench::mark(sudokit = sudoku_solve(p), min_time = 0.5, memory = FALSE,
                     filter_gc = FALSE)
  stopifnot(identical(unname(pure$result[[1L]]), unname(sudoku_solve(p))))
  r_s <- seconds(pure, "pure_r") / length(p)
  lib_s <- seconds(lib, "sudokit") / length(p)
  cat(sprintf("| %s | %d | %s | %s | %s× |\n", name, length(p), fmt(r_s),
              fmt(lib_s * 1e6), fmt(r_s / lib_s)))
}

# 2. The library on whole files, one and two threads.
cat("\n| set | puzzles | lines, 1 thread, puzzles/s | cells, 1 thread, puzzles/s |",
    "cells, 1 thread, per CPU second | cells, 2 threads, puzzles/s |\n")
cat("|---|---|---|---|---|---|\n")
for (name in names(sets)) {
  file <- file.path(data_dir, sets[[name]])
  file <- file[file.exists(file)][1L]
  if (is.na(file)) next
  x <- read_puzzles(file)
  cells <- sudoku_solve(x, format = "cells", threads = 1)
  stopifnot(!anyNA(cells), verify(x, cells))
  stopifnot(identical(sudoku_solve(x, format = "cells", threads = 2), cells))
  m <- bench::mark(
    lines = sudoku_solve(x, threads = 1),
    cells = sudoku_solve(x, format = "cells", threads = 1),
    cells2 = sudoku_solve(x, format = "cells", threads = 2),
    iterations = 3L, check = FALSE, memory = FALSE, filter_gc = FALSE
  )
  cpu <- system.time(sudoku_solve(x, format = "cells", threads = 1))
  cat(sprintf("| %s | %s | %s | %s | %s | %s |\n", name, fmt(length(x), 6),
              fmt(length(x) / seconds(m, "lines")), fmt(length(x) / seconds(m, "cells")),
              fmt(length(x) / (cpu[["user.self"]] + cpu[["sys.self"]])),
              fmt(length(x) / seconds(m, "cells2"))))
}

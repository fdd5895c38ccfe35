# Long batches in chunks: one call to the compiled side per chunk, so that Ctrl-C is
# seen between two chunks and the R session stays responsive.

# Puzzles per call to the compiled side: large enough that the call costs nothing
# next to the work, small enough that an interrupt is seen within a fraction of a
# second on easy puzzles (a few seconds at worst on the hardest known).
chunk_size <- function(threads, per_thread = 8192L) per_thread * threads

# Calls `f(text_chunk, ...)` on consecutive chunks of `text` and joins the columns of
# the lists it returns. Columns named in `per_step` (one row per step, not per
# puzzle) are joined as they are, with `puzzle` shifted by each chunk's start.
run_chunks <- function(f, text, threads, ..., size = chunk_size(threads)) {
  n <- length(text)
  if (n <= size) return(checked(f(text, ...)))
  starts <- seq.int(1L, n, by = size)
  parts <- vector("list", length(starts))
  for (k in seq_along(starts)) {
    idx <- starts[k]:min(n, starts[k] + size - 1L)
    part <- checked(f(text[idx], ...))
    if (!is.null(part$puzzle)) part$puzzle <- part$puzzle + (starts[k] - 1L)
    parts[[k]] <- part
  }
  out <- lapply(names(parts[[1L]]), function(col) {
    do.call(c, lapply(parts, `[[`, col))
  })
  names(out) <- names(parts[[1L]])
  out
}

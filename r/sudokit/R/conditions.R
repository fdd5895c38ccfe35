# Problems as R conditions: the compiled side returns a status code and the library's
# message per puzzle; here they become NA with warnings, or an error.

# The condition class of each status code of the compiled side.
problem_classes <- c(
  "sudokit_parse_error", "sudokit_invalid_puzzle", "sudokit_no_solution",
  "sudokit_solve_error", "sudokit_generate_error"
)

# Signals an error of `class` (and `sudokit_error`) with `message`.
sudokit_abort <- function(message, class, call = NULL, ...) {
  stop(structure(
    class = c(class, "sudokit_error", "error", "condition"),
    list(message = message, call = call, ...)
  ))
}

# Reports the failed puzzles of a batch (`status` > 0): with `on_error = "stop"` an
# error for the first; otherwise one warning per kind of problem, naming up to three
# puzzles. Returns the problems as a data frame (NULL when there are none) for the
# result's `problems` attribute.
report_problems <- function(status, message, on_error, arg = "x", call = NULL) {
  if (!any(status > 0L)) return(NULL)
  failed <- which(status > 0L)
  class <- problem_classes[status[failed]]
  text <- sprintf("%s[%d]: %s", arg, failed, message[failed])
  if (identical(on_error, "stop")) {
    sudokit_abort(text[1L], class[1L], call = call, index = failed[1L])
  }
  for (cls in unique(class)) {
    these <- which(class == cls)
    shown <- paste(utils::head(text[these], 3L), collapse = "\n")
    more <- if (length(these) > 3L) sprintf("\n... and %d more", length(these) - 3L) else ""
    one <- length(these) == 1L
    what <- switch(cls,
      sudokit_parse_error = "could not be read",
      sudokit_invalid_puzzle = if (one) "breaks the rules" else "break the rules",
      sudokit_no_solution = if (one) "has no solution" else "have no solution",
      "could not be answered"
    )
    warning(structure(
      class = c(cls, "sudokit_warning", "warning", "condition"),
      list(
        message = sprintf("%d %s %s (NA); see attr(, \"problems\"):\n%s%s",
                          length(these), if (one) "puzzle" else "puzzles",
                          what, shown, more),
        call = call, index = failed[these]
      )
    ))
  }
  data.frame(index = failed, class = class, message = message[failed],
             stringsAsFactors = FALSE)
}

on_error_arg <- function(on_error) one_of(on_error, c("warn", "stop"), "on_error")

# `arg` checked against `choices` as match.arg() does for a default of all choices
# (the first), without its cost on every call.
one_of <- function(arg, choices, name) {
  if (identical(arg, choices)) return(choices[1L])
  if (is.character(arg) && length(arg) == 1L && !is.na(arg) && arg %in% choices) {
    return(arg)
  }
  stop(sprintf("`%s` must be one of %s", name,
               paste0("\"", choices, "\"", collapse = ", ")), call. = FALSE)
}

# The answer of a call to the compiled side, or its error raised: the compiled side
# hands back `list(error = message)` when it could not run at all.
checked <- function(res) {
  if (!is.null(res$error)) stop(res$error, call. = FALSE)
  res
}

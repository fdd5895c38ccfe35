"""sudokit: a fast, complete Sudoku toolkit with a native core.

Read a puzzle of any classic size from text in any common format (or from lists or a
numpy array), then solve it, count its solutions or check that it is unique; ask the
logic solver for a hint, the steps of a solution or a difficulty rating; solve large
batches in parallel with ``solve_many``, ``count_many`` and ``rate_many``; make new
puzzles with ``generate`` and ``generate_many``. ``sudokit.dask`` maps the same batches
over Dask collections, pandas and pyarrow (``pip install 'sudokit[dask]'``).

>>> import sudokit
>>> p = sudokit.Puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> print(p.solve().pretty())
4 1 7 | 3 6 9 | 8 2 5
6 3 2 | 1 5 8 | 9 4 7
9 5 8 | 7 2 4 | 3 1 6
------+-------+------
8 2 5 | 4 3 7 | 1 6 9
7 9 1 | 5 8 6 | 4 3 2
3 4 6 | 9 1 2 | 7 5 8
------+-------+------
2 8 9 | 6 4 3 | 5 7 1
5 7 3 | 2 9 1 | 6 8 4
1 6 4 | 8 7 5 | 2 9 3
>>> p.is_unique()
True
"""

from ._sudokit import (
    ENGINES,
    GaveUp,
    GenerateError,
    Grid,
    InvalidPuzzle,
    MultipleSolutions,
    NoSolution,
    ParseError,
    Puzzle,
    Rating,
    SeRating,
    SeStep,
    SolveError,
    Step,
    __version__,
    count_many,
    generate,
    generate_many,
    rate_many,
    solve_many,
)

__all__ = [
    "ENGINES",
    "GaveUp",
    "GenerateError",
    "Grid",
    "InvalidPuzzle",
    "MultipleSolutions",
    "NoSolution",
    "ParseError",
    "Puzzle",
    "Rating",
    "SeRating",
    "SeStep",
    "SolveError",
    "Step",
    "__version__",
    "count_many",
    "generate",
    "generate_many",
    "rate_many",
    "solve_many",
]

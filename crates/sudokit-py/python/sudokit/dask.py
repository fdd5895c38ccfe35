"""Solve, count, rate and generate puzzles over Dask collections, pandas and pyarrow.

Each function takes a collection of puzzles (or, for ``generate``, of indices) and
answers it with the batch functions (``solve_many``, ``count_many``, ``rate_many``,
``generate_many``): one native call per partition, never one Python call per puzzle.
What comes back has the shape of what went in:

===============================================  ==============================================
input                                            result
===============================================  ==============================================
``dask.bag.Bag``                                 a bag of records (dicts): the input, then the
                                                 result columns
``dask.dataframe.Series``                        a Dask dataframe of the result columns, same
                                                 index and partitions
``dask.dataframe.DataFrame`` with ``column=``    the dataframe with the result columns added
``pandas.Series``                                a pandas dataframe of the result columns, same
                                                 index
``pandas.DataFrame`` with ``column=``            a copy with the result columns added
``pyarrow.Array`` or ``ChunkedArray``            a ``pyarrow.Table`` of the result columns
``pyarrow.Table`` with ``column=``               the table with the result columns appended
any other iterable                               a list of records, as for a bag
===============================================  ==============================================

Every row has an ``error`` column: ``None`` when the puzzle was answered, else the
exception's class and message (``"MultipleSolutions: more than one solution"``), and
then the other columns are null. A bad puzzle never stops a partition nor loses
another row. ``solve`` reports a puzzle without a solution as ``NoSolution``.

``threads`` is the number of threads of each native call. For a Dask collection it
defaults to 1, since Dask already runs one task per worker thread (the batch functions
release the GIL, so threaded workers run in parallel); elsewhere to one per core.

``generate`` is deterministic: puzzle ``i`` of a ``seed`` is the same whatever the
partitions, workers or machines (``generate_many``), so partitions made anywhere add
up to the batch ``sudokit.generate`` makes in one process.

Needs ``dask[dataframe]`` and ``pyarrow`` (``pip install 'sudokit[dask]'``);
``import sudokit`` works without them. Recipes and cluster set-ups: ``docs/dask.md``.

>>> import pandas as pd
>>> import sudokit.dask as sd
>>> counted = sd.count(pd.Series(["1..4.........32.", "1...............", "x"]), limit=10)
>>> counted["count"].tolist()
[1, 10, <NA>]
>>> counted["error"][2]
'ParseError: line 1: 1 cells is not a puzzle: ...'
"""

from __future__ import annotations

try:
    import dask.bag as _bag
    import dask.dataframe as _dd
    import pandas as _pd
    import pyarrow as _pa
except ImportError as _missing:
    raise ImportError(
        f"sudokit.dask needs dask[dataframe], pandas and pyarrow ({_missing}): "
        "install them with pip install 'sudokit[dask]'"
    ) from _missing

from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

from . import _sudokit

__all__ = ["count", "generate", "rate", "solve"]

# The kinds of result columns, as pandas dtypes (nullable) and as pyarrow types.
_PANDAS = {"str": "string", "int": "Int64", "float": "Float64", "bool": "boolean"}
_ARROW = {"str": _pa.string(), "int": _pa.int64(), "float": _pa.float64(), "bool": _pa.bool_()}

# The fields of a Rating, in column order, with their kinds.
_RATING = (
    ("er", "float"),
    ("ep", "float"),
    ("ed", "float"),
    ("level", "str"),
    ("score", "int"),
    ("hardest", "str"),
    ("steps", "int"),
    ("solved", "bool"),
    ("outcome", "str"),
)


class _Op:
    """One operation: the key of its input in records, its result columns (name,
    kind) before ``error``, the batch call, and what a successful answer fills in."""

    def __init__(
        self,
        key: str,
        columns: Tuple[Tuple[str, str], ...],
        call: Callable[..., List[Any]],
        fields: Callable[[Any], Tuple[Any, ...]],
    ):
        self.key = key
        self.columns = columns + (("error", "str"),)
        self.call = call
        self.fields = fields

    def answer(self, values: List[Any], options: Dict[str, Any]) -> Dict[str, List[Any]]:
        """The result columns for ``values``, by one batch call."""
        names = [name for name, _ in self.columns]
        out: Dict[str, List[Any]] = {name: [] for name in names}
        blank = (None,) * (len(names) - 1)
        for result in self.call(values, **options):
            if isinstance(result, Exception):
                row = blank + (f"{type(result).__name__}: {result}",)
            else:
                row = self.fields(result) + (None,)
            for name, value in zip(names, row):
                out[name].append(value)
        return out

    def records(self, values: Iterable[Any], options: Dict[str, Any]) -> List[Dict[str, Any]]:
        values = list(values)
        answered = self.answer(values, options)
        names = list(answered)
        return [
            {self.key: value, **dict(zip(names, row))}
            for value, row in zip(values, zip(*answered.values()))
        ]

    def frame(self, series: "_pd.Series", options: Dict[str, Any]) -> "_pd.DataFrame":
        if series.hasnans:  # NA, NaN and None alike become None, for one message
            series = series.astype(object).where(series.notna(), None)
        answered = self.answer(series.tolist(), options)
        return _pd.DataFrame(
            {
                name: _pd.array(answered[name], dtype=_PANDAS[kind])
                for name, kind in self.columns
            },
            index=series.index,
        )

    def extend(
        self, frame: "_pd.DataFrame", column: str, options: Dict[str, Any]
    ) -> "_pd.DataFrame":
        return _pd.concat([frame, self.frame(frame[column], options)], axis=1)

    def table(self, array: Any, options: Dict[str, Any]) -> "_pa.Table":
        answered = self.answer(array.to_pylist(), options)
        return _pa.table(
            {name: _pa.array(answered[name], type=_ARROW[kind]) for name, kind in self.columns}
        )

    def map(
        self, data: Any, column: Optional[str], threads: Optional[int], options: Dict[str, Any]
    ) -> Any:
        """Answers ``data`` of any supported kind (see the module's table)."""
        lazy = isinstance(data, (_bag.Bag, _dd.Series, _dd.DataFrame))
        options = dict(options, threads=1 if threads is None and lazy else threads)
        tabular = isinstance(data, (_dd.DataFrame, _pd.DataFrame, _pa.Table))
        if tabular != (column is not None):
            raise TypeError(
                "column= names the column of puzzles in a dataframe or table, and goes "
                "with a dataframe or table only"
                if column is not None
                else f"{type(data).__name__} needs column= to name its column of puzzles"
            )
        if isinstance(data, _bag.Bag):
            return data.map_partitions(self.records, options)
        if isinstance(data, _dd.Series):
            return data.map_partitions(self.frame, options, meta=self.frame(data._meta, options))
        if isinstance(data, _dd.DataFrame):
            meta = self.extend(data._meta, column, options)
            return data.map_partitions(self.extend, column, options, meta=meta)
        if isinstance(data, _pd.Series):
            return self.frame(data, options)
        if isinstance(data, _pd.DataFrame):
            return self.extend(data, column, options)
        if isinstance(data, (_pa.Array, _pa.ChunkedArray)):
            return self.table(data, options)
        if isinstance(data, _pa.Table):
            answered = self.table(data.column(column), options)
            for name in answered.column_names:
                data = data.append_column(name, answered.column(name))
            return data
        return self.records(data, options)


_SOLVE = _Op(
    "puzzle",
    (("solution", "str"),),
    lambda values, **o: _sudokit.solve_many(values, strict=True, errors="return", **o),
    lambda grid: (str(grid),),
)
_COUNT = _Op(
    "puzzle",
    (("count", "int"),),
    lambda values, **o: _sudokit.count_many(values, errors="return", **o),
    lambda n: (n,),
)
_RATE = _Op(
    "puzzle",
    _RATING,
    lambda values, **o: _sudokit.rate_many(values, errors="return", **o),
    lambda rating: tuple(getattr(rating, name) for name, _ in _RATING),
)
_GENERATE = _Op(
    "index",
    (("puzzle", "str"),),
    lambda values, **o: _sudokit.generate_many(values, errors="return", **o),
    lambda puzzle: (str(puzzle),),
)


def solve(
    puzzles: Any,
    *,
    column: Optional[str] = None,
    engine: Optional[str] = None,
    size: Optional[int] = None,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> Any:
    """Solves every puzzle: column ``solution`` (the solved grid as one line) and
    ``error``; a puzzle without a solution has the error ``NoSolution: no solution``.
    Options as for ``sudokit.solve_many``.

    >>> for record in sudokit.dask.solve(["1..4.........32.", "12....3.....4..."]):
    ...     print(record)
    {'puzzle': '1..4.........32.', 'solution': '1234341221434321', 'error': None}
    {'puzzle': '12....3.....4...', 'solution': None, 'error': 'NoSolution: no solution'}
    """
    options = dict(engine=engine, size=size, time_limit=time_limit)
    return _SOLVE.map(puzzles, column, threads, options)


def count(
    puzzles: Any,
    limit: int = 2,
    *,
    column: Optional[str] = None,
    engine: Optional[str] = None,
    size: Optional[int] = None,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> Any:
    """Counts the solutions of every puzzle, up to ``limit``: column ``count`` and
    ``error``. Options as for ``sudokit.count_many``.

    >>> import pyarrow as pa
    >>> sudokit.dask.count(pa.array(["1..4.........32.", "1..............."])).to_pydict()
    {'count': [1, 2], 'error': [None, None]}
    """
    options = dict(limit=limit, engine=engine, size=size, time_limit=time_limit)
    return _COUNT.map(puzzles, column, threads, options)


def rate(
    puzzles: Any,
    *,
    column: Optional[str] = None,
    techniques: Optional[str] = None,
    without: Optional[str] = None,
    uniqueness: bool = True,
    size: Optional[int] = None,
    threads: Optional[int] = None,
) -> Any:
    """Rates every puzzle: the fields of ``sudokit.Rating`` as columns (``er``,
    ``ep``, ``ed``, ``level``, ``score``, ``hardest``, ``steps``, ``solved``,
    ``outcome``) and ``error``. Options as for ``sudokit.rate_many``.

    >>> import pandas as pd
    >>> easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> frame = pd.DataFrame({"puzzle": [easy, "." * 81]})
    >>> sudokit.dask.rate(frame, column="puzzle")[["er", "level", "error"]]
         er level                                      error
    0   2.3  easy                                       <NA>
    1  <NA>  <NA>  MultipleSolutions: more than one solution
    """
    options = dict(techniques=techniques, without=without, uniqueness=uniqueness, size=size)
    return _RATE.map(puzzles, column, threads, options)


def generate(
    indices: Any,
    *,
    seed: int,
    column: Optional[str] = None,
    size: int = 9,
    symmetry: str = "rotate-180",
    clues: Optional[int] = None,
    strict_minimal: bool = False,
    difficulty: Optional[str] = None,
    max_attempts: int = 1000,
    threads: Optional[int] = None,
) -> Any:
    """Generates puzzle ``i`` of ``seed`` for every index ``i``: column ``puzzle``
    (one line) and ``error``; records hold the input as ``index``. Options as for
    ``sudokit.generate_many``; the same seed and index give the same puzzle anywhere.

    >>> import dask.bag as db
    >>> bag = sudokit.dask.generate(db.range(4, npartitions=2), seed=7)
    >>> [r["puzzle"] for r in bag.compute()] == [str(p) for p in sudokit.generate(4, seed=7)]
    True
    """
    options = dict(
        seed=seed,
        size=size,
        symmetry=symmetry,
        clues=clues,
        strict_minimal=strict_minimal,
        difficulty=difficulty,
        max_attempts=max_attempts,
    )
    return _GENERATE.map(indices, column, threads, options)

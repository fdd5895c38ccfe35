"""sudokit.dask on a LocalCluster of two worker processes, and on pandas and pyarrow.

Every result is compared with the in-process batch function on the same puzzles, and
every solution is checked against its puzzle.
"""

import doctest
import os
import subprocess
import sys

import dask.bag as db
import dask.dataframe as dd
import pandas as pd
import pyarrow as pa
import pytest
from distributed import Client, LocalCluster

import sudokit
import sudokit.dask as sd

# Unreadable, a repeated digit, several solutions, no solution, a missing value.
BAD = ["x", "11" + "." * 79, "." * 81, "12....3.....4...", None]


def error_text(e):
    return f"{type(e).__name__}: {e}"


@pytest.fixture(scope="module")
def client():
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, Client(cluster) as client:
        yield client


@pytest.fixture(scope="module")
def mixed(hardest, multi, top):
    """Good puzzles with a bad one of each kind spread among them."""
    puzzles = hardest[:40] + multi[:10] + top[:40]
    for i, bad in enumerate(BAD):
        puzzles.insert(17 * i + 3, bad)
    return puzzles


def test_the_cluster_is_two_worker_processes(client):
    pids = client.run(os.getpid)
    assert len(pids) == 2 and os.getpid() not in pids.values()


def test_solve_a_dataframe_column_on_the_cluster(client, mixed):
    frame = pd.DataFrame({"id": range(len(mixed)), "puzzle": mixed})
    out = sd.solve(dd.from_pandas(frame, npartitions=5), column="puzzle").compute()
    assert out["id"].tolist() == list(range(len(mixed)))
    assert out["puzzle"].tolist() == [p if p is not None else pd.NA for p in mixed]
    expected = sudokit.solve_many(mixed, strict=True, errors="return")
    solved = 0
    for line, solution, error, want in zip(mixed, out["solution"], out["error"], expected):
        if isinstance(want, Exception):
            assert solution is pd.NA and error == error_text(want)
        else:
            assert error is pd.NA and solution == str(want)
            assert sudokit.Grid(solution).is_solution_of(sudokit.Puzzle(line))
            solved += 1
    assert solved == len(mixed) - 4  # several solutions: the first is solved


def test_count_a_dask_series_on_the_cluster(client, mixed):
    series = dd.from_pandas(pd.Series(mixed, index=range(100, 100 + len(mixed))), npartitions=4)
    out = sd.count(series, limit=3).compute()
    assert out.index.tolist() == list(range(100, 100 + len(mixed)))
    expected = sudokit.count_many(mixed, limit=3, errors="return")
    assert out["count"].tolist() == [pd.NA if isinstance(e, Exception) else e for e in expected]
    errors = [error_text(e) if isinstance(e, Exception) else pd.NA for e in expected]
    assert out["error"].tolist() == errors
    assert {0, 1, 3} <= set(out["count"].dropna()) <= {0, 1, 2, 3}


def test_rate_a_bag_of_lines_read_from_files(client, mixed, tmp_path):
    lines = [p if p is not None else "" for p in mixed]
    for part in range(3):
        (tmp_path / f"part{part}.txt").write_text("".join(f"{p}\n" for p in lines[part::3]))
    bag = db.read_text(str(tmp_path / "part*.txt"))
    records = sd.rate(bag).compute()
    read = [r["puzzle"] for r in records]
    assert sorted(read) == sorted(f"{p}\n" for p in lines)  # every line, none lost
    expected = sudokit.rate_many(read)
    assert len(expected) == len(records)
    rated = 0
    for record, want in zip(records, expected):
        if isinstance(want, Exception):
            assert record["error"] == error_text(want) and record["level"] is None
        else:
            fields = ("er", "ep", "ed", "level", "score", "hardest", "steps", "solved", "outcome")
            assert [record[f] for f in fields] == [getattr(want, f) for f in fields]
            assert record["error"] is None
            rated += 1
    assert rated == len(mixed) - len(BAD) - 10  # the bad ones and the multi-solution ones


def test_rate_text_files_into_parquet(client, mixed, tmp_path):
    lines = [p for p in mixed if p is not None]
    for part in range(2):
        text = "# a comment line\n" + "".join(f"{p}\n" for p in lines[part::2])
        (tmp_path / f"part{part}.txt").write_text(text)
    frame = dd.read_csv(
        str(tmp_path / "part*.txt"),
        header=None,
        names=["puzzle"],
        sep="\t",
        comment="#",
        dtype="string",
    )
    sd.rate(frame, column="puzzle").to_parquet(str(tmp_path / "rated"))
    back = pd.read_parquet(tmp_path / "rated")
    read = back["puzzle"].tolist()
    assert sorted(read) == sorted(lines)
    expected = sudokit.rate_many(read)
    for field in ("level", "score", "er"):
        want = [pd.NA if isinstance(e, Exception) else getattr(e, field) for e in expected]
        assert back[field].tolist() == want
    errors = [error_text(e) if isinstance(e, Exception) else pd.NA for e in expected]
    assert back["error"].tolist() == errors


def test_generate_is_the_same_however_it_is_cut(client):
    whole = [str(p) for p in sudokit.generate(12, seed=21, difficulty="easy")]
    options = dict(seed=21, difficulty="easy")
    for parts in (1, 4, 12):
        made = sd.generate(db.range(12, npartitions=parts), **options).compute()
        assert [r["index"] for r in made] == list(range(12))
        assert [r["puzzle"] for r in made] == whole
    frame = sd.generate(dd.from_pandas(pd.Series(range(12)), npartitions=3), **options).compute()
    assert frame["puzzle"].tolist() == whole
    assert sudokit.count_many(whole) == [1] * 12
    for line, grid in zip(whole, sudokit.solve_many(whole)):
        assert grid.is_solution_of(sudokit.Puzzle(line))
    assert {r.level for r in sudokit.rate_many(whole)} == {"easy"}


def test_generate_failures_stay_in_their_rows(client):
    options = dict(seed=1, difficulty="extreme", max_attempts=1)
    made = sd.generate(db.range(8, npartitions=3), **options).compute()
    expected = sudokit.generate_many(range(8), **options)
    for record, want in zip(made, expected):
        if isinstance(want, Exception):
            assert record["puzzle"] is None and record["error"] == error_text(want)
        else:
            assert record["puzzle"] == str(want) and record["error"] is None
    assert any(r["puzzle"] for r in made) and any(r["error"] for r in made)


def test_a_partition_of_bad_puzzles_loses_nothing(client, hardest):
    puzzles = hardest[:6] + [b for b in BAD if b is not None] + hardest[6:12]
    bag = db.from_sequence(puzzles, partition_size=4)  # one partition holds only bad ones
    records = sd.solve(bag).compute()
    assert [r["puzzle"] for r in records] == puzzles
    answered = [True] * 6 + [False, False, True, False] + [True] * 6  # "." * 81 solves
    assert [r["error"] is None for r in records] == answered


def rows(frame):
    """A pandas frame's rows as dicts, missing values as None."""
    records = frame.to_dict("records")
    return [{k: None if v is pd.NA else v for k, v in row.items()} for row in records]


def test_pandas_pyarrow_and_lists_give_the_same_rows(mixed):
    series = pd.Series(mixed, index=[f"p{i}" for i in range(len(mixed))])
    frame = sd.rate(series)
    assert frame.index.equals(series.index)
    columns = ["er", "ep", "ed", "level", "score", "hardest", "steps", "solved", "outcome", "error"]
    assert list(frame.columns) == columns
    table = sd.rate(pa.array(mixed))
    assert table.column_names == columns
    assert table.to_pylist() == rows(frame)
    assert sd.rate(pa.chunked_array([mixed[:30], mixed[30:]])).equals(table)
    assert sd.rate(mixed) == [{"puzzle": p, **row} for p, row in zip(mixed, rows(frame))]
    assert sum(row["error"] is None for row in rows(frame)) == len(mixed) - len(BAD) - 10


def test_dataframes_and_tables_get_columns_added(mixed):
    frame = pd.DataFrame({"id": range(len(mixed)), "puzzle": mixed})
    out = sd.count(frame, column="puzzle")
    assert list(out.columns) == ["id", "puzzle", "count", "error"]
    assert out["count"].equals(sd.count(frame["puzzle"])["count"])
    table = sd.count(pa.table({"id": list(range(len(mixed))), "puzzle": mixed}), column="puzzle")
    assert table.column_names == ["id", "puzzle", "count", "error"]
    assert table.column("count").to_pylist() == [None if c is pd.NA else c for c in out["count"]]


def test_column_goes_with_dataframes_and_tables_only(mixed):
    with pytest.raises(TypeError, match="needs column="):
        sd.solve(pd.DataFrame({"puzzle": mixed}))
    with pytest.raises(TypeError, match="goes with a dataframe or table only"):
        sd.solve(pd.Series(mixed), column="puzzle")


def test_the_module_examples_run():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(sd, globs={"sudokit": sudokit})
    assert sum(len(t.examples) for t in tests) >= 10
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_sudokit_imports_without_dask_and_sudokit_dask_says_what_to_install():
    blocked = (
        "import sys\n"
        "for name in ('dask', 'pandas', 'pyarrow'):\n"
        "    sys.modules[name] = None\n"
        "import sudokit\n"
        "assert sudokit.Puzzle('1..4.........32.').is_unique()\n"
        "try:\n"
        "    import sudokit.dask\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", blocked], capture_output=True, text=True, check=True
    )
    assert "pip install 'sudokit[dask]'" in out.stdout


def test_options_reach_the_batch_functions(hardest):
    with pytest.raises(ValueError, match="threads must be at least 1"):
        sd.solve(hardest[:2], threads=0)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        sd.count(pd.Series(hardest[:2]), limit=0)
    singles = sd.rate(hardest[:5], techniques="singles")
    assert [r["solved"] for r in singles] == [False] * 5  # SE 11+ needs more than singles
    assert [r["count"] for r in sd.count(["." * 16], limit=300)] == [288]

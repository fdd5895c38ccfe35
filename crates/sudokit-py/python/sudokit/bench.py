"""Puzzles per second: sudokit beside the Sudoku packages on PyPI, on the same puzzles.

Run ``python -m sudokit.bench [FILE ...]``. Each file holds one puzzle per line (81
characters; ``#`` lines are comments). Without files, the project's data sets are
used when found from the current directory: ``../shared/data/`` first, then ``data/``.

Every solver gets the same puzzles in the same process. sudokit runs one by one
(``Puzzle(s).solve()``, one thread) and in batches (``solve_many``, one thread and
``--threads``); the peers run one by one when installed: ``rustoku``, ``hodoku-py``,
``py-sudoku``. Slow solvers stop after ``--budget`` seconds and are rated on what they
finished. Every answer is checked against its puzzle after the clock stops; a wrong
or missing answer is reported and fails the run.

``--cli PATH`` also runs the ``sudokit`` command on each file: ``PATH bench
--solve-only --threads 1`` measures the engine alone, from which the per-call overhead
of ``Puzzle(s).solve()`` follows; and ``PATH solve --threads N FILE`` is timed against
``solve_many`` doing the same work (read the file, solve, write one line per puzzle),
alternating runs.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import sudokit

DATA_SETS = [
    ("puzzles2_17_clue", "17_clue.txt"),
    ("puzzles3_magictour_top1465", "top1465.txt"),
    ("puzzles5_forum_hardest_1905_11+", "hardest_11plus.txt"),
]


def default_files():
    """The data sets from ``../shared/data`` or the sample copies under ``data/``."""
    for root in [Path.cwd(), *Path.cwd().parents]:
        shared, samples = root.parent / "shared" / "data", root / "data"
        if (samples / "top1465.txt").exists():
            return [
                shared / full if (shared / full).exists() else samples / sample
                for full, sample in DATA_SETS
            ]
    sys.exit("no data found: give puzzle files, or run from inside the sudokit repository")


def read_puzzles(path):
    """The puzzle lines of a file."""
    with open(path) as f:
        return [line.split()[0] for line in f if line.strip() and not line.startswith("#")]


def to_rows(line):
    return [[int(c) if c in "123456789" else 0 for c in line[r * 9 : r * 9 + 9]] for r in range(9)]


def peers():
    """The installed peers: name and a function from an 81-character line to its
    solution as an 81-character line (or None)."""
    found = {}
    try:
        import rustoku

        found["rustoku (one by one)"] = lambda s: rustoku.solve(s) or None
    except ImportError:
        pass
    try:
        from hodoku.generator.generator import SudokuGenerator

        generator = SudokuGenerator()

        def hodoku_solve(s):
            # Its backtracking solver (C-accelerated); it counts to 2 on the way.
            generator.solve_string(s)
            return generator.get_solution_as_string() if generator.get_solution_count() else None

        found["hodoku-py backtracking, counts to 2"] = hodoku_solve
    except ImportError:
        pass
    try:
        from sudoku import Sudoku

        def py_sudoku_solve(s):
            board = Sudoku(3, 3, board=to_rows(s)).solve().board
            if any(v is None for row in board for v in row):
                return None
            return "".join(str(v) for row in board for v in row)

        found["py-sudoku (one by one)"] = py_sudoku_solve
    except ImportError:
        pass
    return found


def one_by_one(solve, puzzles, budget):
    """Solves puzzles one at a time until done or out of time; (answers, seconds)."""
    answers = []
    start = time.perf_counter()
    for s in puzzles:
        answers.append(solve(s))
        if time.perf_counter() - start > budget:
            break
    return answers, time.perf_counter() - start


def timed(run):
    start = time.perf_counter()
    answers = run()
    return answers, time.perf_counter() - start


def wrong_answers(puzzles, answers):
    """How many answers are missing or do not solve their puzzle."""
    bad = 0
    for s, a in zip(puzzles, answers):
        puzzle = sudokit.Puzzle(s)
        grid = a if isinstance(a, sudokit.Grid) else (sudokit.Grid(a) if a else None)
        bad += grid is None or not grid.is_solution_of(puzzle)
    return bad


def cli_engine_rate(cli, path, repeat):
    """The engine's own puzzles/s on one thread, as the command's bench reports it."""
    out = subprocess.run(
        [cli, "bench", "--solve-only", "--threads", "1", "--repeat", str(repeat), "--json", str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return max(json.loads(out)[0]["modes"][0]["rates"])


def cli_time(cli, path, threads):
    start = time.perf_counter()
    subprocess.run(
        [cli, "solve", "--threads", str(threads), str(path)],
        stdout=subprocess.DEVNULL,
        check=True,
    )
    return time.perf_counter() - start


def solve_many_file_time(path, threads):
    """solve_many doing the CLI's work: read the file, solve, write every line."""
    start = time.perf_counter()
    grids = sudokit.solve_many(read_puzzles(path), threads=threads)
    with open(os.devnull, "w") as out:
        out.write("\n".join(str(g) for g in grids))
        out.write("\n")
    return time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sudokit.bench", description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="puzzle files (default: the project's data sets)")
    parser.add_argument("--limit", type=int, default=0, help="use only the first N puzzles of each file")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="threads for the batch run")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds a slow peer may take per file")
    parser.add_argument("--repeat", type=int, default=3, help="sudokit runs per file (the best counts)")
    parser.add_argument("--no-peers", action="store_true", help="run sudokit only")
    parser.add_argument("--cli", help="path of the sudokit command, to time it beside solve_many")
    args = parser.parse_args(argv)

    others = {} if args.no_peers else peers()
    failed = False
    print(f"sudokit {sudokit.__version__}; peers: {', '.join(others) or 'none installed'}")
    for path in args.files or default_files():
        puzzles = read_puzzles(path)
        if args.limit:
            puzzles = puzzles[: args.limit]
        runs = {
            "sudokit Puzzle(s).solve()": lambda: [sudokit.Puzzle(s).solve() for s in puzzles],
            "sudokit Puzzle(s).count() (to 2)": lambda: [sudokit.Puzzle(s).count() for s in puzzles],
            "sudokit solve_many, 1 thread": lambda: sudokit.solve_many(puzzles, threads=1),
            f"sudokit solve_many, {args.threads} threads": lambda: sudokit.solve_many(puzzles, threads=args.threads),
        }
        rows = []
        for name, run in runs.items():
            best = None
            for _ in range(args.repeat):
                answers, seconds = timed(run)
                best = seconds if best is None else min(best, seconds)
            if "count" in name:  # these data sets hold unique puzzles
                bad = sum(a != 1 for a in answers)
            else:
                bad = wrong_answers(puzzles, answers)
            rows.append((name, len(answers), best, bad))
        for name, solve in others.items():
            answers, seconds = one_by_one(solve, puzzles, args.budget)
            rows.append((name, len(answers), seconds, wrong_answers(puzzles, answers)))

        print(f"\n{path.name}: {len(puzzles)} puzzles")
        print(f"  {'solver':34} {'puzzles':>8} {'seconds':>9} {'puzzles/s':>11} {'vs sudokit':>11}  wrong")
        reference = rows[0][1] / rows[0][2]
        for name, done, seconds, bad in rows:
            rate = done / seconds
            print(f"  {name:34} {done:>8} {seconds:>9.3f} {rate:>11,.0f} {rate / reference:>10.3f}x  {bad}")
            failed |= bad > 0

        if args.cli:
            engine = cli_engine_rate(args.cli, path, args.repeat)
            overhead = (1 / reference - 1 / engine) * 1e6
            print(
                f"  engine alone (sudokit bench, 1 thread): {engine:,.0f} puzzles/s; "
                f"Puzzle(s).solve() costs {overhead:.2f} µs more per puzzle"
            )
            cli, lib = [], []
            for _ in range(args.repeat):
                cli.append(cli_time(args.cli, path, args.threads))
                lib.append(solve_many_file_time(path, args.threads))
            print(
                f"  file to lines, {args.threads} threads: CLI {min(cli):.3f} s, solve_many "
                f"{min(lib):.3f} s (solve_many / CLI = {min(lib) / min(cli):.3f})"
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

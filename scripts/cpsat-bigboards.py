#!/usr/bin/env python3
"""Solves big-board puzzles with Google OR-Tools' CP-SAT, as a reference solver.

Usage: cpsat-bigboards.py FILE [--limit SECONDS] [--model int|bool] [--workers N]

FILE holds puzzles in sudokit's block form (one row per line, numbers separated by
spaces, 0 for an empty cell; up to 9×9 a row is characters such as `4.....8.5`; a
blank line between puzzles), as
`bigboards-compare --write FILE` writes them. Each puzzle is solved to its first
solution; the solution is checked against the givens and the rules, and one line is
printed per puzzle: its index, CP-SAT's status, the wall time, and "checked". Boards
with square boxes only (9×9, 16×16, 25×25, 36×36, …), as `bigboards-compare`'s
benchmarks use; other sizes are refused with a message.

Models: `int` (default), one variable 1..N per cell and an AllDifferent per row,
column and box; `bool`, one variable per cell and digit, exactly one per cell and per
unit and digit (the encoding sudokit's `cdcl` engine searches). `--workers` is
CP-SAT's number of search workers (1 by default: one thread, as sudokit's engines).

Needs the `ortools` package from PyPI (`python3 -m pip install ortools`).
"""

import argparse
import math
import os
import sys
import time

try:
    from ortools.sat.python import cp_model
except ImportError:
    sys.exit("cpsat-bigboards.py needs OR-Tools: python3 -m pip install ortools")


def read_puzzles(path):
    """The puzzles of the file, each a flat list of N*N numbers."""
    puzzles, rows = [], []
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                words = line.split()
                if words and not words[0].startswith("#"):
                    # Rows of boards up to 9×9 are characters (`4.....8.5`).
                    if len(words) == 1 and len(words[0]) > 1:
                        words = ["0" if ch == "." else ch for ch in words[0]]
                    try:
                        rows.extend(int(w) for w in words)
                    except ValueError:
                        sys.exit(f"{path}:{number}: expected numbers, 0 for empty")
                elif rows:
                    puzzles.append(rows)
                    rows = []
    except OSError as e:
        sys.exit(f"{path}: {e.strerror}")
    if rows:
        puzzles.append(rows)
    return puzzles


def units(n):
    """The rows, columns and boxes of an n×n board with square boxes, as cell lists."""
    b = math.isqrt(n)
    if b * b != n:
        sys.exit(f"a {n}×{n} board has no square boxes")
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    out += [
        [(br * b + i) * n + bc * b + j for i in range(b) for j in range(b)]
        for br in range(b)
        for bc in range(b)
    ]
    return out


def solve(givens, model_kind, limit, workers):
    """CP-SAT's status name, the wall seconds, and the solution (or None)."""
    n = math.isqrt(len(givens))
    if n * n != len(givens):
        sys.exit(f"a puzzle of {len(givens)} cells is not square")
    if any(not 0 <= v <= n for v in givens):
        sys.exit(f"a {n}×{n} puzzle holds a number outside 0–{n}")
    m = cp_model.CpModel()
    if model_kind == "int":
        cells = [
            m.NewConstant(v) if v else m.NewIntVar(1, n, f"x{i}")
            for i, v in enumerate(givens)
        ]
        for u in units(n):
            m.AddAllDifferent([cells[i] for i in u])
    else:
        cells = [[m.NewBoolVar(f"x{i}_{d}") for d in range(n)] for i in range(n * n)]
        for i, v in enumerate(givens):
            m.AddExactlyOne(cells[i])
            if v:
                m.Add(cells[i][v - 1] == 1)
        for u in units(n):
            for d in range(n):
                m.AddExactlyOne([cells[i][d] for i in u])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = limit
    start = time.monotonic()
    status = solver.Solve(m)
    seconds = time.monotonic() - start
    solution = None
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        if model_kind == "int":
            solution = [solver.Value(x) for x in cells]
        else:
            solution = [
                next(d + 1 for d in range(n) if solver.Value(cells[i][d]))
                for i in range(n * n)
            ]
    return solver.StatusName(status), seconds, solution


def is_solution(givens, solution):
    """Whether `solution` keeps the givens and holds each digit once per unit."""
    n = math.isqrt(len(givens))
    keeps = all(g in (0, s) for g, s in zip(givens, solution))
    return keeps and all(
        sorted(solution[i] for i in u) == list(range(1, n + 1)) for u in units(n)
    )


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("file")
    p.add_argument("--limit", type=float, default=60.0, help="seconds per puzzle")
    p.add_argument("--model", choices=["int", "bool"], default="int")
    p.add_argument("--workers", type=int, default=1)
    args = p.parse_args()
    wrong = False
    for k, givens in enumerate(read_puzzles(args.file)):
        status, seconds, solution = solve(givens, args.model, args.limit, args.workers)
        mark = ""
        if solution is not None:
            ok = is_solution(givens, solution)
            wrong |= not ok
            mark = "checked" if ok else "WRONG"
        print(f"puzzle {k}: {status} {seconds:.2f} s {mark}", flush=True)
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        # The reader left (`| head`): stop quietly, as sudokit's commands do.
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
        sys.exit(0)

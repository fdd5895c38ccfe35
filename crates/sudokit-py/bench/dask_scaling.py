"""The Dask path against the in-process batch functions, and one worker against two.

    python crates/sudokit-py/bench/dask_scaling.py --rate 100000 --hard 2000

Makes ``--rate`` puzzles (``generate_many``, default options), writes them to
``--files`` text files, then for each of solve, count and rate answers them three ways:
in process (the batch function over the lines read, ``threads=1``), and through
``sudokit.dask`` on a ``LocalCluster`` of one and of two worker processes (one thread
each; a bag from ``read_text``, one partition per file, each partition reduced to a
summary so that results are not shipped back). Then it generates ``--hard`` puzzles of
level ``hard`` the same three ways (``generate_many`` and ``sudokit.dask.generate``
over ``dask.bag.range``). Every way must give the same answers (the summaries, and the
generated puzzles themselves), or the script fails.

For each it prints wall-clock seconds, CPU seconds (this process plus the workers) and
microseconds per puzzle; then each way's time over the in-process call's, by wall clock
and by CPU (one worker against one thread: the cost of the Dask path; two workers: the
scaling). ``--workers 2`` leaves out the one-worker cluster. Cluster start-up is not
timed; a small job warms the workers first.
"""

import argparse
import collections
import os
import resource
import sys
import tempfile
import time

import dask.bag as db
from distributed import Client, LocalCluster

import sudokit
import sudokit.dask as sd


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def summary(records):
    """What a partition's answers come to: errors, solutions' digits, counts, levels."""
    out = collections.Counter()
    for r in records:
        out["error:" + (r["error"] or "").split(":")[0]] += 1
        if "solution" in r and r["solution"]:
            out["digits"] += sum(map(int, r["solution"]))
        if "count" in r and r["count"] is not None:
            out[f"count:{r['count']}"] += 1
        if "level" in r and r["level"] is not None:
            out[f"level:{r['level']}"] += 1
    return [out]


def total(counters):
    out = collections.Counter()
    for c in counters:
        out.update(c)
    return dict(out)


def in_process(op, lines):
    """The summary of the raw batch function's answers, as the Dask path makes them."""
    batch = {"solve": sudokit.solve_many, "count": sudokit.count_many}.get(op, sudokit.rate_many)
    options = {"strict": True} if op == "solve" else {}
    field = {"solve": "solution", "count": "count", "rate": "level"}[op]
    value = {"solve": str, "count": int, "rate": lambda r: r.level}[op]
    records = [
        {field: None, "error": type(a).__name__}
        if isinstance(a, Exception)
        else {field: value(a), "error": None}
        for a in batch(lines, errors="return", threads=1, **options)
    ]
    return total(summary(records))


def read_lines(paths):
    lines = []
    for path in paths:
        with open(path) as f:
            lines.extend(f.read().splitlines())
    return lines


def timed(run):
    """(result, wall seconds, CPU seconds of this process)."""
    start, cpu = time.perf_counter(), cpu_seconds()
    result = run()
    return result, time.perf_counter() - start, cpu_seconds() - cpu


def on_cluster(client, run):
    """(result, wall seconds, CPU seconds of this process and the workers)."""
    before = sum(client.run(cpu_seconds).values())
    result, wall, cpu = timed(run)
    return result, wall, cpu + sum(client.run(cpu_seconds).values()) - before


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=int, default=20000, help="puzzles to solve, count and rate")
    parser.add_argument("--hard", type=int, default=500, help="hard puzzles to generate")
    parser.add_argument("--files", type=int, default=32, help="input files (partitions)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--ops", default="solve,count,rate,hard", help="what to run")
    parser.add_argument("--workers", default="1,2", help="cluster sizes to run")
    args = parser.parse_args()
    ops = args.ops.split(",")
    hard = dict(seed=args.seed, difficulty="hard")

    tmp = tempfile.mkdtemp(prefix="sudokit-dask-bench-")
    start = time.perf_counter()
    made = sudokit.generate_many(range(args.rate), seed=args.seed, errors="raise")
    puzzles = [str(p) for p in made]
    print(f"made {len(puzzles)} puzzles in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    paths = []
    per_file = -(-len(puzzles) // args.files)
    for i in range(args.files):
        path = os.path.join(tmp, f"part{i:03}.txt")
        with open(path, "w") as f:
            f.writelines(p + "\n" for p in puzzles[i * per_file : (i + 1) * per_file])
        paths.append(path)
    del puzzles

    rows = []  # (what, way, n, wall, cpu)
    answers = {}

    def record(what, way, n, result, wall, cpu):
        rows.append((what, way, n, wall, cpu))
        print(f"{what:6} {way:22} {n:8} {wall:9.2f} s {cpu:9.2f} s CPU", file=sys.stderr)
        if what in answers and answers[what] != result:
            raise SystemExit(f"{what}: {way} differs from the in-process answers")
        answers.setdefault(what, result)

    lines = read_lines(paths)
    for op in [o for o in ops if o != "hard"]:
        result, wall, cpu = timed(lambda: in_process(op, read_lines(paths)))
        record(op, "in process, 1 thread", len(lines), result, wall, cpu)
    if "hard" in ops:
        made, wall, cpu = timed(
            lambda: [
                str(p)
                for p in sudokit.generate_many(range(args.hard), threads=1, errors="raise", **hard)
            ]
        )
        record("hard", "in process, 1 thread", args.hard, made, wall, cpu)

    for workers in [int(w) for w in args.workers.split(",")]:
        with LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster, Client(cluster) as client:
            sd.count(db.from_sequence(lines[:100], npartitions=workers)).compute()
            way = f"Dask, {workers} worker" + ("s" if workers > 1 else "")
            for op in [o for o in ops if o != "hard"]:
                mapped = getattr(sd, op)(db.read_text(paths))
                summed = mapped.map_partitions(summary)
                result, wall, cpu = on_cluster(client, lambda: total(summed.compute()))
                record(op, way, len(lines), result, wall, cpu)
            if "hard" in ops:
                bag = sd.generate(db.range(args.hard, npartitions=args.files), **hard)
                made, wall, cpu = on_cluster(client, lambda: [r["puzzle"] for r in bag.compute()])
                record("hard", way, args.hard, made, wall, cpu)

    print("| what | way | puzzles | wall s | CPU s | µs/puzzle wall | µs/puzzle CPU |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for what, way, n, wall, cpu in rows:
        per = f"{wall / n * 1e6:.1f} | {cpu / n * 1e6:.1f}"
        print(f"| {what} | {way} | {n:,} | {wall:.2f} | {cpu:.2f} | {per} |")
    print()
    by = {(what, way): (wall, cpu) for what, way, _, wall, cpu in rows}
    ways = list(dict.fromkeys(r[1] for r in rows))
    print("| what | " + " | ".join(f"{w} / in process, wall (CPU)" for w in ways[1:]) + " |")
    print("|---|" + "---:|" * (len(ways) - 1))
    for what in dict.fromkeys(r[0] for r in rows):
        alone = by[(what, ways[0])]
        ratios = (by[(what, w)] for w in ways[1:])
        print(
            f"| {what} | "
            + " | ".join(f"{t[0] / alone[0]:.2f} ({t[1] / alone[1]:.2f})" for t in ratios)
            + " |"
        )


if __name__ == "__main__":
    main()

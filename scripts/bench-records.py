#!/usr/bin/env python3
"""The cost of `--output jsonl` against text output: `sudokit solve` over FILE with one
and two threads, output to /dev/null, text and JSON Lines runs interleaved (and, when
BASE is given, the text output of another build, for example the one before a change).
Prints the best wall-clock rate and the least CPU time (user + system, of the process
and its threads) of each; CPU time is the figure to read on a shared machine.

usage: scripts/bench-records.py FILE RUNS BINARY [BASE]
"""
import resource
import subprocess
import sys
import time


def measure(command):
    """Wall-clock and CPU seconds of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    path, runs, binary = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    variants = [("text", binary, []), ("jsonl", binary, ["--output", "jsonl"])]
    if len(sys.argv) == 5:
        variants.insert(0, ("base text", sys.argv[4], []))
    with open(path) as f:
        puzzles = sum(1 for line in f if line.strip() and not line.startswith("#"))
    for threads in (1, 2):
        best = {}
        for _ in range(runs):
            for label, build, extra in variants:
                command = [build, "solve", "-j", str(threads), *extra, path]
                wall, cpu = measure(command)
                w, c = best.get(label, (float("inf"), float("inf")))
                best[label] = (min(w, wall), min(c, cpu))
        first_wall, first_cpu = best[variants[0][0]]
        print(f"{threads} thread(s), {puzzles} puzzles, best of {runs}:")
        for label, _, _ in variants:
            w, c = best[label]
            print(
                f"  {label:9} {puzzles / w:>10,.0f}/s wall  {c:.3f} s CPU"
                f"  {c / puzzles * 1e9:6.0f} ns CPU per puzzle"
                f"  CPU ÷ {variants[0][0]} {c / first_cpu:.2f}"
            )


main()

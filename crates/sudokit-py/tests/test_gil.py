"""Batches release the GIL: Python threads keep running while one is solved."""

import threading
import time

import sudokit

# Python hands the GIL between threads every few milliseconds; ticks further than this
# from the start and end of the call can only happen if the call released the GIL.
MARGIN = 0.02


def ticks_during_solve_many(batch):
    """Runs solve_many beside a ticking thread: (ticks well inside the call, seconds)."""
    stamps = []
    running = True

    def tick():
        while running:
            stamps.append(time.perf_counter())

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        start = time.perf_counter()
        grids = sudokit.solve_many(batch)
        end = time.perf_counter()
    finally:
        running = False
        ticker.join()
    assert all(g is not None for g in grids)
    return sum(start + MARGIN < s < end - MARGIN for s in stamps), end - start


def test_a_python_thread_makes_progress_during_solve_many(hardest):
    batch = hardest
    while True:
        inside, seconds = ticks_during_solve_many(batch)
        if seconds > 5 * MARGIN:
            break
        batch = batch * 4  # too quick to tell apart from a GIL switch: make it longer
    assert inside > 100

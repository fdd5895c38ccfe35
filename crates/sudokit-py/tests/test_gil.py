"""Batches release the GIL: Python threads keep running while one is solved."""

import threading

import sudokit


def test_a_python_thread_makes_progress_during_solve_many(hardest):
    ticks = 0
    running = True

    def count_ticks():
        nonlocal ticks
        while running:
            ticks += 1

    batch = hardest * 10
    ticker = threading.Thread(target=count_ticks)
    ticker.start()
    try:
        before = ticks
        grids = sudokit.solve_many(batch)
        during = ticks - before
    finally:
        running = False
        ticker.join()
    assert all(g is not None for g in grids)
    # The ticker only runs while it holds the GIL; had the batch kept it, the ticker
    # would be stuck for the whole call.
    assert during > 1000

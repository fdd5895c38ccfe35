"""Solving, counting and verification, one by one and in batches."""

import pytest

import sudokit

HARD1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def assert_solves(puzzle, grid):
    """A solution is full, obeys the rules and keeps every given."""
    assert grid is not None
    assert grid.is_full()
    line = str(grid)
    assert len(line) == 81 and "." not in line
    for given, digit in zip(str(puzzle), line):
        assert given == "." or given == digit
    for i in range(9):
        assert sorted(grid.to_list()[i]) == list(range(1, 10))
        assert sorted(row[i] for row in grid) == list(range(1, 10))
        r, c = 3 * (i // 3), 3 * (i % 3)
        assert sorted(grid[r + dr, c + dc] for dr in range(3) for dc in range(3)) == list(range(1, 10))
    assert grid.is_solution_of(puzzle)


@pytest.mark.parametrize("sample", ["seventeen", "hardest"])
def test_every_sample_puzzle_solves_and_is_unique(sample, request):
    for line in request.getfixturevalue(sample):
        p = sudokit.Puzzle(line)
        assert_solves(p, p.solve())
        assert p.count() == 1
        assert p.is_unique()


@pytest.mark.parametrize("engine", sudokit.ENGINES)
def test_every_engine_agrees(engine, hardest):
    for line in hardest[:30]:
        p = sudokit.Puzzle(line)
        assert_solves(p, p.solve(engine=engine))
        assert p.count(engine=engine) == 1


def test_multi_solution_puzzles_count_at_least_two(multi):
    counts = [sudokit.Puzzle(line).count(limit=2) for line in multi]
    assert counts == [2] * len(multi)
    for line in multi[:20]:
        p = sudokit.Puzzle(line)
        assert not p.is_unique()
        assert_solves(p, p.solve())


def test_count_stops_at_limit_and_counts_exactly_below_it():
    empty4 = sudokit.Puzzle("." * 16)
    assert empty4.count(limit=1000) == 288  # all 4×4 grids
    assert empty4.count(limit=5) == 5
    assert empty4.count(limit=1) == 1


def test_no_solution_is_none_or_raises_when_strict():
    # No conflict among the givens, yet box 1 needs 3 and 4 in r2c1, r2c2 while row 2
    # already holds a 3.
    p = sudokit.Puzzle("12....3.....4...")
    assert p.solve() is None
    assert p.count() == 0
    assert not p.is_unique()
    with pytest.raises(sudokit.NoSolution, match="no solution"):
        p.solve(strict=True)


def test_solve_many_matches_one_by_one_in_order(hardest, seventeen):
    batch = hardest + seventeen
    grids = sudokit.solve_many(batch, threads=2)
    assert len(grids) == len(batch)
    for line, grid in zip(batch, grids):
        assert grid == sudokit.Puzzle(line).solve()
        assert grid.is_solution_of(sudokit.Puzzle(line))


def test_solve_many_takes_puzzles_grids_and_any_iterable(hardest):
    puzzles = [sudokit.Puzzle(line) for line in hardest[:10]]
    from_objects = sudokit.solve_many(iter(puzzles), threads=1)
    from_text = sudokit.solve_many(line for line in hardest[:10])
    assert from_objects == from_text
    assert sudokit.solve_many([]) == []


def test_solve_many_none_for_no_solution_and_strict_raises_with_position():
    grids = sudokit.solve_many([HARD1, "12....3.....4..."])
    assert grids[0] is not None and grids[1] is None
    with pytest.raises(sudokit.NoSolution, match=r"^puzzles\[1\]: "):
        sudokit.solve_many([HARD1, "12....3.....4..."], strict=True)


def test_count_many(multi, hardest):
    assert sudokit.count_many(multi[:50] + hardest[:50]) == [2] * 50 + [1] * 50
    assert sudokit.count_many(["." * 16], limit=300) == [288]


def test_progress_is_reported_and_ends_at_total(hardest):
    calls = []
    sudokit.solve_many(hardest, progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (len(hardest), len(hardest))
    assert all(total == len(hardest) and 0 <= done <= total for done, total in calls)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_progress_exception_stops_the_batch(hardest):
    def stop(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        sudokit.solve_many(hardest * 20, progress=stop)


def test_threads_must_be_positive():
    with pytest.raises(ValueError, match="threads"):
        sudokit.solve_many([HARD1], threads=0)


def test_other_sizes_solve():
    for text in ["1...2...3...4...", "." * 36, "." * 256]:
        p = sudokit.Puzzle(text)
        g = p.solve()
        assert g.is_solution_of(p) and g.size == p.size


def test_batch_size_option():
    assert sudokit.solve_many(["." * 256], size=16)[0].size == 16
    with pytest.raises(sudokit.ParseError, match=r"^puzzles\[0\]: line 1: expected 256 cells"):
        sudokit.solve_many([HARD1], size=16)

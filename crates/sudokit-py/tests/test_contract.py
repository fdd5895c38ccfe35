"""Edges of the API: puzzles without exactly one solution, limits, counts, threads."""

import pytest

import sudokit

HARD1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
UNSOLVABLE = ".12345678" + "9........" + "." * 63


def test_multiple_solutions_error_is_a_value_error():
    assert issubclass(sudokit.MultipleSolutions, ValueError)
    assert sudokit.MultipleSolutions.__module__ == "sudokit"


@pytest.mark.parametrize("method", ["rate", "hint", "explain"])
def test_logic_refuses_puzzles_with_several_solutions(multi, method):
    for text in multi[:5]:
        p = sudokit.Puzzle(text)
        assert p.count() == 2
        with pytest.raises(sudokit.MultipleSolutions, match="more than one solution"):
            getattr(p, method)()


@pytest.mark.parametrize("method", ["rate", "hint", "explain"])
def test_logic_refuses_puzzles_without_a_solution(method):
    p = sudokit.Puzzle(UNSOLVABLE)
    assert p.count() == 0
    with pytest.raises(sudokit.NoSolution, match="no solution"):
        getattr(p, method)()
    empty = sudokit.Puzzle("." * 81)
    with pytest.raises(sudokit.MultipleSolutions):
        getattr(empty, method)()


def test_unique_puzzles_are_still_rated():
    r = sudokit.Puzzle(HARD1).rate()
    assert r.er > 0


def test_counting_to_zero_is_refused():
    p = sudokit.Puzzle(HARD1)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        p.count(limit=0)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        sudokit.count_many([HARD1], limit=0)
    assert p.count(limit=1) == 1


def test_a_negative_count_of_puzzles_is_a_clear_error():
    with pytest.raises(ValueError, match="n must be 0 or more"):
        sudokit.generate(n=-1)
    assert sudokit.generate(n=0) == []


def test_a_huge_thread_count_is_capped():
    puzzles = [HARD1] * 3
    grids = sudokit.solve_many(puzzles, threads=100_000)
    assert all(g.is_solution_of(sudokit.Puzzle(HARD1)) for g in grids)
    assert sudokit.count_many(puzzles, threads=100_000) == [1, 1, 1]
    assert len(sudokit.generate(2, size=4, seed=1, threads=100_000)) == 2

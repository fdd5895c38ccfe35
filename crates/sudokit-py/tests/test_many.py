"""rate_many and generate_many, and errors returned as values by every batch function."""

import pytest

import sudokit

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# One of each failure: unreadable, a repeated digit, several solutions, no solution
# (a 4×4 puzzle whose givens clash only after propagation), not a string at all.
BAD = ["x", "11" + "." * 79, "." * 81, "12....3.....4...", 7]
KINDS = [
    sudokit.ParseError,
    sudokit.InvalidPuzzle,
    sudokit.MultipleSolutions,
    sudokit.NoSolution,
    TypeError,
]


def rating_fields(r):
    return (r.er, r.ep, r.ed, r.level, r.score, r.hardest, r.steps, r.solved, r.outcome)


def test_rate_many_equals_rating_one_by_one(hardest, top):
    puzzles = [EASY] + hardest[:30] + top[:30]
    for threads in (1, 2):
        ratings = sudokit.rate_many(puzzles, threads=threads)
        assert len(ratings) == len(puzzles)
        for line, rating in zip(puzzles, ratings):
            assert isinstance(rating, sudokit.Rating)
            assert rating_fields(rating) == rating_fields(sudokit.Puzzle(line).rate())


def test_rate_many_takes_the_technique_selection(top):
    puzzles = [EASY] + top[:20]
    ratings = sudokit.rate_many(puzzles, techniques="singles", uniqueness=False)
    for line, rating in zip(puzzles, ratings):
        alone = sudokit.Puzzle(line).rate(techniques="singles", uniqueness=False)
        assert rating_fields(rating) == rating_fields(alone)
    assert ratings[0].solved and not all(r.solved for r in ratings)


def test_rate_many_returns_each_failure_in_its_place_and_rates_the_rest(hardest):
    good = hardest[:5]
    puzzles = [p for pair in zip(good, BAD) for p in pair]
    ratings = sudokit.rate_many(puzzles)
    for i, kind in enumerate(KINDS):
        assert isinstance(ratings[2 * i + 1], kind), (i, ratings[2 * i + 1])
        assert not str(ratings[2 * i + 1]).startswith("puzzles[")
        assert rating_fields(ratings[2 * i]) == rating_fields(sudokit.Puzzle(good[i]).rate())


def test_rate_many_raises_the_first_failure_with_its_position_when_asked():
    with pytest.raises(sudokit.MultipleSolutions, match=r"^puzzles\[1\]: more than one solution"):
        sudokit.rate_many([EASY, "." * 81, "x"], errors="raise")


@pytest.mark.parametrize(
    "batch, options, bad",
    [
        (sudokit.solve_many, {"strict": True}, [0, 1, 3, 4]),
        (sudokit.count_many, {}, [0, 1, 4]),
    ],
)
def test_solve_and_count_many_return_failures_as_values_when_asked(batch, options, bad, hardest):
    good = hardest[: len(bad)]
    puzzles = [p for i, g in zip(bad, good) for p in (g, BAD[i])]
    results = batch(puzzles, errors="return", threads=2, **options)
    assert results[::2] == batch(good, **options)
    for result, i in zip(results[1::2], bad):
        assert isinstance(result, KINDS[i])


def test_solve_many_answers_are_verified_with_errors_returned(seventeen):
    puzzles = seventeen[:50] + ["x"]
    grids = sudokit.solve_many(puzzles, errors="return")
    for line, grid in zip(puzzles[:-1], grids):
        assert grid.is_solution_of(sudokit.Puzzle(line))
    assert isinstance(grids[-1], sudokit.ParseError)


def test_errors_must_be_raise_or_return():
    for batch in (sudokit.solve_many, sudokit.count_many, sudokit.rate_many):
        with pytest.raises(ValueError, match='errors="ignore" is not a choice'):
            batch([EASY], errors="ignore")
    with pytest.raises(ValueError, match="is not a choice"):
        sudokit.generate_many([0], seed=1, errors="skip")


def test_wrong_types_still_raise_by_default():
    with pytest.raises(TypeError):
        sudokit.solve_many([EASY, 7])


def test_generate_many_is_generate_cut_anywhere():
    whole = sudokit.generate(12, seed=11)
    assert sudokit.generate_many(range(12), seed=11) == whole
    assert sudokit.generate_many(range(4, 9), seed=11, threads=1) == whole[4:9]
    order = [9, 0, 5, 5, 11]
    assert sudokit.generate_many(order, seed=11, threads=2) == [whole[i] for i in order]
    assert sudokit.generate_many([], seed=11) == []
    for puzzle in whole:
        assert puzzle.is_unique()
        assert puzzle.solve().is_solution_of(puzzle)


def test_generate_many_keeps_the_options():
    options = dict(size=4, symmetry="none", clues=8)
    whole = sudokit.generate(5, seed=3, **options)
    assert sudokit.generate_many([2, 4], seed=3, **options) == [whole[2], whole[4]]
    assert all(p.size == 4 and p.filled <= 8 for p in whole)
    easy = sudokit.generate_many(range(3), seed=5, difficulty="easy")
    assert [p.rate().level for p in easy] == ["easy"] * 3
    assert easy == sudokit.generate(3, seed=5, difficulty="easy")


def test_generate_many_returns_failures_as_values_or_raises():
    options = dict(seed=1, difficulty="extreme", max_attempts=1)
    made = sudokit.generate_many(range(8), **options)
    kinds = {type(m) for m in made}
    assert kinds == {sudokit.GenerateError, sudokit.Puzzle}  # one attempt often fails
    for i, m in enumerate(made):
        if isinstance(m, sudokit.Puzzle):
            assert m.rate().level == "extreme"
            assert sudokit.generate_many([i], **options) == [m]
    with pytest.raises(sudokit.GenerateError, match=r"^puzzles\[0\]: no puzzle matched"):
        sudokit.generate_many([0], seed=1, difficulty="extreme", max_attempts=1, errors="raise")


def test_generate_many_needs_a_seed_and_indices_of_zero_or_more():
    with pytest.raises(TypeError, match="seed"):
        sudokit.generate_many([0])
    with pytest.raises(OverflowError):
        sudokit.generate_many([-1], seed=1)
    with pytest.raises(TypeError):
        sudokit.generate_many(["0"], seed=1)

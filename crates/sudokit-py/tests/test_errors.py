"""Errors: their classes and the library's messages."""

import pytest

import sudokit

HARD1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_error_classes_are_value_errors():
    for cls in (sudokit.ParseError, sudokit.InvalidPuzzle, sudokit.NoSolution, sudokit.SolveError):
        assert issubclass(cls, ValueError)
        assert cls.__module__ == "sudokit"


@pytest.mark.parametrize(
    "text, message",
    [
        (HARD1[:80] + "x", "line 1, column 81: unexpected character 'x'; expected a digit 1-9 or one of . 0 _ * for an empty cell"),
        ("12345", "line 1: 5 cells is not a puzzle: a one-line puzzle has n² cells (81 for 9×9, 256 for 16×16, 625 for 25×25)"),
        ("", "no puzzle found: the input is empty or holds only comments"),
        ("# only a comment\n", "no puzzle found: the input is empty or holds only comments"),
        (HARD1 + "\n" + HARD1, "line 2: expected one puzzle, found a second one here"),
        ("1 2 3 4\n3 4 1 2\n", "line 1: the 4×4 block starting here has only 2 of its 4 rows"),
    ],
)
def test_parse_errors_carry_the_library_message(text, message):
    with pytest.raises(sudokit.ParseError) as err:
        sudokit.Puzzle(text)
    assert str(err.value) == message


def test_size_mismatch():
    with pytest.raises(sudokit.ParseError, match=r"expected 256 cells for a 16×16 puzzle"):
        sudokit.Puzzle(HARD1, size=16)


def test_invalid_puzzle_names_digit_unit_and_cells():
    text = "44" + HARD1[2:]
    with pytest.raises(sudokit.InvalidPuzzle) as err:
        sudokit.Puzzle(text)
    assert str(err.value) == "digit 4 appears twice in row 1: r1c1 and r1c2"
    column = HARD1[:9] + "4" + HARD1[10:]
    with pytest.raises(sudokit.InvalidPuzzle, match="digit 4 appears twice in column 1: r1c1 and r2c1"):
        sudokit.Puzzle(column)


def test_a_grid_is_not_checked_but_a_puzzle_is():
    g = sudokit.Grid("11" + "." * 14)
    assert g.filled == 2
    with pytest.raises(sudokit.InvalidPuzzle):
        sudokit.Puzzle(str(g))


def test_unknown_engine():
    with pytest.raises(sudokit.SolveError) as err:
        sudokit.Puzzle(HARD1).solve(engine="nope")
    assert str(err.value) == f"unknown engine `nope`; choose one of: {', '.join(sudokit.ENGINES)}"
    with pytest.raises(sudokit.SolveError, match="unknown engine"):
        sudokit.solve_many([HARD1], engine="nope")


def test_batch_errors_name_the_first_bad_position():
    with pytest.raises(sudokit.ParseError) as err:
        sudokit.solve_many([HARD1, HARD1, "12345", "x"])
    assert str(err.value).startswith("puzzles[2]: line 1: 5 cells is not a puzzle")
    with pytest.raises(sudokit.InvalidPuzzle, match=r"^puzzles\[1\]: digit 4 appears twice in row 1"):
        sudokit.count_many([HARD1, "44" + HARD1[2:]])


def test_wrong_types():
    with pytest.raises(TypeError):
        sudokit.Puzzle(81)
    with pytest.raises(TypeError):
        sudokit.solve_many([HARD1, 7])
    with pytest.raises(TypeError):
        sudokit.Puzzle(HARD1).solve(True)  # strict is keyword-only


def test_from_list_errors():
    with pytest.raises(sudokit.ParseError, match="row 2: a row of a 4×4 board needs 4 cells, found 3"):
        sudokit.Puzzle.from_list([[0] * 4, [0] * 3, [0] * 4, [0] * 4])
    with pytest.raises(sudokit.ParseError, match=r"row 1, column 2: value 5 is out of range for a 4×4 board"):
        sudokit.Puzzle.from_list([[0, 5, 0, 0]] + [[0] * 4] * 3)
    with pytest.raises(sudokit.ParseError, match=r"value -1 is out of range"):
        sudokit.Puzzle.from_list([[-1, 0, 0, 0]] + [[0] * 4] * 3)
    with pytest.raises(sudokit.ParseError, match="size 5 has no box shape"):
        sudokit.Puzzle.from_list([[0] * 5] * 5)


def test_a_time_limit_of_zero_gives_up_with_a_typed_error():
    # A deadline already passed stops a search at its first check.
    assert issubclass(sudokit.GaveUp, sudokit.SolveError)
    p = sudokit.Puzzle(HARD1)
    for call in (
        lambda: p.solve(time_limit=0),
        lambda: p.count(time_limit=0),
        lambda: sudokit.solve_many([HARD1], time_limit=0),
        lambda: sudokit.count_many(["1..4.........32.", HARD1], time_limit=0),
        lambda: p.hint(time_limit=0),
        lambda: p.explain(time_limit=0),
        lambda: p.rate(time_limit=0),
    ):
        with pytest.raises(sudokit.GaveUp) as err:
            call()
        assert "the time limit ran out" in str(err.value)
    assert str(sudokit.solve_many([HARD1], time_limit=60)[0]) == str(p.solve())
    assert p.count(time_limit=60) == 1
    assert repr(p.hint(time_limit=60)) == repr(p.hint())
    assert [s.text for s in p.explain(time_limit=60)] == [s.text for s in p.explain()]
    assert repr(p.rate(time_limit=60)) == repr(p.rate())
    for call in (p.hint, p.explain, p.rate):
        with pytest.raises(ValueError, match="is not a duration"):
            call(time_limit=-1)
    with pytest.raises(ValueError, match="is not a duration"):
        p.count(time_limit=-1)

"""The Python side of grids and puzzles: text, lists, numpy, protocols, pickling."""

import pickle

import pytest

import sudokit

np = pytest.importorskip("numpy")

HARD1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
BLOCK = """
4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
. . . | 7 . . | . . .
------+-------+------
. 2 . | . . . | . 6 .
. . . | . 8 . | 4 . .
. . . | . 1 . | . . .
------+-------+------
. . . | 6 . 3 | . 7 .
5 . . | 2 . . | . . .
1 . 4 | . . . | . . .
"""


def test_every_text_form_gives_the_same_puzzle():
    p = sudokit.Puzzle(HARD1)
    forms = [
        BLOCK,
        HARD1.replace(".", "0"),
        HARD1.replace(".", "_"),
        HARD1 + "  # a comment",
        "# header\n" + HARD1 + "\r\n",
        "\n".join(HARD1[i : i + 9] for i in range(0, 81, 9)),
        " ".join(c if c != "." else "0" for c in HARD1),
    ]
    for text in forms:
        assert sudokit.Puzzle(text) == p
    assert sudokit.Puzzle(HARD1, size=9) == p


def test_fast_line_reader_agrees_with_the_general_reader(seventeen, hardest):
    # A bare 81-character line takes the fast path; the same line with a trailing
    # comment goes through the library's general reader.
    for line in seventeen + hardest:
        assert sudokit.Puzzle(line) == sudokit.Puzzle(line + " general")
        assert str(sudokit.Puzzle(line)) == line


def test_str_repr_and_pretty():
    p = sudokit.Puzzle(BLOCK)
    assert str(p) == HARD1
    assert repr(p) == f"Puzzle('{HARD1}')"
    assert eval(repr(p), {"Puzzle": sudokit.Puzzle}) == p
    assert repr(p.solve()).startswith("Grid('417369825")
    assert p.pretty().splitlines()[0] == "4 . . | . . . | 8 . 5"
    assert sudokit.Puzzle(p.pretty()) == p


def test_properties_and_protocols():
    p = sudokit.Puzzle(HARD1)
    assert isinstance(p, sudokit.Grid)
    assert (p.size, p.box_shape, p.filled, len(p)) == (9, (3, 3), 17, 9)
    assert sudokit.Puzzle("." * 36).box_shape == (2, 3)
    assert p[0, 0] == 4 and p[0, 6] == 8 and p[-1, 2] == 4 and p[8, 8] == 0
    with pytest.raises(IndexError):
        p[9, 0]
    rows = list(p)
    assert rows == p.to_list() and rows[0] == [4, 0, 0, 0, 0, 0, 8, 0, 5]
    assert all(type(v) is int for v in rows[0])


def test_equality_and_hash():
    a, b = sudokit.Puzzle(HARD1), sudokit.Puzzle(BLOCK)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    s = a.solve()
    assert s != a and s == sudokit.Grid(str(s))
    assert a != HARD1


def test_pickle_round_trip():
    p = sudokit.Puzzle(HARD1)
    s = p.solve()
    big = sudokit.Puzzle("." * 256)
    for obj in (p, s, big):
        back = pickle.loads(pickle.dumps(obj))
        assert back == obj and type(back) is type(obj)


def test_from_list_round_trip_every_size():
    for n in (4, 6, 8, 9, 12, 16, 25):
        solved = sudokit.Puzzle("." * (n * n)).solve()
        rows = solved.to_list()
        rows[0][0] = 0
        p = sudokit.Puzzle.from_list(rows)
        assert p.size == n and p.to_list() == rows
        assert p.solve() == solved


@pytest.mark.parametrize("n", [9, 16])
def test_numpy_round_trip(n, seventeen):
    source = sudokit.Puzzle(seventeen[0]) if n == 9 else sudokit.Puzzle("." * 256)
    solved = source.solve()
    array = solved.to_numpy()
    assert array.shape == (n, n) and array.dtype == np.uint8
    assert array.flags.writeable
    assert sudokit.Puzzle.from_numpy(array) == solved
    holes = array.astype(np.int32)
    holes[::2, ::3] = 0
    p = sudokit.Puzzle.from_numpy(holes)
    assert (p.to_numpy() == holes).all()
    assert p.solve().is_solution_of(p)
    assert (p.solve().to_numpy()[holes != 0] == holes[holes != 0]).all()


def test_from_numpy_rejects_bad_arrays():
    with pytest.raises(TypeError, match="2-D array of integers"):
        sudokit.Puzzle.from_numpy(np.zeros((9, 9), dtype=float))
    with pytest.raises(TypeError, match="2-D array of integers"):
        sudokit.Puzzle.from_numpy(np.zeros(81, dtype=int))
    with pytest.raises(sudokit.ParseError, match="needs 9 cells"):
        sudokit.Puzzle.from_numpy(np.zeros((9, 8), dtype=int))
    with pytest.raises(sudokit.InvalidPuzzle):
        sudokit.Puzzle.from_numpy(np.full((4, 4), 1))

"""Hints, explanations, ratings and generation, checked against the solutions."""

import pytest

import sudokit

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]


def assert_sound(step, solution):
    """A step places only solution digits and never removes one."""
    for r, c, d in step.placements:
        assert solution[r, c] == d, step
    for r, c, d in step.eliminations:
        assert solution[r, c] != d, step
    assert step.placements or step.eliminations
    assert step.text and step.technique and step.rating >= 1.0


def test_hint_is_sound_on_every_sample(top):
    for line in top[:40] + [EASY]:
        p = sudokit.Puzzle(line)
        step = p.hint()
        assert step is not None
        assert_sound(step, p.solve())
        assert all(0 <= r < 9 and 0 <= c < 9 for r, c in step.cells)


def test_explain_steps_are_sound_and_finish_easy_puzzles(top):
    p = sudokit.Puzzle(EASY)
    steps = p.explain()
    solution = p.solve()
    placed = {}
    for step in steps:
        assert_sound(step, solution)
        placed.update(((r, c), d) for r, c, d in step.placements)
    empties = {(r, c) for r in range(9) for c in range(9) if p[r, c] == 0}
    assert set(placed) == empties
    for line in top[:10]:
        p = sudokit.Puzzle(line)
        for step in p.explain():
            assert_sound(step, p.solve())


def test_rate(top, hardest):
    easy = sudokit.Puzzle(EASY).rate()
    assert easy.solved and easy.outcome == "solved" and easy.level == "easy"
    for line in top[:20] + hardest[:5]:
        r = sudokit.Puzzle(line).rate()
        assert r.level in LEVELS
        assert r.outcome in ("solved", "stuck") and r.solved == (r.outcome == "solved")
        if r.steps:
            assert r.er >= r.ep >= r.ed >= 1.0 and r.score > 0
        else:  # logic found nothing from the start
            assert (r.er, r.ep, r.ed, r.hardest, r.solved) == (0.0, 0.0, 0.0, None, False)


def test_generate_unique_symmetric_and_reproducible():
    puzzles = sudokit.generate(4, seed=11, threads=2)
    assert len(puzzles) == 4 and len(set(puzzles)) == 4
    assert puzzles == sudokit.generate(4, seed=11, threads=1)
    for p in puzzles:
        assert isinstance(p, sudokit.Puzzle) and p.is_unique()
        line = str(p)
        assert all((line[i] == ".") == (line[80 - i] == ".") for i in range(81))


def test_generate_options():
    for p in sudokit.generate(2, seed=5, clues=30, symmetry="none"):
        assert p.filled <= 30 and p.is_unique()
    for p in sudokit.generate(2, seed=2, difficulty="medium"):
        assert p.rate().level == "medium"
    assert sudokit.generate(size=6, seed=1)[0].size == 6
    assert sudokit.generate(0) == []
    with pytest.raises(ValueError, match="symmetry"):
        sudokit.generate(symmetry="spiral")
    with pytest.raises(ValueError, match=r"unknown difficulty `fiendish`; choose one of: easy, medium"):
        sudokit.generate(difficulty="fiendish")
    with pytest.raises(sudokit.GenerateError):
        sudokit.generate(seed=1, clues=17, symmetry="dihedral", max_attempts=1)


def test_technique_selection(top):
    p = sudokit.Puzzle(EASY)
    singles = p.explain(techniques="singles")
    assert {s.technique for s in singles} <= {"Full House", "Naked Single", "Hidden Single"}
    assert not p.rate(techniques="full-house").solved
    assert p.rate(without="full-house").solved
    for line in top[:5]:
        q = sudokit.Puzzle(line)
        for step in q.explain(uniqueness=False):
            assert_sound(step, q.solve())
            assert "Unique" not in step.technique
    with pytest.raises(ValueError):
        p.hint(techniques="no-such-technique")


SE_SAMPLE = [
    # (puzzle, ER/EP/ED as Sudoku Explainer's serate gives them), from data/serate-sample.txt
    ("..3......4.6.......8.231..62...9..715.......8....4...3....7...........9...1.68..7", (2.8, 2.8, 2.6)),
]


def test_se_scale_gives_serates_ratings_and_path():
    for line, (er, ep, ed) in SE_SAMPLE:
        p = sudokit.Puzzle(line)
        r = p.rate(scale="se")
        assert (r.er, r.ep, r.ed) == (er, ep, ed)
        steps = p.explain(scale="se")
        assert max(s.rating for s in steps) == er
        solution = p.solve()
        for s in steps:
            for row, col, d in s.placements:
                assert solution[row, col] == d
            for row, col, d in s.eliminations:
                assert solution[row, col] != d


def test_se_scale_errors():
    p = sudokit.Puzzle("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
    with pytest.raises(sudokit.GaveUp):
        p.rate(scale="se", time_limit=0)
    with pytest.raises(ValueError):
        p.rate(scale="serate")


def test_graded_hints_tell_the_technique_then_the_cells_then_the_step():
    # The X-Wing case of HoDoKu's library, where X-Wing is the only technique allowed.
    p = sudokit.Puzzle("9.....561..6.1.79371..962486...21479........5....4...642..586175.71.2..4..1....52")
    step = p.hint(techniques="x-wing")
    assert step.technique == "X-Wing"
    assert p.hint(techniques="x-wing", level="technique") == "Next: X-Wing"
    cells = p.hint(techniques="x-wing", level="cells")
    assert cells == "Next: X-Wing, with r3c3, r3c4, r7c3, r7c4"
    assert sorted(step.cells) == [(2, 2), (2, 3), (6, 2), (6, 3)]
    assert step.graded("cells") == cells and step.graded() == step.text
    assert p.hint(techniques="x-wing", level="step").text == step.text
    with pytest.raises(ValueError, match="use technique, cells or step"):
        p.hint(level="all")

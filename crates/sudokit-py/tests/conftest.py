"""Shared fixtures: the puzzle samples under the repository's data/ directory."""

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[3] / "data"


def read_puzzles(name):
    """The puzzle lines of a sample file (comments skipped)."""
    lines = (DATA / name).read_text().splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]


@pytest.fixture(scope="session")
def seventeen():
    return read_puzzles("17_clue.txt")


@pytest.fixture(scope="session")
def hardest():
    return read_puzzles("hardest_11plus.txt")


@pytest.fixture(scope="session")
def multi():
    return read_puzzles("serg_multi.txt")

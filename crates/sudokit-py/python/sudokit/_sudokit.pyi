"""Type stubs for the native module; the docstrings live in the module itself."""

from typing import Any, Callable, Iterable, Iterator, List, Literal, Optional, Sequence, Tuple, Union, overload

__version__: str
ENGINES: Tuple[str, ...]

class ParseError(ValueError): ...
class InvalidPuzzle(ValueError): ...
class NoSolution(ValueError): ...
class MultipleSolutions(ValueError): ...
class SolveError(ValueError): ...
class GaveUp(SolveError): ...
class GenerateError(ValueError): ...

class Step:
    @property
    def technique(self) -> str: ...
    @property
    def rating(self) -> float: ...
    @property
    def placements(self) -> List[Tuple[int, int, int]]: ...
    @property
    def eliminations(self) -> List[Tuple[int, int, int]]: ...
    @property
    def cells(self) -> List[Tuple[int, int]]: ...
    @property
    def digits(self) -> List[int]: ...
    @property
    def text(self) -> str: ...
    def graded(self, level: str = "step") -> str: ...

class Rating:
    er: float
    ep: float
    ed: float
    level: str
    score: int
    hardest: Optional[str]
    steps: int
    solved: bool
    outcome: str

class SeRating:
    er: float
    ep: float
    ed: float

class SeStep:
    @property
    def technique(self) -> str: ...
    @property
    def rating(self) -> float: ...
    @property
    def placements(self) -> List[Tuple[int, int, int]]: ...
    @property
    def eliminations(self) -> List[Tuple[int, int, int]]: ...

class Grid:
    def __init__(self, text: str, size: Optional[int] = None) -> None: ...
    @property
    def size(self) -> int: ...
    @property
    def box_shape(self) -> Tuple[int, int]: ...
    @property
    def filled(self) -> int: ...
    def is_full(self) -> bool: ...
    def is_solution_of(self, puzzle: Grid) -> bool: ...
    def pretty(self) -> str: ...
    def to_list(self) -> List[List[int]]: ...
    def to_numpy(self) -> Any: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[List[int]]: ...
    def __getitem__(self, index: Tuple[int, int]) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Puzzle(Grid):
    def __init__(self, text: str, size: Optional[int] = None) -> None: ...
    @classmethod
    def from_list(cls, rows: Sequence[Sequence[int]]) -> Puzzle: ...
    @classmethod
    def from_numpy(cls, array: Any) -> Puzzle: ...
    def solve(
        self, *, strict: bool = False, engine: Optional[str] = None, time_limit: Optional[float] = None
    ) -> Optional[Grid]: ...
    def count(
        self, limit: int = 2, *, engine: Optional[str] = None, time_limit: Optional[float] = None
    ) -> int: ...
    def is_unique(self, *, engine: Optional[str] = None) -> bool: ...
    def hint(
        self,
        *,
        techniques: Optional[str] = None,
        without: Optional[str] = None,
        uniqueness: bool = True,
        time_limit: Optional[float] = None,
        level: str = "step",
    ) -> Union[Step, str, None]: ...
    @overload
    def explain(
        self,
        *,
        techniques: Optional[str] = None,
        without: Optional[str] = None,
        uniqueness: bool = True,
        scale: Literal["hodoku"] = "hodoku",
        time_limit: Optional[float] = None,
    ) -> List[Step]: ...
    @overload
    def explain(self, *, scale: Literal["se"], time_limit: Optional[float] = None) -> List[SeStep]: ...
    @overload
    def rate(
        self,
        *,
        techniques: Optional[str] = None,
        without: Optional[str] = None,
        uniqueness: bool = True,
        scale: Literal["hodoku"] = "hodoku",
        time_limit: Optional[float] = None,
    ) -> Rating: ...
    @overload
    def rate(self, *, scale: Literal["se"], time_limit: Optional[float] = None) -> SeRating: ...

PuzzleInput = Union[str, Grid]
Progress = Callable[[int, int], Any]

Errors = Literal["raise", "return"]

@overload
def solve_many(
    puzzles: Iterable[PuzzleInput],
    *,
    engine: Optional[str] = None,
    strict: bool = False,
    size: Optional[int] = None,
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
    time_limit: Optional[float] = None,
    errors: Literal["raise"] = "raise",
) -> List[Optional[Grid]]: ...
@overload
def solve_many(
    puzzles: Iterable[PuzzleInput],
    *,
    engine: Optional[str] = None,
    strict: bool = False,
    size: Optional[int] = None,
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
    time_limit: Optional[float] = None,
    errors: Errors,
) -> List[Union[Grid, None, Exception]]: ...
@overload
def count_many(
    puzzles: Iterable[PuzzleInput],
    limit: int = 2,
    *,
    engine: Optional[str] = None,
    size: Optional[int] = None,
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
    time_limit: Optional[float] = None,
    errors: Literal["raise"] = "raise",
) -> List[int]: ...
@overload
def count_many(
    puzzles: Iterable[PuzzleInput],
    limit: int = 2,
    *,
    engine: Optional[str] = None,
    size: Optional[int] = None,
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
    time_limit: Optional[float] = None,
    errors: Errors,
) -> List[Union[int, Exception]]: ...
def rate_many(
    puzzles: Iterable[PuzzleInput],
    *,
    techniques: Optional[str] = None,
    without: Optional[str] = None,
    uniqueness: bool = True,
    size: Optional[int] = None,
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
    errors: Errors = "return",
) -> List[Union[Rating, Exception]]: ...
def generate(
    n: int = 1,
    *,
    size: int = 9,
    symmetry: str = "rotate-180",
    clues: Optional[int] = None,
    strict_minimal: bool = False,
    difficulty: Optional[str] = None,
    seed: Optional[int] = None,
    max_attempts: int = 1000,
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> List[Puzzle]: ...
def generate_many(
    indices: Iterable[int],
    *,
    seed: int,
    size: int = 9,
    symmetry: str = "rotate-180",
    clues: Optional[int] = None,
    strict_minimal: bool = False,
    difficulty: Optional[str] = None,
    max_attempts: int = 1000,
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
    errors: Errors = "return",
) -> List[Union[Puzzle, Exception]]: ...

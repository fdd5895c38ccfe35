//! `sudokit.Puzzle`: a grid of givens checked against the rules, with the solving
//! methods.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyType;
use sudokit::logic::HintLevel;
use sudokit::serate::SeReport;
use sudokit::Grid;

use crate::grid::PyGrid;
use crate::logic::{self, Selection};
use crate::{read, solving};

/// A Sudoku puzzle of any classic size, read from text in any format the library reads.
///
/// ``size`` fixes the board size instead of inferring it. Raises ``ParseError`` for
/// text that is not a puzzle and ``InvalidPuzzle`` when a digit repeats in a unit.
/// A ``Puzzle`` is a ``Grid``: everything a grid does, a puzzle does too.
///
/// >>> p = sudokit.Puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
/// >>> p.filled
/// 17
/// >>> print(p.solve())
/// 417369825632158947958724316825437169791586432346912758289643571573291684164875293
/// >>> p.count(), p.is_unique()
/// (1, True)
/// >>> sudokit.Puzzle("11..............")
/// Traceback (most recent call last):
/// ...
/// sudokit.InvalidPuzzle: digit 1 appears twice in row 1: r1c1 and r1c2
#[pyclass(module = "sudokit", name = "Puzzle", extends = PyGrid, frozen)]
pub struct PyPuzzle;

impl PyPuzzle {
    /// A new `Puzzle` object, after checking the rules.
    pub fn create(py: Python<'_>, grid: Grid) -> PyResult<Py<PyPuzzle>> {
        Py::new(py, Self::init(read::check(grid)?))
    }

    fn init(grid: Grid) -> PyClassInitializer<PyPuzzle> {
        PyClassInitializer::from(PyGrid::new(grid)).add_subclass(PyPuzzle)
    }
}

fn grid_of<'a>(slf: &'a Bound<'_, PyPuzzle>) -> &'a Grid {
    &slf.as_super().get().grid
}

#[pymethods]
impl PyPuzzle {
    #[new]
    #[pyo3(signature = (text, size = None))]
    fn py_new(text: PyBackedStr, size: Option<usize>) -> PyResult<PyClassInitializer<PyPuzzle>> {
        Ok(Self::init(read::puzzle(&text, size)?))
    }

    /// A puzzle from ``n`` rows of ``n`` ints (0 for empty), for any classic size.
    ///
    /// >>> sudokit.Puzzle.from_list([[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]])
    /// Puzzle('1.....3..4.....2')
    #[classmethod]
    fn from_list(cls: &Bound<'_, PyType>, rows: Vec<Vec<i64>>) -> PyResult<Py<PyPuzzle>> {
        Self::create(cls.py(), read::from_rows(rows)?)
    }

    /// A puzzle from a square 2-D numpy array of ints (0 for empty), for any classic
    /// size.
    ///
    /// >>> import numpy as np
    /// >>> a = np.zeros((16, 16), dtype=np.int64)
    /// >>> a[0, 0] = 16
    /// >>> p = sudokit.Puzzle.from_numpy(a)
    /// >>> p.size, p[0, 0], bool((p.to_numpy() == a).all())
    /// (16, 16, True)
    #[classmethod]
    fn from_numpy(cls: &Bound<'_, PyType>, array: &Bound<'_, PyAny>) -> PyResult<Py<PyPuzzle>> {
        let array = cls
            .py()
            .import("numpy")?
            .call_method1("asarray", (array,))?;
        let ndim: usize = array.getattr("ndim")?.extract()?;
        let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
        if ndim != 2 || !matches!(kind.as_str(), "i" | "u") {
            return Err(PyTypeError::new_err(format!(
                "expected a 2-D array of integers, got a {ndim}-D array of dtype kind '{kind}'"
            )));
        }
        Self::from_list(cls, array.call_method0("tolist")?.extract()?)
    }

    /// The first solution, or ``None`` when there is none (``strict=True`` raises
    /// ``NoSolution`` instead). ``engine`` names an engine from ``sudokit.ENGINES``;
    /// ``time_limit`` (seconds) makes a search that runs longer raise ``GaveUp``.
    ///
    /// >>> sudokit.Puzzle("1..4.........32.").solve(engine="generic")
    /// Grid('1234341221434321')
    /// >>> sudokit.Puzzle("12....3.....4...").solve() is None
    /// True
    #[pyo3(signature = (*, strict = false, engine = None, time_limit = None))]
    fn solve(
        slf: &Bound<'_, Self>,
        strict: bool,
        engine: Option<PyBackedStr>,
        time_limit: Option<f64>,
    ) -> PyResult<Option<PyGrid>> {
        let engine = solving::engine(engine.as_deref())?;
        let time_limit = solving::time_limit(time_limit)?;
        let found = solving::solve(engine.as_ref(), grid_of(slf), strict, time_limit)?;
        Ok(found.map(PyGrid::new))
    }

    /// The number of solutions, counting no further than ``limit`` (``time_limit`` as
    /// for ``solve``).
    ///
    /// >>> sudokit.Puzzle("1...............").count(limit=1000)
    /// 72
    #[pyo3(signature = (limit = 2, *, engine = None, time_limit = None))]
    fn count(
        slf: &Bound<'_, Self>,
        limit: u64,
        engine: Option<PyBackedStr>,
        time_limit: Option<f64>,
    ) -> PyResult<u64> {
        let limit = solving::limit(limit)?;
        let engine = solving::engine(engine.as_deref())?;
        let time_limit = solving::time_limit(time_limit)?;
        Ok(solving::count(
            engine.as_ref(),
            grid_of(slf),
            limit,
            time_limit,
        )?)
    }

    /// Whether the puzzle has exactly one solution.
    ///
    /// >>> sudokit.Puzzle("1...............").is_unique()
    /// False
    #[pyo3(signature = (*, engine = None))]
    fn is_unique(slf: &Bound<'_, Self>, engine: Option<PyBackedStr>) -> PyResult<bool> {
        Ok(Self::count(slf, 2, engine, None)? == 1)
    }

    /// The next step a person would take: the first of the easiest deductions from
    /// the givens, or ``None`` when logic finds nothing.
    ///
    /// ``techniques`` limits the solver to some techniques (comma-separated ids such
    /// as ``"x-wing"``, HoDoKu names or codes, or families such as ``"singles"``),
    /// ``without`` leaves some out, and ``uniqueness=False`` leaves out the techniques
    /// that assume a unique solution; ``time_limit`` (seconds) makes a call that runs
    /// longer (the one-solution check and the logic) raise ``GaveUp``; the same for
    /// ``explain`` and ``rate``.
    ///
    /// >>> sudokit.Puzzle("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").hint().text
    /// 'Naked Single: r5c6=4 (the only candidate left in the cell)'
    ///
    /// A graded hint tells less: ``level="technique"`` gives only the technique's name
    /// and ``level="cells"`` adds the cells the step involves, as a string
    /// (``Step.graded``); ``level="step"``, the default, gives the ``Step``.
    ///
    /// >>> sudokit.Puzzle("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").hint(level="technique")
    /// 'Next: Naked Single'
    #[pyo3(signature = (*, techniques = None, without = None, uniqueness = true, time_limit = None, level = "step"))]
    fn hint(
        slf: &Bound<'_, Self>,
        techniques: Option<PyBackedStr>,
        without: Option<PyBackedStr>,
        uniqueness: bool,
        time_limit: Option<f64>,
        level: &str,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let level = logic::hint_level(level)?;
        let budget = solving::budget(solving::time_limit(time_limit)?);
        let selection = Selection::new(techniques, without, uniqueness);
        let step = logic::hint(grid_of(slf), &selection, budget)?;
        Ok(match step {
            Some(s) if level != HintLevel::Step => {
                s.graded_text(level).into_pyobject(py)?.into_any().unbind()
            }
            step => step.into_pyobject(py)?.into_any().unbind(),
        })
    }

    /// Every step logic takes to solve the puzzle, in order, as far as its techniques
    /// go (``rate().solved`` tells whether they finish it).
    ///
    /// >>> steps = sudokit.Puzzle("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").explain()
    /// >>> len(steps) > 40, sorted({s.technique for s in steps})
    /// (True, ['Full House', 'Naked Single'])
    ///
    /// ``scale="se"`` gives Sudoku Explainer's path instead (``SeStep`` objects).
    #[pyo3(signature = (*, techniques = None, without = None, uniqueness = true, scale = "hodoku", time_limit = None))]
    fn explain(
        slf: &Bound<'_, Self>,
        techniques: Option<PyBackedStr>,
        without: Option<PyBackedStr>,
        uniqueness: bool,
        scale: &str,
        time_limit: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        if let Some(report) = se_report(slf, scale, time_limit)? {
            return Ok(logic::se_steps(report)
                .into_pyobject(py)?
                .into_any()
                .unbind());
        }
        let budget = solving::budget(solving::time_limit(time_limit)?);
        let selection = Selection::new(techniques, without, uniqueness);
        let steps = logic::explain(grid_of(slf), &selection, budget)?;
        Ok(steps.into_pyobject(py)?.into_any().unbind())
    }

    /// The puzzle's difficulty (see ``Rating``); with ``scale="se"``, Sudoku
    /// Explainer's ER/EP/ED exactly as its ``serate`` gives them (see ``SeRating``; 9×9
    /// only; ``time_limit`` in seconds, then ``GaveUp``).
    ///
    /// >>> p = sudokit.Puzzle("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    /// >>> p.rate().level, p.rate(techniques="full-house").solved, p.rate(scale="se").er
    /// ('easy', False, 1.2)
    #[pyo3(signature = (*, techniques = None, without = None, uniqueness = true, scale = "hodoku", time_limit = None))]
    fn rate(
        slf: &Bound<'_, Self>,
        techniques: Option<PyBackedStr>,
        without: Option<PyBackedStr>,
        uniqueness: bool,
        scale: &str,
        time_limit: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        if let Some(report) = se_report(slf, scale, time_limit)? {
            return Ok(Bound::new(py, logic::se_rating(&report))?
                .into_any()
                .unbind());
        }
        let budget = solving::budget(solving::time_limit(time_limit)?);
        let selection = Selection::new(techniques, without, uniqueness);
        let r = logic::rating(grid_of(slf), &selection, budget)?;
        Ok(Bound::new(py, r)?.into_any().unbind())
    }
}

/// Sudoku Explainer's report when `scale` names its solver (`"se"`); `None` for
/// sudokit's (`"hodoku"`).
fn se_report(
    slf: &Bound<'_, PyPuzzle>,
    scale: &str,
    time_limit: Option<f64>,
) -> PyResult<Option<SeReport>> {
    match scale {
        "se" => {
            let limit = solving::time_limit(time_limit)?;
            logic::se_report(grid_of(slf), limit).map(Some)
        }
        "hodoku" => Ok(None),
        _ => Err(PyValueError::new_err(format!(
            "scale={scale:?} is not a scale: give \"hodoku\" or \"se\""
        ))),
    }
}

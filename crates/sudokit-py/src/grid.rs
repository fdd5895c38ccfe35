//! `sudokit.Grid`: a board of digits, as Python sees it.
//!
//! Solutions are `Grid`s, and `Puzzle` (see [`crate::puzzle`]) extends it, so every
//! way of looking at a board (text, lists, numpy arrays, indexing, iteration, equality,
//! pickling) is written once, here.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyList, PyTuple};
use sudokit::format::block::write_pretty;
use sudokit::Grid;

use crate::read;

/// A board of digits (0 for an empty cell) of any classic size.
///
/// ``str()`` gives the one-line form, ``pretty()`` the picture with box rules;
/// ``to_list()`` and ``to_numpy()`` give the rows. Iterating yields the rows,
/// ``grid[row, col]`` one cell (0-based). Grids are immutable, hashable, and equal
/// when their digits are.
///
/// >>> g = sudokit.Grid("1234341221434321")
/// >>> g
/// Grid('1234341221434321')
/// >>> g.size, g.box_shape, g[1, 0]
/// (4, (2, 2), 3)
/// >>> [sum(row) for row in g]
/// [10, 10, 10, 10]
#[pyclass(module = "sudokit", name = "Grid", subclass, frozen)]
pub struct PyGrid {
    pub grid: Grid,
}

impl PyGrid {
    pub fn new(grid: Grid) -> PyGrid {
        PyGrid { grid }
    }

    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let n = self.grid.size();
        // `u16`, not `u8`: a `Vec<u8>` would become `bytes`.
        let row = |cells: &[u8]| cells.iter().map(|&d| u16::from(d)).collect::<Vec<_>>();
        PyList::new(py, self.grid.cells().chunks(n).map(row))
    }
}

#[pymethods]
impl PyGrid {
    /// Reads a grid from text in any format the library reads (one line of ``n*n``
    /// characters, a block of rows with or without separators, whitespace-separated
    /// numbers). ``size`` fixes the board size instead of inferring it. Unlike
    /// ``Puzzle``, a ``Grid`` is not checked against the rules.
    ///
    /// >>> sudokit.Grid("12..34..........").filled
    /// 4
    #[new]
    #[pyo3(signature = (text, size = None))]
    fn py_new(text: PyBackedStr, size: Option<usize>) -> PyResult<PyGrid> {
        Ok(PyGrid::new(read::parse(&text, size)?))
    }

    /// The board size ``n`` (9 for a classic Sudoku).
    #[getter]
    fn size(&self) -> usize {
        self.grid.size()
    }

    /// The box shape ``(rows, columns)``: ``(3, 3)`` for 9×9, ``(2, 3)`` for 6×6.
    #[getter]
    fn box_shape(&self) -> (usize, usize) {
        let layout = self.grid.layout();
        (layout.box_rows(), layout.box_cols())
    }

    /// The number of filled cells (the clues of a puzzle).
    #[getter]
    fn filled(&self) -> usize {
        self.grid.clue_count()
    }

    /// Whether every cell is filled.
    ///
    /// >>> sudokit.Puzzle("1...2...3...4...").is_full()
    /// False
    fn is_full(&self) -> bool {
        self.grid.is_full()
    }

    /// Whether this grid is a full, valid grid that keeps every given of ``puzzle``.
    ///
    /// >>> p = sudokit.Puzzle("1...2...3...4...")
    /// >>> p.solve().is_solution_of(p)
    /// True
    fn is_solution_of(&self, puzzle: PyRef<'_, PyGrid>) -> bool {
        self.grid.is_solution_of(&puzzle.grid)
    }

    /// The picture with box rules, one row per line.
    ///
    /// >>> print(sudokit.Grid("1234341221434321").pretty())
    /// 1 2 | 3 4
    /// 3 4 | 1 2
    /// ----+----
    /// 2 1 | 4 3
    /// 4 3 | 2 1
    fn pretty(&self) -> String {
        write_pretty(&self.grid)
    }

    /// The rows as lists of ints (0 for empty).
    ///
    /// >>> sudokit.Grid("1234341221434321").to_list()[0]
    /// [1, 2, 3, 4]
    fn to_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.rows(py)
    }

    /// The board as a new ``n × n`` numpy array of ``uint8`` (needs numpy).
    ///
    /// >>> a = sudokit.Grid("1234341221434321").to_numpy()
    /// >>> a.shape, a.dtype.name, int(a[3, 0])
    /// ((4, 4), 'uint8', 4)
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.grid.size();
        let numpy = py.import("numpy")?;
        let flat = numpy.call_method1(
            "frombuffer",
            (PyBytes::new(py, self.grid.cells()), numpy.getattr("uint8")?),
        )?;
        flat.call_method1("reshape", ((n, n),))?
            .call_method0("copy")
    }

    fn __str__(&self) -> String {
        self.grid.to_line()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().qualname()?;
        let grid = &slf.get().grid;
        Ok(if grid.size() <= 35 {
            format!("{name}('{}')", grid.to_line())
        } else {
            format!("{name}('{}', size={})", grid.to_line(), grid.size())
        })
    }

    fn __len__(&self) -> usize {
        self.grid.size()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.rows(py)?.try_iter()?.into_any())
    }

    fn __getitem__(&self, index: (isize, isize)) -> PyResult<u8> {
        let n = self.grid.size() as isize;
        let place = |i: isize| (-n..n).contains(&i).then(|| i.rem_euclid(n) as usize);
        match (place(index.0), place(index.1)) {
            (Some(r), Some(c)) => Ok(self.grid.get(r * n as usize + c)),
            _ => Err(PyIndexError::new_err(format!(
                "cell ({}, {}) is off a {n}×{n} board",
                index.0, index.1
            ))),
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGrid>()
            .is_ok_and(|o| o.get().grid == self.grid)
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.grid.hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let grid = &slf.get().grid;
        (slf.get_type(), (grid.to_line(), grid.size())).into_pyobject(slf.py())
    }
}

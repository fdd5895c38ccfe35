//! The rules of a board: its size, its units (rows, columns, boxes and any extra
//! regions) and the peers of every cell.
//!
//! A [`Layout`] is built once per board shape and shared, through a [`LayoutRef`], by
//! every grid, candidate state and engine that works on that shape. The tables are
//! computed when the layout is built, so the hot loops of the engines only index into
//! them.
//!
//! Cells are numbered row-major: cell `i` is in row `i / n` and column `i % n`.
//! Digits are `1..=n`; `0` means an empty cell.

use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use crate::error::LayoutError;

/// The largest board size supported (digits fit in a `u64` candidate mask).
pub const MAX_SIZE: usize = 64;

/// What kind of region a unit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// A row, numbered from 0 at the top.
    Row,
    /// A column, numbered from 0 at the left.
    Column,
    /// A box, numbered row-major from 0 at the top left.
    Box,
    /// An extra region added by a variant (diagonals, windows, …).
    Extra,
}

/// A set of `n` cells that must hold each digit exactly once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// Row, column, box or extra region.
    pub kind: UnitKind,
    /// Index among the units of the same kind.
    pub index: usize,
    /// The cells of the unit, in increasing order.
    pub cells: Vec<usize>,
}

impl Unit {
    /// A human name in the usual notation: `row 3`, `column 7`, `box 5` (1-based).
    pub fn name(&self) -> String {
        let kind = match self.kind {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
            UnitKind::Extra => "region",
        };
        format!("{kind} {}", self.index + 1)
    }
}

/// The shape and rules of a board.
///
/// ```
/// use sudokit::Layout;
/// let layout = Layout::classic(9).unwrap();
/// assert_eq!(layout.size(), 9);
/// assert_eq!(layout.cell_count(), 81);
/// assert_eq!((layout.box_rows(), layout.box_cols()), (3, 3));
/// assert_eq!(layout.units().len(), 27);
/// assert_eq!(layout.peers(0).len(), 20);
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct Layout {
    size: usize,
    box_rows: usize,
    box_cols: usize,
    units: Vec<Unit>,
    cell_units: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
}

/// The classic layout of each size, built the first time it is asked for and kept for
/// the rest of the program.
static CLASSIC: [OnceLock<Layout>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];

/// A shared handle on a [`Layout`], cheap to clone; it dereferences to the layout.
///
/// The classic layouts ([`Layout::classic`]) live as long as the program and are handed
/// out as plain references: cloning their handle touches no reference count, so
/// threads that each parse and solve many grids (every grid holds a handle) do not
/// contend for one shared counter. Other layouts are shared behind an [`Arc`]; a
/// `Layout` or an `Arc<Layout>` converts into a handle with `into()`.
///
/// ```
/// use sudokit::{Layout, LayoutRef};
/// let a = Layout::classic(9).unwrap();
/// let b = Layout::classic(9).unwrap();
/// assert!(LayoutRef::ptr_eq(&a, &b));
/// let diagonal: LayoutRef = Layout::with_boxes(3, 3, vec![(0..9).map(|i| i * 10).collect()])
///     .unwrap()
///     .into();
/// assert_eq!(diagonal.units().len(), 28);
/// ```
#[derive(Clone)]
pub struct LayoutRef(Handle);

#[derive(Clone)]
enum Handle {
    Static(&'static Layout),
    Shared(Arc<Layout>),
}

impl LayoutRef {
    /// Whether both handles point at the same layout (not only an equal one).
    pub fn ptr_eq(a: &LayoutRef, b: &LayoutRef) -> bool {
        std::ptr::eq::<Layout>(&**a, &**b)
    }
}

impl Deref for LayoutRef {
    type Target = Layout;

    #[inline]
    fn deref(&self) -> &Layout {
        match &self.0 {
            Handle::Static(layout) => layout,
            Handle::Shared(layout) => layout,
        }
    }
}

impl From<Arc<Layout>> for LayoutRef {
    fn from(layout: Arc<Layout>) -> LayoutRef {
        LayoutRef(Handle::Shared(layout))
    }
}

impl From<Layout> for LayoutRef {
    fn from(layout: Layout) -> LayoutRef {
        LayoutRef(Handle::Shared(Arc::new(layout)))
    }
}

impl PartialEq for LayoutRef {
    fn eq(&self, other: &LayoutRef) -> bool {
        LayoutRef::ptr_eq(self, other) || **self == **other
    }
}

impl Eq for LayoutRef {}

impl fmt::Debug for LayoutRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt(f)
    }
}

impl Layout {
    /// The classic layout for an `n × n` board, shared: every call for the same `n`
    /// returns the same tables.
    ///
    /// The boxes are `r × c` with `r * c = n`, `r ≤ c` and `r` as close to `√n` as
    /// possible (4 → 2×2, 6 → 2×3, 9 → 3×3, 12 → 3×4, 16 → 4×4, 25 → 5×5). Sizes
    /// without such a split (primes) are rejected.
    pub fn classic(n: usize) -> Result<LayoutRef, LayoutError> {
        // Built on first use; afterwards a read of the slot, which readers do per puzzle.
        if let Some(layout) = CLASSIC.get(n).and_then(OnceLock::get) {
            return Ok(LayoutRef(Handle::Static(layout)));
        }
        let (r, c) = Self::box_shape(n)?;
        if n <= MAX_SIZE {
            let layout = CLASSIC[n].get_or_init(|| Self::build(r, c, Vec::new()));
            return Ok(LayoutRef(Handle::Static(layout)));
        }
        Err(LayoutError::TooLarge { size: n })
    }

    /// A layout with boxes of `box_rows × box_cols` cells (a board of
    /// `box_rows * box_cols` digits), plus extra regions given as lists of cells.
    pub fn with_boxes(
        box_rows: usize,
        box_cols: usize,
        extra: Vec<Vec<usize>>,
    ) -> Result<Layout, LayoutError> {
        let n = box_rows * box_cols;
        if box_rows < 2 || box_cols < 2 {
            return Err(LayoutError::BoxTooSmall { box_rows, box_cols });
        }
        if n > MAX_SIZE {
            return Err(LayoutError::TooLarge { size: n });
        }
        for region in &extra {
            let mut cells = region.clone();
            cells.sort_unstable();
            cells.dedup();
            if cells.len() != n || cells.iter().any(|&c| c >= n * n) {
                return Err(LayoutError::BadRegion { size: n });
            }
        }
        Ok(Self::build(box_rows, box_cols, extra))
    }

    /// The box shape `(rows, cols)` used for a classic board of size `n`.
    pub fn box_shape(n: usize) -> Result<(usize, usize), LayoutError> {
        if n > MAX_SIZE {
            return Err(LayoutError::TooLarge { size: n });
        }
        let mut best = None;
        let mut r = 2;
        while r * r <= n {
            if n % r == 0 {
                best = Some((r, n / r));
            }
            r += 1;
        }
        best.ok_or(LayoutError::NoBoxShape { size: n })
    }

    /// Whether `n` is a board size with a classic layout.
    pub fn is_classic_size(n: usize) -> bool {
        Self::box_shape(n).is_ok()
    }

    fn build(box_rows: usize, box_cols: usize, extra: Vec<Vec<usize>>) -> Layout {
        let n = box_rows * box_cols;
        let mut units = Vec::with_capacity(3 * n + extra.len());
        for r in 0..n {
            units.push(Unit {
                kind: UnitKind::Row,
                index: r,
                cells: (0..n).map(|c| r * n + c).collect(),
            });
        }
        for c in 0..n {
            units.push(Unit {
                kind: UnitKind::Column,
                index: c,
                cells: (0..n).map(|r| r * n + c).collect(),
            });
        }
        // Boxes per band = n / box_cols; boxes per stack = n / box_rows.
        let boxes_across = n / box_cols;
        for b in 0..n {
            let top = (b / boxes_across) * box_rows;
            let left = (b % boxes_across) * box_cols;
            let mut cells = Vec::with_capacity(n);
            for r in top..top + box_rows {
                for c in left..left + box_cols {
                    cells.push(r * n + c);
                }
            }
            units.push(Unit {
                kind: UnitKind::Box,
                index: b,
                cells,
            });
        }
        for (i, mut cells) in extra.into_iter().enumerate() {
            cells.sort_unstable();
            cells.dedup();
            units.push(Unit {
                kind: UnitKind::Extra,
                index: i,
                cells,
            });
        }
        let mut cell_units = vec![Vec::new(); n * n];
        for (u, unit) in units.iter().enumerate() {
            for &cell in &unit.cells {
                cell_units[cell].push(u);
            }
        }
        let mut peers = Vec::with_capacity(n * n);
        let mut seen = vec![usize::MAX; n * n];
        for (cell, units_of_cell) in cell_units.iter().enumerate() {
            let mut list = Vec::new();
            for &u in units_of_cell {
                for &other in &units[u].cells {
                    if other != cell && seen[other] != cell {
                        seen[other] = cell;
                        list.push(other);
                    }
                }
            }
            list.sort_unstable();
            peers.push(list);
        }
        Layout {
            size: n,
            box_rows,
            box_cols,
            units,
            cell_units,
            peers,
        }
    }

    /// Number of digits, and of rows and columns (`n`).
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of cells (`n * n`).
    #[inline]
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// Rows in one box.
    #[inline]
    pub fn box_rows(&self) -> usize {
        self.box_rows
    }

    /// Columns in one box.
    #[inline]
    pub fn box_cols(&self) -> usize {
        self.box_cols
    }

    /// Every unit: rows `0..n`, then columns `n..2n`, then boxes `2n..3n`, then extras.
    #[inline]
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Indices (into [`Layout::units`]) of the units that contain `cell`.
    #[inline]
    pub fn units_of(&self, cell: usize) -> &[usize] {
        &self.cell_units[cell]
    }

    /// The cells that share a unit with `cell`, in increasing order.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }

    /// Row of a cell (0-based).
    #[inline]
    pub fn row(&self, cell: usize) -> usize {
        cell / self.size
    }

    /// Column of a cell (0-based).
    #[inline]
    pub fn col(&self, cell: usize) -> usize {
        cell % self.size
    }

    /// Box of a cell (0-based, row-major).
    #[inline]
    pub fn box_of(&self, cell: usize) -> usize {
        let (r, c) = (self.row(cell), self.col(cell));
        (r / self.box_rows) * (self.size / self.box_cols) + c / self.box_cols
    }

    /// Whether the layout is the plain classic one (no extra regions).
    pub fn is_classic(&self) -> bool {
        self.units.len() == 3 * self.size
    }

    /// Whether the layout is the plain 9×9 board: 3×3 boxes, no extra regions (the
    /// board the fixed tables of the logic solver's fast paths are for).
    #[inline]
    pub fn is_plain_9x9(&self) -> bool {
        self.size == 9 && self.box_rows == 3 && self.is_classic()
    }

    /// The mask with one bit for each digit (`bit d-1` for digit `d`).
    #[inline]
    pub fn all_digits(&self) -> u64 {
        if self.size == 64 {
            u64::MAX
        } else {
            (1u64 << self.size) - 1
        }
    }
}

/// The usual name of a cell, `r3c5` (1-based row and column).
///
/// ```
/// assert_eq!(sudokit::layout::cell_name(9, 20), "r3c3");
/// ```
pub fn cell_name(size: usize, cell: usize) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_shapes() {
        assert_eq!(Layout::box_shape(4).unwrap(), (2, 2));
        assert_eq!(Layout::box_shape(6).unwrap(), (2, 3));
        assert_eq!(Layout::box_shape(9).unwrap(), (3, 3));
        assert_eq!(Layout::box_shape(12).unwrap(), (3, 4));
        assert_eq!(Layout::box_shape(16).unwrap(), (4, 4));
        assert_eq!(Layout::box_shape(25).unwrap(), (5, 5));
        assert_eq!(Layout::box_shape(64).unwrap(), (8, 8));
        assert!(Layout::box_shape(7).is_err());
        assert!(Layout::box_shape(65).is_err());
    }

    #[test]
    fn tables_are_consistent_for_every_size() {
        for n in [4, 6, 8, 9, 12, 16, 25, 36, 64] {
            let l = Layout::classic(n).unwrap();
            assert_eq!(l.units().len(), 3 * n);
            for unit in l.units() {
                assert_eq!(unit.cells.len(), n);
            }
            let expected_peers = 3 * (n - 1) - (l.box_rows() - 1) - (l.box_cols() - 1);
            for cell in 0..l.cell_count() {
                assert_eq!(l.units_of(cell).len(), 3);
                assert_eq!(l.peers(cell).len(), expected_peers, "n={n} cell={cell}");
                let b = l.box_of(cell);
                assert!(l.units()[2 * n + b].cells.contains(&cell));
            }
        }
    }

    #[test]
    fn classic_layouts_are_shared() {
        let a = Layout::classic(9).unwrap();
        let b = Layout::classic(9).unwrap();
        assert!(LayoutRef::ptr_eq(&a, &b));
        assert!(!LayoutRef::ptr_eq(&a, &Layout::classic(4).unwrap()));
    }

    #[test]
    fn extra_regions_add_peers() {
        let diag: Vec<usize> = (0..9).map(|i| i * 10).collect();
        let l = Layout::with_boxes(3, 3, vec![diag]).unwrap();
        assert_eq!(l.units().len(), 28);
        assert!(l.peers(0).contains(&80));
        assert!(!l.is_classic());
        assert!(Layout::with_boxes(3, 3, vec![vec![0, 1]]).is_err());
    }
}

//! The validity-preserving transforms of a classic board: relabeling the digits,
//! permuting bands and stacks, permuting rows within a band and columns within a stack,
//! and (when boxes are square) transposing.
//!
//! Any composition of these maps every solution grid to a solution grid and every
//! puzzle to an equivalent puzzle (same number of solutions, same difficulty). The
//! generator shuffles its full grids with a random [`Transform`]; [`crate::canon`] finds
//! the smallest image of a 9×9 puzzle under all of them.

use thiserror::Error;

use crate::grid::Grid;
use crate::layout::Layout;
use crate::rng::Rng;

/// Why a transform cannot be built or applied.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TransformError {
    /// Transforms are defined for classic layouts only (no extra regions).
    #[error("transforms need a classic layout without extra regions")]
    NotClassic,
    /// Transposing needs square boxes.
    #[error("a {box_rows}×{box_cols} box layout cannot be transposed (boxes must be square)")]
    NotSquareBoxes {
        /// Rows per box.
        box_rows: usize,
        /// Columns per box.
        box_cols: usize,
    },
    /// A row, column or digit map that is not a permutation, or that breaks the bands,
    /// stacks or board size.
    #[error("the {what} map is not a permutation that keeps the boxes of a {size}×{size} board")]
    BadMap {
        /// `rows`, `columns` or `digits`.
        what: &'static str,
        /// Board size.
        size: usize,
    },
    /// The grid is on a board of another size.
    #[error("the transform is for {expected}×{expected} boards, the grid is {found}×{found}")]
    SizeMismatch {
        /// The transform's size.
        expected: usize,
        /// The grid's size.
        found: usize,
    },
}

/// One transform of an `n × n` classic board.
///
/// Cell `(r, c)` of the result holds `digits[d]`, where `d` is the digit at
/// `(rows[r], cols[c])` of the source (after transposing it first, if `transpose`).
///
/// ```
/// use sudokit::transform::Transform;
/// use sudokit::{generate::Rng, Grid};
/// let solution: Grid = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
///     .parse()
///     .unwrap();
/// let t = Transform::random(solution.layout(), &mut Rng::new(1)).unwrap();
/// let moved = t.apply(&solution).unwrap();
/// assert!(moved.validate().is_ok() && moved.is_full());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transform {
    size: usize,
    transpose: bool,
    rows: Vec<usize>,
    cols: Vec<usize>,
    digits: Vec<u8>,
}

impl Transform {
    /// The transform that changes nothing.
    pub fn identity(layout: &Layout) -> Result<Transform, TransformError> {
        let n = classic_size(layout)?;
        Ok(Transform {
            size: n,
            transpose: false,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            digits: (0..=n as u8).collect(),
        })
    }

    /// A transform from its parts, checked: `rows` must keep every band together (and
    /// `cols` every stack), `digits` maps `1..=n` (index `d - 1`) onto `1..=n`.
    pub fn new(
        layout: &Layout,
        transpose: bool,
        rows: Vec<usize>,
        cols: Vec<usize>,
        digits: &[u8],
    ) -> Result<Transform, TransformError> {
        let n = classic_size(layout)?;
        let (br, bc) = (layout.box_rows(), layout.box_cols());
        if transpose && br != bc {
            return Err(TransformError::NotSquareBoxes {
                box_rows: br,
                box_cols: bc,
            });
        }
        let bad = |what| TransformError::BadMap { what, size: n };
        if !keeps_blocks(&rows, n, br) {
            return Err(bad("rows"));
        }
        if !keeps_blocks(&cols, n, bc) {
            return Err(bad("columns"));
        }
        let as_usize: Vec<usize> = digits
            .iter()
            .map(|&d| (d as usize).wrapping_sub(1))
            .collect();
        if !keeps_blocks(&as_usize, n, 1) {
            return Err(bad("digits"));
        }
        let mut map = vec![0u8];
        map.extend_from_slice(digits);
        Ok(Transform {
            size: n,
            transpose,
            rows,
            cols,
            digits: map,
        })
    }

    /// A uniformly random transform: digits, bands, rows within each band, stacks,
    /// columns within each stack, and (for square boxes) a coin for transposing.
    pub fn random(layout: &Layout, rng: &mut Rng) -> Result<Transform, TransformError> {
        let n = classic_size(layout)?;
        let (br, bc) = (layout.box_rows(), layout.box_cols());
        let transpose = br == bc && rng.below(2) == 1;
        let rows = random_block_permutation(n, br, rng);
        let cols = random_block_permutation(n, bc, rng);
        let mut digits = vec![0u8];
        digits.extend(rng.permutation(n).into_iter().map(|d| d as u8 + 1));
        Ok(Transform {
            size: n,
            transpose,
            rows,
            cols,
            digits,
        })
    }

    /// The image of a grid.
    pub fn apply(&self, grid: &Grid) -> Result<Grid, TransformError> {
        let n = self.size;
        if grid.size() != n {
            return Err(TransformError::SizeMismatch {
                expected: n,
                found: grid.size(),
            });
        }
        classic_size(grid.layout())?;
        let src = grid.cells();
        let mut cells = vec![0u8; n * n];
        for (r, &sr) in self.rows.iter().enumerate() {
            for (c, &sc) in self.cols.iter().enumerate() {
                let at = if self.transpose {
                    sc * n + sr
                } else {
                    sr * n + sc
                };
                cells[r * n + c] = self.digits[src[at] as usize];
            }
        }
        Ok(Grid::from_cells(grid.layout().clone(), cells).expect("digits stay in range"))
    }
}

fn classic_size(layout: &Layout) -> Result<usize, TransformError> {
    if layout.is_classic() {
        Ok(layout.size())
    } else {
        Err(TransformError::NotClassic)
    }
}

/// Whether `p` is a permutation of `0..n` that maps each block of `block` consecutive
/// indices onto one block, keeping blocks whole.
fn keeps_blocks(p: &[usize], n: usize, block: usize) -> bool {
    let mut seen = vec![false; n];
    for &v in p {
        if v >= n || std::mem::replace(&mut seen[v], true) {
            return false;
        }
    }
    p.len() == n
        && p.chunks(block)
            .all(|chunk| chunk.iter().all(|&v| v / block == chunk[0] / block))
}

/// A random permutation of `0..n` that moves blocks of `block` indices as wholes and
/// shuffles the indices inside each block.
fn random_block_permutation(n: usize, block: usize, rng: &mut Rng) -> Vec<usize> {
    let order = rng.permutation(n / block);
    let mut out = Vec::with_capacity(n);
    for b in order {
        let inner = rng.permutation(block);
        out.extend(inner.into_iter().map(|i| b * block + i));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn random_transforms_keep_grids_valid_on_every_shape() {
        let mut rng = Rng::new(3);
        for n in [4, 6, 9, 12] {
            let layout = Layout::classic(n).unwrap();
            let grid = crate::solve(&Grid::empty(layout.clone())).unwrap();
            for _ in 0..20 {
                let t = Transform::random(&layout, &mut rng).unwrap();
                let image = t.apply(&grid).unwrap();
                assert!(image.is_full() && image.validate().is_ok(), "n={n}");
            }
        }
    }

    #[test]
    fn identity_and_checked_maps() {
        let g: Grid = SOLUTION.parse().unwrap();
        let layout = g.layout().clone();
        assert_eq!(Transform::identity(&layout).unwrap().apply(&g).unwrap(), g);
        let digits: Vec<u8> = (1..=9).rev().collect();
        let rows = vec![2, 1, 0, 3, 4, 5, 6, 7, 8];
        let cols: Vec<usize> = (0..9).collect();
        let t = Transform::new(&layout, true, rows, cols.clone(), &digits).unwrap();
        let image = t.apply(&g).unwrap();
        assert!(image.validate().is_ok());
        // Row 0 of the image is column 2 of the source, relabeled d -> 10 - d.
        assert_eq!(image.get(0), 10 - g.get(2));
        let across_bands = vec![3, 1, 2, 0, 4, 5, 6, 7, 8];
        assert!(Transform::new(&layout, false, across_bands, cols, &digits).is_err());
        let six = Layout::classic(6).unwrap();
        let id6: Vec<usize> = (0..6).collect();
        let d6: Vec<u8> = (1..=6).collect();
        assert!(matches!(
            Transform::new(&six, true, id6.clone(), id6, &d6),
            Err(TransformError::NotSquareBoxes { .. })
        ));
    }
}

//! The minlex canonical form of 9×9 puzzles and grids, and the automorphism count.
//!
//! Two puzzles are equivalent when one [`Transform`](crate::transform::Transform) maps
//! the other onto it. The *minlex* form is the smallest 81-character string (empty cells
//! as `0`) among the images of a puzzle under all `2 · 6⁸` row, column and transpose
//! transforms, each relabeled so its digits appear as 1, 2, 3, … in reading order (the
//! smallest relabeling of a fixed image). Two puzzles are equivalent exactly when their
//! minlex forms are equal.
//!
//! # How it is found
//! The form is built one row at a time, keeping every partial transform whose rows so
//! far spell the smallest prefix (a breadth-first search with ties kept). A partial
//! transform fixes the orientation, the source rows used so far and the digit labels
//! given so far; for the columns it keeps an *ordered partition*: stacks in a fixed
//! order except for runs of stacks still interchangeable, and inside each stack runs of
//! columns still interchangeable. A new row refines it greedily: inside a run the empty
//! cells go first (they stay interchangeable), then the cells whose digits already have
//! labels in label order, then the new digits, which get the next labels — every order
//! of those spells the same row, so each is kept as a branch. Interchangeable stacks are
//! sorted by the segment they spell. The smallest row is therefore found without trying
//! the 1,296 column orders one by one, and candidates that spell a larger row are dropped
//! at once. This is the row-by-row pruning of the usual minlex canonicalizers (as
//! described on the New Sudoku Players' Forum for grid and puzzle minlex); the
//! partition representation of the column freedom is this module's own.
//!
//! Transforms that reach the minimal form are all kept, so their number is the size of
//! the puzzle's automorphism group ([`automorphisms`]).

use std::cmp::Ordering;

use thiserror::Error;

use crate::grid::Grid;
use crate::layout::Layout;

/// Why a canonical form cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CanonError {
    /// The canonical form is defined for classic 9×9 boards.
    #[error("the canonical form is for classic 9×9 boards; this board is {size}×{size}{}", if *.classic { "" } else { " with extra regions" })]
    Unsupported {
        /// Board size.
        size: usize,
        /// Whether the layout is classic.
        classic: bool,
    },
    /// A digit twice in a unit: such a grid has no transforms to compare.
    #[error("not a valid puzzle: {0}")]
    Invalid(#[from] crate::error::PuzzleError),
}

/// A partial transform: the orientation, rows used, column partition and labels.
#[derive(Clone, Copy)]
struct Cand {
    /// 0 = as given, 1 = transposed.
    t: u8,
    /// Source band of the rows being placed (levels inside a band).
    band: u8,
    /// Source rows not placed yet (bit per row).
    rows_left: u16,
    /// Source stack at each target stack slot.
    stacks: [u8; 3],
    /// Bit `i` set: the stacks at slots `i` and `i + 1` are no longer interchangeable.
    stack_cuts: u8,
    /// `cols[3 * s + j]`: the source column at position `j` inside source stack `s`.
    cols: [u8; 9],
    /// Per source stack, bit `j`: positions `j` and `j + 1` no longer interchangeable.
    col_cuts: [u8; 3],
    /// Label of each source digit (0 = none yet).
    map: [u8; 10],
    /// The next label to give.
    next: u8,
}

/// A run of positions whose order is a free choice between equally small rows.
#[derive(Clone, Copy)]
struct Site {
    /// Whether the run is of stack slots (else of column positions in `cols`).
    stacks: bool,
    start: u8,
    len: u8,
}

/// Reusable state for computing many canonical forms without allocating.
///
/// ```
/// use sudokit::canon::Canonicalizer;
/// let a: sudokit::Grid = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
///     .parse()
///     .unwrap();
/// let mut canon = Canonicalizer::default();
/// let form = canon.minlex(&a).unwrap();
/// assert_eq!(canon.minlex(&form).unwrap(), form);
/// ```
pub struct Canonicalizer {
    src: [[u8; 81]; 2],
    cur: Vec<Cand>,
    next: Vec<Cand>,
    best: [u8; 9],
    fresh: bool,
}

impl Default for Canonicalizer {
    fn default() -> Canonicalizer {
        Canonicalizer {
            src: [[0; 81]; 2],
            cur: Vec::new(),
            next: Vec::new(),
            best: [0; 9],
            fresh: true,
        }
    }
}

/// The minlex canonical form of a valid 9×9 puzzle or grid.
///
/// ```
/// let p: sudokit::Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let form = sudokit::canon::minlex(&p).unwrap();
/// assert_eq!(form.clue_count(), 17);
/// assert_eq!(sudokit::canon::minlex(&form).unwrap(), form);
/// ```
pub fn minlex(grid: &Grid) -> Result<Grid, CanonError> {
    Canonicalizer::default().minlex(grid)
}

/// The number of row, column and transpose transforms (with the relabeling each
/// forces) that map a 9×9 grid or puzzle onto itself; 1 for most grids, 3,359,232 for
/// the empty board.
pub fn automorphisms(grid: &Grid) -> Result<u64, CanonError> {
    Canonicalizer::default().automorphisms(grid)
}

impl Canonicalizer {
    /// The minlex form (see [`minlex`]).
    pub fn minlex(&mut self, grid: &Grid) -> Result<Grid, CanonError> {
        let cells = cells_of(grid)?;
        let form = self.run(&cells).0;
        Ok(Grid::from_cells(grid.layout().clone(), form.to_vec()).expect("labels are 1..=9"))
    }

    /// The automorphism count (see [`automorphisms`]).
    pub fn automorphisms(&mut self, grid: &Grid) -> Result<u64, CanonError> {
        let cells = cells_of(grid)?;
        Ok(self.run(&cells).1)
    }

    /// The form and the number of transforms that reach it.
    fn run(&mut self, cells: &[u8; 81]) -> ([u8; 81], u64) {
        self.src[0] = *cells;
        for r in 0..9 {
            for c in 0..9 {
                self.src[1][c * 9 + r] = cells[r * 9 + c];
            }
        }
        self.cur.clear();
        for t in 0..2 {
            self.cur.push(Cand {
                t,
                band: 0,
                rows_left: 0x1ff,
                stacks: [0, 1, 2],
                stack_cuts: 0,
                cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
                col_cuts: [0; 3],
                map: [0; 10],
                next: 1,
            });
        }
        let mut form = [0u8; 81];
        for level in 0..9 {
            self.fresh = true;
            self.next.clear();
            let cur = std::mem::take(&mut self.cur);
            let first = if level == 0 {
                self.first_rows()
            } else {
                [0x1ff; 2]
            };
            for cand in &cur {
                let mut rows = cand.rows_left & first[cand.t as usize];
                if level % 3 != 0 {
                    rows &= 0b111 << (3 * cand.band);
                }
                while rows != 0 {
                    let r = rows.trailing_zeros() as u8;
                    rows &= rows - 1;
                    self.expand(cand, r);
                }
            }
            self.cur = cur;
            std::mem::swap(&mut self.cur, &mut self.next);
            form[level * 9..level * 9 + 9].copy_from_slice(&self.best);
        }
        let count = self.cur.iter().map(freedom).sum();
        (form, count)
    }

    /// The rows (per orientation) that can spell the smallest first row. With every
    /// column order free, a first row spells its stacks' clue counts sorted
    /// ascending, each stack's clues right-aligned: rows compare as those counts do.
    fn first_rows(&self) -> [u16; 2] {
        let mut keys = [[0u8; 9]; 2];
        let mut least = u8::MAX;
        for (t, src) in self.src.iter().enumerate() {
            for (r, row) in src.chunks_exact(9).enumerate() {
                let mut counts = [0u8; 3];
                for (s, stack) in row.chunks_exact(3).enumerate() {
                    counts[s] = stack.iter().filter(|&&v| v != 0).count() as u8;
                }
                sort_small(&mut counts);
                let key = counts[0] * 16 + counts[1] * 4 + counts[2];
                keys[t][r] = key;
                least = least.min(key);
            }
        }
        keys.map(|k| {
            (0..9)
                .filter(|&r| k[r] == least)
                .fold(0u16, |m, r| m | 1 << r)
        })
    }

    /// Places source row `r` next for `cand`: spells the smallest row it can, stack
    /// run by stack run, dropping it as soon as a prefix is larger than the best row of
    /// this level, and keeps every branch that spells the best row.
    fn expand(&mut self, cand: &Cand, r: u8) {
        let row: [u8; 9] = {
            let start = r as usize * 9;
            self.src[cand.t as usize][start..start + 9]
                .try_into()
                .expect("nine cells")
        };
        let mut sites = [Site {
            stacks: false,
            start: 0,
            len: 0,
        }; 8];
        let mut n_sites = 0;
        let mut next = *cand;
        next.rows_left &= !(1 << r);
        next.band = r / 3;
        let mut seg = [[0u8; 3]; 3];
        let mut spelled = [0u8; 9];
        let mut label = cand.next;
        // `Less` once the row is known to beat the best (or there is none yet).
        let mut order = if self.fresh {
            Ordering::Less
        } else {
            Ordering::Equal
        };
        let mut stack_cuts = 0u8;
        let mut start = 0;
        for i in 0..3 {
            if i < 2 && cand.stack_cuts & (1 << i) == 0 {
                continue;
            }
            // Refine the columns of every stack in this run of interchangeable stacks.
            for slot in start..=i {
                let s = next.stacks[slot] as usize;
                let base = 3 * s;
                let refined = refine_stack(
                    &row,
                    &cand.map,
                    &cand.cols[base..base + 3],
                    cand.col_cuts[s],
                );
                next.cols[base..base + 3].copy_from_slice(&refined.cols);
                next.col_cuts[s] = refined.cuts;
                seg[s] = refined.seg;
                if let Some((at, len)) = refined.news {
                    sites[n_sites] = Site {
                        stacks: false,
                        start: (base + at) as u8,
                        len,
                    };
                    n_sites += 1;
                }
            }
            // Sort the run by the segment each stack spells; equal non-empty segments
            // are a free choice (each order gives other labels), empty ones stay a run.
            let run = &mut next.stacks[start..=i];
            for a in 1..run.len() {
                let mut b = a;
                while b > 0 && seg[run[b] as usize] < seg[run[b - 1] as usize] {
                    run.swap(b, b - 1);
                    b -= 1;
                }
            }
            let mut g = 0;
            while g < run.len() {
                let key = seg[run[g] as usize];
                let mut h = g + 1;
                while h < run.len() && seg[run[h] as usize] == key {
                    h += 1;
                }
                if key == [0; 3] {
                    stack_cuts |= 1 << (start + h - 1);
                } else {
                    for k in g..h {
                        stack_cuts |= 1 << (start + k);
                    }
                    if h - g > 1 {
                        sites[n_sites] = Site {
                            stacks: true,
                            start: (start + g) as u8,
                            len: (h - g) as u8,
                        };
                        n_sites += 1;
                    }
                }
                g = h;
            }
            // Spell the run and compare it with the best row.
            for slot in start..=i {
                let s = next.stacks[slot] as usize;
                for (j, &code) in seg[s].iter().enumerate() {
                    let at = slot * 3 + j;
                    spelled[at] = match code {
                        0..=15 => code,
                        _ => {
                            label += 1;
                            label - 1
                        }
                    };
                    if order == Ordering::Equal {
                        order = spelled[at].cmp(&self.best[at]);
                        if order == Ordering::Greater {
                            return;
                        }
                    }
                }
            }
            start = i + 1;
        }
        next.stack_cuts = stack_cuts & 0b11;
        if order == Ordering::Less {
            self.next.clear();
            self.best = spelled;
        }
        self.fresh = false;
        self.branch(&row, next, &sites[..n_sites]);
    }

    /// Keeps one candidate per order of each free run in `sites`.
    fn branch(&mut self, row: &[u8; 9], cand: Cand, sites: &[Site]) {
        let Some((site, rest)) = sites.split_first() else {
            self.next.push(labelled(row, cand));
            return;
        };
        let (start, len) = (site.start as usize, site.len as usize);
        for perm in PERMS[len] {
            let mut c = cand;
            let slice = if site.stacks {
                &mut c.stacks[start..start + len]
            } else {
                &mut c.cols[start..start + len]
            };
            let orig: [u8; 3] = {
                let mut o = [0u8; 3];
                o[..len].copy_from_slice(slice);
                o
            };
            for (k, &p) in perm.iter().enumerate() {
                slice[k] = orig[p as usize];
            }
            self.branch(row, c, rest);
        }
    }
}

/// The orders of runs of 2 and 3 positions.
const PERMS: [&[&[u8]]; 4] = [
    &[],
    &[&[0]],
    &[&[0, 1], &[1, 0]],
    &[
        &[0, 1, 2],
        &[0, 2, 1],
        &[1, 0, 2],
        &[1, 2, 0],
        &[2, 0, 1],
        &[2, 1, 0],
    ],
];

/// A stack's columns after one more row: the new order, the runs still
/// interchangeable, the segment spelled, and the run of new digits (start, length)
/// whose order is a free choice.
struct Refined {
    cols: [u8; 3],
    cuts: u8,
    seg: [u8; 3],
    news: Option<(usize, u8)>,
}

/// Refines the column order `old` of one stack (runs given by `cuts`) by `row`: inside
/// each run the empty cells first (still a run), then labelled digits in label order,
/// then new digits (coded 16, 17, … in the segment: every order spells the same).
fn refine_stack(row: &[u8; 9], map: &[u8; 10], old: &[u8], cuts: u8) -> Refined {
    let mut out = Refined {
        cols: [0; 3],
        cuts: 0,
        seg: [0; 3],
        news: None,
    };
    let mut o = 0;
    let mut fresh = 16u8;
    let mut start = 0;
    for j in 0..3 {
        if j < 2 && cuts & (1 << j) == 0 {
            continue;
        }
        let run = &old[start..=j];
        start = j + 1;
        let before = o;
        for &c in run.iter().filter(|&&c| row[c as usize] == 0) {
            out.cols[o] = c;
            o += 1;
        }
        if o > before {
            out.cuts |= 1 << (o - 1);
        }
        let mut olds = [(0u8, 0u8); 3];
        let mut n_olds = 0;
        for &c in run {
            let d = row[c as usize];
            if d != 0 && map[d as usize] != 0 {
                olds[n_olds] = (map[d as usize], c);
                n_olds += 1;
            }
        }
        sort_small(&mut olds[..n_olds]);
        for &(label, c) in &olds[..n_olds] {
            out.cols[o] = c;
            out.seg[o] = label;
            out.cuts |= 1 << o;
            o += 1;
        }
        let news_start = o;
        for &c in run {
            let d = row[c as usize];
            if d != 0 && map[d as usize] == 0 {
                out.cols[o] = c;
                out.seg[o] = fresh;
                fresh += 1;
                out.cuts |= 1 << o;
                o += 1;
            }
        }
        if o - news_start > 1 {
            out.news = Some((news_start, (o - news_start) as u8));
        }
    }
    out.cuts &= 0b11;
    out
}

/// Insertion sort for the runs of at most three items met here.
fn sort_small<T: PartialOrd + Copy>(v: &mut [T]) {
    for a in 1..v.len() {
        let mut b = a;
        while b > 0 && v[b] < v[b - 1] {
            v.swap(b, b - 1);
            b -= 1;
        }
    }
}

/// Gives the new digits of the placed row their labels in reading order.
fn labelled(row: &[u8; 9], mut cand: Cand) -> Cand {
    for slot in 0..3 {
        let s = cand.stacks[slot] as usize;
        for j in 0..3 {
            let d = row[cand.cols[3 * s + j] as usize] as usize;
            if d != 0 && cand.map[d] == 0 {
                cand.map[d] = cand.next;
                cand.next += 1;
            }
        }
    }
    cand
}

/// How many full transforms a final candidate stands for: every order of the runs that
/// are still interchangeable.
fn freedom(cand: &Cand) -> u64 {
    let runs = |cuts: u8| -> u64 {
        match cuts & 0b11 {
            0b11 => 1,
            0b01 | 0b10 => 2,
            _ => 6,
        }
    };
    runs(cand.stack_cuts) * cand.col_cuts.iter().map(|&c| runs(c)).product::<u64>()
}

fn cells_of(grid: &Grid) -> Result<[u8; 81], CanonError> {
    let layout: &Layout = grid.layout();
    if layout.size() != 9 || !layout.is_classic() {
        return Err(CanonError::Unsupported {
            size: layout.size(),
            classic: layout.is_classic(),
        });
    }
    let cells: [u8; 81] = grid.cells().try_into().expect("81 cells");
    if !crate::grid::classic_nine_ok(&cells) {
        grid.validate()?;
    }
    Ok(cells)
}

//! The 9×9 board SE's producers read: values and candidate masks (bit `v` for digit
//! `v`, as SE's bit sets), and SE's region tables (type 0 blocks, 1 rows, 2 columns;
//! a block's cells row by row; a cell's peers in ascending order).

/// Cells of each region: `REGIONS[type][index][position]`.
pub(crate) const REGIONS: [[[u8; 9]; 9]; 3] = regions();

/// The region index of each cell for each type: `CELL_REGION[cell][type]`.
pub(crate) const CELL_REGION: [[u8; 3]; 81] = cell_regions();

/// The 20 peers of each cell, ascending.
pub(crate) const PEERS: [[u8; 20]; 81] = peers();

const fn regions() -> [[[u8; 9]; 9]; 3] {
    let mut r = [[[0u8; 9]; 9]; 3];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            r[0][i][j] = ((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8;
            r[1][i][j] = (i * 9 + j) as u8;
            r[2][i][j] = (j * 9 + i) as u8;
            j += 1;
        }
        i += 1;
    }
    r
}

const fn cell_regions() -> [[u8; 3]; 81] {
    let mut r = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        r[c] = [(c / 27 * 3 + c % 9 / 3) as u8, (c / 9) as u8, (c % 9) as u8];
        c += 1;
    }
    r
}

const fn peers() -> [[u8; 20]; 81] {
    let cr = cell_regions();
    let mut p = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut o = 0;
        while o < 81 {
            if o != c && (cr[o][0] == cr[c][0] || cr[o][1] == cr[c][1] || cr[o][2] == cr[c][2]) {
                p[c][n] = o as u8;
                n += 1;
            }
            o += 1;
        }
        c += 1;
    }
    p
}

/// The cells of each region as a bit set (bit = cell index): `REGION_CELLS[type][index]`.
pub(crate) const REGION_CELLS: [[u128; 9]; 3] = region_cells();

const fn region_cells() -> [[u128; 9]; 3] {
    let mut m = [[0u128; 9]; 3];
    let mut t = 0;
    while t < 3 {
        let mut i = 0;
        while i < 9 {
            let mut j = 0;
            while j < 9 {
                m[t][i] |= 1 << REGIONS[t][i][j];
                j += 1;
            }
            i += 1;
        }
        t += 1;
    }
    m
}

/// Is `cell` in region (`t`, `i`)?
pub(crate) fn in_region(cell: usize, t: usize, i: usize) -> bool {
    CELL_REGION[cell][t] as usize == i
}

/// Values and candidates of the 81 cells; a filled cell has no candidates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Board {
    pub values: [u8; 81],
    pub cands: [u16; 81],
}

impl Board {
    /// The board of a puzzle: givens placed, every other candidate not seen by one.
    pub(crate) fn from_values(values: &[u8; 81]) -> Board {
        let mut b = Board {
            values: [0; 81],
            cands: [0x3fe; 81],
        };
        for (c, &v) in values.iter().enumerate() {
            if v != 0 {
                b.place(c, v);
            }
        }
        b
    }

    /// Places `v` in `cell` and removes it from the peers.
    pub(crate) fn place(&mut self, cell: usize, v: u8) {
        self.values[cell] = v;
        self.cands[cell] = 0;
        for &p in &PEERS[cell] {
            self.cands[p as usize] &= !(1 << v);
        }
    }

    pub(crate) fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    pub(crate) fn has(&self, cell: usize, v: u8) -> bool {
        self.cands[cell] & (1 << v) != 0
    }

    /// Positions (bit = position in the region) where `v` is a candidate.
    pub(crate) fn positions(&self, t: usize, i: usize, v: u8) -> u16 {
        let mut m = 0u16;
        for (pos, &c) in REGIONS[t][i].iter().enumerate() {
            if self.cands[c as usize] & (1 << v) != 0 {
                m |= 1 << pos;
            }
        }
        m
    }

    /// Empty cells of region (`t`, `i`).
    pub(crate) fn empty_count(&self, t: usize, i: usize) -> u32 {
        REGIONS[t][i]
            .iter()
            .filter(|&&c| self.values[c as usize] == 0)
            .count() as u32
    }

    /// How many cells hold `v`.
    pub(crate) fn occurrences(&self, v: u8) -> u32 {
        self.values.iter().filter(|&&x| x == v).count() as u32
    }
}

/// The set bits of `m`, lowest first.
pub(crate) fn bits(mut m: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as u8;
            m &= m - 1;
            b
        })
    })
}

/// The subsets of `k` of the nine positions of a region (`k` ≤ 4) as bit masks, in
/// SE's order: by value, smallest first.
pub(crate) fn subsets9(k: usize) -> &'static [u16] {
    const COUNT: [usize; 5] = [1, 9, 36, 84, 126];
    &SUBSETS9[k][..COUNT[k]]
}

const SUBSETS9: [[u16; 126]; 5] = subsets9_table();

const fn subsets9_table() -> [[u16; 126]; 5] {
    let mut t = [[0u16; 126]; 5];
    let mut k = 0;
    while k < 5 {
        let mut n = 0;
        let mut m = 0u32;
        while m < 512 {
            if m.count_ones() as usize == k {
                t[k][n] = m as u16;
                n += 1;
            }
            m += 1;
        }
        k += 1;
    }
    t
}

/// Subsets of `k` of `n` items as position lists, in SE's order: by the value of the
/// bit pattern, smallest first (Gosper's order).
pub(crate) fn combinations(k: usize, n: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    let mut mask: u32 = (1 << k) - 1;
    while mask < (1 << n) {
        out.push((0..n).filter(|&b| mask & (1 << b) != 0).collect());
        let smallest = mask & mask.wrapping_neg();
        let ripple = mask + smallest;
        let ones = ((mask ^ ripple) >> 2) / smallest;
        mask = ripple | ones;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_of_nine_come_in_gosper_order() {
        for k in 0..=4 {
            let masks: Vec<Vec<usize>> = subsets9(k)
                .iter()
                .map(|&m| bits(m.into()).map(usize::from).collect())
                .collect();
            assert_eq!(masks, combinations(k, 9), "k = {k}");
        }
    }
}

//! Sets of cells of a 9×9 board as bits of a `u128`, with the unit tables the 9×9
//! generator needs ([`super::unavoidable`] and the 9×9 clue removal).

/// Cells of a 9×9 board as bits `0..81` (row-major) of a `u128`.
pub type CellSet = u128;

/// Whether two cells share a row, a column or a box.
const fn share_unit(a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
    ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3)
}

/// The row, column and box peers of each cell (the cell itself left out).
pub static PEERS: [CellSet; 81] = {
    let mut t = [0; 81];
    let mut a = 0;
    while a < 81 {
        let mut b = 0;
        while b < 81 {
            if a != b && share_unit(a, b) {
                t[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// The row, the column and the box of each cell, as cell sets.
pub static UNITS_OF: [[CellSet; 3]; 81] = {
    let mut t = [[0; 3]; 81];
    let mut a = 0;
    while a < 81 {
        let mut b = 0;
        while b < 81 {
            let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
            if ra == rb {
                t[a][0] |= 1 << b;
            }
            if ca == cb {
                t[a][1] |= 1 << b;
            }
            if ra / 3 == rb / 3 && ca / 3 == cb / 3 {
                t[a][2] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// The cells of each set of rows (bit `r` = row `r`).
pub static ROWS: [CellSet; 512] = {
    let mut t = [0; 512];
    let mut rows = 0;
    while rows < 512 {
        let mut r = 0;
        while r < 9 {
            if rows >> r & 1 == 1 {
                t[rows] |= 0x1ff << (9 * r);
            }
            r += 1;
        }
        rows += 1;
    }
    t
};

/// The cells of a set, lowest first.
pub fn cells(mut set: CellSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_definitions() {
        for a in 0..81 {
            assert_eq!(PEERS[a].count_ones(), 20);
            let units = UNITS_OF[a];
            assert!(units.iter().all(|u| u.count_ones() == 9 && u >> a & 1 == 1));
            assert_eq!(units[0] | units[1] | units[2], PEERS[a] | 1 << a);
        }
        assert_eq!(cells(0x1ff).collect::<Vec<_>>(), (0..9).collect::<Vec<_>>());
    }
}

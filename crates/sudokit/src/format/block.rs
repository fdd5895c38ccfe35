//! The multi-line forms: plain rows (`block`) and the picture with box rules
//! (`pretty`, as in Norvig's essay). Both are read back by [`crate::format::read`].

use crate::format::line::digit_char;
use crate::grid::Grid;

fn cell_text(v: u8, n: usize) -> String {
    if n <= 35 {
        digit_char(v, n).to_string()
    } else if v == 0 {
        ".".to_string()
    } else {
        v.to_string()
    }
}

/// One row per line: compact characters up to 9×9 (`4.....8.5`), right-aligned
/// numbers with `0` for empty on larger boards.
pub fn write_block(grid: &Grid) -> String {
    let n = grid.size();
    let width = n.to_string().len();
    let rows: Vec<String> = grid
        .cells()
        .chunks(n)
        .map(|row| {
            if n <= 9 {
                row.iter().map(|&v| digit_char(v, n)).collect()
            } else {
                let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
                cells.join(" ")
            }
        })
        .collect();
    rows.join("\n")
}

/// The picture with box rules, `.` for empty:
///
/// ```text
/// 4 8 3 | 9 2 1 | 6 5 7
/// 9 6 7 | 3 4 5 | 8 2 1
/// 2 5 1 | 8 7 6 | 4 9 3
/// ------+-------+------
/// ```
pub fn write_pretty(grid: &Grid) -> String {
    let layout = grid.layout();
    let n = grid.size();
    let width = if n <= 35 { 1 } else { n.to_string().len() };
    let mut lines: Vec<String> = Vec::new();
    for (r, row) in grid.cells().chunks(n).enumerate() {
        if r > 0 && r % layout.box_rows() == 0 {
            let rule = rule_for(&lines[lines.len() - 1]);
            lines.push(rule);
        }
        let boxes: Vec<String> = row
            .chunks(layout.box_cols())
            .map(|chunk| {
                let cells: Vec<String> = chunk
                    .iter()
                    .map(|&v| format!("{:>width$}", cell_text(v, n)))
                    .collect();
                cells.join(" ")
            })
            .collect();
        lines.push(boxes.join(" | "));
    }
    lines.join("\n")
}

/// The rule line under a row: `-` everywhere, `+` under each `|`.
fn rule_for(row: &str) -> String {
    row.chars()
        .map(|c| if c == '|' { '+' } else { '-' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretty_matches_norvig_picture() {
        let g: Grid =
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
                .parse()
                .unwrap();
        let p = write_pretty(&g);
        let lines: Vec<&str> = p.lines().collect();
        assert_eq!(lines[0], "4 8 3 | 9 2 1 | 6 5 7");
        assert_eq!(lines[3], "------+-------+------");
        assert_eq!(lines.len(), 11);
    }

    #[test]
    fn block_for_16_uses_numbers() {
        let layout = crate::Layout::classic(16).unwrap();
        let mut g = Grid::empty(layout);
        g.set(0, 16);
        let b = write_block(&g);
        assert!(b.starts_with("16  0  0"));
    }
}

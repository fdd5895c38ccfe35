//! The logic solver's steps as columns of an R data frame, in the usual notation:
//! cells `r3c5`, placements `r3c5=7`, eliminations `r3c5<>7`, several joined by `, `.

use extendr_api::prelude::*;
use sudokit::layout::cell_name;
use sudokit::logic::Step;

/// One column per field of the steps, each `(puzzle, size, step)` a row: `puzzle` (the
/// 1-based element the step belongs to), `step` (its number within the puzzle),
/// `technique`, `rating` (Sudoku Explainer's scale), `placements`, `eliminations`,
/// `cells`, `digits` and `text` (the sentence that explains it).
pub fn columns<'a>(
    rows: impl Iterator<Item = (usize, usize, &'a Step)>,
) -> Vec<(&'static str, Robj)> {
    let mut puzzle = Vec::new();
    let mut number = Vec::new();
    let mut technique = Vec::new();
    let mut rating = Vec::new();
    let mut placements = Vec::new();
    let mut eliminations = Vec::new();
    let mut cells = Vec::new();
    let mut digits = Vec::new();
    let mut text = Vec::new();
    for (i, n, step) in rows {
        number.push(if puzzle.last() == Some(&(i as i32)) {
            number.last().copied().unwrap_or(0) + 1
        } else {
            1
        });
        puzzle.push(i as i32);
        technique.push(step.technique.name());
        rating.push(f64::from(step.rating.0) / 10.0);
        placements.push(moves(n, &step.placements, "="));
        eliminations.push(moves(n, &step.eliminations, "<>"));
        cells.push(join(step.cells.iter().map(|&c| cell_name(n, c))));
        digits.push(join(step.digits.iter().map(u8::to_string)));
        text.push(step.explanation.clone());
    }
    vec![
        ("puzzle", Integers::from_values(puzzle).into()),
        ("step", Integers::from_values(number).into()),
        ("technique", Strings::from_values(technique).into()),
        ("rating", Doubles::from_values(rating).into()),
        ("placements", Strings::from_values(placements).into()),
        ("eliminations", Strings::from_values(eliminations).into()),
        ("cells", Strings::from_values(cells).into()),
        ("digits", Strings::from_values(digits).into()),
        ("text", Strings::from_values(text).into()),
    ]
}

/// `r3c5=7, r4c1=2` (or with `<>`).
fn moves(n: usize, moves: &[(usize, u8)], op: &str) -> String {
    join(
        moves
            .iter()
            .map(|&(c, d)| format!("{}{op}{d}", cell_name(n, c))),
    )
}

fn join(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

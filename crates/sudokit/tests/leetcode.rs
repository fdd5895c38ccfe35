//! The LeetCode entry point on the problem's example board and on bad boards.

use sudokit::leetcode::BoardError;
use sudokit::solve_board;

const EXAMPLE: [&str; 9] = [
    "53..7....",
    "6..195...",
    ".98....6.",
    "8...6...3",
    "4..8.3..1",
    "7...2...6",
    ".6....28.",
    "...419..5",
    "....8..79",
];

fn board(rows: &[&str]) -> Vec<Vec<char>> {
    rows.iter().map(|r| r.chars().collect()).collect()
}

/// The example board with one cell replaced.
fn example_with(row: usize, col: usize, c: char) -> Vec<Vec<char>> {
    let mut b = board(&EXAMPLE);
    b[row][col] = c;
    b
}

#[test]
fn solves_the_example_board() {
    let mut b = board(&EXAMPLE);
    solve_board(&mut b).unwrap();
    let expected = board(&[
        "534678912",
        "672195348",
        "198342567",
        "859761423",
        "426853791",
        "713924856",
        "961537284",
        "287419635",
        "345286179",
    ]);
    assert_eq!(b, expected);
}

#[test]
fn reports_bad_boards() {
    let mut short = board(&EXAMPLE[..1]);
    assert_eq!(solve_board(&mut short), Err(BoardError::Shape { rows: 1 }));
    let mut bad_char = example_with(8, 8, 'x');
    assert_eq!(
        solve_board(&mut bad_char),
        Err(BoardError::BadChar {
            row: 9,
            column: 9,
            found: 'x'
        })
    );
    let mut conflict = example_with(0, 1, '5');
    assert!(matches!(
        solve_board(&mut conflict),
        Err(BoardError::Invalid(_))
    ));
}

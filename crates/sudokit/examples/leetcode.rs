//! The LeetCode "Sudoku Solver" entry point: a `Vec<Vec<char>>` board with `.` for
//! blanks, solved in place by `sudokit::solve_board`.
//!
//! Run with `cargo run -p sudokit --example leetcode`.

fn main() {
    // The example board of the LeetCode problem.
    let rows = [
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
    let mut board: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    print_board("puzzle", &board);
    match sudokit::solve_board(&mut board) {
        Ok(()) => print_board("solution", &board),
        Err(e) => eprintln!("cannot solve: {e}"),
    }
}

fn print_board(title: &str, board: &[Vec<char>]) {
    println!("{title}:");
    for row in board {
        let line: Vec<String> = row.iter().map(|c| c.to_string()).collect();
        println!("  {}", line.join(" "));
    }
}

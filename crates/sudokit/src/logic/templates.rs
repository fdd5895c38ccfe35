//! Templates: HoDoKu's Template Set and Template Delete on the classic 9×9 board.
//!
//! A **template** of a digit is one way to place it nine times: one cell in every row,
//! column and box (46,656 of them on the empty board). A template fits the state when
//! it holds every cell where the digit is placed and otherwise only cells that still
//! have it as a candidate. Every fitting template of every digit is listed (a depth
//! first walk over the rows, never over all 46,656), then the lists are refined as
//! HoDoKu refines them: a template of one digit that takes a cell every fitting template
//! of another digit needs is dropped, digit by digit in order, until a whole pass drops
//! none.
//!
//! - **Template Set**: the cells every template left of a digit shares, where the digit
//!   is not placed yet, take the digit (one step per digit, all its cells at once).
//! - **Template Delete**: a candidate that no template left of its digit covers goes
//!   (one step per digit).
//!
//! A digit with no fitting template means the state contradicts itself: no step is
//! reported then. Boards other than the classic 9×9 have no templates here (the count
//! grows as n! per band and stack).
//!
//! Source: HoDoKu's documentation of templates ("Template Set", "Template Delete"), and
//! its default scores (10,000 each, disabled on its default path).

use std::fmt::Write;

use super::step::{cell_list, not_list, FindOptions, Step};
use super::technique::Technique;
use super::Finder;
use crate::candidates::Candidates;

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::TemplateSet, template_set),
    (Technique::TemplateDelete, template_delete),
];

/// A set of cells of the 9×9 board, bit `cell`.
type Cells = u128;

/// Every cell of the board.
const ALL: Cells = (1 << 81) - 1;

/// The fitting templates of every digit after refinement: the cells each digit must
/// take (`must[d]`) and the cells some template of it can take (`may[d]`), indexed by
/// digit 1–9; `None` when some digit has no template (or the board is not 9×9).
struct Templates {
    placed: [Cells; 10],
    must: [Cells; 10],
    may: [Cells; 10],
}

impl Templates {
    fn of(c: &Candidates) -> Option<Templates> {
        let l = c.layout();
        if l.size() != 9 || !l.is_classic() {
            return None;
        }
        let mut placed = [0 as Cells; 10];
        let mut allowed = [0 as Cells; 10];
        for cell in 0..81 {
            let v = c.value(cell);
            if v != 0 {
                placed[v as usize] |= 1 << cell;
                allowed[v as usize] |= 1 << cell;
            } else {
                for d in 1..=9u8 {
                    if c.has(cell, d) {
                        allowed[d as usize] |= 1 << cell;
                    }
                }
            }
        }
        let mut lists: Vec<Vec<Cells>> = vec![Vec::new(); 10];
        let mut must = [ALL; 10];
        let mut may = [0 as Cells; 10];
        for d in 1..=9 {
            walk(placed[d], allowed[d], 0, 0, 0, 0, &mut lists[d]);
            if lists[d].is_empty() {
                return None;
            }
            for &t in &lists[d] {
                must[d] &= t;
                may[d] |= t;
            }
        }
        loop {
            let mut dropped = false;
            for d in 1..=9 {
                let (mut m, mut y) = (ALL, 0 as Cells);
                lists[d].retain(|&t| {
                    let keep = (1..=9).all(|k| k == d || t & must[k] == 0);
                    if keep {
                        m &= t;
                        y |= t;
                    } else {
                        dropped = true;
                    }
                    keep
                });
                if lists[d].is_empty() {
                    return None;
                }
                must[d] = m;
                may[d] = y;
            }
            if !dropped {
                break;
            }
        }
        Some(Templates { placed, must, may })
    }
}

/// Appends to `out` every template from row `row` on: `placed` cells must be taken,
/// only `allowed` ones may be; `cols` and `boxes` are the columns and boxes taken so
/// far by `acc`.
fn walk(
    placed: Cells,
    allowed: Cells,
    row: usize,
    cols: u16,
    boxes: u16,
    acc: Cells,
    out: &mut Vec<Cells>,
) {
    if row == 9 {
        out.push(acc);
        return;
    }
    let line = ((allowed >> (row * 9)) & 0x1ff) as u16;
    let fixed = ((placed >> (row * 9)) & 0x1ff) as u16;
    let choices = if fixed != 0 { fixed } else { line };
    for col in 0..9 {
        let b = (row / 3) * 3 + col / 3;
        if choices & (1 << col) == 0 || cols & (1 << col) != 0 || boxes & (1 << b) != 0 {
            continue;
        }
        let cell = row * 9 + col;
        walk(
            placed,
            allowed,
            row + 1,
            cols | 1 << col,
            boxes | 1 << b,
            acc | 1 << cell,
            out,
        );
    }
}

/// The cells of a set, in order.
fn cells(set: Cells) -> Vec<usize> {
    (0..81).filter(|&x| set & (1 << x) != 0).collect()
}

/// Template Set: per digit, the cells all its templates share and it is not placed in.
pub fn template_set(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let Some(t) = Templates::of(c) else {
        return;
    };
    for d in 1..=9u8 {
        let set = cells(t.must[d as usize] & !t.placed[d as usize]);
        if set.is_empty() {
            continue;
        }
        let mut s = Step::new(Technique::TemplateSet);
        s.digits = vec![d];
        s.cells.clone_from(&set);
        s.placements = set.iter().map(|&x| (x, d)).collect();
        if opts.explain {
            let _ = write!(
                s.explanation,
                "Template Set: {d} goes in {} (every template of {d} left takes them)",
                cell_list(9, &set)
            );
        }
        out.push(s);
    }
}

/// Template Delete: per digit, the candidates no template of it covers.
pub fn template_delete(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let Some(t) = Templates::of(c) else {
        return;
    };
    for d in 1..=9u8 {
        let gone: Vec<(usize, u8)> = (0..81)
            .filter(|&x| c.value(x) == 0 && c.has(x, d) && t.may[d as usize] & (1 << x) == 0)
            .map(|x| (x, d))
            .collect();
        if gone.is_empty() {
            continue;
        }
        let mut s = Step::new(Technique::TemplateDelete);
        s.digits = vec![d];
        if opts.explain {
            let _ = write!(
                s.explanation,
                "Template Delete: no template of {d} left covers them => {}",
                not_list(9, &gone)
            );
        }
        s.eliminations = gone;
        out.push(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn the_empty_board_has_every_template_and_no_step() {
        let mut out = Vec::new();
        walk(0, ALL, 0, 0, 0, 0, &mut out);
        assert_eq!(out.len(), 46_656);
        assert!(out.iter().all(|t| t.count_ones() == 9));
        let g: Grid = ".".repeat(81).parse().unwrap();
        let c = Candidates::from_grid(&g);
        let mut steps = Vec::new();
        template_set(&c, &mut steps, &FindOptions::default());
        template_delete(&c, &mut steps, &FindOptions::default());
        assert!(steps.is_empty());
    }

    #[test]
    fn a_solved_digit_but_one_cell_is_set_by_its_template() {
        // 1 placed in eight rows: its one template places the ninth.
        let line = "1........\
                    ...1.....\
                    ......1..\
                    .1.......\
                    ....1....\
                    .......1.\
                    ..1......\
                    .....1...\
                    .........";
        let g: Grid = line.parse().unwrap();
        let c = Candidates::from_grid(&g);
        let mut steps = Vec::new();
        template_set(&c, &mut steps, &FindOptions::default());
        let one: Vec<_> = steps.iter().filter(|s| s.digits == [1]).collect();
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].placements, vec![(80, 1)]);
    }

    #[test]
    fn a_digit_without_a_template_gives_no_step() {
        // 1 can go nowhere in row 9: every candidate struck.
        let g: Grid = ".".repeat(81).parse().unwrap();
        let mut c = Candidates::from_grid(&g);
        for x in 72..81 {
            c.remove(x, 1);
        }
        let mut steps = Vec::new();
        template_delete(&c, &mut steps, &FindOptions::default());
        assert!(steps.is_empty());
    }
}

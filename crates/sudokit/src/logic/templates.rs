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
//! The same templates screen the single-digit finders (`tight_digits`): whatever a
//! pattern on one digit removes lies in no template of the digit, so a digit whose
//! fitting templates cover every candidate has nothing for them. That cover is found
//! band by band from the shapes of each band's placements (`covered`), without
//! listing templates.
//!
//! A digit with no fitting template means the state contradicts itself: no step is
//! reported then. Boards other than the classic 9×9 have no templates here (the count
//! grows as n! per band and stack).
//!
//! Source: HoDoKu's documentation of templates ("Template Set", "Template Delete"), and
//! its default scores (10,000 each, disabled on its default path).

use std::cell::RefCell;
use std::fmt::Write;

use super::bits;
use super::memo::Memo;
use super::step::{cell_list, not_list, FindOptions, Step};
use super::technique::Technique;
use super::Finder;
use crate::candidates::{digits, Candidates, Mask};
use crate::engine::nine::PERMS;

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

thread_local! {
    /// Per digit, the last placed and open cells [`tight_digits`] was asked about and
    /// whether templates covered every open cell: one state after the next changes
    /// few digits.
    static TIGHT: RefCell<[(Cells, Cells, bool); 9]> =
        const { RefCell::new([(Cells::MAX, Cells::MAX, false); 9]) };
    /// The answer for the state last asked about: every single-digit finder of a
    /// round asks about the same state.
    static TIGHT_STATE: Memo<Mask> = const { Memo::new() };
}

/// The digits (bit `d - 1` for digit `d`) whose every open candidate some fitting
/// template of the digit covers, on the plain 9×9 board (none on other boards).
///
/// A pattern on one digit alone (a fish of any kind with any fins, a skyscraper, a
/// kite, a turbot fish, an empty rectangle, a coloring, an X-Chain) removes only
/// candidates that no template covers: its proof holds in every placement of the
/// digit once in each row, column and box, so in every template. Such finders skip
/// these digits, as HoDoKu would have found nothing there.
pub(crate) fn tight_digits(c: &Candidates) -> Mask {
    if !c.layout().is_plain_9x9() {
        return 0;
    }
    *TIGHT_STATE.with(|m| m.get(c, 0, || tight_digits_of(c)))
}

/// [`tight_digits`] on the plain 9×9 board, made from the digits' cells.
fn tight_digits_of(c: &Candidates) -> Mask {
    let mut placed = [0 as Cells; 9];
    let mut open = [0 as Cells; 9];
    for (x, &m) in c.masks().iter().enumerate() {
        match c.value(x) {
            0 => {
                for d in digits(m) {
                    open[usize::from(d) - 1] |= 1 << x;
                }
            }
            v => placed[usize::from(v) - 1] |= 1 << x,
        }
    }
    TIGHT.with(|kept| {
        let mut kept = kept.borrow_mut();
        let mut tight = 0;
        for d in 0..9 {
            let (p, o) = (placed[d], open[d]);
            if kept[d].0 != p || kept[d].1 != o {
                kept[d] = (p, o, o & !covered(p, p | o) == 0);
            }
            tight |= Mask::from(kept[d].2) << d;
        }
        tight
    })
}

/// The cells some template fitting `placed` and `allowed` takes (as [`walk`] lists
/// them, before any refinement), or none when no template fits.
///
/// Found band by band, never template by template: in a band a template takes one
/// cell per row, each in another stack, so what it leaves the other bands depends
/// only on its *shape*, the column it takes within each stack (27 shapes). Each band
/// collects the cells of its placements by shape (at most 6 × 27 placements); three
/// shapes, one per band, make templates exactly when in every stack they take three
/// different columns (6³ = 216 triples), and then every placement of each of the
/// three shapes is in one. So a cell is covered when the shape of some placement
/// through it is in such a triple whose other two shapes some placement has.
pub(crate) fn covered(placed: Cells, allowed: Cells) -> Cells {
    let mut shapes = [[0 as Cells; 27]; 3];
    for (band, shapes) in shapes.iter_mut().enumerate() {
        let choices: [u16; 3] = std::array::from_fn(|i| {
            let row = 3 * band + i;
            let line = ((allowed >> (row * 9)) & 0x1ff) as u16;
            let fixed = ((placed >> (row * 9)) & 0x1ff) as u16;
            if fixed != 0 {
                fixed
            } else {
                line
            }
        });
        for stacks in PERMS {
            let segment = |i: usize| (choices[i] >> (3 * stacks[i])) & 7;
            let (a, b, c) = (segment(0), segment(1), segment(2));
            if a == 0 || b == 0 || c == 0 {
                continue;
            }
            let weight = |i: usize| [1, 3, 9][stacks[i]];
            let cell = |i: usize, o: usize| 1 << ((3 * band + i) * 9 + 3 * stacks[i] + o);
            for o0 in bits(a.into()) {
                for o1 in bits(b.into()) {
                    for o2 in bits(c.into()) {
                        let shape = o0 * weight(0) + o1 * weight(1) + o2 * weight(2);
                        shapes[shape] |= cell(0, o0) | cell(1, o1) | cell(2, o2);
                    }
                }
            }
        }
    }
    let mut cover = 0;
    for p0 in PERMS {
        for p1 in PERMS {
            for p2 in PERMS {
                let shape = |band: usize| p0[band] + 3 * p1[band] + 9 * p2[band];
                let (a, b, c) = (
                    shapes[0][shape(0)],
                    shapes[1][shape(1)],
                    shapes[2][shape(2)],
                );
                if a != 0 && b != 0 && c != 0 {
                    cover |= a | b | c;
                }
            }
        }
    }
    cover
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
    fn the_band_cover_is_the_union_of_the_templates_walked() {
        let mut rng = crate::rng::Rng::new(0x7e3a);
        for round in 0..400 {
            // Open cells at some density, and a few placed cells that see each other
            // or not: fitting templates from none to many.
            let density = 30 + round % 70;
            let mut allowed: Cells = 0;
            let mut placed: Cells = 0;
            for x in 0..81 {
                if rng.below(100) < density {
                    allowed |= 1 << x;
                }
            }
            for _ in 0..rng.below(4) {
                let x = rng.below(81);
                placed |= 1 << x;
                allowed |= 1 << x;
            }
            let mut all = Vec::new();
            walk(placed, allowed, 0, 0, 0, 0, &mut all);
            let union = all.iter().fold(0, |u, &t| u | t);
            assert_eq!(covered(placed, allowed), union, "round {round}");
        }
    }

    #[test]
    fn tight_digits_are_those_whose_candidates_templates_cover() {
        let g: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let mut rng = crate::rng::Rng::new(0x51d);
        let (mut tight_seen, mut loose_seen) = (0, 0);
        for round in 0..60 {
            // Candidates struck at random: states with and without templates.
            let mut c = Candidates::from_grid(&g);
            for _ in 0..round * 3 {
                let x = rng.below(81);
                if c.value(x) == 0 && c.mask(x).count_ones() > 1 {
                    c.remove(x, rng.below(9) as u8 + 1);
                }
            }
            let tight = tight_digits(&c);
            for d in 1..=9u8 {
                let placed = (0..81)
                    .filter(|&x| c.value(x) == d)
                    .fold(0, |m, x| m | 1 << x);
                let open = (0..81)
                    .filter(|&x| c.value(x) == 0 && c.has(x, d))
                    .fold(0 as Cells, |m, x| m | 1 << x);
                let mut all = Vec::new();
                walk(placed, placed | open, 0, 0, 0, 0, &mut all);
                let union = all.iter().fold(0, |u, &t| u | t);
                let expected = open & !union == 0;
                assert_eq!(
                    tight >> (d - 1) & 1 != 0,
                    expected,
                    "round {round}, digit {d}"
                );
                tight_seen += usize::from(expected);
                loose_seen += usize::from(!expected);
            }
        }
        assert!(
            tight_seen > 50 && loose_seen > 50,
            "{tight_seen} tight, {loose_seen} loose"
        );
        let big = Candidates::from_grid(&".".repeat(256).parse().unwrap());
        assert_eq!(tight_digits(&big), 0);
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

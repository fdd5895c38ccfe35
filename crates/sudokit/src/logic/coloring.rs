//! Coloring on one digit: simple colors (trap and wrap) and multi-colors (types 1 and
//! 2), as HoDoKu defines them. They work on every layout with rows, columns and boxes.
//!
//! The strong links of a digit (units where it has two places) join its cells into
//! clusters; the two ends of a link take opposite colors, and in a cluster one color
//! holds the digit everywhere, the other nowhere.
//!
//! - Simple colors trap: a candidate outside the cluster that sees both colors goes.
//! - Simple colors wrap: two cells of one color see each other, so that color is
//!   false: the digit leaves all its cells.
//! - Multi-colors 1: a cell of color `a1` sees a cell of `b1` (another cluster), so
//!   `a2` or `b2` is true: a candidate seeing both `a2` and `b2` goes.
//! - Multi-colors 2: the cells of color `a1` together see both colors of another
//!   cluster, so `a1` is false.
//!
//! Whatever a coloring removes, taken true, forces itself false along the links of the
//! candidates (it makes its color, or both colors it sees, alternate through the
//! cluster back to itself): a state where no candidate does (`chains.rs`, kept per
//! state for the chains that come next) is not searched.

use super::chains::nothing_refutes_itself;
use super::links::{by_digit, has_peers9, peers9, push_new, sees, strong_links_of, Link};
use super::quiet::Quiet;
use super::step::{cell_list, removal, FindOptions, Step};
use super::technique::Technique;
use super::{bits, Finder};
use crate::candidates::Candidates;
use crate::layout::{Layout, UnitKind};

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::SimpleColorsTrap, |c, o, p| {
        simple(c, o, p, Technique::SimpleColorsTrap)
    }),
    (Technique::SimpleColorsWrap, |c, o, p| {
        simple(c, o, p, Technique::SimpleColorsWrap)
    }),
    (Technique::MultiColors1, |c, o, p| {
        multi(c, o, p, Technique::MultiColors1)
    }),
    (Technique::MultiColors2, |c, o, p| {
        multi(c, o, p, Technique::MultiColors2)
    }),
];

const ALL: [UnitKind; 3] = [UnitKind::Row, UnitKind::Column, UnitKind::Box];

/// One cluster: the cells of its two colors, each sorted.
struct Cluster {
    on: Vec<usize>,
    off: Vec<usize>,
}

impl Cluster {
    fn color(&self, second: bool) -> &[usize] {
        if second {
            &self.off
        } else {
            &self.on
        }
    }
}

/// The clusters of one digit: connected components of its strong links `links`,
/// two-colored from their lowest cell.
fn clusters(links: &[Link]) -> Vec<Cluster> {
    let mut out = Vec::new();
    let mut stack: Vec<(usize, bool)> = Vec::new();
    let mut starts: Vec<usize> = links.iter().flat_map(|k| [k.a, k.b]).collect();
    starts.sort_unstable();
    starts.dedup();
    // Per cell up to the last one linked, whether a cluster holds it yet.
    let mut seen = vec![false; starts.last().map_or(0, |&x| x + 1)];
    for &s in &starts {
        if seen[s] {
            continue;
        }
        let mut cl = Cluster {
            on: Vec::new(),
            off: Vec::new(),
        };
        stack.push((s, false));
        seen[s] = true;
        while let Some((x, color)) = stack.pop() {
            if color {
                cl.off.push(x);
            } else {
                cl.on.push(x);
            }
            for k in links.iter() {
                let other = if k.a == x {
                    k.b
                } else if k.b == x {
                    k.a
                } else {
                    continue;
                };
                if !seen[other] {
                    seen[other] = true;
                    stack.push((other, !color));
                }
            }
        }
        cl.on.sort_unstable();
        cl.off.sort_unstable();
        out.push(cl);
    }
    out
}

/// On the 9×9 board, the cells some cell of `cells` sees, as bits.
fn seen9(cells: &[usize]) -> u128 {
    cells.iter().fold(0, |m, &x| m | peers9(x))
}

/// Whether some cell of `a` sees some cell of `b`.
fn any_sees(l: &Layout, a: &[usize], b: &[usize]) -> bool {
    if has_peers9(l) {
        let seen = seen9(a);
        return b.iter().any(|&y| seen >> y & 1 != 0);
    }
    a.iter().any(|&x| b.iter().any(|&y| sees(l, x, y)))
}

/// Candidates of `d` outside `a` and `b` that see a cell of each, in cell order.
fn trap(c: &Candidates, d: u8, a: &[usize], b: &[usize], into: &mut Vec<(usize, u8)>) {
    let l = c.layout();
    if has_peers9(l) {
        let inside = a.iter().chain(b).fold(0u128, |m, &x| m | 1 << x);
        let both = seen9(a) & seen9(b) & !inside;
        into.extend(bits(both).filter(|&cl| c.has(cl, d)).map(|cl| (cl, d)));
        return;
    }
    for cl in 0..l.cell_count() {
        if c.has(cl, d)
            && !a.contains(&cl)
            && !b.contains(&cl)
            && a.iter().any(|&x| sees(l, x, cl))
            && b.iter().any(|&y| sees(l, y, cl))
        {
            into.push((cl, d));
        }
    }
}

fn step(t: Technique, d: u8, clusters: &[&Cluster], mut elims: Vec<(usize, u8)>) -> Step {
    elims.sort_unstable();
    elims.dedup();
    let mut s = Step::new(t);
    s.digits.push(d);
    for k in clusters {
        s.cells.extend_from_slice(&k.on);
        s.cells.extend_from_slice(&k.off);
    }
    s.eliminations = elims;
    s
}

/// `r1c1, r5c5 / r1c5` for the two colors of a cluster.
fn describe(n: usize, k: &Cluster) -> String {
    format!("{} / {}", cell_list(n, &k.on), cell_list(n, &k.off))
}

/// Simple colors: trap or wrap within one cluster.
pub fn simple(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, t: Technique) {
    if !nothing_refutes_itself(c) {
        simple_search(c, out, opts, t);
    }
}

/// The search of [`simple`].
fn simple_search(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, t: Technique) {
    let l = c.layout();
    let n = l.size();
    let mut quiet = Quiet::digits(t, c);
    let start = out.len();
    let mut all = Vec::new();
    strong_links_of(c, &ALL, quiet.wanted(), &mut all);
    for (d, links) in by_digit(&all) {
        quiet.look(usize::from(d), out, |out| {
            for k in clusters(links) {
                let mut elims = Vec::new();
                if t == Technique::SimpleColorsTrap {
                    trap(c, d, &k.on, &k.off, &mut elims);
                } else {
                    for color in [&k.on, &k.off] {
                        if color
                            .iter()
                            .enumerate()
                            .any(|(i, &x)| color[i + 1..].iter().any(|&y| sees(l, x, y)))
                        {
                            elims.extend(color.iter().map(|&x| (x, d)));
                        }
                    }
                }
                if elims.is_empty() {
                    continue;
                }
                let mut s = step(t, d, &[&k], elims);
                if opts.explain {
                    let why = if t == Technique::SimpleColorsTrap {
                        "candidates seeing both colors"
                    } else {
                        "a color that sees itself"
                    };
                    s.explanation = format!(
                        "{} on {d} (colors {}; {why}): {}",
                        t.name(),
                        describe(n, &k),
                        removal(n, &s.eliminations)
                    );
                }
                push_new(out, start, s);
            }
        });
    }
    quiet.done();
}

/// Multi-colors: two clusters of one digit, type 1 or 2.
pub fn multi(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, t: Technique) {
    if !nothing_refutes_itself(c) {
        multi_search(c, out, opts, t);
    }
}

/// The search of [`multi`].
fn multi_search(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, t: Technique) {
    let l = c.layout();
    let n = l.size();
    let mut quiet = Quiet::digits(t, c);
    let start = out.len();
    let mut all = Vec::new();
    strong_links_of(c, &ALL, quiet.wanted(), &mut all);
    for (d, links) in by_digit(&all) {
        quiet.look(usize::from(d), out, |out| {
            let ks = clusters(links);
            for (i, a) in ks.iter().enumerate() {
                for (j, b) in ks.iter().enumerate() {
                    if i == j {
                        continue;
                    }
                    let mut elims = Vec::new();
                    for sa in [false, true] {
                        let (a1, a2) = (a.color(sa), a.color(!sa));
                        if t == Technique::MultiColors2 {
                            if any_sees(l, a1, &b.on) && any_sees(l, a1, &b.off) {
                                elims.extend(a1.iter().map(|&x| (x, d)));
                            }
                            continue;
                        }
                        for sb in [false, true] {
                            let (b1, b2) = (b.color(sb), b.color(!sb));
                            if any_sees(l, a1, b1) {
                                trap(c, d, a2, b2, &mut elims);
                            }
                        }
                    }
                    if elims.is_empty() {
                        continue;
                    }
                    let mut s = step(t, d, &[a, b], elims);
                    if opts.explain {
                        let why = if t == Technique::MultiColors1 {
                            "candidates seeing the partners of two colors that see each other"
                        } else {
                            "a color that sees both colors of the other cluster"
                        };
                        s.explanation = format!(
                            "{} on {d} (colors {} and {}; {why}): {}",
                            t.name(),
                            describe(n, a),
                            describe(n, b),
                            removal(n, &s.eliminations)
                        );
                    }
                    push_new(out, start, s);
                }
            }
        });
    }
    quiet.done();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::links::strong_links;

    /// Where no candidate taken true forces itself false, the coloring searches find
    /// nothing, and elsewhere the finders find what the searches find.
    #[test]
    fn colorings_remove_only_candidates_refuting_themselves() {
        use Technique::*;
        let techniques = [
            SimpleColorsTrap,
            SimpleColorsWrap,
            MultiColors1,
            MultiColors2,
        ];
        crate::logic::check_screen(10, &techniques, |t, screened, c, out, opts| {
            let simple_colors = matches!(t, SimpleColorsTrap | SimpleColorsWrap);
            match (simple_colors, screened) {
                (true, true) => simple(c, out, opts, t),
                (true, false) => simple_search(c, out, opts, t),
                (false, true) => multi(c, out, opts, t),
                (false, false) => multi_search(c, out, opts, t),
            }
        });
    }

    #[test]
    fn clusters_alternate_colors() {
        let g: crate::Grid = format!("1........{}", ".".repeat(72)).parse().unwrap();
        let mut c = Candidates::from_grid(&g);
        // Leave 2 in row 2 only at r2c1 and r2c5, and in column 5 only at r2c5, r6c5.
        for cl in 9..18 {
            if cl != 9 && cl != 13 {
                c.remove(cl, 2);
            }
        }
        for r in 0..9 {
            if r != 1 && r != 5 {
                c.remove(r * 9 + 4, 2);
            }
        }
        let mut links = Vec::new();
        strong_links(&c, &ALL, &mut links);
        links.retain(|k| k.d == 2);
        let ks = clusters(&links);
        let has = |k: &Cluster, x: usize| k.on.contains(&x) || k.off.contains(&x);
        let k = ks.iter().find(|k| has(k, 13)).unwrap();
        assert!(has(k, 9) && has(k, 49));
        let same = k.on.contains(&9) == k.on.contains(&49);
        assert!(same, "r2c1 and r6c5 share a color");
        assert_ne!(k.on.contains(&9), k.on.contains(&13));
    }
}

//! Fish on one digit: basic (X-Wing, Swordfish, Jellyfish), finned and sashimi, with
//! rows or columns as base sets. They work on every layout that has rows and columns;
//! finned fish also use the boxes.
//!
//! A fish of size `k` takes `k` base lines (rows, say) whose candidates for the digit
//! lie in `k` cover lines (columns): the digit fills the covers only from the base
//! lines, so it leaves the rest of each cover. A finned fish has extra base
//! candidates, the fins, all in one box: either a fin is true, or the fish is; so only
//! cover cells that also see every fin (those in the fin's box) lose the digit. It is
//! sashimi when a base line would be left with a single candidate without its fins.
//!
//! One search finds the finned and the sashimi fish of a size; what it found in the
//! last state is kept per thread (`memo`), so that the finder of the other kind on the
//! same state reads it.

use super::general_fish;
use super::kraken;
use super::memo::Memo;
use super::quiet::Quiet;
use super::step::{and_list, cell, removal, FindOptions, Step};
use super::technique::Technique;
use super::{combinations, ones, unions, Finder};
use crate::candidates::{digits, Candidates};

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::XWing, |c, o, p| basic(c, o, p, 2)),
    (Technique::Swordfish, |c, o, p| basic(c, o, p, 3)),
    (Technique::Jellyfish, |c, o, p| basic(c, o, p, 4)),
    (Technique::FinnedXWing, |c, o, p| finned(c, o, p, 2, false)),
    (Technique::FinnedSwordfish, |c, o, p| {
        finned(c, o, p, 3, false)
    }),
    (Technique::FinnedJellyfish, |c, o, p| {
        finned(c, o, p, 4, false)
    }),
    (Technique::SashimiXWing, |c, o, p| finned(c, o, p, 2, true)),
    (Technique::SashimiSwordfish, |c, o, p| {
        finned(c, o, p, 3, true)
    }),
    (Technique::SashimiJellyfish, |c, o, p| {
        finned(c, o, p, 4, true)
    }),
    (Technique::FrankenXWing, |c, o, p| {
        general_fish::find(Technique::FrankenXWing, c, o, p)
    }),
    (Technique::FrankenSwordfish, |c, o, p| {
        general_fish::find(Technique::FrankenSwordfish, c, o, p)
    }),
    (Technique::FrankenJellyfish, |c, o, p| {
        general_fish::find(Technique::FrankenJellyfish, c, o, p)
    }),
    (Technique::FinnedFrankenXWing, |c, o, p| {
        general_fish::find(Technique::FinnedFrankenXWing, c, o, p)
    }),
    (Technique::FinnedFrankenSwordfish, |c, o, p| {
        general_fish::find(Technique::FinnedFrankenSwordfish, c, o, p)
    }),
    (Technique::FinnedFrankenJellyfish, |c, o, p| {
        general_fish::find(Technique::FinnedFrankenJellyfish, c, o, p)
    }),
    (Technique::MutantXWing, |c, o, p| {
        general_fish::find(Technique::MutantXWing, c, o, p)
    }),
    (Technique::MutantSwordfish, |c, o, p| {
        general_fish::find(Technique::MutantSwordfish, c, o, p)
    }),
    (Technique::MutantJellyfish, |c, o, p| {
        general_fish::find(Technique::MutantJellyfish, c, o, p)
    }),
    (Technique::FinnedMutantXWing, |c, o, p| {
        general_fish::find(Technique::FinnedMutantXWing, c, o, p)
    }),
    (Technique::FinnedMutantSwordfish, |c, o, p| {
        general_fish::find(Technique::FinnedMutantSwordfish, c, o, p)
    }),
    (Technique::FinnedMutantJellyfish, |c, o, p| {
        general_fish::find(Technique::FinnedMutantJellyfish, c, o, p)
    }),
    (Technique::SiameseFinnedXWing, |c, o, p| {
        general_fish::find_siamese(Technique::FinnedXWing, c, o, p)
    }),
    (Technique::SiameseFinnedSwordfish, |c, o, p| {
        general_fish::find_siamese(Technique::FinnedSwordfish, c, o, p)
    }),
    (Technique::SiameseFinnedJellyfish, |c, o, p| {
        general_fish::find_siamese(Technique::FinnedJellyfish, c, o, p)
    }),
    (Technique::SiameseSashimiXWing, |c, o, p| {
        general_fish::find_siamese(Technique::SashimiXWing, c, o, p)
    }),
    (Technique::SiameseSashimiSwordfish, |c, o, p| {
        general_fish::find_siamese(Technique::SashimiSwordfish, c, o, p)
    }),
    (Technique::SiameseSashimiJellyfish, |c, o, p| {
        general_fish::find_siamese(Technique::SashimiJellyfish, c, o, p)
    }),
    (Technique::SiameseFinnedFrankenXWing, |c, o, p| {
        general_fish::find_siamese(Technique::FinnedFrankenXWing, c, o, p)
    }),
    (Technique::SiameseFinnedFrankenSwordfish, |c, o, p| {
        general_fish::find_siamese(Technique::FinnedFrankenSwordfish, c, o, p)
    }),
    (Technique::SiameseFinnedFrankenJellyfish, |c, o, p| {
        general_fish::find_siamese(Technique::FinnedFrankenJellyfish, c, o, p)
    }),
    (Technique::SiameseFinnedMutantXWing, |c, o, p| {
        general_fish::find_siamese(Technique::FinnedMutantXWing, c, o, p)
    }),
    (Technique::SiameseFinnedMutantSwordfish, |c, o, p| {
        general_fish::find_siamese(Technique::FinnedMutantSwordfish, c, o, p)
    }),
    (Technique::SiameseFinnedMutantJellyfish, |c, o, p| {
        general_fish::find_siamese(Technique::FinnedMutantJellyfish, c, o, p)
    }),
    (Technique::KrakenFish, kraken::find),
];

/// The candidates of one digit seen from one orientation: for every base line, the
/// cover lines where the digit is a candidate (bit `j` for cover line `j`).
struct Lines<'a> {
    n: usize,
    by_rows: bool,
    digit: u8,
    box_rows: usize,
    box_cols: usize,
    line: &'a [u64],
}

impl<'a> Lines<'a> {
    /// The base-line masks of every digit in one flat table (digit, then rows before
    /// columns, then line), from one pass over the board.
    fn table(c: &Candidates) -> Vec<u64> {
        let n = c.layout().size();
        let mut table = vec![0u64; 2 * n * n];
        let masks = c.masks();
        for r in 0..n {
            for col in 0..n {
                for d in digits(masks[r * n + col]) {
                    let at = (d as usize - 1) * 2 * n;
                    table[at + r] |= 1 << col;
                    table[at + n + col] |= 1 << r;
                }
            }
        }
        table
    }

    /// The views of [`Lines::table`] for digit `d`: rows, then columns.
    fn of_digit(c: &Candidates, table: &'a [u64], d: u8) -> [Lines<'a>; 2] {
        let n = c.layout().size();
        let (box_rows, box_cols) = (c.layout().box_rows(), c.layout().box_cols());
        let at = (usize::from(d) - 1) * 2 * n;
        [true, false].map(|by_rows| Lines {
            n,
            by_rows,
            digit: d,
            box_rows,
            box_cols,
            line: &table[at + if by_rows { 0 } else { n }..][..n],
        })
    }

    /// Runs `search` on the rows and columns of every digit of `c` that `t`'s finder
    /// has not met nothing on before (see `quiet`), noting what each met.
    fn each_digit(
        c: &Candidates,
        t: Technique,
        out: &mut Vec<Step>,
        mut search: impl FnMut(&Lines, &mut Vec<Step>),
    ) {
        let table = TABLES.with(|m| m.get(c, 0, || Lines::table(c)));
        let mut quiet = Quiet::digits(t, c);
        for d in 1..=c.layout().size() as u8 {
            quiet.look(usize::from(d), out, |out| {
                for lines in Lines::of_digit(c, &table, d) {
                    search(&lines, out);
                }
            });
        }
        quiet.done();
    }

    /// How many base lines one band of boxes holds (the box extent across them).
    fn band_lines(&self) -> usize {
        if self.by_rows {
            self.box_rows
        } else {
            self.box_cols
        }
    }

    /// The cell at base line `b`, cover line `v`.
    fn cell(&self, b: usize, v: usize) -> usize {
        if self.by_rows {
            b * self.n + v
        } else {
            v * self.n + b
        }
    }

    /// Base lines holding the digit between `lo` and `hi` times, with their cover lines.
    fn bases(&self, lo: u32, hi: u32) -> ([usize; 64], [u64; 64], usize) {
        let (mut out, mut covers) = ([0; 64], [0; 64]);
        let mut len = 0;
        for b in 0..self.n {
            if (lo..=hi).contains(&ones(self.line[b])) {
                out[len] = b;
                covers[len] = self.line[b];
                len += 1;
            }
        }
        (out, covers, len)
    }

    /// `rows 2 and 8, columns 3 and 6`.
    fn describe(&self, base: &[usize], covers: u64) -> String {
        let (bn, cn) = if self.by_rows {
            ("rows", "columns")
        } else {
            ("columns", "rows")
        };
        let b: Vec<usize> = base.iter().map(|&x| x + 1).collect();
        let v: Vec<usize> = bits(covers).map(|x| x + 1).collect();
        format!("{bn} {}, {cn} {}", and_list(&b), and_list(&v))
    }
}

/// The set bits of a mask, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

fn basic_technique(k: usize) -> Technique {
    match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

fn finned_technique(k: usize, sashimi: bool) -> Technique {
    match (k, sashimi) {
        (2, false) => Technique::FinnedXWing,
        (3, false) => Technique::FinnedSwordfish,
        (_, false) => Technique::FinnedJellyfish,
        (2, true) => Technique::SashimiXWing,
        (3, true) => Technique::SashimiSwordfish,
        (_, true) => Technique::SashimiJellyfish,
    }
}

/// Basic fish of size `k` on every digit, rows then columns as base.
pub fn basic(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, k: usize) {
    let t = basic_technique(k);
    Lines::each_digit(c, t, out, |lines, out| {
        let (bases, masks, len) = lines.bases(1, k as u32);
        unions(&masks[..len], k, k as u32, |pick, covers| {
            let mut base = [0usize; 4];
            for (b, &i) in base.iter_mut().zip(pick) {
                *b = bases[i];
            }
            let base = &base[..k];
            if ones(covers) as usize != k {
                return;
            }
            let elims = cover_eliminations(lines, base, covers, |_| true);
            if elims.is_empty() {
                return;
            }
            push(out, opts, t, lines, base, covers, Vec::new(), elims);
        });
    });
}

/// The digit leaves the cells of the cover lines outside the base lines that pass
/// `keep`.
fn cover_eliminations(
    lines: &Lines,
    base: &[usize],
    covers: u64,
    keep: impl Fn(usize) -> bool,
) -> Vec<(usize, u8)> {
    let mut elims = Vec::new();
    for b in (0..lines.n).filter(|b| !base.contains(b)) {
        for v in bits(lines.line[b] & covers) {
            let cl = lines.cell(b, v);
            if keep(cl) {
                elims.push((cl, lines.digit));
            }
        }
    }
    elims.sort_unstable();
    elims
}

#[allow(clippy::too_many_arguments)]
fn push(
    out: &mut Vec<Step>,
    opts: &FindOptions,
    t: Technique,
    lines: &Lines,
    base: &[usize],
    covers: u64,
    fins: Vec<usize>,
    elims: Vec<(usize, u8)>,
) {
    let mut s = Step::new(t);
    s.digits.push(lines.digit);
    s.cells = base
        .iter()
        .flat_map(|&b| bits(lines.line[b] & covers).map(move |v| lines.cell(b, v)))
        .collect();
    s.cells.sort_unstable();
    s.fins = fins;
    s.eliminations = elims;
    if opts.explain {
        let fins = match s.fins.len() {
            0 => String::new(),
            1 => format!(", fin {}", cell(lines.n, s.fins[0])),
            _ => format!(", fins {}", super::step::cell_list(lines.n, &s.fins)),
        };
        s.explanation = format!(
            "{} on {} in {}{fins}: {}",
            t.name(),
            lines.digit,
            lines.describe(base, covers),
            removal(lines.n, &s.eliminations)
        );
    }
    out.push(s);
}

thread_local! {
    /// The line tables ([`Lines::table`]) of the state last searched on this thread:
    /// the fish finders of every size and kind ask one after the other.
    static TABLES: Memo<Vec<u64>> = const { Memo::new() };
    /// The finned and sashimi fish of one size in the state last searched on this
    /// thread: one search finds both, and HoDoKu's path asks for the sashimi fish of a
    /// size right after the finned ones, in the same state when there were none.
    static FINNED: Memo<Vec<Step>> = const { Memo::new() };
}

/// Finned (or, with `sashimi`, sashimi) fish of size `k` on every digit.
pub fn finned(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, k: usize, sashimi: bool) {
    let t = finned_technique(k, sashimi);
    let variant = 2 * k as u8 + u8::from(opts.explain);
    let both = FINNED.with(|m| m.get(c, variant, || finned_and_sashimi(c, opts, k)));
    out.extend(both.iter().filter(|s| s.technique == t).cloned());
}

/// The finned and the sashimi fish of size `k` on every digit, in the order found.
fn finned_and_sashimi(c: &Candidates, opts: &FindOptions, k: usize) -> Vec<Step> {
    let layout = c.layout();
    let n = layout.size();
    let mut free = Vec::new();
    let mut out = Vec::new();
    // Noted under the finned technique's name: a digit met neither there.
    Lines::each_digit(c, finned_technique(k, false), &mut out, |lines, out| {
        let by_rows = lines.by_rows;
        // Box extent along the base lines (how many cover lines one box spans).
        let cover_span = if by_rows {
            layout.box_cols()
        } else {
            layout.box_rows()
        };
        // A base line holds at most `cover_span` fins besides its `k` covers.
        let (bases, _, len) = lines.bases(1, (k + cover_span) as u32);
        combinations(len, k, |pick| {
            let mut base = [0usize; 4];
            for (b, &i) in base.iter_mut().zip(pick) {
                *b = bases[i];
            }
            let base = &base[..k];
            let union = base.iter().fold(0u64, |m, &b| m | lines.line[b]);
            let size = ones(union) as usize;
            if size <= k || size > k + cover_span {
                return;
            }
            let mut bands = [0usize; 4];
            for (band, &b) in bands.iter_mut().zip(base) {
                *band = b / lines.band_lines();
            }
            // The fins lie in one box: within one group of `cover_span` cover lines.
            for group in 0..n / cover_span {
                let span = ((1u64 << cover_span) - 1) << (group * cover_span);
                let required = union & !span;
                let need = k.saturating_sub(ones(required) as usize);
                if ones(required) as usize > k {
                    continue;
                }
                free.clear();
                free.extend(bits(union & span));
                combinations_or_none(free.len(), need, |extra| {
                    let covers = extra.iter().fold(required, |m, &i| m | 1 << free[i]);
                    let fish = Finned {
                        base,
                        bands: &bands[..k],
                        covers,
                        span,
                    };
                    try_finned(lines, &fish, out, opts);
                });
            }
        });
    });
    out
}

/// Like [`combinations`], but calls `f(&[])` once when `k == 0`.
fn combinations_or_none(len: usize, k: usize, mut f: impl FnMut(&[usize])) {
    if k == 0 {
        f(&[]);
    } else {
        combinations(len, k, f);
    }
}

/// A finned fish to check: base lines, the band of boxes of each, cover lines, and
/// the group of cover lines the fins must lie in (all base candidates outside it are
/// covered).
struct Finned<'a> {
    base: &'a [usize],
    bands: &'a [usize],
    covers: u64,
    span: u64,
}

/// Reports `fish`, finned or sashimi, if it eliminates something.
fn try_finned(lines: &Lines, fish: &Finned, out: &mut Vec<Step>, opts: &FindOptions) {
    let Finned {
        base, covers, span, ..
    } = *fish;
    // The fins lie in the span's box band that holds their base lines: one band.
    let extent = lines.band_lines();
    let mut is_sashimi = false;
    let mut fin_band = None;
    for (&b, &band) in base.iter().zip(fish.bands) {
        let body = lines.line[b] & covers;
        if body == 0 {
            return;
        }
        is_sashimi |= body & (body - 1) == 0;
        if lines.line[b] & !covers != 0 {
            if fin_band.is_some_and(|f| f != band) {
                return;
            }
            fin_band = Some(band);
        }
    }
    let Some(band) = fin_band else {
        return;
    };
    let t = finned_technique(base.len(), is_sashimi);
    // Only cover cells in the fins' box lose the digit: on the band's other lines.
    let mut elims = Vec::new();
    for b in (band * extent..(band + 1) * extent).filter(|b| !base.contains(b)) {
        for v in bits(lines.line[b] & covers & span) {
            elims.push((lines.cell(b, v), lines.digit));
        }
    }
    if elims.is_empty() {
        return;
    }
    elims.sort_unstable();
    let mut fins: Vec<usize> = base
        .iter()
        .flat_map(|&b| bits(lines.line[b] & !covers).map(move |v| lines.cell(b, v)))
        .collect();
    fins.sort_unstable();
    push(out, opts, t, lines, base, covers, fins, elims);
}

//! The one-line form: `n²` characters row-major, and the single-character alphabets
//! (see the table in [`crate::format`]).

use crate::grid::Grid;

/// How single characters map to digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alphabet {
    /// `1`–`9` then `A`–`Z` (`A` = 10): every size up to 35, and 16×16 as `1-9A-G`.
    OneBased,
    /// `0`–`9` then `A`–`F`, `0` = 1: the hexadecimal 16×16 form.
    ZeroBased,
    /// `A`–`Y`, `A` = 1: the usual 25×25 form.
    Letters,
}

/// Whether `c` marks an empty cell in an alphabet.
#[inline]
pub fn is_empty_mark(c: char, alphabet: Alphabet) -> bool {
    matches!(c, '.' | '_' | '*') || (c == '0' && alphabet != Alphabet::ZeroBased)
}

/// The alphabet to read a size in, chosen from the characters of the puzzle.
pub fn detect_alphabet<I: Iterator<Item = char> + Clone>(size: usize, chars: I) -> Alphabet {
    match size {
        16 => {
            let mut g = false;
            let mut zero = false;
            let mut other_empty = false;
            for c in chars {
                match c {
                    'G' | 'g' => g = true,
                    '0' => zero = true,
                    '.' | '_' | '*' => other_empty = true,
                    _ => {}
                }
            }
            if !g && zero && other_empty {
                Alphabet::ZeroBased
            } else {
                Alphabet::OneBased
            }
        }
        25 => {
            if chars.clone().any(|c| ('1'..='9').contains(&c)) {
                Alphabet::OneBased
            } else {
                Alphabet::Letters
            }
        }
        _ => Alphabet::OneBased,
    }
}

/// The digit a character stands for (`Some(0)` for an empty mark), or `None` if the
/// character is not part of the alphabet for this size.
#[inline]
pub fn char_value(c: char, size: usize, alphabet: Alphabet) -> Option<u8> {
    if is_empty_mark(c, alphabet) {
        return Some(0);
    }
    let c = c.to_ascii_uppercase();
    let v = match alphabet {
        Alphabet::OneBased => match c {
            '1'..='9' => c as u32 - '0' as u32,
            'A'..='Z' => c as u32 - 'A' as u32 + 10,
            _ => return None,
        },
        Alphabet::ZeroBased => match c {
            '0'..='9' => c as u32 - '0' as u32 + 1,
            'A'..='F' => c as u32 - 'A' as u32 + 11,
            _ => return None,
        },
        Alphabet::Letters => match c {
            'A'..='Z' => c as u32 - 'A' as u32 + 1,
            _ => return None,
        },
    };
    (v as usize <= size).then_some(v as u8)
}

/// A description of the accepted characters, for error messages: the digits of the
/// alphabet as ranges (`1-9 or A-C` for 12×12, `1-9 or A` for 10×10), or numbers for
/// boards over 35×35, and the empty marks.
pub fn expected(size: usize, alphabet: Alphabet) -> String {
    let digits = if size > 35 {
        format!("a number 1-{size}")
    } else {
        let ranges: Vec<String> = [('0'..='9'), ('A'..='Z')]
            .into_iter()
            .filter_map(|group| {
                let mut taken =
                    group.filter(|&c| char_value(c, size, alphabet).is_some_and(|v| v > 0));
                let first = taken.next()?;
                Some(match taken.next_back() {
                    Some(last) => format!("{first}-{last}"),
                    None => first.to_string(),
                })
            })
            .collect();
        format!("a digit {}", ranges.join(" or "))
    };
    let empties = if alphabet == Alphabet::ZeroBased {
        ". _ *"
    } else {
        ". 0 _ *"
    };
    format!("{digits} or one of {empties} for an empty cell")
}

/// The character for a digit when writing (`.` for empty). Sizes over 35 have none.
#[inline]
pub fn digit_char(v: u8, size: usize) -> char {
    match (v, size) {
        (0, _) => '.',
        (_, 25) => (b'A' + v - 1) as char,
        (1..=9, _) => (b'0' + v) as char,
        _ => (b'A' + v - 10) as char,
    }
}

/// The one-line form of a grid: `n²` characters for sizes up to 35, `.` for empty;
/// whitespace-separated numbers (`0` for empty) for larger boards.
///
/// ```
/// let g: sudokit::Grid = "12..34..........".parse().unwrap();
/// assert_eq!(sudokit::format::line::write(&g), "12..34..........");
/// ```
pub fn write(grid: &Grid) -> String {
    let n = grid.size();
    if n <= 9 {
        let bytes = grid
            .cells()
            .iter()
            .map(|&v| if v == 0 { b'.' } else { b'0' + v })
            .collect();
        String::from_utf8(bytes).expect("digits and dots are ASCII")
    } else if n <= 35 {
        grid.cells().iter().map(|&v| digit_char(v, n)).collect()
    } else {
        let parts: Vec<String> = grid.cells().iter().map(|v| v.to_string()).collect();
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabets() {
        assert_eq!(char_value('G', 16, Alphabet::OneBased), Some(16));
        assert_eq!(char_value('H', 16, Alphabet::OneBased), None);
        assert_eq!(char_value('0', 16, Alphabet::ZeroBased), Some(1));
        assert_eq!(char_value('f', 16, Alphabet::ZeroBased), Some(16));
        assert_eq!(char_value('Y', 25, Alphabet::Letters), Some(25));
        assert_eq!(char_value('.', 9, Alphabet::OneBased), Some(0));
        assert_eq!(char_value('0', 9, Alphabet::OneBased), Some(0));
        assert_eq!(char_value('5', 4, Alphabet::OneBased), None);
        assert_eq!(digit_char(16, 16), 'G');
        assert_eq!(digit_char(25, 25), 'Y');
        assert_eq!(digit_char(12, 12), 'C');
    }

    /// Each description names the characters of its alphabet, and only those.
    #[test]
    fn descriptions_match_the_alphabets() {
        let empties = ". 0 _ * for an empty cell";
        let cases = [
            (10, Alphabet::OneBased, "a digit 1-9 or A", empties),
            (11, Alphabet::OneBased, "a digit 1-9 or A-B", empties),
            (
                16,
                Alphabet::ZeroBased,
                "a digit 0-9 or A-F",
                ". _ * for an empty cell",
            ),
            (25, Alphabet::Letters, "a digit A-Y", empties),
            (36, Alphabet::OneBased, "a number 1-36", empties),
        ];
        for (size, alphabet, digits, empty) in cases {
            assert_eq!(
                expected(size, alphabet),
                format!("{digits} or one of {empty}")
            );
        }
        for size in 2..=64 {
            for alphabet in [Alphabet::OneBased, Alphabet::ZeroBased, Alphabet::Letters] {
                let text = expected(size, alphabet);
                let accepted: String = ('0'..='9')
                    .chain('A'..='Z')
                    .filter(|&c| char_value(c, size, alphabet).is_some_and(|v| v > 0))
                    .collect();
                let (first, last) = (accepted.chars().next(), accepted.chars().last());
                if size > 35 {
                    assert!(text.starts_with(&format!("a number 1-{size} ")), "{text}");
                    continue;
                }
                let (first, last) = (first.unwrap(), last.unwrap());
                assert!(text.contains(&format!("{first}")), "{size}: {text}");
                assert!(
                    text.contains(&format!("-{last} ")) || text.contains(&format!(" {last} ")),
                    "{size} {alphabet:?}: {text}"
                );
                let pairs: Vec<&str> = text.split(' ').filter(|w| w.len() == 3).collect();
                assert!(
                    pairs.iter().all(|w| w.as_bytes()[0] != w.as_bytes()[2]),
                    "{size}: {text}"
                );
            }
        }
    }

    #[test]
    fn detection() {
        assert_eq!(detect_alphabet(16, "0.F".chars()), Alphabet::ZeroBased);
        assert_eq!(detect_alphabet(16, "0G.".chars()), Alphabet::OneBased);
        assert_eq!(detect_alphabet(16, "00A".chars()), Alphabet::OneBased);
        assert_eq!(detect_alphabet(25, "AB.".chars()), Alphabet::Letters);
        assert_eq!(detect_alphabet(25, "1B.".chars()), Alphabet::OneBased);
    }
}

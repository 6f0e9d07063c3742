//! Content similarity: how alike two texts are as strings, by the Sørensen–Dice coefficient of
//! their character bigrams, as `ContentSimilarityMetric` of `@mastra/evals` computes it (with the
//! npm package string-similarity 4.0.4, `compareTwoStrings`).

use alloc::{boxed::Box, string::String, vec::Vec};

use core::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use once_cell::race::OnceBox;

use crate::text::js_text::is_js_space;
use crate::text::sorting::sorted_u32;
use crate::text::unicode::push_lowercase;

/// How the texts are prepared before they are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimilarityOptions {
    /// Compare lower-cased texts (`toLowerCase` of JS).
    pub ignore_case: bool,
    /// Collapse runs of white space and trim the texts. The comparison itself then removes all
    /// white space, so this changes nothing in the score; it is kept because the original has
    /// the option.
    pub ignore_whitespace: bool,
}

/// The content similarity of two texts, from 0 to 1.
///
/// Both texts lose their white space (JS `\s`); identical results (two empty texts included)
/// score 1; otherwise a text shorter than two UTF-16 code units scores 0; otherwise
///
/// ```text
/// score = 2 × |bigrams(a) ∩ bigrams(b)| / (|bigrams(a)| + |bigrams(b)|)
/// ```
///
/// where bigrams are the pairs of adjacent UTF-16 code units, counted with multiplicity.
///
/// ```
/// use evals_wasm::metrics::nlp::similarity::{content_similarity, SimilarityOptions};
/// let both = SimilarityOptions { ignore_case: true, ignore_whitespace: true };
/// assert_eq!(content_similarity("The Cat", "the cat", both), 1.0);
/// assert_eq!(content_similarity("night", "nacht", both), 0.25);
/// assert_eq!(content_similarity("", "", both), 1.0);
/// assert_eq!(content_similarity("a", "ab", both), 0.0);
/// let exact = SimilarityOptions { ignore_case: false, ignore_whitespace: false };
/// assert_eq!(content_similarity("AB", "ab", exact), 0.0);
/// ```
pub fn content_similarity(a: &str, b: &str, options: SimilarityOptions) -> f64 {
    // Collapsing white space (ignore_whitespace) cannot change what is left once all of it is
    // removed, so it is skipped.
    let (a, b) = (
        Bigrams::of(a, options.ignore_case),
        Bigrams::of(b, options.ignore_case),
    );
    // `compareTwoStrings`: identical texts score 1, then a text shorter than two units 0. For
    // longer texts the first rule needs no comparison: identical texts share every bigram, and
    // the formula gives exactly 1.
    if a.units < 2 || b.units < 2 {
        let identical = a.units == b.units && a.first == b.first;
        return if identical { 1.0 } else { 0.0 };
    }
    let shared = shared_bigrams(&a, &b);
    2.0 * shared as f64 / (a.units + b.units - 2) as f64
}

/// The bigrams of a text prepared for comparison (lower-cased if asked, white space removed,
/// as UTF-16 code units), read in one pass without copying the text: those of two ASCII
/// characters as 14-bit keys, the others as 32 bits.
struct Bigrams {
    ascii: Vec<u16>,
    wide: Vec<u32>,
    /// The number of code units.
    units: usize,
    /// The first code unit (0 when there is none).
    first: u16,
    /// The last code unit so far.
    last: u16,
}

impl Bigrams {
    fn of(text: &str, ignore_case: bool) -> Self {
        let mut bigrams = Bigrams {
            ascii: Vec::with_capacity(text.len()),
            wide: Vec::new(),
            units: 0,
            first: 0,
            last: 0,
        };
        let bytes = text.as_bytes();
        let mut lowered = String::new();
        let mut i = 0;
        while let Some(&byte) = bytes.get(i) {
            if byte.is_ascii() {
                i += 1;
                // JS white space in ASCII: tab, line feed, vertical tab, form feed, carriage
                // return, space.
                if !matches!(byte, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ') {
                    bigrams.push(u16::from(if ignore_case {
                        byte.to_ascii_lowercase()
                    } else {
                        byte
                    }));
                }
                continue;
            }
            let Some(c) = text.get(i..).and_then(|rest| rest.chars().next()) else {
                break;
            };
            i += c.len_utf8();
            if ignore_case {
                // `toLowerCase` maps each character on its own (see `js_lowercase`).
                lowered.clear();
                push_lowercase(c, &mut lowered);
                lowered.chars().for_each(|c| bigrams.push_char(c));
            } else {
                bigrams.push_char(c);
            }
        }
        bigrams
    }

    /// Adds the code units of `c`, unless it is white space.
    fn push_char(&mut self, c: char) {
        if !is_js_space(c) {
            let mut pair = [0u16; 2];
            for &unit in c.encode_utf16(&mut pair).iter() {
                self.push(unit);
            }
        }
    }

    #[inline(always)]
    fn push(&mut self, unit: u16) {
        let last = self.last;
        if self.units == 0 {
            self.first = unit;
        } else if (last | unit) < 0x80 {
            self.ascii.push((last << 7) | unit);
        } else {
            self.wide.push((u32::from(last) << 16) | u32::from(unit));
        }
        self.units += 1;
        self.last = unit;
    }
}

/// The size of the multiset intersection of the bigrams of two texts. Bigrams of two ASCII
/// characters (nearly all, in most texts) are counted in a table of all 2¹⁴ of them: linear
/// passes, no sorting. The table is kept between calls and left all zero after each (only the
/// entries `a` touched are reset), so a short text does not pay for clearing 64 KB. The other
/// bigrams are sorted (radix sort) and merged.
fn shared_bigrams(a: &Bigrams, b: &Bigrams) -> usize {
    let (a_ascii, a_wide, b_ascii, b_wide) = (&a.ascii, &a.wide, &b.ascii, &b.wide);
    // One caller at a time uses the kept table; another thread (native builds only: the wasm
    // module has one) counts in a table of its own.
    let mut shared = if COUNTS_IN_USE.swap(true, Ordering::Acquire) {
        count_shared(&zeroed_counts(), a_ascii, b_ascii)
    } else {
        let shared = count_shared(COUNTS.get_or_init(zeroed_counts), a_ascii, b_ascii);
        COUNTS_IN_USE.store(false, Ordering::Release);
        shared
    };
    let (x, y) = (sorted_u32(a_wide), sorted_u32(b_wide));
    let (mut i, mut j) = (0, 0);
    while i < x.len() && j < y.len() {
        if x[i] < y[j] {
            i += 1;
        } else if x[i] > y[j] {
            j += 1;
        } else {
            shared += 1;
            i += 1;
            j += 1;
        }
    }
    shared
}

/// The number of ASCII bigrams (14-bit keys).
const ASCII_BIGRAMS: usize = 1 << 14;

/// A count per ASCII bigram, all zero between calls.
type Counts = [AtomicU32; ASCII_BIGRAMS];

/// The table kept between calls (atomics only to be shareable without `unsafe`: it is used by
/// one caller at a time, with plain loads and stores), and whether a caller has it.
static COUNTS: OnceBox<Counts> = OnceBox::new();
static COUNTS_IN_USE: AtomicBool = AtomicBool::new(false);

fn zeroed_counts() -> Box<Counts> {
    Box::new([const { AtomicU32::new(0) }; ASCII_BIGRAMS])
}

/// The size of the multiset intersection of two lists of ASCII bigrams, counted in `counts`,
/// which is left all zero again.
fn count_shared(counts: &Counts, a: &[u16], b: &[u16]) -> usize {
    let count = |key: u16| &counts[usize::from(key) % ASCII_BIGRAMS];
    for &key in a {
        let count = count(key);
        count.store(count.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
    }
    let mut shared = 0;
    for &key in b {
        let count = count(key);
        let left = count.load(Ordering::Relaxed);
        if left > 0 {
            count.store(left - 1, Ordering::Relaxed);
            shared += 1;
        }
    }
    for &key in a {
        count(key).store(0, Ordering::Relaxed);
    }
    shared
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEFAULT: SimilarityOptions = SimilarityOptions {
        ignore_case: true,
        ignore_whitespace: true,
    };

    #[test]
    fn repeated_bigrams_count_with_multiplicity() {
        // "aaaa": aa ×3; "aa": aa ×1 → 2·1 / (3 + 1)
        assert_eq!(content_similarity("aaaa", "aa", DEFAULT), 0.5);
    }

    #[test]
    fn white_space_is_removed_before_comparing() {
        assert_eq!(content_similarity("a b c", "abc", DEFAULT), 1.0);
        let exact = SimilarityOptions {
            ignore_case: false,
            ignore_whitespace: false,
        };
        assert_eq!(content_similarity("a\u{3000}b", "ab", exact), 1.0);
        // U+200B is not white space for JS
        assert!(content_similarity("a\u{200b}b", "ab", exact) < 1.0);
    }

    #[test]
    fn astral_characters_are_two_code_units() {
        // "😀" alone is two code units: one bigram, compared as such
        assert_eq!(content_similarity("😀", "😀x", DEFAULT), 2.0 / 3.0);
        assert_eq!(content_similarity("é", "e", DEFAULT), 0.0);
    }

    #[test]
    fn counting_agrees_with_a_plain_multiset_intersection() {
        fn expected(a: &[u16], b: &[u16]) -> usize {
            let mut left: Vec<&[u16]> = a.windows(2).collect();
            let mut shared = 0;
            for pair in b.windows(2) {
                if let Some(i) = left.iter().position(|p| *p == pair) {
                    left.swap_remove(i);
                    shared += 1;
                }
            }
            shared
        }
        let mut state = 0x2545_f491_u32;
        // ASCII only, and mixed with wide characters on either side of a bigram
        for alphabet in [
            &[0x61u16, 0x62, 0x63, 0x7f][..],
            &[0x61, 0x62, 0xe9, 0x4e2d],
        ] {
            for len in [2, 3, 10, 400] {
                let mut text = || -> Vec<u16> {
                    (0..len)
                        .map(|_| {
                            state ^= state << 13;
                            state ^= state >> 17;
                            state ^= state << 5;
                            alphabet[state as usize % alphabet.len()]
                        })
                        .collect()
                };
                let (a, b) = (text(), text());
                let bigrams = |units: &[u16]| {
                    let text = String::from_utf16_lossy(units);
                    Bigrams::of(&text, false)
                };
                assert_eq!(shared_bigrams(&bigrams(&a), &bigrams(&b)), expected(&a, &b));
                // the table is clean again after each call
                assert_eq!(shared_bigrams(&bigrams(&b), &bigrams(&a)), expected(&b, &a));
            }
        }
    }

    #[test]
    fn one_empty_text_scores_zero() {
        assert_eq!(content_similarity("", "hello", DEFAULT), 0.0);
        assert_eq!(content_similarity("hello", "   ", DEFAULT), 0.0);
    }
}

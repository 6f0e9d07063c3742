//! Content similarity: how alike two texts are as strings, by the Sørensen–Dice coefficient of
//! their character bigrams, as `ContentSimilarityMetric` of `@mastra/evals` computes it (with the
//! npm package string-similarity 4.0.4, `compareTwoStrings`).

use alloc::{boxed::Box, string::String, vec::Vec};

use core::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, Ordering};

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
    // One caller at a time uses the kept tables; another thread (native builds only: the wasm
    // module has one) counts in tables of its own.
    if TABLES_IN_USE.swap(true, Ordering::Acquire) {
        return similarity_with(&zeroed_tables(), a, b, options.ignore_case);
    }
    let score = similarity_with(TABLES.get_or_init(zeroed_tables), a, b, options.ignore_case);
    TABLES_IN_USE.store(false, Ordering::Release);
    score
}

/// [`content_similarity`] counting in `tables`, which are left as they were found (all zero).
fn similarity_with(tables: &Tables, a: &str, b: &str, ignore_case: bool) -> f64 {
    // `a`'s bigrams are counted, then `b`'s taken from the counts; the counts `a` set are
    // cleared again.
    let mut a = Bigrams::read(tables, a, ignore_case, false);
    let b = Bigrams::read(tables, b, ignore_case, true);
    for touched in tables.touched.iter().take(a.touched) {
        tables.counts[usize::from(touched.load(Ordering::Relaxed)) % ASCII_BIGRAMS]
            .store(0, Ordering::Relaxed);
    }
    // `compareTwoStrings`: identical texts score 1, then a text shorter than two units 0. For
    // longer texts the first rule needs no comparison: identical texts share every bigram, and
    // the formula gives exactly 1.
    if a.units < 2 || b.units < 2 {
        let identical = a.units == b.units && a.first == b.first;
        return if identical { 1.0 } else { 0.0 };
    }
    let shared = b.shared + shared_wide(&mut a.wide, &b.wide);
    2.0 * shared as f64 / (a.units + b.units - 2) as f64
}

/// The bigrams of a text prepared for comparison (lower-cased if asked, white space removed,
/// as UTF-16 code units), read in one pass without copying the text. Those of two ASCII
/// characters (nearly all, in most texts) are 14-bit keys, counted in a table of all 2¹⁴ of
/// them (linear passes, no sorting): the first text's added, the second's taken away (each
/// taken while its count is above zero is one shared); the others are kept as 32 bits, to be
/// sorted and merged.
struct Bigrams<'t> {
    tables: &'t Tables,
    /// Whether bigrams are taken from the counts rather than added.
    taking: bool,
    /// Bigrams taken while their count was above zero.
    shared: usize,
    /// How many keys of `tables.touched` hold the keys counted from zero.
    touched: usize,
    wide: Vec<u32>,
    /// The number of code units.
    units: usize,
    /// The first code unit (0 when there is none).
    first: u16,
    /// The last code unit so far.
    last: u16,
}

impl<'t> Bigrams<'t> {
    /// The bigrams of `text`, counted or (`taking`) taken.
    fn read(tables: &'t Tables, text: &str, ignore_case: bool, taking: bool) -> Self {
        let mut bigrams = Bigrams {
            tables,
            taking,
            shared: 0,
            touched: 0,
            wide: Vec::new(),
            units: 0,
            first: 0,
            last: 0,
        };
        let bytes = text.as_bytes();
        let mut lowered = String::new();
        let mut i = 0;
        // The state the loop over ASCII pairs changes, in locals (the compiler keeps a struct
        // whose address other functions take in memory); written back for the other paths.
        let (mut last, mut units, mut shared, mut touched) = (0u16, 0usize, 0usize, 0usize);
        while let Some(&byte) = bytes.get(i) {
            if byte.is_ascii() {
                i += 1;
                let kept = !matches!(byte, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ');
                let unit = u16::from(if ignore_case {
                    byte.to_ascii_lowercase()
                } else {
                    byte
                });
                if last < 0x80 && units != 0 {
                    // An ASCII pair, counted without a branch on whether the unit is kept.
                    let key = usize::from(last << 7 | unit);
                    let count = &tables.counts[key % ASCII_BIGRAMS];
                    let n = count.load(Ordering::Relaxed);
                    if taking {
                        let taken = (n > 0) & kept;
                        count.store(n - u32::from(taken), Ordering::Relaxed);
                        shared += usize::from(taken);
                    } else {
                        count.store(n + u32::from(kept), Ordering::Relaxed);
                        // Written every time, kept only for a key counted from zero.
                        if let Some(slot) = tables.touched.get(touched) {
                            slot.store(key as u16, Ordering::Relaxed);
                        }
                        touched += usize::from((n == 0) & kept);
                    }
                    units += usize::from(kept);
                    last = if kept { unit } else { last };
                    continue;
                }
                if !kept {
                    continue;
                }
                (bigrams.last, bigrams.units) = (last, units);
                bigrams.push_unit(unit);
            } else {
                let Some(c) = text.get(i..).and_then(|rest| rest.chars().next()) else {
                    break;
                };
                i += c.len_utf8();
                (bigrams.last, bigrams.units) = (last, units);
                (bigrams.shared, bigrams.touched) = (shared, touched);
                if ignore_case {
                    // `toLowerCase` maps each character on its own (see `js_lowercase`).
                    lowered.clear();
                    push_lowercase(c, &mut lowered);
                    lowered.chars().for_each(|c| bigrams.push_char(c));
                } else {
                    bigrams.push_char(c);
                }
                (shared, touched) = (bigrams.shared, bigrams.touched);
            }
            (last, units) = (bigrams.last, bigrams.units);
        }
        (bigrams.last, bigrams.units) = (last, units);
        (bigrams.shared, bigrams.touched) = (shared, touched);
        bigrams
    }

    /// Adds the code units of `c`, unless it is white space.
    fn push_char(&mut self, c: char) {
        if !is_js_space(c) {
            let mut pair = [0u16; 2];
            for &unit in c.encode_utf16(&mut pair).iter() {
                self.push_unit(unit);
            }
        }
    }

    /// Adds a code unit that the loop of `read` does not count itself: the first, one after a
    /// non-ASCII unit, and those of non-ASCII characters (or that lower case makes of them).
    fn push_unit(&mut self, unit: u16) {
        let last = self.last;
        if self.units == 0 {
            self.first = unit;
        } else if (last | unit) < 0x80 {
            let key = usize::from(last << 7 | unit);
            let count = &self.tables.counts[key % ASCII_BIGRAMS];
            let n = count.load(Ordering::Relaxed);
            if self.taking {
                let taken = n > 0;
                count.store(n - u32::from(taken), Ordering::Relaxed);
                self.shared += usize::from(taken);
            } else {
                count.store(n + 1, Ordering::Relaxed);
                if n == 0 {
                    if let Some(slot) = self.tables.touched.get(self.touched) {
                        slot.store(key as u16, Ordering::Relaxed);
                    }
                    self.touched += 1;
                }
            }
        } else {
            self.wide.push((u32::from(last) << 16) | u32::from(unit));
        }
        self.units += 1;
        self.last = unit;
    }
}

/// The size of the multiset intersection of two lists of 32-bit bigrams, by sorting (radix
/// sort) and merging.
fn shared_wide(a: &mut [u32], b: &[u32]) -> usize {
    let (x, y) = (sorted_u32(a), sorted_u32(b));
    let (mut i, mut j, mut shared) = (0, 0, 0);
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

/// A count per ASCII bigram, all zero between calls, and the keys of the first text counted from
/// zero (one place more than keys, for the write that follows the last).
struct Tables {
    counts: [AtomicU32; ASCII_BIGRAMS],
    touched: [AtomicU16; ASCII_BIGRAMS + 1],
}

/// The tables kept between calls (atomics only to be shareable without `unsafe`: they are used
/// by one caller at a time, with plain loads and stores), and whether a caller has them.
static TABLES: OnceBox<Tables> = OnceBox::new();
static TABLES_IN_USE: AtomicBool = AtomicBool::new(false);

fn zeroed_tables() -> Box<Tables> {
    Box::new(Tables {
        counts: [const { AtomicU32::new(0) }; ASCII_BIGRAMS],
        touched: [const { AtomicU16::new(0) }; ASCII_BIGRAMS + 1],
    })
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
        fn shared(a: &[u16], b: &[u16]) -> usize {
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
                let (x, y) = (String::from_utf16_lossy(&a), String::from_utf16_lossy(&b));
                let expected = |shared: usize| 2.0 * shared as f64 / (len + len - 2) as f64;
                let exact = SimilarityOptions {
                    ignore_case: false,
                    ignore_whitespace: false,
                };
                assert_eq!(content_similarity(&x, &y, exact), expected(shared(&a, &b)));
                // the table is clean again after each call
                assert_eq!(content_similarity(&y, &x, exact), expected(shared(&b, &a)));
            }
        }
    }

    #[test]
    fn every_ascii_bigram_at_once_leaves_the_table_clean() {
        // The score by a multiset of bigrams, for texts without white space.
        fn expected(a: &str, b: &str) -> f64 {
            let bigrams = |text: &str| {
                let units: Vec<u16> = text.encode_utf16().collect();
                let mut counts = std::collections::HashMap::new();
                for pair in units.windows(2) {
                    *counts.entry(pair.to_vec()).or_insert(0usize) += 1;
                }
                (counts, units.len())
            };
            let ((x, m), (y, n)) = (bigrams(a), bigrams(b));
            let shared: usize = x
                .iter()
                .map(|(k, c)| (*c).min(*y.get(k).unwrap_or(&0)))
                .sum();
            2.0 * shared as f64 / (m + n - 2) as f64
        }
        let exact = SimilarityOptions {
            ignore_case: false,
            ignore_whitespace: false,
        };
        // every pair of the ASCII characters that are not white space, so every key of the
        // table is counted from zero once
        let ascii: Vec<char> = (0u8..128)
            .map(char::from)
            .filter(|c| !c.is_ascii_whitespace() && *c != '\u{b}')
            .collect();
        let mut every = String::new();
        for &a in &ascii {
            for &b in &ascii {
                every.push(a);
                every.push(b);
            }
        }
        let tail = every.get(every.len() / 2..).unwrap_or("");
        assert_eq!(
            content_similarity(&every, tail, exact),
            expected(&every, tail)
        );
        assert_eq!(
            content_similarity("abcab", "cabx", exact),
            expected("abcab", "cabx")
        );
        assert_eq!(
            content_similarity(tail, &every, exact),
            expected(tail, &every)
        );
    }

    #[test]
    fn one_empty_text_scores_zero() {
        assert_eq!(content_similarity("", "hello", DEFAULT), 0.0);
        assert_eq!(content_similarity("hello", "   ", DEFAULT), 0.0);
    }
}

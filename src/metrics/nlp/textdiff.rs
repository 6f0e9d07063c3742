//! Textual difference: how much two texts share as sequences of characters, as
//! `TextualDifferenceMetric` of `@mastra/evals` 0.14 and `createTextualDifferenceScorer` of 1.x
//! compute it (both versions have the same formulas): the ratio of the longest common
//! subsequence of UTF-16 code units, a count of word changes and the length difference.
//!
//! The original fills an (m+1)×(n+1) table; here the subsequence length comes from a
//! bit-parallel algorithm (Hyyrö's, 64 characters per machine word) run one 64-character block
//! of the shorter text at a time, so time is O(m·n/64) and memory O(m + n).

use alloc::{vec, vec::Vec};

use crate::text::js_text::{collapse_spaces, js_words, utf16_len, utf16_units};
use crate::text::sorting::{shared_count, sorted_order, sorted_u32};

/// The result of [`textual_difference`], named as the original's `info`.
#[derive(Debug, Clone, PartialEq)]
pub struct TextualDifference {
    /// `2 × LCS / (m + n)` over UTF-16 code units; 1 for identical texts, 0 if one is empty.
    pub ratio: f64,
    /// Words changed: see [`count_changes`].
    pub changes: usize,
    /// `|m − n| / max(m, n)` in UTF-16 code units (0 for two empty texts).
    pub length_diff: f64,
    /// `1 − length_diff`.
    pub confidence: f64,
}

/// Ratio, changes and length difference of two texts.
///
/// ```
/// use evals_wasm::metrics::nlp::textdiff::textual_difference;
/// let d = textual_difference("kitten", "sitting");
/// assert_eq!(d.ratio, 2.0 * 4.0 / 13.0); // "ittn"
/// assert_eq!(d.changes, 1);
/// assert_eq!(d.length_diff, 1.0 / 7.0);
/// assert_eq!(textual_difference("", "").ratio, 1.0);
/// assert_eq!(textual_difference("", "a").ratio, 0.0);
/// ```
pub fn textual_difference(input: &str, output: &str) -> TextualDifference {
    let (m, n) = (utf16_len(input), utf16_len(output));
    let ratio = if input == output {
        1.0
    } else if m == 0 || n == 0 {
        0.0
    } else {
        let lcs = lcs_length(&utf16_units(input), &utf16_units(output));
        2.0 * lcs as f64 / (m + n) as f64
    };
    let longest = m.max(n);
    let length_diff = if longest > 0 {
        m.abs_diff(n) as f64 / longest as f64
    } else {
        0.0
    };
    TextualDifference {
        ratio,
        changes: count_changes(input, output),
        length_diff,
        confidence: 1.0 - length_diff,
    }
}

/// The original's count of changed words: 0 for identical texts, 1 for texts that differ in
/// white space only; otherwise, with the texts split into words at white space,
/// `max(words) − common words`, where common words are matched one to one (a multiset
/// intersection); a side without words counts the other side's words.
///
/// ```
/// use evals_wasm::metrics::nlp::textdiff::count_changes;
/// assert_eq!(count_changes("a b c", "a  b c"), 1);
/// assert_eq!(count_changes("the cat the dog", "the dog sat"), 2);
/// assert_eq!(count_changes("", "one two"), 2);
/// ```
pub fn count_changes(input: &str, output: &str) -> usize {
    if collapse_spaces(input) == collapse_spaces(output) {
        return usize::from(input != output);
    }
    let a: Vec<&str> = js_words(input).collect();
    let b: Vec<&str> = js_words(output).collect();
    if a.is_empty() || b.is_empty() {
        return a.len().max(b.len());
    }
    let longest = a.len().max(b.len());
    let a_order = sorted_order(a.len(), &|i, j| a[i].cmp(a[j]));
    let b_order = sorted_order(b.len(), &|i, j| b[i].cmp(b[j]));
    let common = shared_count(&a_order, &b_order, &|i, j| a[i].cmp(b[j]));
    longest - common
}

/// The length of the longest common subsequence of two code-unit strings.
///
/// ```
/// use evals_wasm::metrics::nlp::textdiff::lcs_length;
/// let units = |s: &str| s.encode_utf16().collect::<Vec<u16>>();
/// assert_eq!(lcs_length(&units("ABCBDAB"), &units("BDCABA")), 4);
/// assert_eq!(lcs_length(&units(""), &units("abc")), 0);
/// ```
pub fn lcs_length(a: &[u16], b: &[u16]) -> usize {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[prefix..], &b[prefix..]);
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a, b) = (&a[..a.len() - suffix], &b[..b.len() - suffix]);
    // The bits run along the shorter text.
    let (a, b) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    prefix + suffix + lcs_bit_parallel(a, b)
}

/// Hyyrö's bit-vector LCS, `a` in blocks of 64 code units, each block run over all of `b`
/// with the carry of the block below kept per column of `b`.
fn lcs_bit_parallel(a: &[u16], b: &[u16]) -> usize {
    if a.is_empty() || b.is_empty() {
        return 0;
    }
    // Characters as small ids: 1 + rank in `a`'s alphabet, 0 for characters `a` lacks.
    let mut alphabet = sorted_u32(&a.iter().map(|&c| u32::from(c)).collect::<Vec<u32>>());
    alphabet.dedup();
    let id = |c: &u16| alphabet.binary_search(&u32::from(*c)).map_or(0, |i| i + 1);
    let a_ids: Vec<usize> = a.iter().map(id).collect();
    let b_ids: Vec<usize> = b.iter().map(id).collect();
    let mut masks = vec![0u64; alphabet.len() + 1];
    let mut carries = vec![false; b.len()];
    let mut length = 0;
    for block in a_ids.chunks(64) {
        for (bit, &c) in block.iter().enumerate() {
            masks[c] |= 1 << bit;
        }
        let mut v = u64::MAX;
        for (&c, carry) in b_ids.iter().zip(carries.iter_mut()) {
            let m = masks[c];
            let u = v & m;
            let (sum, c1) = v.overflowing_add(u);
            let (sum, c2) = sum.overflowing_add(u64::from(*carry));
            *carry = c1 || c2;
            v = sum | (v & !m);
        }
        let valid = if block.len() == 64 {
            u64::MAX
        } else {
            (1u64 << block.len()) - 1
        };
        length += (!v & valid).count_ones() as usize;
        for &c in block {
            masks[c] = 0;
        }
    }
    length
}

#[cfg(test)]
mod tests {
    use super::*;

    // The bit-parallel LCS is checked against the original's table in tests/nlp_properties.rs.

    #[test]
    fn surrogate_pairs_are_two_units() {
        // "😀" and "😁" share their high surrogate
        let d = textual_difference("😀", "😁");
        assert_eq!(d.ratio, 0.5);
        assert_eq!(d.length_diff, 0.0);
    }

    #[test]
    fn white_space_only_differences() {
        let d = textual_difference("a b", "a\u{a0}b");
        assert_eq!(d.changes, 1);
        assert_eq!(d.ratio, 2.0 * 2.0 / 6.0);
        assert_eq!(count_changes("   ", ""), 1);
        assert_eq!(count_changes("", ""), 0);
    }

    #[test]
    fn long_texts_in_linear_memory() {
        let a: String = "the quick brown fox ".repeat(5_000);
        let b: String = "the quick brown cat ".repeat(5_000);
        let d = textual_difference(&a, &b);
        // each 20-character period keeps 17 characters plus the shared 'o' (fox/cat: none)
        assert!(d.ratio > 0.8 && d.ratio < 0.9, "{}", d.ratio);
    }
}

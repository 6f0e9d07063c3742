//! Content similarity: how alike two texts are as strings, by the Sørensen–Dice coefficient of
//! their character bigrams, as `ContentSimilarityMetric` of `@mastra/evals` computes it (with the
//! npm package string-similarity 4.0.4, `compareTwoStrings`).

use crate::js_text::{is_js_space, js_lowercase};
use crate::sorting::sorted_u32;

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
/// use evals_wasm::similarity::{content_similarity, SimilarityOptions};
/// let both = SimilarityOptions { ignore_case: true, ignore_whitespace: true };
/// assert_eq!(content_similarity("The Cat", "the cat", both), 1.0);
/// assert_eq!(content_similarity("night", "nacht", both), 0.25);
/// assert_eq!(content_similarity("", "", both), 1.0);
/// assert_eq!(content_similarity("a", "ab", both), 0.0);
/// let exact = SimilarityOptions { ignore_case: false, ignore_whitespace: false };
/// assert_eq!(content_similarity("AB", "ab", exact), 0.0);
/// ```
pub fn content_similarity(a: &str, b: &str, options: SimilarityOptions) -> f64 {
    let prepare = |text: &str| {
        let lowered;
        let text = if options.ignore_case {
            lowered = js_lowercase(text);
            &lowered
        } else {
            text
        };
        // Collapsing white space (ignore_whitespace) cannot change what is left once all of it
        // is removed, so it is skipped.
        if text.is_ascii() {
            // JS white space in ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
            return text
                .bytes()
                .filter(|b| !matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' '))
                .map(u16::from)
                .collect();
        }
        let mut units = Vec::with_capacity(text.len());
        let mut pair = [0u16; 2];
        for c in text.chars().filter(|&c| !is_js_space(c)) {
            units.extend_from_slice(c.encode_utf16(&mut pair));
        }
        units
    };
    dice(&prepare(a), &prepare(b))
}

/// The Dice coefficient of the bigram multisets of two code-unit strings, with the edge cases
/// of `compareTwoStrings`.
fn dice(a: &[u16], b: &[u16]) -> f64 {
    if a == b {
        return 1.0;
    }
    if a.len() < 2 || b.len() < 2 {
        return 0.0;
    }
    let (x, y) = (sorted_u32(&bigrams(a)), sorted_u32(&bigrams(b)));
    let (mut i, mut j, mut shared) = (0, 0, 0usize);
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
    2.0 * shared as f64 / (a.len() + b.len() - 2) as f64
}

fn bigrams(units: &[u16]) -> Vec<u32> {
    units
        .windows(2)
        .map(|w| (u32::from(w[0]) << 16) | u32::from(w[1]))
        .collect()
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
    fn one_empty_text_scores_zero() {
        assert_eq!(content_similarity("", "hello", DEFAULT), 0.0);
        assert_eq!(content_similarity("hello", "   ", DEFAULT), 0.0);
    }
}

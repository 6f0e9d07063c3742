//! Japanese word clean-up after segmentation.
//!
//! A dictionary segmenter splits words it does not know into single characters
//! (`飛び越えた` → `飛|び|越|え|た`), and conjugated verbs and adjectives differ only in their
//! trailing kana (`飛び越える` / `飛び越えた`). [`merge_fragments`] joins runs of single-character
//! pieces back into one word, and [`stem`] drops the trailing kana of a word written with kanji,
//! the Japanese counterpart of reducing an English verb to its infinitive.

use alloc::{string::String, vec::Vec};

use crate::text::words::{script_class, Script};

/// Particles that stand alone as one character; they are never merged into a neighbour.
const SINGLE_CHARACTER_PARTICLES: &[char] = &[
    'の', 'が', 'を', 'は', 'に', 'と', 'で', 'も', 'へ', 'や', 'か',
];

fn is_japanese(word: &str) -> bool {
    word.chars()
        .any(|c| matches!(script_class(c), Script::Hiragana | Script::Katakana))
        || word.chars().all(|c| script_class(c) == Script::Han)
}

/// Joins consecutive one-character segments (other than particles) into one word.
///
/// ```
/// let pieces: Vec<String> = ["犬", "を", "飛", "び", "越", "え", "た"].map(String::from).into();
/// assert_eq!(evals_wasm::text::japanese::merge_fragments(pieces), ["犬", "を", "飛び越えた"]);
/// ```
pub fn merge_fragments(segments: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(segments.len());
    let mut previous_was_fragment = false;
    for segment in segments {
        let mut chars = segment.chars();
        let single = match (chars.next(), chars.next()) {
            (Some(c), None) => {
                !SINGLE_CHARACTER_PARTICLES.contains(&c) && script_class(c) != Script::Spaced
            }
            _ => false,
        };
        if single && previous_was_fragment {
            if let Some(last) = out.last_mut() {
                last.push_str(&segment);
                continue;
            }
        }
        previous_was_fragment = single;
        out.push(segment);
    }
    out
}

/// Drops the trailing hiragana (okurigana, inflection) of a word that has a kanji before them.
///
/// ```
/// use evals_wasm::text::japanese::stem;
/// assert_eq!(stem("飛び越える"), "飛び越");
/// assert_eq!(stem("飛び越えた"), "飛び越");
/// assert_eq!(stem("怠け者"), "怠け者");
/// assert_eq!(stem("ください"), "ください");
/// ```
pub fn stem(word: &str) -> &str {
    if !is_japanese(word) {
        return word;
    }
    let trimmed = word.trim_end_matches(|c| script_class(c) == Script::Hiragana);
    if trimmed
        .chars()
        .next_back()
        .is_some_and(|c| script_class(c) == Script::Han)
    {
        trimmed
    } else {
        word
    }
}

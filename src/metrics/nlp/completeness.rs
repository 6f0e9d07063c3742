//! Completeness: how many of the input's elements (its words, verbs reduced to their infinitive)
//! the output covers.
//!
//! score = covered input elements / input elements, where an input element `e` is covered by an
//! output element `s` when they are equal, or when `e` is longer than 3 characters, one contains
//! the other, and shorter/longer > 0.6. No input elements: 1 when the output has none either,
//! else 0. This is the formula of `@mastra/evals` 0.14.4, computed here in time linear in the
//! number of elements (the original compares every pair).

use alloc::{
    string::{String, ToString},
    vec::Vec,
};

use crate::text::english::{rewrite_verbs, source_marks, Rewrite};
use crate::text::hashing::{distinct_in_order, WordTable};
use crate::text::japanese;
use crate::text::sorting::sorted_order;
use crate::text::stopwords::is_stopword;
use crate::text::words::{find_substring, normalize, words, Script, WordSegmenter};

/// Options of [`measure_completeness`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CompletenessOptions {
    /// Leave function words ("the", "over", "の") out of both element lists.
    pub ignore_stopwords: bool,
}

/// The result, shaped as `@mastra/evals` returns it.
#[derive(Debug, Clone, PartialEq)]
pub struct CompletenessResult {
    /// Covered input elements / input elements, in [0, 1], not rounded.
    pub score: f64,
    /// The element lists and counts.
    pub info: CompletenessInfo,
}

/// `info` of a [`CompletenessResult`].
#[derive(Debug, Clone, PartialEq)]
pub struct CompletenessInfo {
    /// Elements of the input, in order of first appearance.
    pub input_elements: Vec<String>,
    /// Elements of the output, in order of first appearance.
    pub output_elements: Vec<String>,
    /// Input elements that are not, letter for letter, output elements.
    pub missing_elements: Vec<String>,
    /// Lengths of the two element lists.
    pub element_counts: ElementCounts,
}

/// `info.elementCounts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ElementCounts {
    /// Number of input elements.
    pub input: usize,
    /// Number of output elements.
    pub output: usize,
}

/// Measures how completely `output` covers `input`. Never fails and never panics: any text,
/// including empty, whitespace-only, emoji-only or mixed-script text, gives a valid result.
///
/// ```
/// use evals_wasm::{measure_completeness, CompletenessOptions};
/// use evals_wasm::text::words::ScriptRunSegmenter;
/// let r = measure_completeness(
///     "The quick brown fox jumps over the lazy dog",
///     "A brown fox jumped over a dog",
///     CompletenessOptions::default(),
///     &ScriptRunSegmenter,
/// );
/// assert_eq!(r.score, 0.625);
/// assert_eq!(r.info.missing_elements, ["the", "quick", "lazy"]);
/// ```
pub fn measure_completeness(
    input: &str,
    output: &str,
    options: CompletenessOptions,
    segmenter: &dyn WordSegmenter,
) -> CompletenessResult {
    result_from_elements(
        extract_elements(input, options, segmenter),
        extract_elements(output, options, segmenter),
    )
}

/// The result for two element lists: the [`coverage`] score, the missing elements and the
/// counts (shared by the English path and the stemmed languages of `multilingual`). Inlined, so
/// that the NLP module stays as it was before the sharing.
#[inline(always)]
pub fn result_from_elements(
    input_elements: Vec<String>,
    output_elements: Vec<String>,
) -> CompletenessResult {
    let score = coverage(&input_elements, &output_elements);
    let output_set = WordTable::new(output_elements.iter().map(String::as_str));
    let missing_elements = input_elements
        .iter()
        .filter(|e| !output_set.contains(e.as_str()))
        .cloned()
        .collect();
    CompletenessResult {
        score,
        info: CompletenessInfo {
            element_counts: ElementCounts {
                input: input_elements.len(),
                output: output_elements.len(),
            },
            input_elements,
            output_elements,
            missing_elements,
        },
    }
}

/// The elements of a text: its words, normalised, verbs in the infinitive, Japanese words
/// stemmed, de-duplicated in order of first appearance.
pub fn extract_elements(
    text: &str,
    options: CompletenessOptions,
    segmenter: &dyn WordSegmenter,
) -> Vec<String> {
    let normalized = normalize(text.trim());
    let mut found = words(&normalized, segmenter);
    merge_japanese_fragments(&mut found);

    let texts: Vec<&str> = found.iter().map(|w| w.text.as_str()).collect();
    let starts: Vec<bool> = found.iter().map(|w| w.starts_clause).collect();
    let apostrophes: Vec<bool> = found.iter().map(|w| w.after_apostrophe).collect();
    let hyphenated = hyphen_joined(&normalized, &texts);
    let marks = source_marks(text.trim(), &texts);
    let rewrites = rewrite_verbs(&texts, &starts, &apostrophes, &hyphenated, &marks);

    let mut elements = Vec::new();
    let mut push = |element: String| {
        if element.is_empty() || (options.ignore_stopwords && is_stopword(&element)) {
            return;
        }
        elements.push(element);
    };
    for (word, rewrite) in found.iter().zip(rewrites) {
        match rewrite {
            Rewrite::Drop => {}
            Rewrite::Verb(infinitive) => push(infinitive),
            Rewrite::Words(list) => list.into_iter().for_each(&mut push),
            Rewrite::Keep => push(japanese::stem(&word.text).to_string()),
        }
    }
    distinct_in_order(elements)
}

/// For each word, whether a hyphen joins it to the word before ("rule-based": "based").
/// The words are substrings of `text` in order, so one forward scan finds them all.
fn hyphen_joined(text: &str, words: &[&str]) -> Vec<bool> {
    let mut cursor = 0;
    let mut previous_end = usize::MAX;
    words
        .iter()
        .map(|word| {
            let Some(offset) = find_substring(text.get(cursor..).unwrap_or(""), word) else {
                return false;
            };
            let start = cursor + offset;
            cursor = start + word.len();
            let joined = previous_end != usize::MAX
                && start == previous_end + 1
                && text.as_bytes()[previous_end] == b'-';
            previous_end = cursor;
            joined
        })
        .collect()
}

/// Rejoins single-character pieces of unspaced runs (see [`japanese::merge_fragments`]).
fn merge_japanese_fragments(found: &mut Vec<crate::text::words::Word>) {
    if !found.iter().any(|w| w.script != Script::Spaced) {
        return;
    }
    let mut merged = Vec::with_capacity(found.len());
    let mut run: Vec<crate::text::words::Word> = Vec::new();
    let flush = |run: &mut Vec<crate::text::words::Word>,
                 merged: &mut Vec<crate::text::words::Word>| {
        if run.is_empty() {
            return;
        }
        let template = run[0].clone();
        let texts = run.drain(..).map(|w| w.text).collect();
        for text in japanese::merge_fragments(texts) {
            merged.push(crate::text::words::Word {
                text,
                ..template.clone()
            });
        }
    };
    for word in found.drain(..) {
        if word.script == Script::Spaced || word.starts_clause {
            flush(&mut run, &mut merged);
        }
        if word.script == Script::Spaced {
            merged.push(word);
        } else {
            run.push(word);
        }
    }
    flush(&mut run, &mut merged);
    *found = merged;
}

/// Elements up to this many characters are matched by enumerating their substrings in hash
/// sets; longer ones (rare in real text) are compared directly with candidates of a fitting
/// length.
const ENUMERATED_LENGTH: usize = 64;

/// `shorter` / `longer` > 0.6, computed exactly in integers.
fn ratio_above_threshold(shorter: usize, longer: usize) -> bool {
    5 * shorter > 3 * longer
}

/// All substrings of `chars` whose length `k` satisfies `min_len <= k < chars.len()`.
fn proper_substrings(chars: &[char], min_len: usize, mut visit: impl FnMut(&str)) {
    let mut buffer = String::new();
    for len in min_len.max(1)..chars.len() {
        for start in 0..=chars.len() - len {
            buffer.clear();
            buffer.extend(&chars[start..start + len]);
            visit(&buffer);
        }
    }
}

/// The smallest length `k` with k / `len` > 0.6.
fn min_partner_length(len: usize) -> usize {
    3 * len / 5 + 1
}

/// Share of `input` elements covered by some `output` element (see the module docs).
pub fn coverage(input: &[String], output: &[String]) -> f64 {
    if input.is_empty() {
        return if output.is_empty() { 1.0 } else { 0.0 };
    }
    let exact = WordTable::new(output.iter().map(String::as_str));
    // Substrings of short output elements that are long enough to match them.
    let mut substrings: Vec<String> = Vec::new();
    // Long output elements and their lengths, compared directly.
    let mut long: Vec<(usize, &str)> = Vec::new();
    for s in output {
        let chars: Vec<char> = s.chars().collect();
        if chars.len() > ENUMERATED_LENGTH {
            long.push((chars.len(), s));
        } else {
            proper_substrings(&chars, min_partner_length(chars.len()).max(4), |sub| {
                substrings.push(sub.to_string());
            });
        }
    }
    let inside_output = WordTable::new(substrings.iter().map(String::as_str));
    // By length, so that those of lengths lo..hi lie together.
    let by_length = sorted_order(long.len(), &|a, b| long[a].0.cmp(&long[b].0));
    let all_by_length = |lo: usize, hi: usize| {
        let start = by_length.partition_point(|&i| long[i].0 < lo);
        let end = by_length.partition_point(|&i| long[i].0 < hi);
        by_length[start..end].iter().map(|&i| long[i].1)
    };

    let covered = input
        .iter()
        .filter(|e| {
            if exact.contains(e.as_str()) {
                return true;
            }
            let chars: Vec<char> = e.chars().collect();
            let len = chars.len();
            if len <= 3 {
                return false;
            }
            // e inside a longer output element
            if inside_output.contains(e.as_str()) {
                return true;
            }
            let longest_partner = (5 * len).div_ceil(3);
            if all_by_length(len + 1, longest_partner + 1).any(|s| {
                ratio_above_threshold(len, s.chars().count()) && find_substring(s, e).is_some()
            }) {
                return true;
            }
            // a shorter output element inside e
            let shortest = min_partner_length(len);
            if len <= ENUMERATED_LENGTH {
                let mut found = false;
                proper_substrings(&chars, shortest, |sub| found = found || exact.contains(sub));
                found
            } else {
                output.iter().any(|s| {
                    let k = s.chars().count();
                    k >= shortest && k < len && find_substring(e, s).is_some()
                })
            }
        })
        .count();
    covered as f64 / input.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::words::ScriptRunSegmenter;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    /// The original's pairwise rule, for checking the indexed version against.
    fn pairwise(input: &[String], output: &[String]) -> f64 {
        if input.is_empty() {
            return if output.is_empty() { 1.0 } else { 0.0 };
        }
        let covered = input
            .iter()
            .filter(|e| {
                output.iter().any(|s| {
                    let (el, sl) = (e.chars().count(), s.chars().count());
                    if el <= 3 {
                        return e == &s;
                    }
                    let (longer, shorter, ll, sl2) = if el > sl {
                        (e.as_str(), s.as_str(), el, sl)
                    } else {
                        (s.as_str(), e.as_str(), sl, el)
                    };
                    longer.contains(shorter) && ratio_above_threshold(sl2, ll)
                })
            })
            .count();
        covered as f64 / input.len() as f64
    }

    #[test]
    fn fox_example_matches_the_original_library() {
        let r = measure_completeness(
            "The quick brown fox jumps over the lazy dog",
            "A brown fox jumped over a dog",
            CompletenessOptions::default(),
            &ScriptRunSegmenter,
        );
        assert_eq!(r.score, 0.625);
        let mut input = r.info.input_elements.clone();
        input.sort();
        assert_eq!(
            input,
            ["brown", "dog", "fox", "jump", "lazy", "over", "quick", "the"]
        );
        assert_eq!(r.info.missing_elements, ["the", "quick", "lazy"]);
        assert_eq!(
            r.info.element_counts,
            ElementCounts {
                input: 8,
                output: 6
            }
        );
    }

    #[test]
    fn fox_example_without_stopwords_gives_the_documented_elements() {
        let r = measure_completeness(
            "The quick brown fox jumps over the lazy dog",
            "A brown fox jumped over a dog",
            CompletenessOptions {
                ignore_stopwords: true,
            },
            &ScriptRunSegmenter,
        );
        assert_eq!(
            r.info.input_elements,
            ["quick", "brown", "fox", "jump", "lazy", "dog"]
        );
        assert_eq!(r.info.output_elements, ["brown", "fox", "jump", "dog"]);
        assert_eq!(r.info.missing_elements, ["quick", "lazy"]);
        assert_eq!(r.score, 4.0 / 6.0);
    }

    #[test]
    fn photosynthesis_example_matches_the_original_library() {
        let r = measure_completeness(
            "Explain how photosynthesis works in plants using sunlight, water, and carbon dioxide.",
            "Plants use sunlight to convert water and carbon dioxide into glucose through photosynthesis.",
            CompletenessOptions::default(),
            &ScriptRunSegmenter,
        );
        assert_eq!(r.score, 0.6666666666666666);
        let mut missing = r.info.missing_elements.clone();
        missing.sort();
        assert_eq!(missing, ["explain", "how", "in", "work"]);
    }

    #[test]
    fn empty_cases() {
        let none = CompletenessOptions::default();
        assert_eq!(
            measure_completeness("", "", none, &ScriptRunSegmenter).score,
            1.0
        );
        assert_eq!(
            measure_completeness("  \n\t ", " ", none, &ScriptRunSegmenter).score,
            1.0
        );
        assert_eq!(
            measure_completeness("", "words here", none, &ScriptRunSegmenter).score,
            0.0
        );
        assert_eq!(
            measure_completeness("🙂🙃", "🎉", none, &ScriptRunSegmenter).score,
            1.0
        );
        assert_eq!(
            measure_completeness("some words", "", none, &ScriptRunSegmenter).score,
            0.0
        );
    }

    #[test]
    fn short_elements_need_an_exact_match() {
        assert_eq!(coverage(&strings(&["dog"]), &strings(&["dogs"])), 0.0);
        assert_eq!(coverage(&strings(&["dogs"]), &strings(&["dog"])), 1.0);
    }

    #[test]
    fn overlap_must_exceed_sixty_percent() {
        // 3/5 = 0.6 exactly is not enough; 4/6 is.
        assert_eq!(coverage(&strings(&["abcde"]), &strings(&["abc"])), 0.0);
        assert_eq!(coverage(&strings(&["abcdef"]), &strings(&["abcd"])), 1.0);
        assert_eq!(coverage(&strings(&["abcd"]), &strings(&["xabcdy"])), 1.0);
        assert_eq!(coverage(&strings(&["abcd"]), &strings(&["xxabcdyy"])), 0.0);
    }

    #[test]
    fn indexed_coverage_equals_the_pairwise_rule() {
        let pool = [
            "a",
            "ab",
            "abc",
            "abcd",
            "abcde",
            "bcde",
            "cdef",
            "abcdef",
            "xabcdefy",
            "fox",
            "foxes",
            "unfoxed",
            "ぬこ",
            "ねこねこ",
        ];
        let long = "q".repeat(70);
        let longer = format!("{long}zz");
        let mut all: Vec<String> = pool.iter().map(|s| s.to_string()).collect();
        all.push(long);
        all.push(longer);
        for i in 0..all.len() {
            for j in 0..all.len() {
                let input = vec![all[i].clone(), all[j].clone()];
                let output = vec![
                    all[(i + j) % all.len()].clone(),
                    all[(i * 7 + 3) % all.len()].clone(),
                ];
                assert_eq!(
                    coverage(&input, &output),
                    pairwise(&input, &output),
                    "{input:?} vs {output:?}"
                );
            }
        }
    }

    #[test]
    fn any_script_gives_elements() {
        let r = measure_completeness(
            "Москва — столица России",
            "Москва большой город",
            CompletenessOptions::default(),
            &ScriptRunSegmenter,
        );
        assert_eq!(r.info.input_elements, ["москва", "столица", "россии"]);
        assert!(r.score > 0.0 && r.score < 1.0);
    }
}

//! Keyword coverage: the share of a reference text's keywords that a response repeats, with
//! keywords found as the npm package keyword-extractor 0.0.28 finds them for
//! `KeywordCoverageMetric` of `@mastra/evals` (English, digits removed, lower-cased, each once).

use alloc::{
    boxed::Box,
    string::{String, ToString},
    vec::Vec,
};

use once_cell::race::OnceBox;

use crate::text::hashing::{distinct_in_order, WordTable};
use crate::text::js_text::{is_js_space, js_lowercase, js_trim};
use crate::text::nlp_data::KEYWORD_STOPWORDS;
use crate::text::words::find_substring;

/// What happens when the reference has no keywords.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeywordRules {
    /// `KeywordCoverageMetric` of `@mastra/evals` 0.14: two empty texts score 1; otherwise a
    /// reference without keywords scores 0.
    Legacy,
    /// `createKeywordCoverageScorer` of `@mastra/evals` 1.x: a reference without keywords
    /// scores 1.
    Scorer,
}

/// The result of [`keyword_coverage`].
#[derive(Debug, Clone, PartialEq)]
pub struct KeywordCoverage {
    /// `matched_keywords / total_keywords`, or the rule's value when there are none.
    pub score: f64,
    /// Distinct keywords of the reference.
    pub total_keywords: usize,
    /// Those the response has too.
    pub matched_keywords: usize,
}

/// The keywords of `text`, each once, in order of first appearance.
///
/// Mirrors keyword-extractor's `extract` with the options the metric passes: HTML tags
/// (`<…>`) are removed and the text trimmed; it is split at every white-space character (JS
/// `\s`); a word holding `http://` or `https://` is kept as it is; any other word loses
/// `. , ; ! ? ( ) : " “ ” ‘ ’` and an apostrophe at its start or end, a lone `_ @ & #` is
/// dropped, and so is a word of ASCII digits only; words are lower-cased and stopwords (the
/// SMART list) left out.
///
/// ```
/// use evals_wasm::metrics::nlp::keywords::extract_keywords;
/// assert_eq!(
///     extract_keywords("The <b>quick</b> brown fox, the 2 QUICK foxes! See https://Fox.example."),
///     ["quick", "brown", "fox", "foxes", "https://Fox.example."],
/// );
/// ```
pub fn extract_keywords(text: &str) -> Vec<String> {
    let text = without_tags(text);
    let text = js_trim(&text);
    if text.is_empty() {
        return Vec::new();
    }
    let mut keywords = Vec::new();
    let mut cleaned = String::new();
    for word in text.split(is_js_space) {
        // Only a word with "://" can be a link; most words are spared the two searches.
        let is_link = find_substring(word, "://").is_some()
            && (find_substring(word, "http://").is_some()
                || find_substring(word, "https://").is_some());
        if is_link {
            keywords.push(word.to_string());
            continue;
        }
        cleaned.clear();
        strip_punctuation(word, &mut cleaned);
        let lone_symbol = matches!(cleaned.as_str(), "_" | "@" | "&" | "#");
        if lone_symbol || cleaned.is_empty() || cleaned.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let lower = if cleaned.is_ascii() {
            cleaned.make_ascii_lowercase();
            cleaned.as_str().into()
        } else {
            js_lowercase(&cleaned)
        };
        if !is_stopword(&lower) {
            keywords.push(lower);
        }
    }
    distinct_in_order(keywords)
}

/// Whether `word` (lower-cased) is one of the stopwords, from a hash set built on first use
/// (bisecting the packed list for every word took a fifth of a measure).
fn is_stopword(word: &str) -> bool {
    static STOPWORDS: OnceBox<WordTable<'static>> = OnceBox::new();
    STOPWORDS
        .get_or_init(|| Box::new(WordTable::new(KEYWORD_STOPWORDS.words())))
        .contains(word)
}

/// `text.replace(/(<([^>]+)>)/gi, "")`: every `<` that a `>` follows after at least one other
/// character starts a tag, which ends at that `>`.
fn without_tags(text: &str) -> String {
    let bytes = text.as_bytes();
    let closes: Vec<usize> = (0..bytes.len()).filter(|&i| bytes[i] == b'>').collect();
    let mut out = String::with_capacity(text.len());
    let mut k = 0; // index into `closes` of the first '>' at or after `i`
    let mut i = 0;
    let mut copied_from = 0;
    while i < bytes.len() {
        if bytes[i] == b'<' {
            while k < closes.len() && closes[k] <= i {
                k += 1;
            }
            if let Some(&close) = closes.get(k) {
                if close > i + 1 {
                    out.push_str(text.get(copied_from..i).unwrap_or(""));
                    i = close + 1;
                    copied_from = i;
                    continue;
                }
            }
        }
        i += 1;
    }
    out.push_str(text.get(copied_from..).unwrap_or(""));
    out
}

/// Appends `word` to `out` without `. , ; ! ? ( ) : " “ ” ‘ ’` anywhere and without `'` as its
/// first or last character.
fn strip_punctuation(word: &str, out: &mut String) {
    let last = word.len().saturating_sub(1);
    for (i, c) in word.char_indices() {
        let removed = matches!(
            c,
            '.' | ',' | ';' | '!' | '?' | '(' | ')' | ':' | '"' | '“' | '”' | '‘' | '’'
        ) || (c == '\'' && (i == 0 || i == last));
        if !removed {
            out.push(c);
        }
    }
}

/// Keyword coverage of `response` against `reference`: the share of the reference's distinct
/// keywords (see [`extract_keywords`]) that are also keywords of the response.
///
/// ```
/// use evals_wasm::metrics::nlp::keywords::{keyword_coverage, KeywordRules};
/// let r = keyword_coverage("fast red cars", "The red cars are slow", KeywordRules::Legacy);
/// assert_eq!((r.score, r.total_keywords, r.matched_keywords), (2.0 / 3.0, 3, 2));
/// assert_eq!(keyword_coverage("", "", KeywordRules::Legacy).score, 1.0);
/// assert_eq!(keyword_coverage("the", "it", KeywordRules::Legacy).score, 0.0);
/// assert_eq!(keyword_coverage("the", "it", KeywordRules::Scorer).score, 1.0);
/// ```
pub fn keyword_coverage(reference: &str, response: &str, rules: KeywordRules) -> KeywordCoverage {
    keyword_coverage_by(reference, response, rules, &extract_keywords)
}

/// Keyword coverage with the keywords `keywords` finds in a text (those of [`extract_keywords`]
/// here, Snowball stems in `multilingual`), each list distinct: the rules of
/// [`keyword_coverage`].
pub fn keyword_coverage_by(
    reference: &str,
    response: &str,
    rules: KeywordRules,
    keywords: &dyn Fn(&str) -> Vec<String>,
) -> KeywordCoverage {
    if rules == KeywordRules::Legacy && reference.is_empty() && response.is_empty() {
        return KeywordCoverage {
            score: 1.0,
            total_keywords: 0,
            matched_keywords: 0,
        };
    }
    let wanted = keywords(reference);
    let found = keywords(response);
    let found = WordTable::new(found.iter().map(String::as_str));
    let matched = wanted.iter().filter(|k| found.contains(k.as_str())).count();
    let total = wanted.len();
    let score = match (total, rules) {
        (0, KeywordRules::Legacy) => 0.0,
        (0, KeywordRules::Scorer) => 1.0,
        _ => matched as f64 / total as f64,
    };
    KeywordCoverage {
        score,
        total_keywords: total,
        matched_keywords: matched,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_need_a_character_inside() {
        assert_eq!(without_tags("a<>b<c>d"), "a<>bd");
        assert_eq!(without_tags("x < y and y > z"), "x  z");
        assert_eq!(without_tags("<<a>"), "");
        assert_eq!(without_tags("a <b"), "a <b");
        assert_eq!(without_tags("é<ü>ö"), "éö");
    }

    #[test]
    fn apostrophes_go_only_at_the_ends() {
        let strip = |word: &str| {
            let mut out = String::new();
            strip_punctuation(word, &mut out);
            out
        };
        assert_eq!(strip("'tis"), "tis");
        assert_eq!(strip("dogs'"), "dogs");
        assert_eq!(strip("it's"), "it's");
        assert_eq!(strip("dog's."), "dog's");
        assert_eq!(strip("'"), "");
        assert_eq!(strip("“Hello,”"), "Hello");
        assert_eq!(strip("é'"), "é");
    }

    #[test]
    fn digits_and_lone_symbols_are_dropped() {
        assert_eq!(extract_keywords("2024 # @ & _ 3rd x1"), ["3rd", "x1"]);
        // a lone symbol left after punctuation is removed, too
        assert_eq!(extract_keywords("(#)"), Vec::<String>::new());
    }

    #[test]
    fn split_at_every_space_character() {
        assert_eq!(
            extract_keywords("alpha\u{a0}beta\tgamma"),
            ["alpha", "beta", "gamma"]
        );
    }

    #[test]
    fn keywords_are_distinct_in_order_of_first_appearance() {
        assert_eq!(
            extract_keywords("Zebra apple zebra APPLE mango"),
            ["zebra", "apple", "mango"]
        );
    }

    #[test]
    fn hostile_tag_soup_is_linear() {
        let soup = "<".repeat(200_000);
        assert_eq!(extract_keywords(&soup), ["<".repeat(200_000)]);
    }
}

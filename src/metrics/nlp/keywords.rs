//! Keyword coverage: the share of a reference text's keywords that a response repeats, with
//! keywords found as the npm package keyword-extractor 0.0.28 finds them for
//! `KeywordCoverageMetric` of `@mastra/evals` (English, digits removed, lower-cased, each once).

use alloc::{
    string::{String, ToString},
    vec::Vec,
};

use alloc::borrow::Cow;

use crate::text::hashing::WordTable;
use crate::text::js_text::{js_lowercase, js_space_at, js_trim};
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
    let keywords = Keywords::of(text);
    let distinct = WordTable::new(keywords.iter());
    distinct
        .words()
        .iter()
        .map(|word| word.to_string())
        .collect()
}

/// The keywords of a text, in order, repeats included, as spans of one buffer: a measure
/// allocates a few buffers, not one string per word.
struct Keywords {
    text: String,
    spans: Vec<(usize, usize)>,
}

impl Keywords {
    /// The keywords of `text` (the rules of [`extract_keywords`]).
    fn of(text: &str) -> Self {
        let text = without_tags(text);
        let text = js_trim(&text);
        let mut keywords = Keywords {
            text: String::with_capacity(text.len()),
            spans: Vec::new(),
        };
        // The words are the runs of characters that are not white space (splitting at each
        // white-space character gives them and empty pieces, which have no keyword). A word of
        // ASCII characters without `:` (nearly every word) is cleaned and lower-cased as it is
        // scanned; the others go through `push`.
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let (start, begin) = (i, keywords.text.len());
            let mut simple = true;
            while let Some(&byte) = bytes.get(i) {
                if !byte.is_ascii() || byte == b':' {
                    simple = false;
                    break;
                }
                if matches!(byte, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ') {
                    break;
                }
                if !is_stripped(byte, i - start, usize::MAX) {
                    keywords.text.push(char::from(byte.to_ascii_lowercase()));
                }
                i += 1;
            }
            if simple {
                // An apostrophe that ends the word goes too (unless it also began it).
                if i - start > 1 && bytes[i - 1] == b'\'' {
                    keywords.text.pop();
                }
                keywords.keep_or_drop(begin);
            } else {
                keywords.text.truncate(begin);
                while i < bytes.len() && js_space_at(text, i) == 0 {
                    i += 1;
                }
                keywords.push(text.get(start..i).unwrap_or(""));
            }
            loop {
                match js_space_at(text, i) {
                    0 => break,
                    length => i += length,
                }
            }
        }
        keywords
    }

    /// Adds the keyword of `word`, if it has one (the words `of` does not clean on the fly).
    #[inline(never)]
    fn push(&mut self, word: &str) {
        let begin = self.text.len();
        // Only a word with "://" can be a link; most words are spared the two searches.
        let is_link = word.as_bytes().contains(&b':')
            && find_substring(word, "://").is_some()
            && (find_substring(word, "http://").is_some()
                || find_substring(word, "https://").is_some());
        if is_link {
            self.text.push_str(word);
            self.spans.push((begin, self.text.len()));
            return;
        }
        if word.is_ascii() {
            // Cleaned and lower-cased in one pass.
            let last = word.len().saturating_sub(1);
            for (i, &byte) in word.as_bytes().iter().enumerate() {
                if !is_stripped(byte, i, last) {
                    self.text.push(char::from(byte.to_ascii_lowercase()));
                }
            }
        } else {
            let mut cleaned = String::new();
            strip_punctuation(word, &mut cleaned);
            // Lower case maps no other character to an ASCII digit or to `_ @ & #`, so the
            // checks below read the same on the lower-cased word as on the cleaned one.
            self.text.push_str(&js_lowercase(&cleaned));
        }
        self.keep_or_drop(begin);
    }

    /// Keeps the keyword written from `begin` on, or removes it when it is empty, a lone
    /// `_ @ & #`, a number or a stopword.
    fn keep_or_drop(&mut self, begin: usize) {
        let keyword = self.text.get(begin..).unwrap_or("");
        let dropped = matches!(keyword, "" | "_" | "@" | "&" | "#")
            || keyword.bytes().all(|b| b.is_ascii_digit())
            || is_stopword(keyword);
        if dropped {
            self.text.truncate(begin);
        } else {
            self.spans.push((begin, self.text.len()));
        }
    }

    /// The keywords, in order.
    fn iter(&self) -> impl Iterator<Item = &str> {
        self.spans
            .iter()
            .map(|&(start, end)| self.text.get(start..end).unwrap_or(""))
    }
}

/// Whether the ASCII `byte` at `i` of a word whose last index is `last` is removed by
/// [`strip_punctuation`].
#[inline(always)]
fn is_stripped(byte: u8, i: usize, last: usize) -> bool {
    matches!(
        byte,
        b'.' | b',' | b';' | b'!' | b'?' | b'(' | b')' | b':' | b'"'
    ) || (byte == b'\'' && (i == 0 || i == last))
}

/// Whether `word` (lower-cased) is one of the stopwords.
fn is_stopword(word: &str) -> bool {
    KEYWORD_STOPWORDS.contains(word)
}

/// `text.replace(/(<([^>]+)>)/gi, "")`: every `<` that a `>` follows after at least one other
/// character starts a tag, which ends at that `>`.
fn without_tags(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    if !bytes.contains(&b'<') {
        return Cow::Borrowed(text);
    }
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
    Cow::Owned(out)
}

/// Appends `word` to `out` without `. , ; ! ? ( ) : " “ ” ‘ ’` anywhere and without `'` as its
/// first or last character.
fn strip_punctuation(word: &str, out: &mut String) {
    let last = word.len().saturating_sub(1);
    for (i, c) in word.char_indices() {
        let removed = match u8::try_from(c) {
            Ok(byte) if byte.is_ascii() => is_stripped(byte, i, last),
            _ => matches!(c, '“' | '”' | '‘' | '’'),
        };
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
    if rules == KeywordRules::Legacy && reference.is_empty() && response.is_empty() {
        return both_empty();
    }
    let (wanted, found) = (Keywords::of(reference), Keywords::of(response));
    let wanted = WordTable::new(wanted.iter());
    coverage(wanted.words(), &WordTable::new(found.iter()), rules)
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
        return both_empty();
    }
    let wanted = keywords(reference);
    let found = keywords(response);
    let wanted: Vec<&str> = wanted.iter().map(String::as_str).collect();
    coverage(
        &wanted,
        &WordTable::new(found.iter().map(String::as_str)),
        rules,
    )
}

/// Two empty texts under [`KeywordRules::Legacy`]: a score of 1.
fn both_empty() -> KeywordCoverage {
    KeywordCoverage {
        score: 1.0,
        total_keywords: 0,
        matched_keywords: 0,
    }
}

/// The coverage of the distinct keywords `wanted` by those in `found`.
fn coverage(wanted: &[&str], found: &WordTable<'_>, rules: KeywordRules) -> KeywordCoverage {
    let matched = wanted.iter().filter(|k| found.contains(k)).count();
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
    fn the_scan_cleans_words_as_the_general_rules_do() {
        // Words of characters the scan treats specially, each read by the scan (`of`) and by
        // the general path (`push`).
        let alphabet = b"aZ9'.,;:!?()\"_@&#-/x ";
        let mut state = 0x9e37_79b9_u32;
        for _ in 0..20_000 {
            let mut text = String::new();
            for _ in 0..1 + state % 9 {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                text.push(char::from(alphabet[state as usize % alphabet.len()]));
            }
            let scanned = Keywords::of(&text);
            let mut general = Keywords {
                text: String::new(),
                spans: Vec::new(),
            };
            for word in text.split(' ') {
                general.push(word);
            }
            assert_eq!(
                scanned.iter().collect::<Vec<_>>(),
                general.iter().collect::<Vec<_>>(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn hostile_tag_soup_is_linear() {
        let soup = "<".repeat(200_000);
        assert_eq!(extract_keywords(&soup), ["<".repeat(200_000)]);
    }
}

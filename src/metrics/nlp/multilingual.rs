//! Completeness and keyword coverage outside English: words reduced to their Snowball stems
//! (rust-stemmers), so that inflected forms of one word ("Häuser" and "Haus", "книги" and
//! "книга") count as the same element.
//!
//! The path is small on purpose: a text is split into runs of letters, combining marks and
//! digits, each lower-cased ([`for_each_word`]); stopwords, when left out, are looked up in the
//! language's list (from stopwords-iso) before stemming; each word is stemmed with the language's
//! Snowball stemmer; the stems, each once in order of first appearance, are the elements. The
//! score is [`crate::metrics::nlp::completeness::coverage`] of those elements, the formula of the English
//! metric. [`detect_language`] picks the language of a text for `language: "auto"`.
//!
//! Built only with the Cargo feature `stem`, which the package ships as its own wasm module.

mod detect;
#[rustfmt::skip]
mod stopword_lists;

use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

use crate::metrics::nlp::completeness::{result_from_elements, CompletenessInfo};
use crate::metrics::nlp::keywords::{keyword_coverage_by, KeywordCoverage, KeywordRules};
use crate::text::hashing::distinct_in_order;
use crate::text::lexicon::front_coded;
use crate::text::unicode::push_lowercase;
use crate::text::words::is_word_char;

pub use detect::{detect_language, detect_language_of};

/// A language with a Snowball stemmer, other than English (which keeps the English path of
/// [`crate::metrics::nlp::completeness`], for parity with `@mastra/evals`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    German,
    French,
    Spanish,
    Italian,
    Portuguese,
    Dutch,
    Swedish,
    Norwegian,
    Danish,
    Finnish,
    Hungarian,
    Romanian,
    Russian,
    Greek,
    Arabic,
    Tamil,
    Turkish,
}

impl Language {
    /// Every language, in the order of their codes in [`Language::CODES`].
    pub const ALL: [Language; 17] = [
        Language::German,
        Language::French,
        Language::Spanish,
        Language::Italian,
        Language::Portuguese,
        Language::Dutch,
        Language::Swedish,
        Language::Norwegian,
        Language::Danish,
        Language::Finnish,
        Language::Hungarian,
        Language::Romanian,
        Language::Russian,
        Language::Greek,
        Language::Arabic,
        Language::Tamil,
        Language::Turkish,
    ];

    /// The ISO 639-1 codes of [`Language::ALL`], in the same order.
    pub const CODES: [&'static str; 17] = [
        "de", "fr", "es", "it", "pt", "nl", "sv", "no", "da", "fi", "hu", "ro", "ru", "el", "ar",
        "ta", "tr",
    ];

    /// The ISO 639-1 code ("de", "ru", …).
    pub fn code(self) -> &'static str {
        Self::CODES[self as usize]
    }

    /// The language of an ISO 639-1 code, or `None` for any other string (including "en").
    ///
    /// ```
    /// use evals_wasm::metrics::nlp::multilingual::Language;
    /// assert_eq!(Language::from_code("ru"), Some(Language::Russian));
    /// assert_eq!(Language::from_code("en"), None);
    /// assert_eq!(Language::from_code("DE"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<Self> {
        let i = Self::CODES.iter().position(|&c| c == code)?;
        Some(Self::ALL[i])
    }

    fn algorithm(self) -> Algorithm {
        match self {
            Language::German => Algorithm::German,
            Language::French => Algorithm::French,
            Language::Spanish => Algorithm::Spanish,
            Language::Italian => Algorithm::Italian,
            Language::Portuguese => Algorithm::Portuguese,
            Language::Dutch => Algorithm::Dutch,
            Language::Swedish => Algorithm::Swedish,
            Language::Norwegian => Algorithm::Norwegian,
            Language::Danish => Algorithm::Danish,
            Language::Finnish => Algorithm::Finnish,
            Language::Hungarian => Algorithm::Hungarian,
            Language::Romanian => Algorithm::Romanian,
            Language::Russian => Algorithm::Russian,
            Language::Greek => Algorithm::Greek,
            Language::Arabic => Algorithm::Arabic,
            Language::Tamil => Algorithm::Tamil,
            Language::Turkish => Algorithm::Turkish,
        }
    }

    /// The language's stopwords (stopwords-iso), lower-case and sorted by UTF-8 bytes; empty for
    /// Tamil. Decoded on first use, once per language.
    pub fn stopwords(self) -> &'static [String] {
        static LISTS: [OnceLock<Vec<String>>; 17] = [const { OnceLock::new() }; 17];
        LISTS[self as usize].get_or_init(|| self.decoded_stopwords())
    }

    fn decoded_stopwords(self) -> Vec<String> {
        use stopword_lists as s;
        let list = match self {
            Language::German => s::DE,
            Language::French => s::FR,
            Language::Spanish => s::ES,
            Language::Italian => s::IT,
            Language::Portuguese => s::PT,
            Language::Dutch => s::NL,
            Language::Swedish => s::SV,
            Language::Norwegian => s::NO,
            Language::Danish => s::DA,
            Language::Finnish => s::FI,
            Language::Hungarian => s::HU,
            Language::Romanian => s::RO,
            Language::Russian => s::RU,
            Language::Greek => s::EL,
            Language::Arabic => s::AR,
            Language::Tamil => s::TA,
            Language::Turkish => s::TR,
        };
        front_decoded(list)
    }
}

/// The words of a front-coded list (see `stopword_lists` and [`front_coded`]); a word that is
/// not whole UTF-8 (never, in the generated lists) is left out.
fn front_decoded(list: &[u8]) -> Vec<String> {
    let mut words = Vec::new();
    front_coded(list, |word| {
        if let Ok(word) = std::str::from_utf8(word) {
            words.push(word.to_string());
        }
    });
    words
}

/// Calls `visit` with each word of `text`, lower-cased: each maximal run of letters, digits and
/// combining marks. Final sigma is written σ, so that "ΛΟΓΟΣ" and "λόγος" end alike.
///
/// ```
/// let mut words = Vec::new();
/// evals_wasm::metrics::nlp::multilingual::for_each_word("L'été, 2024: ÜBER-Größe!", |w| words.push(w.to_string()));
/// assert_eq!(words, ["l", "été", "2024", "über", "größe"]);
/// ```
pub fn for_each_word(text: &str, mut visit: impl FnMut(&str)) {
    let mut word = String::new();
    for c in text.chars() {
        if is_word_char(c) {
            if c == 'ς' {
                word.push('σ');
            } else {
                push_lowercase(c, &mut word);
            }
        } else if !word.is_empty() {
            visit(&word);
            word.clear();
        }
    }
    if !word.is_empty() {
        visit(&word);
    }
}

/// Words longer than this many characters are kept as they are, not stemmed: the Snowball
/// stemmers take time quadratic in a word's length, and no word of any of these languages comes
/// near it (German compounds stay under 80).
pub const MAX_STEMMED_CHARS: usize = 100;

/// `text` with Turkish capitals written as the small letters they stand for: `I` is the capital
/// of dotless `ı` and `İ` that of `i` (Unicode's default lower case, used for every other
/// language, gives `i` and `i̇`).
fn with_turkish_capitals(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'I' => 'ı',
            'İ' => 'i',
            c => c,
        })
        .collect()
}

/// Stems words of one language, optionally leaving its stopwords out.
struct StemmingWords {
    stemmer: Stemmer,
    stopwords: &'static [String],
    /// Turkish pairs the letters i differently (see [`with_turkish_capitals`]).
    turkish: bool,
}

impl StemmingWords {
    fn new(language: Language, ignore_stopwords: bool) -> Self {
        StemmingWords {
            stemmer: Stemmer::create(language.algorithm()),
            stopwords: if ignore_stopwords {
                language.stopwords()
            } else {
                &[]
            },
            turkish: language == Language::Turkish,
        }
    }

    /// The stems of the words of `text` that pass `keep` and are not stopwords, each once, in
    /// order of first appearance.
    fn stems(&self, text: &str, keep: impl Fn(&str) -> bool) -> Vec<String> {
        let turkish_text;
        let text = if self.turkish {
            turkish_text = with_turkish_capitals(text);
            &turkish_text
        } else {
            text
        };
        let mut stems = Vec::new();
        for_each_word(text, |word| {
            let stopword = || {
                self.stopwords
                    .binary_search_by(|s| s.as_str().cmp(word))
                    .is_ok()
            };
            if !keep(word) || stopword() {
                return;
            }
            if word.chars().nth(MAX_STEMMED_CHARS).is_some() {
                stems.push(word.to_string());
                return;
            }
            let stem = self.stemmer.stem(word);
            if !stem.is_empty() {
                stems.push(stem.into_owned());
            }
        });
        distinct_in_order(stems)
    }
}

/// The completeness elements of `text` in `language`: its words' stems, each once, in order of
/// first appearance; with `ignore_stopwords`, the words on the language's list are left out
/// (looked up before stemming).
///
/// ```
/// use evals_wasm::metrics::nlp::multilingual::{stemmed_elements, Language};
/// assert_eq!(stemmed_elements("Die Häuser, das Haus", Language::German, true), ["haus"]);
/// ```
pub fn stemmed_elements(text: &str, language: Language, ignore_stopwords: bool) -> Vec<String> {
    StemmingWords::new(language, ignore_stopwords).stems(text, |_| true)
}

/// A completeness result in a stemmed language: `info` as the English metric's, plus the
/// language.
#[derive(Debug, Clone, PartialEq)]
pub struct StemmedCompleteness {
    /// Covered input elements / input elements, in [0, 1].
    pub score: f64,
    /// The element lists, their counts and the language.
    pub info: StemmedCompletenessInfo,
}

/// `info` of a [`StemmedCompleteness`].
#[derive(Debug, Clone, PartialEq)]
pub struct StemmedCompletenessInfo {
    pub elements: CompletenessInfo,
    /// The language whose stemmer made the elements.
    pub language: Language,
}

/// Completeness of `output` against `input` in `language`: the elements are stems (see
/// [`stemmed_elements`]) and the score is computed from them as for English. Never panics.
///
/// ```
/// use evals_wasm::metrics::nlp::multilingual::{measure_completeness_in, Language};
/// let r = measure_completeness_in("Книга на столе", "книги на столах", Language::Russian, false);
/// assert_eq!(r.score, 1.0);
/// assert_eq!(r.info.elements.input_elements, ["книг", "на", "стол"]);
/// ```
pub fn measure_completeness_in(
    input: &str,
    output: &str,
    language: Language,
    ignore_stopwords: bool,
) -> StemmedCompleteness {
    let words = StemmingWords::new(language, ignore_stopwords);
    let result = result_from_elements(
        words.stems(input.trim(), |_| true),
        words.stems(output.trim(), |_| true),
    );
    StemmedCompleteness {
        score: result.score,
        info: StemmedCompletenessInfo {
            elements: result.info,
            language,
        },
    }
}

/// The keywords of `text` in `language`: the stems of its words other than the language's
/// stopwords and numbers (words of digits only), each once, in order of first appearance.
///
/// ```
/// use evals_wasm::metrics::nlp::multilingual::{stemmed_keywords, Language};
/// assert_eq!(stemmed_keywords("Les 3 chats et le chat", Language::French), ["chat"]);
/// ```
pub fn stemmed_keywords(text: &str, language: Language) -> Vec<String> {
    StemmingWords::new(language, true).stems(text, |word| !word.chars().all(char::is_numeric))
}

/// Keyword coverage in `language`: the share of the reference's keywords (see
/// [`stemmed_keywords`]) that are keywords of the response too, with `rules` for a reference
/// without keywords, as [`crate::metrics::nlp::keywords::keyword_coverage`] has them.
///
/// ```
/// use evals_wasm::metrics::nlp::keywords::KeywordRules;
/// use evals_wasm::metrics::nlp::multilingual::{keyword_coverage_in, Language};
/// let r = keyword_coverage_in("Los perros corren", "El perro corre rápido", Language::Spanish, KeywordRules::Legacy);
/// assert_eq!((r.score, r.total_keywords, r.matched_keywords), (1.0, 2, 2));
/// ```
pub fn keyword_coverage_in(
    reference: &str,
    response: &str,
    language: Language,
    rules: KeywordRules,
) -> KeywordCoverage {
    keyword_coverage_by(reference, response, rules, &|text| {
        stemmed_keywords(text, language)
    })
}

#[cfg(test)]
mod tests;

//! Tone: the sentiment of texts by the AFINN-165 word list, as the npm package sentiment 5.0.2
//! scores it for `ToneConsistencyMetric` of `@mastra/evals` 0.14 and `createToneScorer` of 1.x.
//! Either two texts are compared (the closer their sentiment, the higher the score), or one
//! text's sentences are (the steadier its sentiment, the higher the score).

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Serialize;

use crate::js_text::{is_js_space, js_lowercase, js_trim};

use crate::nlp_data::{NEGATORS, SENTIMENT_SCORES};

/// `comparative` of sentiment's `analyze`: the sum of the scores of the text's words (a word
/// right after a negator such as "not" counts with the opposite sign) divided by the number of
/// tokens. A text without tokens (the empty text) counts as one empty token, so scores 0.
///
/// Tokens are sentiment's: the text is lower-cased, `. , / # ! ? $ % ^ & * ; : { } = _ `` ` `` " ~ ( )`
/// and line feeds become spaces, every run of two or more white-space characters becomes one
/// space, the ends are trimmed, and the text is split at spaces (a lone tab stays inside a
/// token, as in the original).
///
/// ```
/// use evals_wasm::tone::comparative;
/// assert_eq!(comparative("I love it"), 3.0 / 3.0);
/// assert_eq!(comparative("This is not good!"), -3.0 / 4.0);
/// assert_eq!(comparative(""), 0.0);
/// ```
pub fn comparative(text: &str) -> f64 {
    let lower = js_lowercase(text);
    let mut replaced = String::with_capacity(lower.len());
    for c in lower.chars() {
        let is_removed = matches!(
            c,
            '\n' | '.'
                | ','
                | '/'
                | '#'
                | '!'
                | '?'
                | '$'
                | '%'
                | '^'
                | '&'
                | '*'
                | ';'
                | ':'
                | '{'
                | '}'
                | '='
                | '_'
                | '`'
                | '"'
                | '~'
                | '('
                | ')'
        );
        replaced.push(if is_removed { ' ' } else { c });
    }
    let collapsed = collapse_long_space_runs(&replaced);
    let mut total = 0i64;
    let mut tokens = 0usize;
    let mut previous: Option<&str> = None;
    for token in js_trim(&collapsed).split(' ') {
        tokens += 1;
        if let Some(score) = score_of(token) {
            let negated = previous.is_some_and(|p| NEGATORS.contains(p));
            total += if negated { -score } else { score };
        }
        previous = Some(token);
    }
    total as f64 / tokens as f64
}

/// The AFINN score of a token, from a hash map of the list built on first use (bisecting the
/// packed list for every token took most of the time of a measure).
fn score_of(token: &str) -> Option<i64> {
    static SCORES: OnceLock<HashMap<&'static str, i8>> = OnceLock::new();
    let scores = SCORES.get_or_init(|| {
        SENTIMENT_SCORES
            .pairs()
            .filter_map(|(word, score)| Some((word, score.parse().ok()?)))
            .collect()
    });
    scores.get(token).map(|&score| i64::from(score))
}

/// `text.replace(/\s\s+/g, " ")`: runs of at least two white-space characters become one space.
fn collapse_long_space_runs(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if !is_js_space(c) {
            out.push(c);
            continue;
        }
        let mut end = start + c.len_utf8();
        let mut long = false;
        while let Some(&(i, next)) = chars.peek() {
            if !is_js_space(next) {
                break;
            }
            long = true;
            end = i + next.len_utf8();
            chars.next();
        }
        out.push_str(if long { " " } else { &text[start..end] });
    }
    out
}

/// The sentences of `text` as the original finds them, `text.match(/[^.!?]+[.!?]+/g)`: each
/// run of characters other than `. ! ?` with the run of those that ends it; a tail without an
/// ending is left out; no sentence at all gives the whole text.
///
/// ```
/// use evals_wasm::tone::sentences;
/// assert_eq!(sentences("Hi. How are you?! fine"), ["Hi.", " How are you?!"]);
/// assert_eq!(sentences("...no ending"), ["...no ending"]);
/// ```
pub fn sentences(text: &str) -> Vec<&str> {
    let is_end = |b: u8| matches!(b, b'.' | b'!' | b'?');
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if is_end(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !is_end(bytes[i]) {
            i += 1;
        }
        if i == bytes.len() {
            break;
        }
        while i < bytes.len() && is_end(bytes[i]) {
            i += 1;
        }
        found.push(&text[start..i]);
    }
    if found.is_empty() {
        found.push(text);
    }
    found
}

/// The result of [`tone`]: one of the original's two shapes of `info`, with the score.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Tone {
    /// Two texts compared: `score = max(0, 1 − |response − reference|)` of their comparatives.
    #[serde(rename_all = "camelCase")]
    Compared {
        score: f64,
        response_sentiment: f64,
        reference_sentiment: f64,
        difference: f64,
    },
    /// One text's sentences: `score = max(0, 1 − variance)` of their comparatives (the
    /// population variance).
    #[serde(rename_all = "camelCase")]
    Stability {
        score: f64,
        avg_sentiment: f64,
        sentiment_variance: f64,
    },
}

impl Tone {
    /// The score, from 0 to 1.
    pub fn score(&self) -> f64 {
        match self {
            Tone::Compared { score, .. } | Tone::Stability { score, .. } => *score,
        }
    }
}

/// The tone score of `text`: against `reference` when it is given and not empty, else the
/// stability of `text`'s sentiment across its sentences.
///
/// ```
/// use evals_wasm::tone::tone;
/// assert_eq!(tone("I love it", Some("I love it")).score(), 1.0);
/// assert_eq!(tone("Great. Terrible.", None).score(), 0.0); // comparatives 3 and −3: variance 9
/// let steady = tone("I love it. It is fine.", None).score(); // 1 and 2/3: variance 1/36
/// assert!((steady - (1.0 - 1.0 / 36.0)).abs() < 1e-12);
/// assert_eq!(tone("Great. Great.", Some("")).score(), 1.0);
/// ```
pub fn tone(text: &str, reference: Option<&str>) -> Tone {
    match reference.filter(|r| !r.is_empty()) {
        Some(reference) => {
            let response = comparative(text);
            let reference = comparative(reference);
            let difference = (response - reference).abs();
            Tone::Compared {
                score: (1.0 - difference).max(0.0),
                response_sentiment: response,
                reference_sentiment: reference,
                difference,
            }
        }
        None => {
            let scores: Vec<f64> = sentences(text).into_iter().map(comparative).collect();
            let count = scores.len() as f64;
            let average = scores.iter().sum::<f64>() / count;
            let variance = scores
                .iter()
                .map(|s| (s - average) * (s - average))
                .sum::<f64>()
                / count;
            Tone::Stability {
                score: (1.0 - variance).max(0.0),
                avg_sentiment: average,
                sentiment_variance: variance,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_tab_stays_inside_a_token() {
        // "good\tday" is one token, which is not in the list
        assert_eq!(comparative("good\tday"), 0.0);
        assert_eq!(comparative("good \tday"), 3.0 / 2.0);
        assert_eq!(comparative("good\n\nday"), 3.0 / 2.0);
    }

    #[test]
    fn negators_flip_the_next_word_only() {
        assert_eq!(comparative("not good good"), 0.0);
        assert_eq!(comparative("don't like"), -2.0 / 2.0);
    }

    #[test]
    fn emoji_are_scored() {
        assert!(comparative("😂") > 0.0);
    }

    #[test]
    fn punctuation_becomes_space_and_counts_tokens() {
        // "bad!!!" → "bad   " → "bad " → trimmed "bad": one token
        assert_eq!(comparative("bad!!!"), -3.0);
        // "a,b" → "a b": two tokens
        assert_eq!(comparative("good,ok"), 3.0 / 2.0);
    }

    #[test]
    fn every_listed_word_is_found() {
        for (word, score) in SENTIMENT_SCORES.pairs() {
            assert_eq!(score_of(word), score.parse().ok(), "{word}");
        }
        assert_eq!(score_of("zzzz"), None);
        assert_eq!(score_of("a"), None);
    }

    #[test]
    fn prototype_names_are_not_words() {
        assert_eq!(comparative("constructor __proto__ hasownproperty"), 0.0);
    }
}

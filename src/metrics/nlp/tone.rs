//! Tone: the sentiment of texts by the AFINN-165 word list, as the npm package sentiment 5.0.2
//! scores it for `ToneConsistencyMetric` of `@mastra/evals` 0.14 and `createToneScorer` of 1.x.
//! Either two texts are compared (the closer their sentiment, the higher the score), or one
//! text's sentences are (the steadier its sentiment, the higher the score).

use alloc::{boxed::Box, string::String, vec, vec::Vec};

use once_cell::race::OnceBox;

use crate::numbers::float;
use crate::text::hashing::{word_hash_mapped, WordTable};
use crate::text::js_text::{is_js_space, js_lowercase};

use crate::text::lexicon::front_coded;
use crate::text::nlp_data::{NEGATORS, SENTIMENT_GROUPS, SENTIMENT_SYMBOLS, SENTIMENT_WORDS};
use crate::text::unicode::decoded;

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
/// use evals_wasm::metrics::nlp::tone::comparative;
/// assert_eq!(comparative("I love it"), 3.0 / 3.0);
/// assert_eq!(comparative("This is not good!"), -3.0 / 4.0);
/// assert_eq!(comparative(""), 0.0);
/// ```
pub fn comparative(text: &str) -> f64 {
    // The text falls into segments at the "plain" separators: a space, a line feed and the
    // removed characters. Each of these always ends a token (it is a one-character run that is
    // a space or removed, or part of a longer run), so no token crosses one. A segment of ASCII
    // word characters (nearly all of them) is one token, lower-cased and keyed as it is read;
    // a segment holding another character (a tab, any non-ASCII one) is split by `segment`, the
    // general rules, as the whole text would be: its ends are at a plain separator or at an end
    // of the text, where white space never stays inside a token.
    let bytes = text.as_bytes();
    let filter = &sentiment_table().filter;
    // The running sums in locals (a struct whose address a call takes stays in memory), handed
    // to a `Tally` for the general rules.
    let (mut total, mut tokens, mut previous) = (0i64, 0usize, None);
    let mut i = 0;
    loop {
        while bytes
            .get(i)
            .is_some_and(|&byte| LOWERED[usize::from(byte)] == 0)
        {
            i += 1;
        }
        let start = i;
        // The letters that begin the token, read at once, then the rest byte by byte (for most
        // words the loop ends at once, at the separator).
        let (letters, mut key) = leading_letters(bytes, start);
        i += letters;
        let mut other = 0u8;
        while let Some(&byte) = bytes.get(i) {
            let lowered = LOWERED[usize::from(byte)];
            if lowered == 0 {
                break;
            }
            other |= lowered;
            key = key >> 8 | u64::from(lowered) << 56;
            i += 1;
        }
        if i == start {
            break;
        }
        if other & OTHER == 0 {
            tokens += 1;
            if filter.may_hold(key, i - start) {
                total += signed_score(text, (start, i), previous);
            }
            previous = Some((start, i));
        } else {
            let mut tally = Tally {
                total,
                tokens,
                previous,
            };
            tally.segment(text, start, i);
            (total, tokens, previous) = (tally.total, tally.tokens, tally.previous);
        }
        // The token ends at a separator (or at the end): past it.
        i += 1;
    }
    total as f64 / tokens.max(1) as f64
}

/// The score of the token at `token` (byte range of `text`), with the opposite sign after a
/// negator at `previous`; 0 for a token without a score.
#[inline(never)]
fn signed_score(text: &str, token: (usize, usize), previous: Option<(usize, usize)>) -> i64 {
    let score = text.get(token.0..token.1).and_then(score_of).unwrap_or(0);
    let negated = score != 0
        && previous
            .and_then(|(start, end)| text.get(start..end))
            .is_some_and(is_negator);
    if negated {
        -score
    } else {
        score
    }
}

/// How many of the eight bytes at `start` are ASCII letters before any other byte, and their
/// key (see [`KeyFilter`]), found without a branch per byte; none when fewer than eight bytes
/// are left.
#[inline(always)]
fn leading_letters(bytes: &[u8], start: usize) -> (usize, u64) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const CASE: u64 = 0x20 * ONES;
    const LOW: u64 = 0x7f * ONES;
    const HIGH: u64 = 0x80 * ONES;
    let Some(chunk) = bytes
        .get(start..start + 8)
        .and_then(|chunk| <[u8; 8]>::try_from(chunk).ok())
    else {
        return (0, 0);
    };
    let chunk = u64::from_le_bytes(chunk);
    // Per byte, bit 7 set for a letter: below 0x80, and `a`..=`z` once lower-cased.
    let lowered = chunk | CASE;
    let low = lowered & LOW;
    let from_a = low + (0x80 - b'a' as u64) * ONES;
    let past_z = low + (0x80 - b'z' as u64 - 1) * ONES;
    let letters = from_a & !past_z & !chunk & HIGH;
    let length = (!letters & HIGH).trailing_zeros() as usize / 8;
    // The letters in the highest bytes (none when the shift is the whole word).
    (
        length,
        lowered.checked_shl(64 - 8 * length as u32).unwrap_or(0),
    )
}

/// For each byte: 0 for a plain separator (a space, a line feed or a removed character); the
/// byte lower-cased for another ASCII character that is not white space (a word character);
/// [`OTHER`] for the rest (tab, vertical tab, form feed, carriage return, NUL and the bytes of
/// non-ASCII characters), which `Tally::segment` reads.
const LOWERED: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut byte = 1;
    while byte < 128 {
        let c = byte as u8 as char;
        table[byte] = if is_removed(c) || c == ' ' {
            0
        } else if matches!(c, '\t' | '\u{b}' | '\u{c}' | '\r') {
            OTHER
        } else {
            (byte as u8).to_ascii_lowercase()
        };
        byte += 1;
    }
    table
};

/// [`LOWERED`] of a byte that is neither a plain separator nor an ASCII word character.
const OTHER: u8 = 0x80;

/// The running sums of [`comparative`], for the general rules.
struct Tally {
    total: i64,
    tokens: usize,
    /// Where the token before is.
    previous: Option<(usize, usize)>,
}

impl Tally {
    /// Counts the token at `start..end` of `text`, and its score.
    fn add(&mut self, text: &str, start: usize, end: usize) {
        self.tokens += 1;
        self.total += signed_score(text, (start, end), self.previous);
        self.previous = Some((start, end));
    }

    /// Counts the tokens of `text` from `start` to `end` found by the general rules: a token
    /// ends at a run of "space-like" characters (removed characters become spaces, so they are
    /// white space too), except a lone white-space character other than a space, which the
    /// original keeps inside its token; runs at either end are trimmed away. The text is
    /// lower-cased token by token (`score_of`): lower case maps no character to a space-like one
    /// or back, so the tokens are the same.
    fn segment(&mut self, text: &str, start: usize, end: usize) {
        let bytes = text.as_bytes();
        let mut token_start: Option<usize> = None;
        let mut i = start;
        while i < end {
            let length = space_like_at(text, i);
            if length == 0 {
                token_start.get_or_insert(i);
                i += 1;
                continue;
            }
            let (at, first) = (i, bytes[i]);
            i += length;
            let mut lone = true;
            while i < end {
                let next = space_like_at(text, i);
                if next == 0 {
                    break;
                }
                lone = false;
                i += next;
            }
            // (A plain separator, a space or a removed character, is never kept.)
            let kept = lone && LOWERED[usize::from(first)] != 0 && i < end;
            if let Some(token) = token_start.filter(|_| !kept) {
                self.add(text, token, at);
                token_start = None;
            }
        }
        if let Some(token) = token_start {
            self.add(text, token, end);
        }
    }
}

/// Whether `token` lower-cased is one of [`NEGATORS`] ("not", "don't", ...); only the tokens
/// that precede a scored one are asked.
fn is_negator(token: &str) -> bool {
    // The negators are ASCII words of at most seven letters, and no other character lower-cases
    // to one of their letters, so a longer or non-ASCII token is none; the others are
    // lower-cased on the stack.
    // Most tokens are ruled out by their first letter.
    let first = token.as_bytes().first().map(|byte| byte | 0x20);
    if !matches!(first, Some(b'c' | b'd' | b'i' | b'n' | b'w')) {
        return false;
    }
    let mut lowered = [0u8; 7];
    let Some(lowered) = lowered.get_mut(..token.len()).filter(|_| token.is_ascii()) else {
        return false;
    };
    for (to, from) in lowered.iter_mut().zip(token.bytes()) {
        *to = from.to_ascii_lowercase();
    }
    core::str::from_utf8(lowered).is_ok_and(|word| NEGATORS.contains(word))
}

/// The length in bytes of the character at byte `i` of `text` when it is space-like (see
/// [`is_space_like`]), else 0 (also inside a character).
fn space_like_at(text: &str, i: usize) -> usize {
    let byte = text.as_bytes()[i];
    if byte.is_ascii() {
        return usize::from(is_ascii_space_like(byte));
    }
    match text.get(i..).and_then(|rest| rest.chars().next()) {
        Some(c) if is_js_space(c) => c.len_utf8(),
        _ => 0,
    }
}

/// [`is_space_like`] of an ASCII character.
#[inline(always)]
fn is_ascii_space_like(byte: u8) -> bool {
    ASCII_SPACE_LIKE[usize::from(byte >> 6) & 1] >> (byte & 63) & 1 == 1
}

/// The characters sentiment replaces by a space before it splits a text.
const fn is_removed(c: char) -> bool {
    matches!(
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
    )
}

/// `is_space_like` of the ASCII characters, as bits (characters 0–63, then 64–127).
const ASCII_SPACE_LIKE: [u64; 2] = {
    let mut bits = [0u64; 2];
    let mut i = 0;
    while i < 128 {
        let c = i as u8 as char;
        if is_removed(c) || matches!(c, '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ') {
            bits[i / 64] |= 1 << (i % 64);
        }
        i += 1;
    }
    bits
};

/// White space once the removed characters are spaces.
#[cfg(test)]
fn is_space_like(c: char) -> bool {
    is_removed(c) || is_js_space(c)
}

/// The AFINN score of a token once lower-cased, from a word table built on first use (bisecting
/// a packed list for every token took most of the time of a measure). An ASCII token is
/// hashed and compared lower-cased on the fly, without a copy.
fn score_of(token: &str) -> Option<i64> {
    let Sentiment { words, scores, .. } = sentiment_table();
    let lower = |byte: u8| byte.to_ascii_lowercase();
    // The hash and whether the token is ASCII, in one pass.
    let mut bits = 0;
    let hash = word_hash_mapped(token.as_bytes(), |byte| {
        bits |= byte;
        lower(byte)
    });
    let found = if bits.is_ascii() {
        words.find_hashed(hash, |word| {
            word.len() == token.len() && word.bytes().zip(token.bytes()).all(|(w, t)| w == lower(t))
        })
    } else {
        None
    };
    let index = match found {
        Some(index) => index,
        None => index_of_lowercased(words, token),
    };
    index.map(|index| i64::from(scores[index]))
}

/// The index in `words` of `token` lower-cased (the tokens that are not hashed on the fly).
#[inline(never)]
fn index_of_lowercased(words: &WordTable<'_>, token: &str) -> Option<usize> {
    words.index_of(&js_lowercase(token))
}

/// The characters of a group of [`SENTIMENT_SYMBOLS`] (delta-coded code points).
fn symbols(group: &[u8]) -> impl Iterator<Item = char> {
    decoded::<1>(group, 0)
        .into_iter()
        .filter_map(|[code]| char::from_u32(code))
}

/// Appends to `text` the characters that `bytes` encode in UTF-8. The generator writes whole
/// UTF-8 words (tested), so this small decoder does without the validation of `str::from_utf8`,
/// whose code would be in the module for this one list; a malformed sequence would only make a
/// word that no text matches.
fn push_utf8(text: &mut String, bytes: &[u8]) {
    let mut code = 0;
    let mut pending = 0u32;
    for &byte in bytes {
        if byte & 0xC0 == 0x80 {
            code = code << 6 | u32::from(byte & 0x3F);
            pending = pending.saturating_sub(1);
        } else {
            // A lead byte: as many leading ones as bytes in the character (none for ASCII).
            let ones = byte.leading_ones();
            pending = ones.saturating_sub(1);
            code = u32::from(byte) & (0x7F >> ones);
        }
        if pending == 0 {
            text.extend(char::from_u32(code));
        }
    }
}

/// The sentiment words and their scores, decoded from [`SENTIMENT_GROUPS`] and
/// [`SENTIMENT_SYMBOLS`] on first use into one
/// string that lives as long as the module (about 30 KB, leaked once), with a table over it.
fn sentiment_table() -> &'static Sentiment {
    static TABLE: OnceBox<Sentiment> = OnceBox::new();
    TABLE.get_or_init(|| {
        let mut text = String::new();
        let mut spans = Vec::with_capacity(SENTIMENT_WORDS);
        for (score, group) in SENTIMENT_GROUPS {
            front_coded(group, |word| {
                let start = text.len();
                push_utf8(&mut text, word);
                spans.push((start, text.len(), score));
            });
        }
        for (score, group) in SENTIMENT_SYMBOLS {
            for symbol in symbols(group) {
                let start = text.len();
                text.push(symbol);
                spans.push((start, text.len(), score));
            }
        }
        let text: &'static str = Box::leak(text.into_boxed_str());
        let word_at = |&(start, end, _): &(usize, usize, i8)| text.get(start..end).unwrap_or("");
        let words = WordTable::new(spans.iter().map(word_at));
        // Words are unique (tested); were one repeated, it would keep its first score.
        let mut scores = vec![0i8; words.len()];
        let mut scored = vec![false; words.len()];
        for span in &spans {
            if let Some(i) = words.index_of(word_at(span)) {
                if !scored[i] {
                    (scores[i], scored[i]) = (span.2, true);
                }
            }
        }
        let filter = KeyFilter::of(words.words());
        Box::new(Sentiment {
            words,
            scores,
            filter,
        })
    })
}

/// The sentiment words, their scores, and a filter that rules out most tokens that are not
/// among them.
struct Sentiment {
    words: WordTable<'static>,
    scores: Vec<i8>,
    filter: KeyFilter,
}

/// The keys of the words, in 2¹⁷ bits (16 KB, which stays in the processor's first cache,
/// unlike the word table's slots; 8 KB let twice as many tokens through, 32 KB measured no
/// faster): `may_hold` is true for each of them and, with a few thousand words, false for all
/// but about one token in forty that is not one. A
/// token's key is its last eight bytes lower-cased, the last in the highest byte (as
/// [`comparative`] reads them), with its length.
struct KeyFilter(Vec<u64>);

impl KeyFilter {
    fn of(words: &[&str]) -> Self {
        let mut filter = KeyFilter(vec![0; 1 << 11]);
        for word in words {
            // (A word that is no such token only adds a bit no token needs.)
            let bytes = word.as_bytes();
            let key = bytes
                .iter()
                .fold(0u64, |key, &byte| key >> 8 | u64::from(byte) << 56);
            let bit = Self::bit(key, bytes.len());
            if let Some(bits) = filter.0.get_mut(bit >> 6) {
                *bits |= 1 << (bit & 63);
            }
        }
        filter
    }

    #[inline]
    fn bit(key: u64, length: usize) -> usize {
        (key.wrapping_add(length as u64)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            >> 47) as usize
    }

    /// False when no word has this key and length.
    #[inline(always)]
    fn may_hold(&self, key: u64, length: usize) -> bool {
        let bit = Self::bit(key, length);
        self.0
            .get(bit >> 6)
            .is_some_and(|bits| bits >> (bit & 63) & 1 == 1)
    }
}

/// The sentences of `text` as the original finds them, `text.match(/[^.!?]+[.!?]+/g)`: each
/// run of characters other than `. ! ?` with the run of those that ends it; a tail without an
/// ending is left out; no sentence at all gives the whole text.
///
/// ```
/// use evals_wasm::metrics::nlp::tone::sentences;
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
        found.push(text.get(start..i).unwrap_or(""));
    }
    if found.is_empty() {
        found.push(text);
    }
    found
}

/// The result of [`tone`]: one of the original's two shapes of `info`, with the score.
#[derive(Debug, Clone, PartialEq)]
pub enum Tone {
    /// Two texts compared: `score = max(0, 1 − |response − reference|)` of their comparatives.
    Compared {
        score: f64,
        response_sentiment: f64,
        reference_sentiment: f64,
        difference: f64,
    },
    /// One text's sentences: `score = max(0, 1 − variance)` of their comparatives (the
    /// population variance).
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
/// use evals_wasm::metrics::nlp::tone::tone;
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
            let difference = float::abs(response - reference);
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
    fn negators_are_found_in_any_case() {
        assert!(is_negator("NOT") && is_negator("Don't") && !is_negator("nothing"));
        assert!(!is_negator("isn't it") && !is_negator("nöt"));
        // what lets `is_negator` skip non-ASCII tokens: none lower-cases to ASCII only but the
        // Kelvin sign, whose "k" no negator has
        for c in (0x80..=0x10ffff).filter_map(char::from_u32) {
            let lowered = js_lowercase(&c.to_string());
            assert!(!lowered.is_ascii() || lowered == "k", "{c:?}");
        }
        assert!(NEGATORS.words().all(|word| !word.contains('k')));
        // and the first letters it checks first
        assert!(NEGATORS
            .words()
            .all(|word| word.starts_with(['c', 'd', 'i', 'n', 'w'])));
    }
    use crate::text::js_text::js_trim;

    /// The original's steps one by one (lower-case, replace, collapse, trim, split): what the
    /// one-pass [`comparative`] must equal.
    fn reference_comparative(text: &str) -> f64 {
        let lower = js_lowercase(text);
        let mut replaced = String::with_capacity(lower.len());
        for c in lower.chars() {
            replaced.push(if is_removed(c) { ' ' } else { c });
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
            out.push_str(if long {
                " "
            } else {
                text.get(start..end).unwrap_or("")
            });
        }
        out
    }

    #[test]
    fn the_ascii_table_agrees_with_the_character_classes() {
        for c in (0..=0x3000).filter_map(char::from_u32) {
            let text = c.to_string();
            let expected = if is_space_like(c) { c.len_utf8() } else { 0 };
            assert_eq!(space_like_at(&text, 0), expected, "{c:?}");
        }
    }

    #[test]
    fn one_pass_equals_the_steps_of_the_original() {
        let pieces = [
            "good", "bad", "not", "Love", "hate", " ", "  ", "\t", "\n", "\r\n", "\u{a0}", ".",
            "!!", "?", ",", "(", "\"", "don't", "great", "😂", "İ", "x", "\t\t", " \t", "\u{2028}",
            "~", "_", "ok", "\u{b}", "\u{c}",
        ];
        let mut seed = 7u64;
        for _ in 0..20_000 {
            let mut text = String::new();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            for k in 0..(seed >> 60) {
                let pick = (seed >> (k * 4 % 56)) as usize % pieces.len();
                text.push_str(pieces[pick]);
                seed = seed.rotate_left(5) ^ (k + 1);
            }
            let (fast, slow) = (comparative(&text), reference_comparative(&text));
            assert!(fast == slow, "{text:?}: {fast} vs {slow}");
        }
    }

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
        // scores of sentiment's emoji.json, characters of two, three and four UTF-8 bytes
        assert_eq!(score_of("®"), Some(1));
        assert_eq!(score_of("😂"), Some(1));
        assert_eq!(score_of("💩"), Some(-1));
        assert_eq!(score_of("❤"), Some(3));
        assert_eq!(score_of("℅"), Some(-5));
    }

    #[test]
    fn the_list_decoder_reads_utf8_as_std_does() {
        for text in [
            "",
            "naïve",
            "a€b",
            "𝄞x",
            "é",
            "ünïcödé ☺ ok",
            "\u{7f}\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}",
        ] {
            let mut decoded = String::new();
            push_utf8(&mut decoded, text.as_bytes());
            assert_eq!(decoded, text);
        }
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
        let mut count = 0;
        for (score, group) in SENTIMENT_GROUPS {
            let mut previous = Vec::new();
            front_coded(group, |word| {
                let Ok(text) = std::str::from_utf8(word) else {
                    panic!("not whole UTF-8 words: {word:?}");
                };
                assert_eq!(score_of(text), Some(i64::from(score)), "{text}");
                // a text of the word alone is one token, which the key filter lets through
                assert_eq!(comparative(text), f64::from(score), "{text}");
                assert_eq!(
                    comparative(&text.to_uppercase()),
                    f64::from(score),
                    "{text}"
                );
                // and followed by a separator and more text, so that its eight bytes are read
                // at once when it is short
                let twice = format!("{text}. {} padding", text.to_uppercase());
                assert_eq!(comparative(&twice), f64::from(2 * score) / 3.0, "{text}");
                assert!(
                    previous.as_slice() < word,
                    "sorted and unique within a score"
                );
                previous = word.to_vec();
                count += 1;
            });
        }
        for (score, group) in SENTIMENT_SYMBOLS {
            let mut previous = None;
            for symbol in symbols(group) {
                assert!(!symbol.is_ascii());
                let mut utf8 = [0; 4];
                let text = symbol.encode_utf8(&mut utf8);
                assert_eq!(score_of(text), Some(i64::from(score)), "{text}");
                assert!(previous < Some(symbol), "sorted and unique within a score");
                previous = Some(symbol);
                count += 1;
            }
        }
        // every word once: as many in the table as in the groups
        assert_eq!(count, SENTIMENT_WORDS);
        assert_eq!(sentiment_table().words.len(), SENTIMENT_WORDS);
        assert_eq!(score_of("abandon"), Some(-2));
        assert_eq!(score_of("zzzz"), None);
        assert_eq!(score_of("a"), None);
    }

    #[test]
    fn prototype_names_are_not_words() {
        assert_eq!(comparative("constructor __proto__ hasownproperty"), 0.0);
    }
}

//! Text normalisation and word splitting, for every script.
//!
//! [`normalize`] folds a text the way `@mastra/evals` does for Latin text (canonical decomposition,
//! the combining diacritics U+0300–U+036F dropped, lower case) and, beyond it, folds full-width
//! Latin letters and digits to ASCII. [`words`] then splits the text into [`Word`]s: runs of
//! letters, digits and combining marks in scripts that separate words with spaces, and, for the
//! scripts that do not (Han, kana, Thai, Lao, Khmer, Myanmar), the words a [`WordSegmenter`] finds.

use alloc::{string::String, vec::Vec};

use crate::text::unicode::{is_latin_diacritic, is_mark, push_lowercase, without_diacritics};

/// Splits a run of text written without spaces (Japanese, Chinese, Thai, …) into words.
///
/// The wasm build implements it over the runtime's `Intl.Segmenter`; [`ScriptRunSegmenter`] is
/// the dictionary-free fallback used natively and where `Intl.Segmenter` is missing.
pub trait WordSegmenter {
    /// Appends the words of `run` to `out`, in order. `run` holds no whitespace.
    fn segment(&self, run: &str, out: &mut Vec<String>);
}

/// Splits an unspaced run wherever the script changes (kanji / hiragana / katakana / other).
/// Crude, but needs no dictionary.
#[derive(Debug, Default, Clone, Copy)]
pub struct ScriptRunSegmenter;

impl WordSegmenter for ScriptRunSegmenter {
    fn segment(&self, run: &str, out: &mut Vec<String>) {
        let mut current = String::new();
        let mut current_class = None;
        for c in run.chars() {
            let class = script_class(c);
            if current_class.is_some_and(|k| k != class) {
                out.push(core::mem::take(&mut current));
            }
            current_class = Some(class);
            current.push(c);
        }
        if !current.is_empty() {
            out.push(current);
        }
    }
}

/// Which family of writing a character belongs to, as far as word splitting cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    /// Han ideographs (kanji, hanzi) and the iteration mark 々.
    Han,
    /// Hiragana.
    Hiragana,
    /// Katakana, with the prolonged sound mark ー.
    Katakana,
    /// Thai, Lao, Khmer, Myanmar: written without spaces.
    SoutheastAsian,
    /// Everything else that forms words (Latin, Cyrillic, Greek, Arabic, Hangul, digits, …).
    Spaced,
}

/// The [`Script`] of a word character.
pub fn script_class(c: char) -> Script {
    match c as u32 {
        0x3005 | 0x3007 | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF => Script::Han,
        0x20000..=0x3FFFF => Script::Han,
        0x3041..=0x309F => Script::Hiragana,
        0x30A0..=0x30FF | 0x31F0..=0x31FF | 0xFF66..=0xFF9F => Script::Katakana,
        0x0E00..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF => Script::SoutheastAsian,
        _ => Script::Spaced,
    }
}

/// True for characters that belong inside a word: letters, digits and combining marks.
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || is_mark(c)
}

/// Folds a text for comparison: every character whose canonical decomposition (NFD) holds a
/// diacritic of U+0300–U+036F is replaced by that decomposition without those diacritics;
/// other characters stay as they are (so kana voicing marks and Hangul syllables, whose
/// decompositions hold other marks, are untouched, as NFD + NFC would leave them). Then the
/// text is lower-cased and full-width ASCII (U+FF01–U+FF5E) is mapped to ASCII. For Latin
/// text this equals `@mastra/evals`' NFD, strip U+0300–U+036F, lower-case.
///
/// ```
/// assert_eq!(evals_wasm::text::words::normalize("Café ＡＢＣ１２３ Straße"), "cafe abc123 straße");
/// assert_eq!(evals_wasm::text::words::normalize("ガギグ 한국어 e\u{301}"), "ガギグ 한국어 e");
/// ```
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if is_latin_diacritic(c) {
            continue;
        } else if let Some(ascii) = full_width_ascii(c) {
            out.push(ascii.to_ascii_lowercase());
        } else {
            push_lowercase(without_diacritics(c).unwrap_or(c), &mut out);
        }
    }
    out
}

/// U+FF01–U+FF5E (full-width `！` … `～`) as the ASCII character it stands for.
fn full_width_ascii(c: char) -> Option<char> {
    match c as u32 {
        0xFF01..=0xFF5E => char::from_u32(c as u32 - 0xFEE0),
        _ => None,
    }
}

/// One word of a text, in order, with what stood right before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// The word as it appears in the normalised text.
    pub text: String,
    /// The script of its first character.
    pub script: Script,
    /// The word directly follows an apostrophe that itself follows a word ("they're": "re").
    pub after_apostrophe: bool,
    /// A sentence or clause ended between the previous word and this one (`. ! ? ; :` or a
    /// line break), or this is the first word.
    pub starts_clause: bool,
}

/// Splits a normalised text into words. Runs of unspaced scripts go through `segmenter`.
/// Linear in the length of the text (plus whatever the segmenter costs).
pub fn words(text: &str, segmenter: &dyn WordSegmenter) -> Vec<Word> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut current_unspaced = false;
    let mut pending_break = true;
    let mut apostrophe = false;
    let mut segments = Vec::new();

    let mut flush =
        |current: &mut String, unspaced: bool, out: &mut Vec<Word>, brk: &mut bool, apo: bool| {
            if current.is_empty() {
                return;
            }
            if unspaced {
                segments.clear();
                segmenter.segment(current, &mut segments);
                for segment in segments.drain(..) {
                    let Some(first) = segment.chars().find(|c| is_word_char(*c)) else {
                        continue;
                    };
                    out.push(Word {
                        script: script_class(first),
                        text: segment,
                        after_apostrophe: false,
                        starts_clause: core::mem::take(brk),
                    });
                }
                current.clear();
            } else {
                let first = current.chars().next().map_or(Script::Spaced, script_class);
                out.push(Word {
                    text: core::mem::take(current),
                    script: first,
                    after_apostrophe: apo,
                    starts_clause: core::mem::take(brk),
                });
            }
        };

    let mut previous_was_word = false;
    for c in text.chars() {
        // a combining mark with no letter before it (the variation selector of an emoji)
        // belongs to no word
        let lone_mark = current.is_empty() && is_mark(c);
        if !lone_mark && (is_word_char(c) || (current_unspaced && is_mark(c))) {
            let unspaced = script_class(c) != Script::Spaced;
            if !current.is_empty() && unspaced != current_unspaced && !is_mark(c) {
                flush(
                    &mut current,
                    current_unspaced,
                    &mut out,
                    &mut pending_break,
                    apostrophe,
                );
                apostrophe = false;
            }
            if current.is_empty() {
                current_unspaced = unspaced;
            }
            current.push(c);
            previous_was_word = true;
            continue;
        }
        flush(
            &mut current,
            current_unspaced,
            &mut out,
            &mut pending_break,
            apostrophe,
        );
        apostrophe = previous_was_word && matches!(c, '\'' | '\u{2019}');
        previous_was_word = false;
        if matches!(
            c,
            '.' | '!' | '?' | ';' | ':' | '\n' | '。' | '！' | '？' | '；' | '：'
        ) {
            pending_break = true;
        }
    }
    flush(
        &mut current,
        current_unspaced,
        &mut out,
        &mut pending_break,
        apostrophe,
    );
    out
}

/// Where `needle` first occurs in `haystack` (a byte offset), as `str::find` answers; a plain
/// scan, since std's two-way searcher costs the wasm module about 2.5 KB and the texts searched
/// here are words. UTF-8 is self-synchronising, so a byte match is a character match.
///
/// ```
/// use evals_wasm::text::words::find_substring;
/// assert_eq!(find_substring("rule-based", "based"), Some(5));
/// assert_eq!(find_substring("é", "\u{301}"), None);
/// assert_eq!(find_substring("abc", ""), Some(0));
/// ```
pub fn find_substring(haystack: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    haystack
        .as_bytes()
        .windows(needle.len())
        .position(|window| window == needle.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_substring_agrees_with_str_find() {
        let texts = [
            "",
            "a",
            "aaab",
            "abcabcabd",
            "naïve café",
            "ガガガ",
            "rule-based rule",
        ];
        for haystack in texts {
            for needle in texts
                .iter()
                .chain(&["ab", "abd", "é", "ガ", "rule", "x", "\u{301}"])
            {
                assert_eq!(find_substring(haystack, needle), haystack.find(needle));
            }
        }
    }

    fn texts(text: &str) -> Vec<String> {
        words(&normalize(text), &ScriptRunSegmenter)
            .into_iter()
            .map(|w| w.text)
            .collect()
    }

    #[test]
    fn splits_on_everything_outside_letters_and_digits() {
        assert_eq!(
            texts("e-mail me: foo@bar.com, 3.5 km"),
            ["e", "mail", "me", "foo", "bar", "com", "3", "5", "km"]
        );
    }

    #[test]
    fn keeps_letters_of_every_script_whole() {
        assert_eq!(
            texts("Straße Москва Αθήνα हिन्दी"),
            ["straße", "москва", "αθηνα", "हिन्दी"]
        );
    }

    #[test]
    fn folds_full_width_and_drops_diacritics() {
        assert_eq!(
            texts("ＡＢＣ１２３ naïve résumé"),
            ["abc123", "naive", "resume"]
        );
    }

    #[test]
    fn marks_apostrophe_tails_and_clause_starts() {
        let ws = words(&normalize("They're here. It's"), &ScriptRunSegmenter);
        let flags: Vec<_> = ws
            .iter()
            .map(|w| (w.text.as_str(), w.after_apostrophe, w.starts_clause))
            .collect();
        assert_eq!(
            flags,
            [
                ("they", false, true),
                ("re", true, false),
                ("here", false, false),
                ("it", false, true),
                ("s", true, false)
            ]
        );
    }

    #[test]
    fn unspaced_runs_go_through_the_segmenter() {
        assert_eq!(texts("犬をABC見た"), ["犬", "を", "abc", "見", "た"]);
    }

    #[test]
    fn emoji_and_punctuation_alone_give_no_words() {
        assert!(texts("🙂🙃 … !!! 🎉").is_empty());
        // the emoji presentation selector U+FE0F is a mark, but not a word
        assert_eq!(texts("🎉\u{fe0f} new ✔\u{fe0f}done"), ["new", "done"]);
    }
}

//! JavaScript's string semantics, for the metrics that must score exactly as a JS original does:
//! lengths and indices in UTF-16 code units, the white space of the regular-expression class
//! `\s` and of `String.prototype.trim`, and `toLowerCase`.
//!
//! Strings reach the core as UTF-8; a lone surrogate in a JS string arrives as U+FFFD (also one
//! code unit), so lengths agree and only the identity of such a character is lost.

use alloc::{string::String, vec::Vec};

use crate::text::unicode::push_lowercase;

/// Whether `c` is white space for JS: the class `\s` of regular expressions and what `trim()`
/// removes (WhiteSpace and LineTerminator of ECMA-262: tab, line feed, vertical tab, form feed,
/// carriage return, the Unicode space separators, U+2028, U+2029 and U+FEFF).
///
/// ```
/// use evals_wasm::text::js_text::is_js_space;
/// assert!(is_js_space(' ') && is_js_space('\u{a0}') && is_js_space('\u{3000}') && is_js_space('\u{feff}'));
/// assert!(!is_js_space('\u{200b}') && !is_js_space('\u{180e}') && !is_js_space('x'));
/// ```
pub fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// The length in bytes of the character at byte `i` of `text` when it is JS white space (see
/// [`is_js_space`]), else 0 (also inside a character or past the end). ASCII is one comparison.
///
/// ```
/// use evals_wasm::text::js_text::js_space_at;
/// assert_eq!((js_space_at("a b", 0), js_space_at("a b", 1)), (0, 1));
/// assert_eq!((js_space_at("a\u{3000}", 1), js_space_at("a\u{3000}", 2)), (3, 0));
/// ```
#[inline]
pub fn js_space_at(text: &str, i: usize) -> usize {
    match text.as_bytes().get(i) {
        Some(&byte) if byte.is_ascii() => {
            usize::from(matches!(byte, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' '))
        }
        Some(_) => match text.get(i..).and_then(|rest| rest.chars().next()) {
            Some(c) if is_js_space(c) => c.len_utf8(),
            _ => 0,
        },
        None => 0,
    }
}

/// `s.trim()` of JS.
pub fn js_trim(s: &str) -> &str {
    s.trim_matches(is_js_space)
}

/// `s.length` of JS: the number of UTF-16 code units.
///
/// ```
/// assert_eq!(evals_wasm::text::js_text::utf16_len("aé😀"), 4);
/// ```
pub fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// The UTF-16 code units of `s`, as JS indexes them.
pub fn utf16_units(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

/// `s.toLowerCase()` of JS, except that a final capital sigma becomes `σ` rather than `ς`
/// (JS applies the context-dependent Final_Sigma rule; Greek text is the only one affected).
///
/// ```
/// assert_eq!(evals_wasm::text::js_text::js_lowercase("ÀB İ"), "àb i\u{307}");
/// ```
pub fn js_lowercase(s: &str) -> String {
    if s.is_ascii() {
        return s.to_ascii_lowercase();
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        push_lowercase(c, &mut out);
    }
    out
}

/// The pieces of `s.split(/\s+/)` of JS that are not empty: its words.
pub fn js_words(s: &str) -> impl Iterator<Item = &str> {
    s.split(is_js_space).filter(|w| !w.is_empty())
}

/// `s.replace(/\s+/g, " ").trim()` of JS: the words joined by single spaces.
///
/// ```
/// assert_eq!(evals_wasm::text::js_text::collapse_spaces("  a \t\n b  "), "a b");
/// ```
pub fn collapse_spaces(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in js_words(s) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

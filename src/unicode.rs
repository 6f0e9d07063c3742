//! The three Unicode properties the text folding needs, from compact tables generated for this
//! crate: which characters carry a Latin-range diacritic in their canonical decomposition, which
//! characters are combining marks, and simple lower-case mappings.
//!
//! General-purpose tables (unicode-normalization's decompositions and mark set, std's
//! lower-case table) cover far more than this and cost the wasm module about 37 KB gzip; these
//! cost about 4 KB. `tests/unicode_tables.rs` regenerates the tables from unicode-normalization
//! and std and checks every code point against them, so the answers are the same as theirs.

#[rustfmt::skip]
mod tables;

use tables::{FOLDED, LOWER_RUNS, MARKS};

/// The combining diacritics that folding drops: U+0300–U+036F.
pub fn is_latin_diacritic(c: char) -> bool {
    ('\u{300}'..='\u{36f}').contains(&c)
}

/// If the canonical decomposition (NFD) of `c` holds a diacritic of U+0300–U+036F, the character
/// left once those diacritics are dropped (`é` → `e`, `ǖ` → `u`, `Å` → `A`, `ώ` → `ω`); else
/// `None`. Every such decomposition leaves exactly one character.
///
/// ```
/// use evals_wasm::unicode::without_diacritics;
/// assert_eq!(without_diacritics('é'), Some('e'));
/// assert_eq!(without_diacritics('ガ'), None); // its mark, U+3099, is not a Latin diacritic
/// assert_eq!(without_diacritics('e'), None);
/// ```
pub fn without_diacritics(c: char) -> Option<char> {
    let code = c as u32;
    FOLDED
        .binary_search_by_key(&code, |&(from, _)| from)
        .ok()
        .and_then(|i| char::from_u32(FOLDED[i].1))
}

/// True for combining marks (General_Category Mn, Mc or Me), as unicode-normalization's
/// `is_combining_mark` answers.
///
/// ```
/// use evals_wasm::unicode::is_mark;
/// assert!(is_mark('\u{301}') && is_mark('\u{3099}') && is_mark('\u{93f}'));
/// assert!(!is_mark('a') && !is_mark('が'));
/// ```
pub fn is_mark(c: char) -> bool {
    let code = c as u32;
    let i = MARKS.partition_point(|&(first, _)| first <= code);
    i > 0 && code <= MARKS[i - 1].1
}

/// Appends the lower case of `c` to `out`, exactly as std's `char::to_lowercase` does (without
/// the context-dependent final sigma, like it).
///
/// ```
/// let mut s = String::new();
/// for c in "ÀΣЖİ".chars() { evals_wasm::unicode::push_lowercase(c, &mut s); }
/// assert_eq!(s, "àσжi\u{307}");
/// ```
pub fn push_lowercase(c: char, out: &mut String) {
    if c.is_ascii() {
        out.push(c.to_ascii_lowercase());
        return;
    }
    // The one character whose lower case is two characters.
    if c == '\u{130}' {
        out.push_str("i\u{307}");
        return;
    }
    let code = c as u32;
    let i = LOWER_RUNS.partition_point(|&(first, ..)| first <= code);
    let mapped = match i.checked_sub(1).map(|i| LOWER_RUNS[i]) {
        Some((first, last, stride, delta)) if code <= last && (code - first) % stride == 0 => {
            char::from_u32(code.wrapping_add_signed(delta))
        }
        _ => None,
    };
    out.push(mapped.unwrap_or(c));
}

//! The three Unicode properties the text folding needs, from compact tables generated for this
//! crate: which characters carry a Latin-range diacritic in their canonical decomposition, which
//! characters are combining marks, and simple lower-case mappings.
//!
//! General-purpose tables (unicode-normalization's decompositions and mark set, std's
//! lower-case table) cover far more than this and cost the wasm module about 37 KB gzip; these
//! cost about 2.5 KB, stored as delta-coded LEB128 streams and decoded on first use.
//! `tests/unicode_tables.rs` regenerates the tables from unicode-normalization
//! and std and checks every code point against them, so the answers are the same as theirs.

use alloc::{boxed::Box, string::String, vec::Vec};

#[rustfmt::skip]
mod tables;

use once_cell::race::OnceBox;

/// The rows of a table of `tables`: LEB128 numbers, `N` a row, each row's first number counted
/// from the previous row's last (see the head of `tables.rs`), decoded to absolute values.
/// Signed columns stay zigzag-coded here; [`unzigzag`] reads them.
pub(crate) fn decoded<const N: usize>(bytes: &[u8], last_column: usize) -> Vec<[u32; N]> {
    let mut numbers = Vec::with_capacity(bytes.len());
    let (mut value, mut shift) = (0u32, 0u32);
    for &byte in bytes {
        value |= u32::from(byte & 0x7f).wrapping_shl(shift);
        shift += 7;
        if byte & 0x80 == 0 {
            numbers.push(value);
            (value, shift) = (0, 0);
        }
    }
    let mut rows = Vec::with_capacity(numbers.len() / N);
    let mut previous = 0u32;
    for chunk in numbers.chunks_exact(N) {
        let mut row = [0u32; N];
        row.copy_from_slice(chunk);
        row[0] = row[0].wrapping_add(previous);
        previous = row[0].wrapping_add(if last_column > 0 { row[last_column] } else { 0 });
        rows.push(row);
    }
    rows
}

/// A zigzag-coded signed number (0, 1, 2, 3, … → 0, −1, 1, −2, …).
fn unzigzag(value: u32) -> i32 {
    (value >> 1) as i32 ^ -((value & 1) as i32)
}

/// `(code point, character left)` of [`tables::FOLDED`], sorted.
fn folded() -> &'static [(u32, u32)] {
    static ROWS: OnceBox<Vec<(u32, u32)>> = OnceBox::new();
    ROWS.get_or_init(|| {
        Box::new(
            decoded::<2>(tables::FOLDED, 0)
                .into_iter()
                .map(|[code, delta]| (code, code.wrapping_add_signed(unzigzag(delta))))
                .collect(),
        )
    })
}

/// Inclusive ranges of [`tables::MARKS`], sorted.
fn marks() -> &'static [(u32, u32)] {
    static ROWS: OnceBox<Vec<(u32, u32)>> = OnceBox::new();
    ROWS.get_or_init(|| {
        Box::new(
            decoded::<2>(tables::MARKS, 1)
                .into_iter()
                .map(|[first, length]| (first, first.wrapping_add(length)))
                .collect(),
        )
    })
}

/// Runs `(first, last, stride, delta)` of [`tables::LOWER_RUNS`], sorted.
fn lower_runs() -> &'static [(u32, u32, u32, i32)] {
    static ROWS: OnceBox<Vec<(u32, u32, u32, i32)>> = OnceBox::new();
    ROWS.get_or_init(|| {
        Box::new(
            decoded::<4>(tables::LOWER_RUNS, 1)
                .into_iter()
                .map(|[first, length, stride, delta]| {
                    (
                        first,
                        first.wrapping_add(length),
                        stride.max(1),
                        unzigzag(delta),
                    )
                })
                .collect(),
        )
    })
}

/// The combining diacritics that folding drops: U+0300–U+036F.
pub fn is_latin_diacritic(c: char) -> bool {
    ('\u{300}'..='\u{36f}').contains(&c)
}

/// If the canonical decomposition (NFD) of `c` holds a diacritic of U+0300–U+036F, the character
/// left once those diacritics are dropped (`é` → `e`, `ǖ` → `u`, `Å` → `A`, `ώ` → `ω`); else
/// `None`. Every such decomposition leaves exactly one character.
///
/// ```
/// use evals_wasm::text::unicode::without_diacritics;
/// assert_eq!(without_diacritics('é'), Some('e'));
/// assert_eq!(without_diacritics('ガ'), None); // its mark, U+3099, is not a Latin diacritic
/// assert_eq!(without_diacritics('e'), None);
/// ```
pub fn without_diacritics(c: char) -> Option<char> {
    let code = c as u32;
    let folded = folded();
    folded
        .binary_search_by_key(&code, |&(from, _)| from)
        .ok()
        .and_then(|i| char::from_u32(folded[i].1))
}

/// True for combining marks (General_Category Mn, Mc or Me), as unicode-normalization's
/// `is_combining_mark` answers.
///
/// ```
/// use evals_wasm::text::unicode::is_mark;
/// assert!(is_mark('\u{301}') && is_mark('\u{3099}') && is_mark('\u{93f}'));
/// assert!(!is_mark('a') && !is_mark('が'));
/// ```
pub fn is_mark(c: char) -> bool {
    if c.is_ascii() {
        return false;
    }
    let code = c as u32;
    let marks = marks();
    let i = marks.partition_point(|&(first, _)| first <= code);
    i > 0 && code <= marks[i - 1].1
}

/// Appends the lower case of `c` to `out`, exactly as std's `char::to_lowercase` does (without
/// the context-dependent final sigma, like it).
///
/// ```
/// let mut s = String::new();
/// for c in "ÀΣЖİ".chars() { evals_wasm::text::unicode::push_lowercase(c, &mut s); }
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
    let runs = lower_runs();
    let i = runs.partition_point(|&(first, ..)| first <= code);
    let mapped = match i.checked_sub(1).map(|i| runs[i]) {
        Some((first, last, stride, delta)) if code <= last && (code - first) % stride == 0 => {
            char::from_u32(code.wrapping_add_signed(delta))
        }
        _ => None,
    };
    out.push(mapped.unwrap_or(c));
}

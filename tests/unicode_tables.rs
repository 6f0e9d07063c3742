//! The generated tables behind `evals_wasm::text::unicode`: rebuilt here from unicode-normalization
//! and std, compared with the committed `src/text/unicode/tables.rs`, and checked code point by code
//! point against the crates they replace. To regenerate after a Rust or unicode-normalization
//! update:
//!
//!     UPDATE_UNICODE_TABLES=1 cargo test --test unicode_tables

use evals_wasm::text::unicode::{is_latin_diacritic, is_mark, push_lowercase, without_diacritics};
use unicode_normalization::char::{decompose_canonical, is_combining_mark};

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/text/unicode/tables.rs");

fn every_char() -> impl Iterator<Item = char> {
    (0..=0x10FFFFu32).filter_map(char::from_u32)
}

/// NFD of `c` without U+0300–U+036F, when its NFD holds any of them.
fn folded_by_crate(c: char) -> Option<String> {
    let mut decomposed = Vec::new();
    decompose_canonical(c, |d| decomposed.push(d));
    decomposed.iter().any(|&d| is_latin_diacritic(d)).then(|| {
        decomposed
            .into_iter()
            .filter(|&d| !is_latin_diacritic(d))
            .collect()
    })
}

/// LEB128 of `value`, appended to `out`.
fn push_varint(out: &mut Vec<u8>, mut value: u32) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// A signed number as an unsigned one with small magnitudes kept small (0, -1, 1, -2, … →
/// 0, 1, 2, 3, …).
fn zigzag(value: i32) -> u32 {
    ((value << 1) ^ (value >> 31)) as u32
}

/// Bytes as the lines of a Rust byte-string literal, 24 bytes a line.
fn byte_literal(bytes: &[u8]) -> String {
    let lines: Vec<String> = bytes
        .chunks(24)
        .map(|line| line.iter().map(|b| format!("\\x{b:02x}")).collect())
        .collect();
    format!("b\"\\\n    {}\"", lines.join("\\\n    "))
}

fn generate() -> String {
    let mut folded = Vec::new();
    let mut marks: Vec<(u32, u32)> = Vec::new();
    let mut lower: Vec<(u32, u32)> = Vec::new();
    for c in every_char() {
        let code = c as u32;
        if !c.is_ascii() && !is_latin_diacritic(c) {
            if let Some(rest) = folded_by_crate(c) {
                let mut chars = rest.chars();
                let (Some(only), None) = (chars.next(), chars.next()) else {
                    panic!(
                        "U+{code:04X} folds to {rest:?}, not one character: unicode.rs assumes one"
                    );
                };
                folded.push((code, only as u32));
            }
        }
        if is_combining_mark(c) {
            match marks.last_mut() {
                Some(range) if range.1 + 1 == code => range.1 = code,
                _ => marks.push((code, code)),
            }
        }
        let mut l = c.to_lowercase();
        if let (Some(one), None) = (l.next(), l.next()) {
            if one != c && !c.is_ascii() {
                lower.push((code, one as u32));
            }
        } else {
            assert_eq!(
                c, '\u{130}',
                "a new multi-character lower case: unicode.rs handles only İ"
            );
        }
    }
    // Runs of mappings with one delta at a fixed stride (1: A..Z style, 2: Āā style).
    let mut runs: Vec<(u32, u32, u32, i32)> = Vec::new();
    for &(code, to) in &lower {
        let delta = to as i64 - code as i64;
        let delta = i32::try_from(delta).unwrap_or_else(|_| panic!("delta of U+{code:04X}"));
        match runs.last_mut() {
            Some(run) if run.3 == delta && run.0 == run.1 && code - run.1 <= 2 => {
                run.2 = code - run.1;
                run.1 = code;
            }
            Some(run) if run.3 == delta && run.0 != run.1 && code - run.1 == run.2 => run.1 = code,
            _ => runs.push((code, code, 1, delta)),
        }
    }
    // Each table as a stream of LEB128 numbers, each row relative to the one before (the code
    // points grow slowly), which gzips to about half of the rows as `u32`s.
    let mut folded_bytes = Vec::new();
    let mut previous = 0;
    for &(code, to) in &folded {
        push_varint(&mut folded_bytes, code - previous);
        push_varint(&mut folded_bytes, zigzag(to as i32 - code as i32));
        previous = code;
    }
    let mut marks_bytes = Vec::new();
    let mut previous = 0;
    for &(first, last) in &marks {
        push_varint(&mut marks_bytes, first - previous);
        push_varint(&mut marks_bytes, last - first);
        previous = last;
    }
    let mut lower_bytes = Vec::new();
    let mut previous = 0;
    for &(first, last, stride, delta) in &runs {
        push_varint(&mut lower_bytes, first - previous);
        push_varint(&mut lower_bytes, last - first);
        push_varint(&mut lower_bytes, stride);
        push_varint(&mut lower_bytes, zigzag(delta));
        previous = last;
    }
    let (major, minor, update) = char::UNICODE_VERSION;
    format!(
        "// @generated by `UPDATE_UNICODE_TABLES=1 cargo test --test unicode_tables` from\n\
         // unicode-normalization's decompositions and marks and std's `char::to_lowercase`\n\
         // (Unicode {major}.{minor}.{update}). Do not edit by hand.\n\
         //\n\
         // Each table is a stream of LEB128 numbers (signed ones zigzag-coded), each row's first\n\
         // code point counted from the previous row's last; `super::decoded` reads them back.\n\n\
         /// Characters whose canonical decomposition holds a diacritic of U+0300–U+036F, and the one\n\
         /// character left without them: {} rows `(code point, character left − code point)`.\n\
         pub(super) const FOLDED: &[u8] = {};\n\n\
         /// Combining marks (Mn, Mc, Me) as inclusive ranges: {} rows `(first, last − first)`.\n\
         pub(super) const MARKS: &[u8] = {};\n\n\
         /// Simple lower-case mappings of non-ASCII characters as runs: every `stride`-th code point\n\
         /// from `first` to `last` maps to itself plus `delta`; {} mappings in {} rows\n\
         /// `(first, last − first, stride, delta)`.\n\
         pub(super) const LOWER_RUNS: &[u8] = {};\n",
        folded.len(),
        byte_literal(&folded_bytes),
        marks.len(),
        byte_literal(&marks_bytes),
        lower.len(),
        runs.len(),
        byte_literal(&lower_bytes),
    )
}

#[test]
fn the_committed_tables_are_what_the_generator_makes() {
    let fresh = generate();
    if std::env::var_os("UPDATE_UNICODE_TABLES").is_some() {
        std::fs::write(TABLES, &fresh).unwrap_or_else(|e| panic!("writing {TABLES}: {e}"));
    }
    let committed = std::fs::read_to_string(TABLES).unwrap_or_default();
    assert!(
        committed == fresh,
        "src/text/unicode/tables.rs is stale: run UPDATE_UNICODE_TABLES=1 cargo test --test unicode_tables"
    );
}

#[test]
fn diacritic_folding_matches_unicode_normalization_everywhere() {
    for c in every_char().filter(|&c| !c.is_ascii() && !is_latin_diacritic(c)) {
        assert_eq!(
            without_diacritics(c).map(String::from),
            folded_by_crate(c),
            "U+{:04X}",
            c as u32
        );
    }
}

#[test]
fn marks_match_unicode_normalization_everywhere() {
    for c in every_char() {
        assert_eq!(is_mark(c), is_combining_mark(c), "U+{:04X}", c as u32);
    }
}

#[test]
fn lower_case_matches_std_everywhere() {
    let mut ours = String::new();
    for c in every_char() {
        ours.clear();
        push_lowercase(c, &mut ours);
        assert_eq!(
            ours,
            c.to_lowercase().collect::<String>(),
            "U+{:04X}",
            c as u32
        );
    }
}

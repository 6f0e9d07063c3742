//! Property tests of the model-free metrics besides completeness: whatever the texts, no panic,
//! scores in [0, 1], the symmetric ones symmetric, and the bit-parallel LCS equal to the table.
#![cfg(not(target_arch = "wasm32"))]

use evals_wasm::metrics::nlp::keywords::{extract_keywords, keyword_coverage, KeywordRules};
use evals_wasm::metrics::nlp::similarity::{content_similarity, SimilarityOptions};
use evals_wasm::metrics::nlp::textdiff::{lcs_length, textual_difference};
use evals_wasm::metrics::nlp::tone::tone;
use proptest::prelude::*;

/// Text built from pieces that exercise the tokenizers: punctuation the originals treat
/// specially, tags, URLs, apostrophes, digits, emoji (two UTF-16 units), JS white space.
fn text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "good",
        "bad",
        "not",
        "love",
        "the",
        "Fox",
        "'tis",
        "dogs'",
        "“quoted”",
        "<b>",
        "</b>",
        "<",
        ">",
        "<>",
        "http://x.example/A",
        "2024",
        "#",
        "_",
        "😀",
        "😂",
        "é",
        "İ",
        "ß",
        ".",
        "!",
        "?",
        "...",
        "\t",
        "\n",
        " ",
        "  ",
        "\u{a0}",
        "\u{3000}",
        "\u{200b}",
        "\u{feff}",
    ]);
    prop::collection::vec(pieces, 0..40).prop_map(|p| p.concat())
}

/// The original's quadratic table.
fn lcs_table(a: &[u16], b: &[u16]) -> usize {
    let mut row = vec![0usize; b.len() + 1];
    for &x in a {
        let mut diagonal = 0;
        for j in 1..=b.len() {
            let above = row[j];
            row[j] = if x == b[j - 1] {
                diagonal + 1
            } else {
                row[j].max(row[j - 1])
            };
            diagonal = above;
        }
    }
    row[b.len()]
}

fn in_unit_range(x: f64) -> bool {
    (0.0..=1.0).contains(&x)
}

proptest! {
    #[test]
    fn lcs_equals_the_table(a in text(), b in text()) {
        let (a, b): (Vec<u16>, Vec<u16>) = (a.encode_utf16().collect(), b.encode_utf16().collect());
        prop_assert_eq!(lcs_length(&a, &b), lcs_table(&a, &b));
    }

    #[test]
    fn long_lcs_equals_the_table(a in prop::collection::vec(0u16..4, 0..300), b in prop::collection::vec(0u16..4, 0..300)) {
        prop_assert_eq!(lcs_length(&a, &b), lcs_table(&a, &b));
    }

    #[test]
    fn scores_in_range_and_symmetric_where_they_should_be(a in text(), b in text()) {
        for ignore_case in [false, true] {
            let options = SimilarityOptions { ignore_case, ignore_whitespace: true };
            let s = content_similarity(&a, &b, options);
            prop_assert!(in_unit_range(s));
            prop_assert_eq!(s, content_similarity(&b, &a, options));
        }
        let d = textual_difference(&a, &b);
        prop_assert!(in_unit_range(d.ratio) && in_unit_range(d.length_diff));
        prop_assert_eq!(d.ratio, textual_difference(&b, &a).ratio);
        for rules in [KeywordRules::Legacy, KeywordRules::Scorer] {
            let k = keyword_coverage(&a, &b, rules);
            prop_assert!(in_unit_range(k.score) && k.matched_keywords <= k.total_keywords);
        }
        prop_assert!(in_unit_range(tone(&a, Some(&b)).score()));
        prop_assert!(in_unit_range(tone(&a, None).score()));
    }

    #[test]
    fn keywords_are_distinct_and_never_stopwords_or_empty(a in text()) {
        let words = extract_keywords(&a);
        for (i, w) in words.iter().enumerate() {
            prop_assert!(!w.is_empty());
            prop_assert!(!words[..i].contains(w));
            prop_assert!(w != "the" && w != "not");
        }
    }
}

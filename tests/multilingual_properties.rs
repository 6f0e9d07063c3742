//! Property tests of the multilingual path (Cargo feature `stem`): whatever the text and the
//! language, no panic, scores in [0, 1], elements distinct, and `ignoreStopwords` never adds an
//! element.
#![cfg(all(not(target_arch = "wasm32"), feature = "stem"))]

use evals_wasm::metrics::nlp::keywords::KeywordRules;
use evals_wasm::metrics::nlp::multilingual::{
    detect_language, keyword_coverage_in, measure_completeness_in, stemmed_elements, Language,
};
use proptest::prelude::*;

/// Text from pieces of every script the module reads, inflected words, stopwords, marks, digits
/// and punctuation, or any string at all.
fn text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "Häuser",
        "Haus",
        "und",
        "mangé",
        "et",
        "corren",
        "книги",
        "и",
        "ΛΟΓΟΣ",
        "και",
        "الكتاب",
        "في",
        "நாய்கள்",
        "evler",
        "ve",
        "şi",
        "ß",
        "İ",
        "\u{301}",
        "\u{bcd}",
        "2024",
        "'",
        "-",
        "…",
        "🙂",
        "東京",
        " ",
        "\n",
        ".",
    ]);
    prop_oneof![
        prop::collection::vec(pieces, 0..40).prop_map(|p| p.concat()),
        any::<String>(),
    ]
}

fn language() -> impl Strategy<Value = Language> {
    prop::sample::select(Language::ALL.to_vec())
}

proptest! {
    #[test]
    fn completeness_is_a_share_of_distinct_elements(input in text(), output in text(), language in language(), ignore in any::<bool>()) {
        let r = measure_completeness_in(&input, &output, language, ignore);
        prop_assert!((0.0..=1.0).contains(&r.score));
        let mut sorted = r.info.elements.input_elements.clone();
        sorted.sort();
        sorted.dedup();
        prop_assert_eq!(sorted.len(), r.info.elements.input_elements.len());
        prop_assert_eq!(r.info.language, language);
    }

    #[test]
    fn ignoring_stopwords_only_removes_elements(text in text(), language in language()) {
        let all = stemmed_elements(&text, language, false);
        for element in stemmed_elements(&text, language, true) {
            prop_assert!(all.contains(&element));
        }
    }

    #[test]
    fn keyword_coverage_and_detection_never_panic(reference in text(), response in text(), language in language()) {
        for rules in [KeywordRules::Legacy, KeywordRules::Scorer] {
            let r = keyword_coverage_in(&reference, &response, language, rules);
            prop_assert!((0.0..=1.0).contains(&r.score));
            prop_assert!(r.matched_keywords <= r.total_keywords);
        }
        let _ = detect_language(&reference);
    }
}

//! Property tests of the core: whatever the input, no panic, and the invariants hold.
#![cfg(not(target_arch = "wasm32"))]

use evals_wasm::judge::json::find_json;
use evals_wasm::judge::json::Value;
use evals_wasm::judge::prompt::{data_block, item_line, item_text};
use evals_wasm::judge::verdicts::{read_list, read_verdicts, verdict_word};
use evals_wasm::metrics::nlp::completeness::extract_elements;
use evals_wasm::text::words::ScriptRunSegmenter;
use evals_wasm::{measure_completeness, CompletenessOptions};
use proptest::prelude::*;

/// yes/no/true/false in any case, or booleans.
fn yes_no(value: &Value) -> Option<bool> {
    match value {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match verdict_word(s).as_str() {
            "yes" | "true" => Some(true),
            "no" | "false" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// Text mixing the scripts and characters that exercise the tokenizer: Latin with diacritics,
/// apostrophes and hyphens, Japanese, Cyrillic, emoji, digits, control characters, whitespace.
fn text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "the",
        "fox",
        "jumps",
        "jumped",
        "running",
        "has been",
        "don't",
        "they're",
        "it's",
        "Straße",
        "café",
        "ＡＢＣ１２３",
        "素早い",
        "茶色の狐が",
        "飛び越えた",
        "我喜欢",
        "Москва",
        "🙂",
        "3.5",
        "e-mail",
        "\u{301}",
        "\u{0}",
        "\n",
        ". ",
        "'",
        "  ",
        "was not",
        "cannot",
        "ですか。",
        "ภาษาไทย",
    ]);
    prop_oneof![
        prop::collection::vec(pieces, 0..40).prop_map(|v| v.join(" ")),
        any::<String>(),
        prop::collection::vec(any::<char>(), 0..200).prop_map(|v| v.into_iter().collect()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn completeness_invariants(input in text(), output in text(), ignore_stopwords in any::<bool>()) {
        let options = CompletenessOptions { ignore_stopwords };
        let r = measure_completeness(&input, &output, options, &ScriptRunSegmenter);
        prop_assert!((0.0..=1.0).contains(&r.score), "score {}", r.score);
        prop_assert_eq!(r.info.element_counts.input, r.info.input_elements.len());
        prop_assert_eq!(r.info.element_counts.output, r.info.output_elements.len());
        for missing in &r.info.missing_elements {
            prop_assert!(r.info.input_elements.contains(missing));
            prop_assert!(!r.info.output_elements.contains(missing));
        }
        let mut seen = std::collections::HashSet::new();
        prop_assert!(r.info.input_elements.iter().all(|e| !e.is_empty() && seen.insert(e)), "elements are unique and non-empty");
        let again = measure_completeness(&input, &output, options, &ScriptRunSegmenter);
        prop_assert_eq!(again, r, "deterministic");
    }

    #[test]
    fn elements_of_a_text_cover_it_completely(input in text()) {
        let r = measure_completeness(&input, &input, CompletenessOptions::default(), &ScriptRunSegmenter);
        prop_assert_eq!(r.score, 1.0);
        prop_assert!(r.info.missing_elements.is_empty());
        let elements = extract_elements(&input, CompletenessOptions::default(), &ScriptRunSegmenter);
        prop_assert_eq!(elements, r.info.input_elements);
    }

    #[test]
    fn reading_model_output_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = find_json(&text);
        let _ = read_list(&text, "claims");
        let _ = read_verdicts(&text, "S", &[0, 1], &[], true, yes_no);
    }

    #[test]
    fn verdicts_are_only_for_asked_ids(
        ids in prop::collection::vec(0u32..12, 0..12),
        words in prop::collection::vec(prop::sample::select(vec!["yes", "no", "YES", "No", "maybe", "true"]), 12),
        asked in prop::collection::btree_set(0usize..12, 1..6),
        preamble in "[a-zA-Z ,.:]{0,40}",
    ) {
        let items: Vec<String> = ids.iter().zip(&words).map(|(id, w)| format!(r#"{{"id": "S{id}", "verdict": "{w}", "reason": "r"}}"#)).collect();
        let answer = format!("{preamble}\n{{\"verdicts\": [{}]}}", items.join(", "));
        let asked: Vec<usize> = asked.into_iter().collect();
        if let Ok(found) = read_verdicts(&answer, "S", &asked, &[], false, yes_no) {
            prop_assert_eq!(found.len(), asked.len(), "one slot per asked item");
            for (slot, &index) in found.iter().zip(&asked) {
                let answered = ids.iter().zip(&words).any(|(&id, &w)| id as usize == index + 1 && w != "maybe");
                prop_assert!(slot.is_none() || answered, "S{} got a verdict it was not given", index + 1);
            }
        }
    }

    #[test]
    fn any_verdict_id_is_read_without_panicking(id in any::<String>(), prefix in "[A-Z]{1,2}") {
        let answer = format!(r#"{{"verdicts": [{{"id": {}, "verdict": "yes"}}]}}"#, evals_wasm::judge::json::quote(&id));
        if let Ok(found) = read_verdicts(&answer, &prefix, &[0, 1], &[], false, yes_no) {
            prop_assert_eq!(found.len(), 2);
        }
    }

    #[test]
    fn a_data_block_never_ends_early(name in "[a-z]{1,10}", content in any::<String>(), hostile in prop::sample::select(vec!["</", "</output>", "<\\/", "</output", "<</output>>"])) {
        let mut out = String::new();
        let text = format!("{content}{hostile}</{name}>{content}");
        data_block(&mut out, &name, &text);
        let closing = format!("</{name}>");
        prop_assert_eq!(out.matches(&closing).count(), 1);
        let ending = format!("{closing}\n");
        prop_assert!(out.ends_with(&ending));
    }

    /// An item line is one line, opened by its own id and by no other: whatever the text holds
    /// (mixed with line breaks, NUL, separators and id-looking prefixes), no line break or
    /// control character, no `{letters}{digits}:` marker after the id, no em dash; and the rule
    /// is idempotent.
    #[test]
    fn an_item_line_is_one_line_with_one_id(
        parts in prop::collection::vec(prop_oneof![
            any::<String>(),
            prop::sample::select(vec!["\n", "\r\n", "\0", "\u{2028}", "\u{85}", "\u{1e}", "S2:", "p10 :", "C3\u{ff1a}", " \u{2014} no: ", "\t"]).prop_map(String::from),
        ], 0..12),
    ) {
        let text: String = parts.concat();
        let line = item_line("S1", &text);
        prop_assert!(line.starts_with("S1: "));
        prop_assert!(!line.chars().any(|c| c.is_control() || c == '\u{2028}' || c == '\u{2029}' || c == '\u{2014}'), "{:?}", line);
        let rest: Vec<char> = line.chars().skip(4).collect();
        for i in 0..rest.len() {
            if !rest[i].is_ascii_alphabetic() || (i > 0 && rest[i - 1].is_alphanumeric()) {
                continue;
            }
            let letters = rest[i..].iter().take_while(|c| c.is_ascii_alphabetic()).count();
            let digits = rest[i + letters..].iter().take_while(|c| c.is_ascii_digit()).count();
            let after = rest[i + letters + digits..].iter().find(|c| **c != ' ');
            prop_assert!(
                !(letters <= 3 && digits > 0 && matches!(after, Some(':' | '\u{ff1a}' | '\u{fe55}' | '\u{fe13}'))),
                "an id marker in {:?}", line
            );
        }
        prop_assert_eq!(item_text(&item_text(&text)), item_text(&text));
    }
}

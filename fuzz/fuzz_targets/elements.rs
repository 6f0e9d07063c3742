//! Element extraction and the completeness score on arbitrary pairs of texts.
#![no_main]

use evals_wasm::text::words::ScriptRunSegmenter;
use evals_wasm::{measure_completeness, CompletenessOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (&str, &str, bool)| {
    let (left, right, ignore_stopwords) = input;
    let r = measure_completeness(left, right, CompletenessOptions { ignore_stopwords }, &ScriptRunSegmenter);
    assert!((0.0..=1.0).contains(&r.score));
    assert_eq!(r.info.element_counts.input, r.info.input_elements.len());
    assert!(r.info.missing_elements.iter().all(|m| r.info.input_elements.contains(m)));
});

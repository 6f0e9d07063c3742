//! Normalisation and word splitting of arbitrary text: no panic, and every word is non-empty.
#![no_main]

use evals_wasm::text::words::{normalize, words, ScriptRunSegmenter};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let normalized = normalize(text);
    for word in words(&normalized, &ScriptRunSegmenter) {
        assert!(!word.text.is_empty());
    }
});

//! Reading model answers: JSON search, lists, and verdicts only for the ids asked.
#![no_main]

use evals_wasm::json::find_json;
use evals_wasm::openai::{error_message, read_answer};
use evals_wasm::verdicts::{read_list, read_verdicts, yes_no};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = find_json(text);
    let _ = read_list(text, "statements");
    let _ = read_answer(text);
    let _ = error_message(text);
    let asked = [0, 2, 5];
    if let Ok(found) = read_verdicts(text, "S", &asked, false, |v| yes_no(v, &[], &[])) {
        assert!(found.keys().all(|k| asked.contains(k)));
    }
});

//! Reading model answers: JSON search, lists, and verdicts only for the ids asked.
#![no_main]

use evals_wasm::judge::json::find_json;
use evals_wasm::judge::verdicts::{read_list, read_verdicts, yes_no};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = find_json(text);
    let _ = read_list(text, "statements");
    let asked = [0, 2, 5];
    if let Ok(found) = read_verdicts(text, "S", &asked, false, |v| yes_no(v, &[], &[])) {
        assert_eq!(found.len(), asked.len(), "one slot per asked id");
    }
});

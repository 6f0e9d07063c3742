//! `number.rs` prints and parses numbers with std natively and with the JS engine in the wasm
//! build. The same cases run in both: `cargo test --test numbers` natively, and with
//! `--target wasm32-unknown-unknown` in Node (scripts/test.sh runs both).

use evals_wasm::numbers::number::{format_number, parse_number};

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn scores_print_as_js_prints_them() {
    for (x, text) in [
        (0.75, "0.75"),
        (1.0, "1"),
        (-0.5, "-0.5"),
        (0.1 + 0.2, "0.30000000000000004"),
        (12.34, "12.34"),
    ] {
        assert_eq!(format_number(x), text);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn decimal_syntax_only_and_finite_only() {
    for (text, expected) in [
        ("0", Some(0.0)),
        ("+5", Some(5.0)),
        (".5", Some(0.5)),
        ("5.", Some(5.0)),
        ("2E3", Some(2000.0)),
        ("-1.5e2", Some(-150.0)),
        ("9007199254740993", Some(9007199254740992.0)),
        ("", None),
        ("-", None),
        (".", None),
        ("e5", None),
        ("1e", None),
        ("--1", None),
        ("1-2", None),
        ("1.2.3", None),
        ("1e999", None),
        ("0x10", None),
        ("inf", None),
        ("NaN", None),
        (" 1", None),
    ] {
        assert_eq!(parse_number(text), expected, "{text:?}");
    }
}

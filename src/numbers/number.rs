//! Numbers as text: printing scores into reasons and reading numbers out of model answers and
//! headers.
//!
//! The wasm build borrows the JS engine's own conversions (`Number.prototype.toString` and
//! `Number(text)`): the engine ships them anyway, and std's float printing and parsing (Grisu,
//! Dragon4, Eisel-Lemire and their tables) would add about 12 KB gzip to the module. Natively,
//! std does the work. Both accept the same syntax; printed forms differ only where JS switches to
//! exponent notation (at 1e21 and below 1e-6), which no score reaches.

use alloc::string::String;
#[cfg(not(target_arch = "wasm32"))]
use alloc::string::ToString;

/// `x` as text, the way JS prints it in the wasm build (`0.75`, `1`, `-0.5`).
///
/// ```
/// use evals_wasm::numbers::number::format_number;
/// assert_eq!(format_number(0.75), "0.75");
/// assert_eq!(format_number(1.0), "1");
/// assert_eq!(format_number(0.1 + 0.2), "0.30000000000000004");
/// ```
pub fn format_number(x: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        js::number_to_string(x)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        x.to_string()
    }
}

/// A finite number written in decimal (`12`, `-0.5`, `1e3`, `.5`), or `None`. Anything but
/// ASCII digits, signs, `.`, `e` and `E` is refused, so `0x10`, `Infinity` or an empty string
/// never read as a number.
///
/// ```
/// use evals_wasm::numbers::number::parse_number;
/// assert_eq!(parse_number("42"), Some(42.0));
/// assert_eq!(parse_number("-1.5e2"), Some(-150.0));
/// assert_eq!(parse_number("1-2"), None);
/// assert_eq!(parse_number(""), None);
/// assert_eq!(parse_number("1e999"), None);
/// ```
pub fn parse_number(text: &str) -> Option<f64> {
    let decimal_syntax = text.bytes().any(|b| b.is_ascii_digit())
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'));
    if !decimal_syntax {
        return None;
    }
    #[cfg(target_arch = "wasm32")]
    let value = js::string_to_number(text);
    #[cfg(not(target_arch = "wasm32"))]
    let value = text.parse::<f64>().unwrap_or(f64::NAN);
    Some(value).filter(|n| n.is_finite())
}

/// The engine's conversions, declared here rather than taken from js-sys, which only the `llm`
/// build links (Cargo.toml).
#[cfg(target_arch = "wasm32")]
mod js {
    use alloc::string::String;
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        /// `String(x)`: a number as JS prints it.
        #[wasm_bindgen(js_name = String)]
        pub fn number_to_string(x: f64) -> String;

        /// `Number(text)`: NaN when the text is not a number.
        #[wasm_bindgen(js_name = Number)]
        pub fn string_to_number(text: &str) -> f64;
    }
}

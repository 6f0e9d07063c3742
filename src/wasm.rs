//! The wasm-bindgen boundary: converts JS values to core types and back, nothing else.
//! The public JS API (class names, argument checks, error classes) lives in `pkg-template/`.

use js_sys::{Array, Function};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::text::{ScriptRunSegmenter, WordSegmenter};
use crate::CompletenessOptions;

/// A [`WordSegmenter`] over a JS function `(run: string) => string[]` (the glue passes one built
/// on `Intl.Segmenter`). If the function throws or returns something else than an array of
/// strings, the run falls back to [`ScriptRunSegmenter`].
struct JsSegmenter<'a>(&'a Function);

impl WordSegmenter for JsSegmenter<'_> {
    fn segment(&self, run: &str, out: &mut Vec<String>) {
        let answer = self.0.call1(&JsValue::NULL, &JsValue::from_str(run));
        let words = answer.ok().filter(Array::is_array).map(|v| Array::from(&v));
        let Some(words) = words else {
            return ScriptRunSegmenter.segment(run, out);
        };
        let start = out.len();
        for word in words.iter() {
            match word.as_string() {
                Some(word) => out.push(word),
                None => {
                    out.truncate(start);
                    return ScriptRunSegmenter.segment(run, out);
                }
            }
        }
    }
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("could not convert the result to JS: {e}")))
}

/// `{ score, info }` of the completeness metric for two strings.
#[wasm_bindgen(js_name = measureCompleteness)]
pub fn measure_completeness(
    input: &str,
    output: &str,
    ignore_stopwords: bool,
    segment: Option<Function>,
) -> Result<JsValue, JsError> {
    let options = CompletenessOptions { ignore_stopwords };
    let result = match &segment {
        Some(f) => crate::measure_completeness(input, output, options, &JsSegmenter(f)),
        None => crate::measure_completeness(input, output, options, &ScriptRunSegmenter),
    };
    to_js(&result)
}

//! Boundary tests, run in Node by wasm-bindgen-test: the JS values the binding returns and how
//! it treats the JS word segmenter it is given. The metric itself is tested natively.
#![cfg(target_arch = "wasm32")]

use evals_wasm::wasm::measure_completeness;
use js_sys::{Array, Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn input_elements(result: &JsValue) -> Vec<String> {
    Array::from(&get(&get(result, "info"), "inputElements"))
        .iter()
        .filter_map(|v| v.as_string())
        .collect()
}

#[wasm_bindgen_test]
fn result_is_a_plain_object_with_the_mastra_shape() {
    let result = measure_completeness(
        b"The quick brown fox jumps over the lazy dog",
        b"A brown fox jumped over a dog",
        false,
        None,
    );
    assert_eq!(get(&result, "score").as_f64(), Some(0.625));
    let info = get(&result, "info");
    assert!(Array::is_array(&get(&info, "missingElements")));
    let counts = get(&info, "elementCounts");
    assert_eq!(get(&counts, "input").as_f64(), Some(8.0));
    assert_eq!(get(&counts, "output").as_f64(), Some(6.0));
    assert_eq!(
        js_sys::Object::get_prototype_of(&result),
        js_sys::Object::get_prototype_of(&js_sys::Object::new().into())
    );
}

#[wasm_bindgen_test]
fn the_js_segmenter_splits_unspaced_runs() {
    let split_after_first =
        Function::new_with_args("run", "return [run.slice(0, 1), run.slice(1)]");
    let result = measure_completeness(
        "東京都庁".as_bytes(),
        b"",
        false,
        Some(split_after_first.unchecked_into()),
    );
    assert_eq!(input_elements(&result), ["東", "京都庁"]);
}

#[wasm_bindgen_test]
fn a_misbehaving_segmenter_falls_back_to_script_runs() {
    for body in [
        "throw new Error('boom')",
        "return 42",
        "return [1, 2]",
        "return null",
    ] {
        let segmenter = Function::new_with_args("run", body);
        let result = measure_completeness(
            "東京都庁".as_bytes(),
            b"",
            false,
            Some(segmenter.unchecked_into()),
        );
        assert_eq!(
            input_elements(&result),
            ["東京都庁"],
            "segmenter body: {body}"
        );
    }
}

#[wasm_bindgen_test]
fn lone_surrogates_arrive_as_replacement_characters() {
    let text = String::from_utf16_lossy(&[0xD800, 0x20, 0x61, 0x62]);
    let result = measure_completeness(text.as_bytes(), b"ab", false, None);
    assert_eq!(get(&result, "score").as_f64(), Some(1.0));
}

fn judge_answering(body: &str) -> Function {
    Function::new_with_args("request", body)
}

async fn settle(
    promise: impl std::future::Future<Output = Result<JsValue, JsValue>>,
) -> (bool, JsValue) {
    match promise.await {
        Ok(v) => (true, v),
        Err(e) => (false, e),
    }
}

/// `{ metric: 'hallucination', inputs: { context: ['ctx'] }, until: 'statements' }`.
fn statements_call() -> JsValue {
    js_sys::eval("({ metric: 'hallucination', inputs: { context: ['ctx'], question: '', output: 'o' }, until: 'statements' })")
        .unwrap_or(JsValue::UNDEFINED)
}

#[wasm_bindgen_test]
async fn a_js_judge_is_awaited_and_its_answer_read() {
    let judge = judge_answering(
        "return Promise.resolve({ text: request.json && request.step === 'statements' ? '[\"a\", \"b\"]' : 'wrong request', usage: { inputTokens: 3, outputTokens: 1 } })",
    );
    let (ok, value) = settle(evals_wasm::wasm::judge_metric(judge, statements_call())).await;
    assert!(ok);
    let statements: Vec<String> = Array::from(&get(&get(&value, "lists"), "statements"))
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    assert_eq!(statements, ["a", "b"]);
    assert_eq!(get(&value, "modelCalls").as_f64(), Some(1.0));
    assert_eq!(
        get(&get(&value, "usage"), "inputTokens").as_f64(),
        Some(3.0)
    );
}

#[wasm_bindgen_test]
async fn judge_failures_become_error_objects_with_a_code() {
    for (body, code) in [
        ("throw new Error('sync failure')", "EVALS_MODEL_FAILED"),
        (
            "return Promise.reject(new Error('async failure'))",
            "EVALS_MODEL_FAILED",
        ),
        ("return Promise.resolve({ nope: 1 })", "EVALS_MODEL_FAILED"),
        (
            "return Promise.resolve({ text: 'not json' })",
            "EVALS_UNREADABLE_ANSWER",
        ),
    ] {
        let (ok, error) = settle(evals_wasm::wasm::judge_metric(
            judge_answering(body),
            statements_call(),
        ))
        .await;
        assert!(!ok, "{body}");
        assert_eq!(
            get(&error, "code").as_string().as_deref(),
            Some(code),
            "{body}"
        );
        assert_eq!(
            get(&error, "step").as_string().as_deref(),
            Some("statements")
        );
    }
}

#[wasm_bindgen_test]
fn nlp_metrics_of_numbers_return_them_in_the_order_the_glue_names_them() {
    use evals_wasm::wasm::{keyword_coverage_js, textual_difference, tone};
    // [score, totalKeywords, matchedKeywords]
    assert_eq!(
        *keyword_coverage_js(b"fast red cars", b"red cars", false),
        [2.0 / 3.0, 3.0, 2.0]
    );
    // [ratio, changes, lengthDiff, confidence]
    assert_eq!(
        *textual_difference(b"kitten", b"sitting"),
        [8.0 / 13.0, 1.0, 1.0 / 7.0, 1.0 - 1.0 / 7.0]
    );
    // [score, responseSentiment, referenceSentiment, difference]: love 3, hate −3
    assert_eq!(*tone(b"I love it", b"I hate it"), [0.0, 1.0, -1.0, 2.0]);
    // [score, avgSentiment, sentimentVariance]: good 3, bad −3
    assert_eq!(*tone(b"Good. Bad.", b""), [0.0, 0.0, 9.0]);
}

/// The fields of a JS object, in their order.
fn keys(value: &JsValue) -> Vec<String> {
    js_sys::Object::keys(&js_sys::Object::from(value.clone()))
        .iter()
        .filter_map(|key| key.as_string())
        .collect()
}

#[wasm_bindgen_test]
fn completeness_keeps_the_original_field_order() {
    let completeness = measure_completeness(b"a cat", b"a dog", false, None);
    assert_eq!(keys(&completeness), ["score", "info"]);
    let info = get(&completeness, "info");
    assert_eq!(
        keys(&info),
        [
            "inputElements",
            "outputElements",
            "missingElements",
            "elementCounts"
        ]
    );
    assert_eq!(keys(&get(&info, "elementCounts")), ["input", "output"]);
    assert!(Array::is_array(&get(&info, "missingElements")));
}

#[wasm_bindgen_test]
fn keywords_cross_the_boundary_as_an_array_of_strings() {
    let words = evals_wasm::wasm::extract_keywords_js(b"Rust, rust and WebAssembly!");
    assert_eq!(words, ["rust", "webassembly"]);
    assert_eq!(
        evals_wasm::wasm::content_similarity(b"ab", b"AB", true, true),
        1.0
    );
}

//! The wasm-bindgen boundary: converts JS values to core types and back, nothing else.
//! The public JS API (class names, argument checks, error classes) lives in `pkg-template/`.
//!
//! The exports come in three families, each behind its Cargo feature: `nlp` (the metrics that
//! need no model), `llm` (the judged ones) and `stem` (completeness and keyword coverage in the
//! stemmed languages). A build with one feature leaves the other families' helpers unused, hence
//! the `allow` below.
//!
//! The results of the model-free metrics (the `nlp` and `stem` functions) are built without
//! serde, since the nlp-only module is `no_std` and serde-wasm-bindgen needs std: completeness
//! as a JS object built field by field ([`JsObject`]), the metrics whose results are only
//! numbers as arrays of numbers, which the glue (`pkg-template/engine/wasm-nlp.js`) turns into the
//! original's objects (fields named once in JS, instead of a string made per field and call).
//! The `llm` results and errors cross as JSON text ([`crate::judge::json::ToJson`]) read by
//! `JSON.parse`: serde and serde-wasm-bindgen would cost the LLM modules about 5 KB gzip
//! (docs/size.md).
#![cfg_attr(
    not(all(feature = "nlp", feature = "llm", feature = "stem")),
    allow(dead_code, unused_imports)
)]

use alloc::{
    boxed::Box,
    format,
    string::{String, ToString},
    vec::Vec,
};

use core::future::Future;

#[cfg(feature = "llm")]
use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
#[cfg(feature = "llm")]
use wasm_bindgen_futures::JsFuture;

use crate::judge::declare::Options;
use crate::judge::error::Error;
use crate::judge::json::{Fields, ToJson};
use crate::judge::{Judge, JudgeError, Request, Response, Usage};
use crate::metrics::nlp::keywords::{
    extract_keywords, keyword_coverage, KeywordCoverage, KeywordRules,
};
use crate::metrics::nlp::similarity::{content_similarity as similarity, SimilarityOptions};
use crate::metrics::nlp::textdiff::TextualDifference;
use crate::metrics::nlp::tone::Tone;
use crate::text::words::{ScriptRunSegmenter, WordSegmenter};
use crate::{CompletenessOptions, CompletenessResult};

// The few JS operations the model-free results need, declared here rather than taken from
// js-sys: linking js-sys brings into the module, whatever is used of it, closure adapters and
// its futures runtime (about 1 KB gzip), so the nlp and stem builds go without it (Cargo.toml).
#[wasm_bindgen]
extern "C" {
    /// The glue's word segmenter, a JS function `(run: string) => string[]`.
    pub type SegmentFunction;

    /// `segment.call(null, run)`; `Err` with what it threw.
    #[wasm_bindgen(method, catch, js_name = call)]
    fn call_with(
        this: &SegmentFunction,
        context: &JsValue,
        run: &JsValue,
    ) -> Result<JsValue, JsValue>;

    /// A JS array.
    #[wasm_bindgen(js_name = Array)]
    type JsArray;

    /// `new Array()`.
    #[wasm_bindgen(constructor, js_class = Array)]
    fn new() -> JsArray;

    /// `Array.isArray(value)`.
    #[wasm_bindgen(static_method_of = JsArray, js_class = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> bool;

    /// `Array.from(value)`.
    #[wasm_bindgen(static_method_of = JsArray, js_class = Array, js_name = from)]
    fn from(value: &JsValue) -> JsArray;

    /// `array.length`.
    #[wasm_bindgen(method, getter, js_class = Array)]
    fn length(this: &JsArray) -> u32;

    /// `array[index]`.
    #[wasm_bindgen(method, indexing_getter, js_class = Array)]
    fn get(this: &JsArray, index: u32) -> JsValue;

    /// `array.push(value)`.
    #[wasm_bindgen(method, js_class = Array)]
    fn push(this: &JsArray, value: &JsValue) -> u32;

    /// `Object()`: a new plain object, as `{}`.
    #[wasm_bindgen(js_name = Object)]
    fn new_object() -> JsValue;

    /// `Reflect.set(object, key, value)`, declared without a `catch`: setting a field of a plain
    /// object cannot throw.
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    fn set_field(object: &JsValue, key: &JsValue, value: &JsValue) -> bool;
}

/// A [`WordSegmenter`] over a JS function `(run: string) => string[]` (the glue passes one built
/// on `Intl.Segmenter`). If the function throws or returns something else than an array of
/// strings, the run falls back to [`ScriptRunSegmenter`].
struct JsSegmenter<'a>(&'a SegmentFunction);

impl WordSegmenter for JsSegmenter<'_> {
    fn segment(&self, run: &str, out: &mut Vec<String>) {
        let answer = self.0.call_with(&JsValue::NULL, &JsValue::from_str(run));
        let words = answer
            .ok()
            .filter(JsArray::is_array)
            .map(|v| JsArray::from(&v));
        let Some(words) = words else {
            return ScriptRunSegmenter.segment(run, out);
        };
        let start = out.len();
        for index in 0..words.length() {
            match words.get(index).as_string() {
                Some(word) => out.push(word),
                None => {
                    out.truncate(start);
                    return ScriptRunSegmenter.segment(run, out);
                }
            }
        }
    }
}

/// A plain JS object, built one field at a time: the fields appear in the order they are set,
/// as in the objects the original library returns.
struct JsObject(JsValue);

impl JsObject {
    fn new() -> Self {
        JsObject(new_object())
    }

    /// Adds `key: value`.
    fn with(self, key: &str, value: impl Into<JsValue>) -> Self {
        set_field(&self.0, &JsValue::from_str(key), &value.into());
        self
    }
}

impl From<JsObject> for JsValue {
    fn from(object: JsObject) -> JsValue {
        object.0
    }
}

/// A text the glue passed as UTF-8 bytes (`wasm-nlp.js` encodes it with `TextEncoder`, which is
/// much faster than wasm-bindgen's string passing, a JS loop over the characters), so they
/// are valid UTF-8.
fn text(bytes: &[u8]) -> &str {
    // Unreachable from the glue: invalid bytes read as an empty text rather than keep a
    // decoder in the module for them.
    core::str::from_utf8(bytes).unwrap_or("")
}

/// A count as a JS number.
fn count(n: usize) -> f64 {
    n as f64
}

/// A list of strings as a JS array.
fn strings(list: &[String]) -> JsArray {
    let array = JsArray::new();
    for s in list {
        array.push(&JsValue::from_str(s));
    }
    array
}

/// `{ score, info: { inputElements, outputElements, missingElements, elementCounts: { input,
/// output } } }`, with `language` last in `info` when given (the stemmed languages).
fn completeness_to_js(result: &CompletenessResult, language: Option<&str>) -> JsValue {
    let info = &result.info;
    let counts = JsObject::new()
        .with("input", count(info.element_counts.input))
        .with("output", count(info.element_counts.output));
    let mut info = JsObject::new()
        .with("inputElements", strings(&info.input_elements))
        .with("outputElements", strings(&info.output_elements))
        .with("missingElements", strings(&info.missing_elements))
        .with("elementCounts", counts);
    if let Some(language) = language {
        info = info.with("language", language);
    }
    JsObject::new()
        .with("score", result.score)
        .with("info", info)
        .into()
}

/// `[score, totalKeywords, matchedKeywords]`, which the glue names (`wasm-nlp.js`).
fn keyword_coverage_numbers(coverage: &KeywordCoverage) -> Box<[f64]> {
    Box::new([
        coverage.score,
        count(coverage.total_keywords),
        count(coverage.matched_keywords),
    ])
}

#[cfg(feature = "llm")]
fn to_js<T: ToJson + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    js_sys::JSON::parse(&value.to_json())
}

/// `{ score, info }` of the completeness metric for two strings.
#[cfg(feature = "nlp")]
#[wasm_bindgen(js_name = measureCompleteness)]
pub fn measure_completeness(
    input: &[u8],
    output: &[u8],
    ignore_stopwords: bool,
    segment: Option<SegmentFunction>,
) -> JsValue {
    let (input, output) = (text(input), text(output));
    let options = CompletenessOptions { ignore_stopwords };
    let result = match &segment {
        Some(f) => crate::measure_completeness(input, output, options, &JsSegmenter(f)),
        None => crate::measure_completeness(input, output, options, &ScriptRunSegmenter),
    };
    completeness_to_js(&result, None)
}

/// A [`Judge`] over the JS function the glue builds for each measure:
/// `(request: { system, user, json, step, schema?, schemaName, maxTokens }) =>
/// Promise<{ text: string, usage?: { inputTokens, outputTokens }, truncated?: boolean }>`.
/// The glue remembers what the model threw; here a failure only needs a message.
#[cfg(feature = "llm")]
struct JsJudge(Function);

#[cfg(feature = "llm")]
fn describe_js_error(error: &JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "the model call failed".to_string())
}

#[cfg(feature = "llm")]
fn usage_from(value: &JsValue) -> Option<Usage> {
    let usage = Reflect::get(value, &JsValue::from_str("usage"))
        .ok()
        .filter(|u| u.is_object())?;
    let tokens = |key: &str| {
        Reflect::get(&usage, &JsValue::from_str(key))
            .ok()
            .and_then(|v| v.as_f64())
            .filter(|n| n.is_finite() && *n >= 0.0)
            .map(|n| n as u64)
    };
    Some(Usage {
        input_tokens: tokens("inputTokens").unwrap_or(0),
        output_tokens: tokens("outputTokens").unwrap_or(0),
    })
}

#[cfg(feature = "llm")]
impl Judge for JsJudge {
    fn complete(&self, request: Request) -> impl Future<Output = Result<Response, JudgeError>> {
        let payload = Object::new();
        let set = |key: &str, value: JsValue| {
            let _ = Reflect::set(&payload, &JsValue::from_str(key), &value);
        };
        set("system", JsValue::from_str(&request.system));
        set("user", JsValue::from_str(&request.user));
        set("json", JsValue::from_bool(request.json));
        set("step", JsValue::from_str(request.step));
        if let Some(schema) = request.schema.as_deref() {
            // Schemas are built by the engine as JSON text; parsing cannot fail.
            set(
                "schema",
                js_sys::JSON::parse(schema).unwrap_or(JsValue::UNDEFINED),
            );
            set("schemaName", JsValue::from_str(request.schema_name));
        }
        set(
            "maxTokens",
            JsValue::from_f64(f64::from(request.max_tokens)),
        );
        if request.sample > 0 {
            set("sample", JsValue::from_f64(f64::from(request.sample)));
        }
        let called = self.0.call1(&JsValue::NULL, &payload);
        async move {
            let answer = match called {
                Ok(value) => JsFuture::from(Promise::resolve(&value)).await,
                Err(error) => Err(error),
            };
            let answer = answer.map_err(|e| JudgeError {
                message: describe_js_error(&e),
            })?;
            let text = Reflect::get(&answer, &JsValue::from_str("text"))
                .ok()
                .and_then(|t| t.as_string());
            let Some(text) = text else {
                return Err(JudgeError {
                    message: "the model's answer has no text".into(),
                });
            };
            let truncated = Reflect::get(&answer, &JsValue::from_str("truncated"))
                .ok()
                .and_then(|t| t.as_bool())
                .unwrap_or(false);
            Ok(Response {
                text,
                usage: usage_from(&answer),
                truncated,
            })
        }
    }
}

/// A core error as a plain JS object `{ code, step, message, raw?, missing?, limit? }`; the glue turns
/// it into an `EvalsError` (or rethrows the model's own error for `EVALS_MODEL_FAILED`).
#[cfg(feature = "llm")]
fn error_to_js(error: &Error) -> JsValue {
    let mut out = String::new();
    let fields = Fields::new(&mut out)
        .field("code", error.code())
        .field("step", &error.step())
        .field("message", &error.to_string())
        .some("raw", &error.raw());
    match error {
        Error::MissingVerdicts { missing, .. } => fields.field("missing", missing.as_slice()),
        Error::AnswerTruncated { limit, .. } => fields.field("limit", limit),
        _ => fields,
    }
    .end();
    js_sys::JSON::parse(&out).unwrap_or_else(|_| JsValue::from_str(&error.to_string()))
}

#[cfg(feature = "llm")]
fn into_js<T: ToJson>(result: Result<T, Error>) -> Result<JsValue, JsValue> {
    match result {
        Ok(value) => to_js(&value),
        Err(error) => Err(error_to_js(&error)),
    }
}

/// `object[key]`, or undefined.
#[cfg(feature = "llm")]
fn field(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// The `[name, texts]` pairs of an object whose values are strings or arrays of strings.
#[cfg(feature = "llm")]
fn named_texts(object: &JsValue, what: &str) -> Result<Vec<(String, Vec<String>)>, Error> {
    if object.is_undefined() || object.is_null() {
        return Ok(Vec::new());
    }
    let bad = |name: &str| {
        Error::InvalidCall(format!(
            "{what} \"{name}\" must be a string or an array of strings"
        ))
    };
    let mut out = Vec::new();
    for entry in Object::entries(&Object::from(object.clone())).iter() {
        let pair = js_sys::Array::from(&entry);
        let name = pair.get(0).as_string().unwrap_or_default();
        let value = pair.get(1);
        let texts = if let Some(text) = value.as_string() {
            alloc::vec![text]
        } else if js_sys::Array::is_array(&value) {
            js_sys::Array::from(&value)
                .iter()
                .map(|t| t.as_string().ok_or_else(|| bad(&name)))
                .collect::<Result<_, _>>()?
        } else {
            return Err(bad(&name));
        };
        out.push((name, texts));
    }
    Ok(out)
}

/// The engine's options from `{ scale?, modelReason?, customInstruction?, maxAnswerTokens?,
/// weights?, samples?, mean?: { score, scores } }` (`weights`: `{ [verdictWord]: number }`; entries that are not numbers are left out).
#[cfg(feature = "llm")]
fn options_from(object: &JsValue) -> Options {
    let mut options = Options::default();
    if let Some(scale) = field(object, "scale").as_f64() {
        options.scale = scale;
    }
    if let Some(model_reason) = field(object, "modelReason").as_bool() {
        options.model_reason = model_reason;
    }
    options.instruction = field(object, "customInstruction").as_string();
    options.max_answer_tokens = field(object, "maxAnswerTokens")
        .as_f64()
        .filter(|n| n.is_finite() && *n >= 0.0)
        .map(|n| n.min(f64::from(u32::MAX)) as u32);
    let weights = field(object, "weights");
    if weights.is_object() {
        for entry in Object::entries(&Object::from(weights)).iter() {
            let pair = js_sys::Array::from(&entry);
            if let (Some(word), Some(weight)) = (pair.get(0).as_string(), pair.get(1).as_f64()) {
                options.weights.push((word, weight));
            }
        }
    }
    if let Some(samples) = field(object, "samples").as_f64() {
        // Out of range (or not whole) is reported by Options::validate.
        options.samples = if samples.fract() == 0.0 && samples >= 0.0 {
            samples.min(f64::from(u32::MAX)) as u32
        } else {
            0
        };
    }
    let mean = field(object, "mean");
    if let Some(score) = field(&mean, "score").as_f64() {
        let scores = js_sys::Array::from(&field(&mean, "scores"))
            .iter()
            .filter_map(|v| v.as_f64())
            .collect();
        options.mean = Some(crate::judge::declare::Mean { score, scores });
    }
    options
}

/// Runs a declared LLM metric: `call` is `{ metric, inputs, options?, known?, until? }` (the
/// metric's id; its named inputs, each a string or an array of strings; the options; lists
/// already extracted, by step name; the step to stop after). Resolves to the engine's outcome
/// `{ score?, reason?, lists, verdicts, assessed, modelCalls, usage? }`, which the glue shapes.
#[cfg(feature = "llm")]
#[wasm_bindgen(js_name = judgeMetric)]
pub async fn judge_metric(judge: Function, call: JsValue) -> Result<JsValue, JsValue> {
    let id = field(&call, "metric").as_string().unwrap_or_default();
    let Some(metric) = crate::metrics::llm::metric(&id) else {
        let unknown = Error::InvalidCall(format!("no LLM metric is declared as \"{id}\""));
        return Err(error_to_js(&unknown));
    };
    let prepared = named_texts(&field(&call, "inputs"), "input")
        .and_then(|inputs| Ok((inputs, named_texts(&field(&call, "known"), "known list")?)));
    let (inputs, known) = match prepared {
        Ok(pair) => pair,
        Err(error) => return Err(error_to_js(&error)),
    };
    let options = options_from(&field(&call, "options"));
    let until = field(&call, "until").as_string();
    into_js(
        crate::judge::engine::measure(
            &JsJudge(judge),
            metric,
            &inputs,
            &options,
            &known,
            until.as_deref(),
        )
        .await,
    )
}

/// The key under which the glue caches an extraction over `parts` (see
/// [`crate::judge::engine::cache_key`]).
#[cfg(feature = "llm")]
#[wasm_bindgen(js_name = cacheKey)]
pub fn cache_key(parts: Vec<String>) -> String {
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    crate::judge::engine::cache_key(&parts)
}

/// The content similarity of two texts (Dice coefficient of character bigrams), from 0 to 1.
#[cfg(feature = "nlp")]
#[wasm_bindgen(js_name = contentSimilarity)]
pub fn content_similarity(
    input: &[u8],
    output: &[u8],
    ignore_case: bool,
    ignore_whitespace: bool,
) -> f64 {
    let options = SimilarityOptions {
        ignore_case,
        ignore_whitespace,
    };
    similarity(text(input), text(output), options)
}

/// The rule for a reference without keywords: 1.x's scorer (`scorer`) or 0.14's metric.
#[cfg(any(feature = "nlp", feature = "stem"))]
fn keyword_rules(scorer: bool) -> KeywordRules {
    if scorer {
        KeywordRules::Scorer
    } else {
        KeywordRules::Legacy
    }
}

/// `[score, totalKeywords, matchedKeywords]` of `response` against `reference` (the glue,
/// `wasm-nlp.js`, names them); `scorer` selects the 1.x rule for a reference without keywords
/// (1 rather than 0).
#[cfg(feature = "nlp")]
#[wasm_bindgen(js_name = keywordCoverage)]
pub fn keyword_coverage_js(reference: &[u8], response: &[u8], scorer: bool) -> Box<[f64]> {
    keyword_coverage_numbers(&keyword_coverage(
        text(reference),
        text(response),
        keyword_rules(scorer),
    ))
}

/// The keywords of `text`, each once, in order of first appearance.
#[cfg(feature = "nlp")]
#[wasm_bindgen(js_name = extractKeywords)]
pub fn extract_keywords_js(bytes: &[u8]) -> Vec<String> {
    extract_keywords(text(bytes))
}

/// `[ratio, changes, lengthDiff, confidence]` of two texts (named by the glue).
#[cfg(feature = "nlp")]
#[wasm_bindgen(js_name = textualDifference)]
pub fn textual_difference(input: &[u8], output: &[u8]) -> Box<[f64]> {
    let TextualDifference {
        ratio,
        changes,
        length_diff,
        confidence,
    } = crate::metrics::nlp::textdiff::textual_difference(text(input), text(output));
    Box::new([ratio, count(changes), length_diff, confidence])
}

/// The tone of `response` (named by the glue): `[score, responseSentiment, referenceSentiment,
/// difference]` against a non-empty `reference`, else `[score, avgSentiment,
/// sentimentVariance]` across its sentences.
#[cfg(feature = "nlp")]
#[wasm_bindgen(js_name = tone)]
pub fn tone(response: &[u8], reference: &[u8]) -> Box<[f64]> {
    match crate::metrics::nlp::tone::tone(text(response), Some(text(reference))) {
        Tone::Compared {
            score,
            response_sentiment,
            reference_sentiment,
            difference,
        } => Box::new([score, response_sentiment, reference_sentiment, difference]),
        Tone::Stability {
            score,
            avg_sentiment,
            sentiment_variance,
        } => Box::new([score, avg_sentiment, sentiment_variance]),
    }
}

/// The language of a stemmed family, or the error the glue rethrows (it checks codes first).
#[cfg(feature = "stem")]
fn stemmed_language(code: &str) -> Result<crate::metrics::nlp::multilingual::Language, JsError> {
    crate::metrics::nlp::multilingual::Language::from_code(code).ok_or_else(|| {
        JsError::new(&format!(
            "unknown language \"{code}\": the stem module takes {}",
            crate::metrics::nlp::multilingual::Language::CODES.join(", ")
        ))
    })
}

/// The language of the two texts taken together: a code of the stem module, or "en" for
/// English and anything undecided.
#[cfg(feature = "stem")]
#[wasm_bindgen(js_name = detectLanguage)]
pub fn detect_language(input: &str, output: &str) -> String {
    crate::metrics::nlp::multilingual::detect_language_of(&[input, output])
        .map_or("en", |language| language.code())
        .to_string()
}

/// `{ score, info }` of completeness in a stemmed language, `info.language` included.
#[cfg(feature = "stem")]
#[wasm_bindgen(js_name = stemmedCompleteness)]
pub fn stemmed_completeness(
    input: &str,
    output: &str,
    language: &str,
    ignore_stopwords: bool,
) -> Result<JsValue, JsError> {
    let language = stemmed_language(language)?;
    let stemmed = crate::metrics::nlp::multilingual::measure_completeness_in(
        input,
        output,
        language,
        ignore_stopwords,
    );
    let result = CompletenessResult {
        score: stemmed.score,
        info: stemmed.info.elements,
    };
    Ok(completeness_to_js(&result, Some(language.code())))
}

/// `[score, totalKeywords, matchedKeywords]` in a stemmed language, named by the glue as
/// `keywordCoverage`'s (`scorer`: see `keywordCoverage`).
#[cfg(feature = "stem")]
#[wasm_bindgen(js_name = stemmedKeywordCoverage)]
pub fn stemmed_keyword_coverage(
    reference: &str,
    response: &str,
    language: &str,
    scorer: bool,
) -> Result<Box<[f64]>, JsError> {
    let rules = keyword_rules(scorer);
    let language = stemmed_language(language)?;
    Ok(keyword_coverage_numbers(
        &crate::metrics::nlp::multilingual::keyword_coverage_in(
            reference, response, language, rules,
        ),
    ))
}

/// The keywords (stems) of `text` in a stemmed language, each once, in order of first
/// appearance.
#[cfg(feature = "stem")]
#[wasm_bindgen(js_name = stemmedKeywords)]
pub fn stemmed_keywords(text: &str, language: &str) -> Result<Vec<String>, JsError> {
    Ok(crate::metrics::nlp::multilingual::stemmed_keywords(
        text,
        stemmed_language(language)?,
    ))
}

// --- The code scorers and checks of Mastra 1.x (feature `code`): sequence comparison and
// string similarity. Names arrive as ids (`pkg-template/code/wasm-code.js` interns them). ---

/// Compares an actual trajectory with expected steps (names as ids, `-1` for a missing name,
/// below `-1` for a falsy one). `accepted` lists pairs `e, a` (flattened, in increasing order of
/// `e` then `a`, as the glue makes them) where expected step `e` accepts actual step `a` beyond
/// its name; a pair out of order may be missed, never more; `ordering` is `"strict"`, `"unordered"` or anything
/// else for relaxed. Returns the numbers the glue names: `[score, matched, then four lists each
/// as its length followed by its indices: missing (expected), extra (actual), out of order
/// (actual under strict ordering, expected otherwise), repeated (actual)]`.
#[cfg(feature = "code")]
#[wasm_bindgen(js_name = compareTrajectories)]
pub fn compare_trajectories_js(
    actual: &[i32],
    expected: &[i32],
    accepted: &[u32],
    ordering: &str,
    allow_repeated: bool,
) -> Box<[f64]> {
    use crate::metrics::code::sequences::{compare_trajectories, Ordering};
    let ordering = match ordering {
        "strict" => Ordering::Strict,
        "unordered" => Ordering::Unordered,
        _ => Ordering::Relaxed,
    };
    let key = |e: u64, a: u64| (e << 32) | a;
    let pairs: Vec<u64> = accepted
        .chunks_exact(2)
        .map(|pair| key(u64::from(pair[0]), u64::from(pair[1])))
        .collect();
    let accepts = |e: usize, a: usize| pairs.binary_search(&key(e as u64, a as u64)).is_ok();
    let result = compare_trajectories(actual, expected, accepts, ordering, allow_repeated);
    let mut numbers = Vec::from([result.score, count(result.matched)]);
    for list in [
        &result.missing,
        &result.extra,
        &result.out_of_order,
        &result.repeated,
    ] {
        numbers.push(count(list.len()));
        numbers.extend(list.iter().map(|&i| count(i)));
    }
    numbers.into_boxed_slice()
}

/// Whether the tool ids `actual` follow `expected`: equal sequences when `strict`; otherwise
/// increasing first occurrences (`first_occurrence`, the tool-call accuracy scorer) or a greedy
/// subsequence (the `toolOrder` check).
#[cfg(feature = "code")]
#[wasm_bindgen(js_name = followsOrder)]
pub fn follows_order_js(
    actual: &[i32],
    expected: &[i32],
    strict: bool,
    first_occurrence: bool,
) -> bool {
    crate::metrics::code::sequences::follows_order(actual, expected, strict, first_occurrence)
}

/// Whether the ids `run` occur consecutively in `names` (an empty run never does).
#[cfg(feature = "code")]
#[wasm_bindgen(js_name = containsRun)]
pub fn contains_run_js(names: &[i32], run: &[i32]) -> bool {
    crate::metrics::code::sequences::contains_run(names, run)
}

/// The Dice similarity of two strings as string-similarity's `compareTwoStrings` (white space
/// removed, no case folding), from 0 to 1: the `similarity` check.
#[cfg(feature = "code")]
#[wasm_bindgen(js_name = stringSimilarity)]
pub fn string_similarity(a: &str, b: &str) -> f64 {
    let exact = SimilarityOptions {
        ignore_case: false,
        ignore_whitespace: false,
    };
    similarity(a, b, exact)
}
// --- end of the code scorers and checks ---

//! The built-in OpenAI-compatible model's transport (wasm only): HTTP over gloo-net, i.e. the
//! runtime's global `fetch`, so it works in Node 18+, browsers and workers alike.
//!
//! The protocol (bodies, answers, retry rules) is in [`crate::openai`]; this module sends the
//! requests, times them out, follows the retry rules with jittered waits, and never lets the
//! API key into an error.

use std::cell::Cell;
use std::rc::Rc;

use gloo_net::http::Request;
use js_sys::{Array, Function, Object, Promise, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, AbortSignal, AddEventListenerOptions};

use crate::number::format_number;
use crate::openai::{
    completions_url, error_message, is_retryable, read_answer, redact_url, rejects_json_mode,
    request_body, retry_delay_ms, ChatSettings,
};

/// What `openaiCompatible({...})` was configured with, as the JS glue passes it (already
/// checked there: `openai.js`). Read field by field rather than through serde, whose
/// deserializer would add about 4 KB gzip to the module.
struct Config {
    base_url: String,
    api_key: Option<String>,
    model: String,
    headers: Vec<(String, String)>,
    temperature: f64,
    max_output_tokens: Option<u32>,
    timeout_ms: Option<f64>,
    max_retries: u32,
    /// False once this model's server refused JSON mode.
    json_mode: bool,
}

impl Config {
    fn from_js(config: &JsValue) -> Result<Config, String> {
        let field = |key: &str| Reflect::get(config, &JsValue::from_str(key)).ok();
        let text = |key: &str| field(key).and_then(|v| v.as_string());
        let number = |key: &str| {
            field(key)
                .and_then(|v| v.as_f64())
                .filter(|n| n.is_finite())
        };
        let base_url = text("baseURL").ok_or("\"baseURL\" must be a string")?;
        let model = text("model").ok_or("\"model\" must be a string")?;
        let headers = match field("headers").filter(JsValue::is_object) {
            Some(headers) => Object::entries(headers.unchecked_ref())
                .iter()
                .filter_map(|entry| {
                    let entry = Array::from(&entry);
                    Some((entry.get(0).as_string()?, entry.get(1).as_string()?))
                })
                .collect(),
            None => Vec::new(),
        };
        Ok(Config {
            base_url,
            api_key: text("apiKey"),
            model,
            headers,
            temperature: number("temperature").unwrap_or(0.0),
            max_output_tokens: number("maxOutputTokens").map(|n| n as u32),
            timeout_ms: number("timeoutMs"),
            max_retries: number("maxRetries").map_or(0, |n| n as u32),
            json_mode: field("jsonMode").and_then(|v| v.as_bool()).unwrap_or(true),
        })
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Answer {
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    usage: Option<Tokens>,
    /// The server refused JSON mode and the request went through without it: the glue stops
    /// asking for it for this model.
    json_mode_rejected: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Tokens {
    input_tokens: u64,
    output_tokens: u64,
}

/// A failure, as the glue turns it into an `EvalsError` (`code` `EVALS_HTTP_ERROR`, or
/// `EVALS_ABORTED`).
#[derive(Serialize)]
struct Failure {
    code: &'static str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<u16>,
    url: String,
    attempts: u32,
}

/// How one attempt ended.
enum Outcome {
    Answered {
        status: u16,
        retry_after: Option<String>,
        body: String,
    },
    TimedOut,
    Aborted,
    Network(String),
}

fn global_function(name: &str) -> Option<Function> {
    Reflect::get(&js_sys::global(), &JsValue::from_str(name))
        .ok()?
        .dyn_into()
        .ok()
}

/// Resolves after `ms` milliseconds, or as soon as `signal` aborts.
async fn sleep(ms: f64, signal: Option<&AbortSignal>) {
    let promise = Promise::new(&mut |resolve, _reject| {
        if let Some(set_timeout) = global_function("setTimeout") {
            let _ = set_timeout.call2(&JsValue::NULL, &resolve, &JsValue::from_f64(ms));
        }
        if let Some(signal) = signal {
            let options = AddEventListenerOptions::new();
            options.set_once(true);
            let _ = signal.add_event_listener_with_callback_and_add_event_listener_options(
                "abort", &resolve, &options,
            );
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// One HTTP attempt, cancelled by `outer` or after `timeout_ms`.
async fn attempt(url: &str, config: &Config, body: String, outer: Option<&AbortSignal>) -> Outcome {
    if outer.is_some_and(AbortSignal::aborted) {
        return Outcome::Aborted;
    }
    let Ok(controller) = AbortController::new() else {
        return Outcome::Network("AbortController is not available".into());
    };
    let timed_out = Rc::new(Cell::new(false));
    let on_timeout = {
        let (controller, timed_out) = (controller.clone(), timed_out.clone());
        Closure::once(move || {
            timed_out.set(true);
            controller.abort();
        })
    };
    let timer = match (config.timeout_ms, global_function("setTimeout")) {
        (Some(ms), Some(set_timeout)) => set_timeout
            .call2(&JsValue::NULL, on_timeout.as_ref(), &JsValue::from_f64(ms))
            .ok(),
        _ => None,
    };
    let on_abort = {
        let controller = controller.clone();
        Closure::<dyn FnMut()>::new(move || controller.abort())
    };
    if let Some(outer) = outer {
        let _ = outer.add_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
    }

    let mut builder = Request::post(url)
        .abort_signal(Some(&controller.signal()))
        .header("content-type", "application/json");
    if let Some(key) = config.api_key.as_deref().filter(|k| !k.is_empty()) {
        builder = builder.header("authorization", &format!("Bearer {key}"));
    }
    for (name, value) in &config.headers {
        builder = builder.header(name, value);
    }
    let outcome = match builder.body(body) {
        Err(e) => Outcome::Network(e.to_string()),
        Ok(request) => match request.send().await {
            Err(e) => Outcome::Network(e.to_string()),
            Ok(response) => {
                let status = response.status();
                let retry_after = response.headers().get("retry-after");
                match response.text().await {
                    Ok(body) => Outcome::Answered {
                        status,
                        retry_after,
                        body,
                    },
                    Err(e) => Outcome::Network(format!("the response broke off: {e}")),
                }
            }
        },
    };

    if let (Some(id), Some(clear)) = (timer, global_function("clearTimeout")) {
        let _ = clear.call1(&JsValue::NULL, &id);
    }
    if let Some(outer) = outer {
        let _ =
            outer.remove_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
    }
    match outcome {
        Outcome::Network(_) if outer.is_some_and(AbortSignal::aborted) => Outcome::Aborted,
        Outcome::Network(_) if timed_out.get() => Outcome::TimedOut,
        other => other,
    }
}

fn failure(message: String, status: Option<u16>, url: &str, attempts: u32) -> JsValue {
    let failure = Failure {
        code: "EVALS_HTTP_ERROR",
        message,
        status,
        url: url.to_string(),
        attempts,
    };
    failure
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or_else(|_| JsValue::from_str("the request failed"))
}

fn attempts_text(n: u32) -> String {
    if n == 1 {
        "1 attempt".into()
    } else {
        format!("{n} attempts")
    }
}

/// Sends one chat request with retries: `{ text, usage?, jsonModeRejected }`, or rejects with
/// `{ code, message, status?, url, attempts }`. The message names the status, the server's
/// own message (first 500 characters), the URL without credentials, and the attempts made.
#[wasm_bindgen(js_name = openaiChat)]
pub async fn openai_chat(
    config: JsValue,
    system: String,
    user: String,
    json: bool,
    signal: Option<AbortSignal>,
) -> Result<JsValue, JsValue> {
    let config = Config::from_js(&config)
        .map_err(|e| JsValue::from_str(&format!("invalid openaiCompatible settings: {e}")))?;
    let url = completions_url(&config.base_url);
    let shown = redact_url(&url);
    let settings = ChatSettings {
        model: config.model.clone(),
        temperature: config.temperature,
        max_output_tokens: config.max_output_tokens,
    };
    let mut json_mode = json && config.json_mode;
    let mut json_mode_rejected = false;
    let mut attempts = 0;
    loop {
        attempts += 1;
        let body = request_body(&settings, &system, &user, json_mode);
        let retry_after = match attempt(&url, &config, body, signal.as_ref()).await {
            Outcome::Aborted => {
                let message = format!("the request to {shown} was aborted");
                let aborted = Failure {
                    code: "EVALS_ABORTED",
                    message,
                    status: None,
                    url: shown.clone(),
                    attempts,
                };
                return Err(aborted
                    .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
                    .unwrap_or(JsValue::NULL));
            }
            Outcome::Answered { status, body, .. } if (200..300).contains(&status) => {
                let answer = read_answer(&body).map_err(|problem| {
                    failure(
                        format!("POST {shown} answered HTTP {status}, but {problem}"),
                        Some(status),
                        &shown,
                        attempts,
                    )
                })?;
                let usage = match (answer.prompt_tokens, answer.completion_tokens) {
                    (None, None) => None,
                    (input, output) => Some(Tokens {
                        input_tokens: input.unwrap_or(0),
                        output_tokens: output.unwrap_or(0),
                    }),
                };
                let answer = Answer {
                    text: answer.text,
                    usage,
                    json_mode_rejected,
                };
                return answer
                    .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
                    .map_err(|e| JsValue::from_str(&e.to_string()));
            }
            Outcome::Answered { status, body, .. }
                if json_mode && rejects_json_mode(status, &error_message(&body)) =>
            {
                // The server does not do JSON mode: ask again without it (not counted as a retry).
                json_mode = false;
                json_mode_rejected = true;
                attempts -= 1;
                continue;
            }
            Outcome::Answered {
                status,
                retry_after,
                body,
            } => {
                if !is_retryable(status) || attempts > config.max_retries {
                    let message = format!(
                        "POST {shown} failed with HTTP {status} after {}: {}",
                        attempts_text(attempts),
                        error_message(&body)
                    );
                    return Err(failure(message, Some(status), &shown, attempts));
                }
                retry_after
            }
            Outcome::TimedOut if attempts > config.max_retries => {
                let ms = format_number(config.timeout_ms.unwrap_or_default());
                let message = format!(
                    "POST {shown} failed after {}: no answer within timeoutMs ({ms} ms)",
                    attempts_text(attempts)
                );
                return Err(failure(message, None, &shown, attempts));
            }
            Outcome::Network(problem) if attempts > config.max_retries => {
                let message = format!(
                    "POST {shown} failed after {}: {problem}",
                    attempts_text(attempts)
                );
                return Err(failure(message, None, &shown, attempts));
            }
            Outcome::TimedOut | Outcome::Network(_) => None,
        };
        sleep(
            retry_delay_ms(attempts, retry_after.as_deref(), js_sys::Math::random()),
            signal.as_ref(),
        )
        .await;
    }
}

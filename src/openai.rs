//! The OpenAI-compatible Chat Completions protocol, without the transport.
//!
//! Builds request bodies, reads response bodies, and decides about retries: which statuses are
//! worth another attempt and how long to wait first. The wasm binding sends the requests (over
//! gloo-net, i.e. the runtime's `fetch`) and supplies what the core must not own: the clock and
//! the random jitter.

use crate::json::{find_json, Value};
use crate::number::{format_number, parse_number};

/// What an OpenAI-compatible model is configured with (the API key stays in the binding).
#[derive(Debug, Clone, PartialEq)]
pub struct ChatSettings {
    pub model: String,
    pub temperature: f64,
    pub max_output_tokens: Option<u32>,
}

/// Writes `text` as a JSON string literal.
///
/// ```
/// assert_eq!(evals_wasm::openai::json_string("a\"b\n\u{1}"), r#""a\"b\n\u0001""#);
/// ```
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The JSON body of a Chat Completions request. With `json_mode`, asks for
/// `response_format: { type: "json_object" }` (the prompts of this crate always mention JSON,
/// which OpenAI requires for that mode).
pub fn request_body(settings: &ChatSettings, system: &str, user: &str, json_mode: bool) -> String {
    let mut body = format!(
        "{{\"model\":{},\"messages\":[",
        json_string(&settings.model)
    );
    if !system.is_empty() {
        body.push_str(&format!(
            "{{\"role\":\"system\",\"content\":{}}},",
            json_string(system)
        ));
    }
    body.push_str(&format!(
        "{{\"role\":\"user\",\"content\":{}}}]",
        json_string(user)
    ));
    if settings.temperature.is_finite() {
        body.push_str(&format!(
            ",\"temperature\":{}",
            format_number(settings.temperature)
        ));
    }
    if let Some(max) = settings.max_output_tokens {
        body.push_str(&format!(",\"max_tokens\":{max}"));
    }
    if json_mode {
        body.push_str(",\"response_format\":{\"type\":\"json_object\"}");
    }
    body.push('}');
    body
}

/// A successful answer: the assistant's text and the token counts, when reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatAnswer {
    pub text: String,
    pub prompt_tokens: Option<u64>,
    pub completion_tokens: Option<u64>,
}

/// Reads a 2xx response body: `choices[0].message.content` and `usage`. A body that is not
/// such an object is an error (the message says what was wrong).
pub fn read_answer(body: &str) -> Result<ChatAnswer, String> {
    let value = find_json(body).ok_or("the response body is not JSON")?;
    let choice = value
        .get("choices")
        .and_then(Value::as_array)
        .and_then(|choices| choices.first())
        .ok_or("the response has no choices")?;
    let text = choice
        .get("message")
        .and_then(|m| m.get("content"))
        .and_then(Value::as_str)
        .ok_or("the first choice has no message content")?;
    let tokens = |key: &str| match value.get("usage").and_then(|u| u.get(key)) {
        Some(Value::Number(n)) if *n >= 0.0 && n.is_finite() => Some(*n as u64),
        _ => None,
    };
    Ok(ChatAnswer {
        text: text.to_string(),
        prompt_tokens: tokens("prompt_tokens"),
        completion_tokens: tokens("completion_tokens"),
    })
}

/// The server's own error message from an error body (`{"error": {"message": …}}`, or
/// `{"error": "…"}`, or the raw text), cut at 500 characters.
pub fn error_message(body: &str) -> String {
    let from_json = find_json(body).and_then(|v| {
        let error = v.get("error")?;
        error.as_str().map(str::to_string).or_else(|| {
            error
                .get("message")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
    });
    let message = from_json.unwrap_or_else(|| body.trim().to_string());
    let mut cut: String = message.chars().take(500).collect();
    if message.chars().count() > 500 {
        cut.push('…');
    }
    cut
}

/// Statuses worth another attempt: rate limits and transient server failures.
pub fn is_retryable(status: u16) -> bool {
    matches!(status, 429 | 500 | 502 | 503 | 504)
}

/// Whether a 400 answer is the server refusing `response_format` (JSON mode), in which case
/// the request is worth repeating without it.
pub fn rejects_json_mode(status: u16, message: &str) -> bool {
    let message = message.to_ascii_lowercase();
    status == 400 && (message.contains("response_format") || message.contains("json"))
}

/// The longest wait before a retry, whatever `Retry-After` says.
pub const MAX_RETRY_DELAY_MS: f64 = 60_000.0;

/// How long to wait before attempt `attempt + 1` (attempt counts from 1): the server's
/// `Retry-After` in seconds when it gave one, else exponential backoff from 500 ms with
/// "full jitter" (`jitter` in [0, 1) comes from the caller), never more than 60 s.
///
/// ```
/// use evals_wasm::openai::retry_delay_ms;
/// assert_eq!(retry_delay_ms(1, Some("2"), 0.5), 2000.0);
/// assert_eq!(retry_delay_ms(1, None, 0.0), 250.0);
/// assert_eq!(retry_delay_ms(3, None, 0.999), 1999.0);
/// assert_eq!(retry_delay_ms(2, Some("3600"), 0.0), 60_000.0);
/// ```
pub fn retry_delay_ms(attempt: u32, retry_after: Option<&str>, jitter: f64) -> f64 {
    if let Some(seconds) = retry_after
        .and_then(|v| parse_number(v.trim()))
        .filter(|s| s.is_finite() && *s >= 0.0)
    {
        return (seconds * 1000.0).min(MAX_RETRY_DELAY_MS);
    }
    let ceiling = 500.0 * 2f64.powi(attempt.saturating_sub(1).min(16) as i32);
    let jitter = if jitter.is_finite() {
        jitter.clamp(0.0, 0.999)
    } else {
        0.5
    };
    // Half fixed, half random: never zero, never in lockstep with other clients.
    (ceiling / 2.0 + ceiling / 2.0 * jitter)
        .floor()
        .min(MAX_RETRY_DELAY_MS)
}

/// `{base}/chat/completions`, whatever trailing slashes `base` has; a query string on `base`
/// (`?api-version=…` for Azure-style gateways) stays at the end.
pub fn completions_url(base_url: &str) -> String {
    let (base, query) = base_url
        .split_once('?')
        .map_or((base_url, None), |(b, q)| (b, Some(q)));
    let mut url = format!("{}/chat/completions", base.trim_end_matches('/'));
    if let Some(query) = query {
        url.push('?');
        url.push_str(query);
    }
    url
}

/// A URL fit for an error message: user name, password and query string removed.
///
/// ```
/// use evals_wasm::openai::redact_url;
/// assert_eq!(redact_url("https://user:secret@host/v1/chat/completions?api-key=k"), "https://host/v1/chat/completions");
/// ```
pub fn redact_url(url: &str) -> String {
    let without_query = url.split(['?', '#']).next().unwrap_or(url);
    match without_query.split_once("://") {
        Some((scheme, rest)) => {
            let (authority, path) = rest.split_once('/').map_or((rest, ""), |(a, p)| (a, p));
            let host = authority
                .rsplit_once('@')
                .map_or(authority, |(_, host)| host);
            if path.is_empty() && !rest.contains('/') {
                format!("{scheme}://{host}")
            } else {
                format!("{scheme}://{host}/{path}")
            }
        }
        None => without_query.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> ChatSettings {
        ChatSettings {
            model: "gpt-4o-mini".into(),
            temperature: 0.0,
            max_output_tokens: Some(512),
        }
    }

    #[test]
    fn request_bodies_are_valid_json_with_the_options() {
        let body = request_body(
            &settings(),
            "Answer in JSON.",
            "<output>\n\"quoted\" \\ text\n</output>",
            true,
        );
        let parsed = find_json(&body).unwrap_or(Value::Null);
        assert_eq!(
            parsed.get("model").and_then(Value::as_str),
            Some("gpt-4o-mini")
        );
        assert_eq!(parsed.get("temperature"), Some(&Value::Number(0.0)));
        assert_eq!(parsed.get("max_tokens"), Some(&Value::Number(512.0)));
        assert_eq!(
            parsed
                .get("response_format")
                .and_then(|r| r.get("type"))
                .and_then(Value::as_str),
            Some("json_object")
        );
        let messages = parsed
            .get("messages")
            .and_then(Value::as_array)
            .map(<[Value]>::to_vec)
            .unwrap_or_default();
        assert_eq!(
            messages[1].get("content").and_then(Value::as_str),
            Some("<output>\n\"quoted\" \\ text\n</output>")
        );
        let plain = request_body(
            &ChatSettings {
                max_output_tokens: None,
                ..settings()
            },
            "",
            "u",
            false,
        );
        assert_eq!(
            plain,
            r#"{"model":"gpt-4o-mini","messages":[{"role":"user","content":"u"}],"temperature":0}"#
        );
    }

    #[test]
    fn answers_and_usage_are_read() {
        let body = r#"{"choices":[{"index":0,"message":{"role":"assistant","content":"{\"a\":1}"}}],"usage":{"prompt_tokens":12,"completion_tokens":3}}"#;
        assert_eq!(
            read_answer(body),
            Ok(ChatAnswer {
                text: "{\"a\":1}".into(),
                prompt_tokens: Some(12),
                completion_tokens: Some(3)
            })
        );
        assert!(read_answer("<html>502 Bad Gateway</html>").is_err());
        assert_eq!(
            read_answer(r#"{"choices": []}"#),
            Err("the response has no choices".into())
        );
        assert_eq!(
            read_answer(r#"{"choices": [{"message": {"content": null}}]}"#),
            Err("the first choice has no message content".into())
        );
    }

    #[test]
    fn error_messages_come_from_the_body_and_are_cut() {
        assert_eq!(
            error_message(r#"{"error": {"message": "Rate limit reached", "type": "requests"}}"#),
            "Rate limit reached"
        );
        assert_eq!(
            error_message(r#"{"error": "model not found"}"#),
            "model not found"
        );
        assert_eq!(error_message("plain text failure"), "plain text failure");
        let long = error_message(&"x".repeat(2000));
        assert_eq!(long.chars().count(), 501);
    }

    #[test]
    fn retry_rules() {
        assert!([429, 500, 502, 503, 504].iter().all(|s| is_retryable(*s)));
        assert!(![400, 401, 403, 404, 422].iter().any(|s| is_retryable(*s)));
        assert!(rejects_json_mode(
            400,
            "Invalid parameter: 'response_format' of type 'json_object' is not supported"
        ));
        assert!(!rejects_json_mode(400, "context length exceeded"));
        assert!(!rejects_json_mode(500, "response_format"));
        for attempt in 1..40 {
            let d = retry_delay_ms(attempt, None, 0.3);
            assert!(d > 0.0 && d <= MAX_RETRY_DELAY_MS);
        }
        assert_eq!(
            retry_delay_ms(1, Some("soon"), 0.0),
            250.0,
            "an unreadable Retry-After falls back to backoff"
        );
    }

    #[test]
    fn urls() {
        assert_eq!(
            completions_url("http://127.0.0.1:11434/v1/"),
            "http://127.0.0.1:11434/v1/chat/completions"
        );
        assert_eq!(redact_url("http://localhost:8000"), "http://localhost:8000");
        assert_eq!(redact_url("not a url?key=1"), "not a url");
    }
}

//! A lenient JSON reader for what language models answer, and the writer of the engine's
//! results ([`ToJson`]).
//!
//! Models wrap JSON in code fences, put prose before and after it, leave trailing commas, and
//! sometimes quote with single quotes. [`find_json`] locates the first complete JSON object or
//! array in a text and parses it into a [`Value`], tolerating those habits. It never panics,
//! runs in time linear in the text, and limits nesting depth so hostile input cannot exhaust
//! the stack.

use alloc::{format, string::String, vec::Vec};

use crate::numbers::number::{format_number, parse_number};

/// A parsed JSON value. Numbers are kept as `f64`.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Value>),
    /// Members in the order they appear, repeats included; [`Value::get`] reads the first.
    /// (A list rather than a map: lookups are few, and a map type would cost the wasm module
    /// about 10 KB.)
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The value under `key` of an object, if any.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The items, if this is an array.
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }
}

/// Writes `text` as a JSON string literal (for tests and tools that build model answers).
///
/// ```
/// assert_eq!(evals_wasm::judge::json::quote("a\"b\n\u{1}"), r#""a\"b\n\u0001""#);
/// ```
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    quote_into(&mut out, text);
    out
}

/// Appends `text` to `out` as a JSON string literal.
fn quote_into(out: &mut String, text: &str) {
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
}

/// A value written as JSON text. The engine's results cross to JS this way, read there by
/// `JSON.parse`: a serializer framework and its JS converter would cost the LLM modules about
/// 5 KB gzip (docs/size.md).
pub trait ToJson {
    fn write_json(&self, out: &mut String);

    fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }
}

impl ToJson for str {
    fn write_json(&self, out: &mut String) {
        quote_into(out, self);
    }
}

impl ToJson for String {
    fn write_json(&self, out: &mut String) {
        quote_into(out, self);
    }
}

impl ToJson for &str {
    fn write_json(&self, out: &mut String) {
        quote_into(out, self);
    }
}

/// As `JSON.stringify`: a number as JS prints it, `null` when not finite.
impl ToJson for f64 {
    fn write_json(&self, out: &mut String) {
        if self.is_finite() {
            out.push_str(&format_number(*self));
        } else {
            out.push_str("null");
        }
    }
}

impl ToJson for u32 {
    fn write_json(&self, out: &mut String) {
        f64::from(*self).write_json(out);
    }
}

/// Counts up to 2^53 - 1 (the engine caps token counts there), exact as JS numbers.
impl ToJson for u64 {
    fn write_json(&self, out: &mut String) {
        (*self as f64).write_json(out);
    }
}

impl ToJson for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

impl<T: ToJson> ToJson for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(value) => value.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: ToJson> ToJson for [T] {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        for (i, value) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            value.write_json(out);
        }
        out.push(']');
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

/// Writes a JSON object field by field: `Fields::new(out).field("a", &1.0).end()`.
pub struct Fields<'a> {
    out: &'a mut String,
    first: bool,
}

impl<'a> Fields<'a> {
    pub fn new(out: &'a mut String) -> Self {
        out.push('{');
        Fields { out, first: true }
    }

    pub fn field<T: ToJson + ?Sized>(mut self, name: &str, value: &T) -> Self {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        quote_into(self.out, name);
        self.out.push(':');
        value.write_json(self.out);
        self
    }

    /// The field when there is a value; nothing when `None`.
    pub fn some<T: ToJson>(self, name: &str, value: &Option<T>) -> Self {
        match value {
            Some(v) => self.field(name, v),
            None => self,
        }
    }

    pub fn end(self) {
        self.out.push('}');
    }
}

/// How deeply arrays and objects may nest before the reader gives up.
const MAX_DEPTH: usize = 64;

/// Finds and parses the first JSON object or array in `text`: inside a ```` ```json ```` fence
/// if there is one, else the first `{` or `[` that starts a value that parses. Returns `None`
/// when there is none.
///
/// ```
/// use evals_wasm::judge::json::{find_json, Value};
/// let v = find_json("Sure! Here it is:\n```json\n{\"a\": [1, 2,],}\n```\nHope it helps.").unwrap_or(Value::Null);
/// assert_eq!(v.get("a").and_then(Value::as_array).map(<[_]>::len), Some(2));
/// ```
pub fn find_json(text: &str) -> Option<Value> {
    if let Some(fenced) = fenced_block(text) {
        if let Some(v) = first_value(fenced) {
            return Some(v);
        }
    }
    first_value(text)
}

/// The body of the first ``` fenced block, if the text has one.
fn fenced_block(text: &str) -> Option<&str> {
    let start = text.find("```")?;
    let after = text.get(start + 3..)?;
    let body_start = after.find('\n').map_or(0, |i| i + 1);
    let body = after.get(body_start..)?;
    let end = body.find("```").unwrap_or(body.len());
    body.get(..end)
}

/// Tries each `{` / `[` in turn as the start of a value. The bytes all failed attempts may
/// read are capped at a multiple of the text's length, which keeps the search linear even for
/// text crafted to make every start fail late.
fn first_value(text: &str) -> Option<Value> {
    let bytes = text.as_bytes();
    let mut budget = bytes.len().saturating_mul(16).max(1024);
    let mut from = 0;
    while let Some(offset) = bytes
        .get(from..)?
        .iter()
        .position(|&b| b == b'{' || b == b'[')
    {
        let start = from + offset;
        let mut parser = Parser {
            bytes,
            pos: start,
            depth: 0,
        };
        if let Some(v) = parser.value() {
            return Some(v);
        }
        budget = budget.checked_sub(parser.pos.saturating_sub(start) + 1)?;
        from = start + 1;
    }
    None
}

struct Parser<'a> {
    bytes: &'a [u8],
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while let Some(b) = self.peek() {
            if b.is_ascii_whitespace() {
                self.pos += 1;
            } else if b == b'/' && self.bytes.get(self.pos + 1) == Some(&b'/') {
                while self.peek().is_some_and(|b| b != b'\n') {
                    self.pos += 1;
                }
            } else {
                break;
            }
        }
    }

    fn value(&mut self) -> Option<Value> {
        self.skip_space();
        match self.peek()? {
            b'{' => self.nested(Self::object),
            b'[' => self.nested(Self::array),
            b'"' | b'\'' => self.string().map(Value::String),
            b't' => self.word("true", Value::Bool(true)),
            b'f' => self.word("false", Value::Bool(false)),
            b'n' => self.word("null", Value::Null),
            b'T' => self.word("True", Value::Bool(true)),
            b'F' => self.word("False", Value::Bool(false)),
            b'N' => self.word("None", Value::Null),
            b'-' | b'+' | b'0'..=b'9' | b'.' => self.number(),
            _ => None,
        }
    }

    fn nested(&mut self, inner: fn(&mut Self) -> Option<Value>) -> Option<Value> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let v = inner(self);
        self.depth -= 1;
        v
    }

    fn word(&mut self, word: &str, value: Value) -> Option<Value> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Some(value)
        } else {
            None
        }
    }

    fn number(&mut self) -> Option<Value> {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'))
        {
            self.pos += 1;
        }
        let text = core::str::from_utf8(&self.bytes[start..self.pos]).ok()?;
        parse_number(text).map(Value::Number)
    }

    fn string(&mut self) -> Option<String> {
        let quote = self.peek()?;
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            let b = self.peek()?;
            self.pos += 1;
            match b {
                b if b == quote => break,
                b'\\' => {
                    let escaped = self.peek()?;
                    self.pos += 1;
                    match escaped {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'u' => {
                            let c = self.unicode_escape()?;
                            let mut buf = [0u8; 4];
                            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                        }
                        other => out.push(other),
                    }
                }
                other => out.push(other),
            }
        }
        String::from_utf8(out).ok()
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.bytes.get(self.pos..self.pos + 4)?;
        let text = core::str::from_utf8(digits).ok()?;
        let n = u32::from_str_radix(text, 16).ok()?;
        self.pos += 4;
        Some(n)
    }

    /// After `\u`: one code point, joining a surrogate pair; a lone surrogate becomes U+FFFD.
    fn unicode_escape(&mut self) -> Option<char> {
        let first = self.hex4()?;
        if (0xD800..0xDC00).contains(&first) && self.bytes[self.pos..].starts_with(b"\\u") {
            let save = self.pos;
            self.pos += 2;
            match self.hex4() {
                Some(second) if (0xDC00..0xE000).contains(&second) => {
                    return char::from_u32(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00));
                }
                _ => self.pos = save,
            }
        }
        Some(char::from_u32(first).unwrap_or('\u{FFFD}'))
    }

    fn array(&mut self) -> Option<Value> {
        self.pos += 1;
        let mut items = Vec::new();
        loop {
            self.skip_space();
            match self.peek()? {
                b']' => {
                    self.pos += 1;
                    return Some(Value::Array(items));
                }
                b',' => self.pos += 1,
                _ => items.push(self.value()?),
            }
        }
    }

    fn object(&mut self) -> Option<Value> {
        self.pos += 1;
        let mut members = Vec::new();
        loop {
            self.skip_space();
            match self.peek()? {
                b'}' => {
                    self.pos += 1;
                    return Some(Value::Object(members));
                }
                b',' => self.pos += 1,
                b'"' | b'\'' => {
                    let key = self.string()?;
                    self.skip_space();
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.pos += 1;
                    let value = self.value()?;
                    members.push((key, value));
                }
                _ => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_what_the_reader_reads_back() {
        let mut out = String::new();
        Fields::new(&mut out)
            .field("text", "say \"hi\"\n\u{1}\u{2028}é")
            .field("n", &0.1)
            .field("big", &9_007_199_254_740_991u64)
            .field("nan", &f64::NAN)
            .field("list", &alloc::vec![1.5, -2.0])
            .some("absent", &None::<f64>)
            .field("none", &None::<f64>)
            .field("yes", &true)
            .end();
        assert_eq!(
            out,
            "{\"text\":\"say \\\"hi\\\"\\n\\u0001\u{2028}é\",\"n\":0.1,\"big\":9007199254740991,\
             \"nan\":null,\"list\":[1.5,-2],\"none\":null,\"yes\":true}"
        );
        let back = find_json(&out).unwrap_or(Value::Null);
        assert_eq!(
            back.get("text").and_then(Value::as_str),
            Some("say \"hi\"\n\u{1}\u{2028}é")
        );
        assert_eq!(back.get("absent"), None);
    }

    #[test]
    fn reads_plain_fenced_and_wrapped_json() {
        for text in [
            r#"{"x": "y"}"#,
            "```json\n{\"x\": \"y\"}\n```",
            "```\n{\"x\": \"y\"}\n```",
            "Here you go: {\"x\": \"y\"} — done.",
            "{'x': 'y',}",
        ] {
            assert_eq!(
                find_json(text).and_then(|v| v.get("x").cloned()),
                Some(Value::String("y".into())),
                "{text}"
            );
        }
    }

    #[test]
    fn skips_braces_in_prose_that_start_no_value() {
        let v = find_json("Use {curly} braces [like this]. {\"ok\": true}");
        assert_eq!(
            v.and_then(|v| v.get("ok").cloned()),
            Some(Value::Bool(true))
        );
        let v = find_json("[ {\"ok\": true} (the list was not closed)");
        assert_eq!(
            v.and_then(|v| v.get("ok").cloned()),
            Some(Value::Bool(true))
        );
    }

    #[test]
    fn unicode_escapes_and_surrogate_pairs() {
        let v = find_json(r#"{"s": "caf\u00e9 \ud83d\ude00 \ud800"}"#);
        assert_eq!(
            v.and_then(|v| v.get("s").cloned()),
            Some(Value::String("café 😀 \u{FFFD}".into()))
        );
    }

    #[test]
    fn hostile_input_gives_none_without_panicking() {
        let deep = "[".repeat(10_000);
        assert_eq!(find_json(&deep), None);
        assert_eq!(find_json("{\"a\": tru"), None);
        assert_eq!(find_json("no json at all"), None);
        assert_eq!(find_json("{\"a\": 1e999}"), None);
        assert_eq!(find_json("\"\\u12"), None);
    }

    #[test]
    fn many_failed_starts_stay_fast() {
        let text = "{ x ".repeat(200_000);
        assert_eq!(find_json(&text), None);
    }
}

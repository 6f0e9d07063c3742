//! The JSON Schema of every answer and its length bound, derived from a step's declaration.
//!
//! Verdict schemas are built from the items asked: exactly as many entries as items
//! (`minItems` = `maxItems`), ids restricted to the asked ids, verdicts to the step's words, so
//! that a server decoding under the schema cannot leave an item out or invent a verdict. Every
//! object lists all its properties as required and allows no others (OpenAI's strict mode wants
//! both). Texts have a `maxLength` and lists a `maxItems`, so that a server decoding under the
//! schema closes even the answer of a model that repeats itself; each step's token bound covers
//! what a sound answer needs (see each `*_tokens`).

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{Assess, Extract, Field, Kind, Verdicts, MIN_ANSWER_TOKENS};
use crate::judge::json::quote;
use crate::numbers::number::format_number;

/// The longest reason of a verdict, and of an extra field, in characters.
const REASON_CHARS: u32 = 200;
/// The longest item of an extracted list, in characters.
const ITEM_CHARS: u32 = 300;
/// The longest text of an assessment field, in characters.
const TEXT_CHARS: u32 = 300;
/// The longest explanation of a score, in characters.
const BECAUSE_CHARS: u32 = 400;
/// Tokens one verdict entry may take: the id, the word, a reason of [`REASON_CHARS`], the
/// punctuation.
const TOKENS_PER_VERDICT: u32 = 96;
/// Tokens one extra string field of a verdict may take.
const TOKENS_PER_EXTRA: u32 = 64;
/// Room for the answer's frame (the outer object, indentation, a fence).
const FRAME_TOKENS: u32 = 48;
/// The reason step: room for the longest explanation its schema allows, at a token per
/// character, so that a server decoding under the schema closes the answer before this bound
/// even when the model repeats itself ("1.1.1.…"); a sound reason takes a quarter of it.
pub const REASON_TOKENS: u32 = BECAUSE_CHARS + FRAME_TOKENS;

fn object(properties: &[(&str, String)]) -> String {
    let props: Vec<String> = properties
        .iter()
        .map(|(k, v)| format!("{}:{v}", quote(k)))
        .collect();
    let required: Vec<String> = properties.iter().map(|(k, _)| quote(k)).collect();
    format!(
        "{{\"type\":\"object\",\"properties\":{{{}}},\"required\":[{}],\"additionalProperties\":false}}",
        props.join(","),
        required.join(",")
    )
}

fn choice(words: impl Iterator<Item = String>) -> String {
    format!(
        "{{\"type\":\"string\",\"enum\":[{}]}}",
        words.collect::<Vec<_>>().join(",")
    )
}

fn text(max_chars: u32) -> String {
    format!("{{\"type\":\"string\",\"maxLength\":{max_chars}}}")
}

/// The most items an extraction over `bytes` of data may list: four, and one per 16 bytes (an
/// atomic fact restates more of its source than that).
pub fn list_items(bytes: usize) -> usize {
    4 + bytes / 16
}

/// `{"<name>": ["…"]}`, at most [`list_items`] items for `bytes` of data.
pub fn extract_schema(step: &Extract, bytes: usize) -> String {
    object(&[(
        step.name,
        format!(
            "{{\"type\":\"array\",\"items\":{},\"maxItems\":{}}}",
            text(ITEM_CHARS),
            list_items(bytes)
        ),
    )])
}

/// `{"verdicts": [{"id", "verdict", "reason", extra…}]}` with exactly one entry per asked id.
pub fn verdicts_schema(step: &Verdicts, asked: &[usize]) -> String {
    let ids = asked
        .iter()
        .map(|i| quote(&format!("{}{}", step.prefix, i + 1)));
    let words = step.words.iter().map(|w| quote(w.word));
    let mut fields = alloc::vec![
        ("id", choice(ids)),
        ("verdict", choice(words)),
        ("reason", text(REASON_CHARS)),
    ];
    fields.extend(step.extra.iter().map(|e| (*e, text(REASON_CHARS))));
    let entry = object(&fields);
    object(&[(
        "verdicts",
        format!(
            "{{\"type\":\"array\",\"items\":{entry},\"minItems\":{n},\"maxItems\":{n}}}",
            n = asked.len()
        ),
    )])
}

/// What an assessment shows, for its bounds: the bytes of data, and how many texts each data
/// block holds (for the lists bounded by a block, [`Kind::ObjectsPer`] and [`Kind::ListPer`]).
pub struct Shown<'a> {
    pub bytes: usize,
    pub counts: &'a [(&'a str, usize)],
}

impl Shown<'_> {
    /// The most items a list field may hold: one per text of the block it names (when it names
    /// one), else [`list_items`].
    fn items(&self, per: Option<&str>) -> usize {
        per.and_then(|name| self.counts.iter().find(|(n, _)| *n == name))
            .map_or(list_items(self.bytes), |(_, count)| *count)
    }
}

/// The schema of one assessed field; lists hold at most [`Shown::items`] entries.
fn kind_schema(kind: &Kind, shown: &Shown) -> String {
    let array = |items: String, per: Option<&str>| {
        format!(
            "{{\"type\":\"array\",\"items\":{items},\"maxItems\":{}}}",
            shown.items(per)
        )
    };
    match kind {
        Kind::Number { min, max } => format!(
            "{{\"type\":\"number\",\"minimum\":{},\"maximum\":{}}}",
            format_number(*min),
            format_number(*max)
        ),
        Kind::Choice(words) => choice(words.iter().map(|w| quote(w))),
        Kind::Text => text(TEXT_CHARS),
        Kind::Boolean => String::from("{\"type\":\"boolean\"}"),
        Kind::List => array(text(ITEM_CHARS), None),
        Kind::ListPer(per) => array(text(ITEM_CHARS), Some(per)),
        Kind::Object(fields) => fields_schema(fields, shown),
        Kind::Objects(fields) => array(fields_schema(fields, shown), None),
        Kind::ObjectsPer(per, fields) => array(fields_schema(fields, shown), Some(per)),
    }
}

fn fields_schema(fields: &[Field], shown: &Shown) -> String {
    let fields: Vec<(&str, String)> = fields
        .iter()
        .map(|f| (f.name, kind_schema(&f.kind, shown)))
        .collect();
    object(&fields)
}

/// The object of an assessment's fields, for what it shows.
pub fn assess_schema_for(step: &Assess, shown: &Shown) -> String {
    fields_schema(step.fields, shown)
}

/// The object of an assessment's fields, over `bytes` of data.
pub fn assess_schema(step: &Assess, bytes: usize) -> String {
    assess_schema_for(step, &Shown { bytes, counts: &[] })
}

/// How an assessment's answer looks, for the instructions: `{"a": number, "b": […]}`.
pub fn assess_form(fields: &[Field]) -> String {
    let parts: Vec<String> = fields
        .iter()
        .map(|f| {
            let kind = match &f.kind {
                Kind::Number { min, max } => {
                    format!("number {} to {}", format_number(*min), format_number(*max))
                }
                Kind::Choice(words) => words.join(" | "),
                Kind::Text => String::from("\"…\""),
                Kind::Boolean => String::from("true | false"),
                Kind::List | Kind::ListPer(_) => String::from("[\"…\"]"),
                Kind::Object(inner) => assess_form(inner),
                Kind::Objects(inner) | Kind::ObjectsPer(_, inner) => {
                    format!("[{}, …]", assess_form(inner))
                }
            };
            format!("{}: {kind}", quote(f.name))
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}

/// `{"because": "…"}`.
pub fn reason_schema() -> String {
    object(&[("because", text(BECAUSE_CHARS))])
}

/// The answer bound of an extraction over `bytes` of data: a list restating its source twice
/// over, a token per byte (CJK text takes about one per character), and the frame with the
/// items' quotes and commas.
pub fn extract_tokens(bytes: usize) -> u32 {
    let tokens = 64usize.saturating_add(bytes.saturating_mul(2));
    (tokens.min(u32::MAX as usize) as u32).max(MIN_ANSWER_TOKENS)
}

/// The answer bound of a verdict step asking about `items` items.
pub fn verdict_tokens(step: &Verdicts, items: usize) -> u32 {
    let per_item = TOKENS_PER_VERDICT + TOKENS_PER_EXTRA * step.extra.len() as u32;
    let tokens = FRAME_TOKENS as usize + per_item as usize * items;
    (tokens.min(u32::MAX as usize) as u32).max(MIN_ANSWER_TOKENS)
}

/// The answer bound of an assessment over `bytes` of data: a field each, a text field more, a
/// list what an extraction of the data may need.
pub fn assess_tokens(step: &Assess, bytes: usize) -> u32 {
    assess_tokens_for(step, &Shown { bytes, counts: &[] })
}

/// [`assess_tokens`] for what the assessment shows: a list bounded by a block takes a text's
/// tokens, or an object's, per text of that block.
pub fn assess_tokens_for(step: &Assess, shown: &Shown) -> u32 {
    let tokens = FRAME_TOKENS as usize + fields_tokens(step.fields, shown);
    (tokens.min(u32::MAX as usize) as u32).max(MIN_ANSWER_TOKENS)
}

fn fields_tokens(fields: &[Field], shown: &Shown) -> usize {
    fields
        .iter()
        .map(|f| match &f.kind {
            Kind::Text => 96,
            Kind::List => extract_tokens(shown.bytes) as usize,
            Kind::ListPer(per) => shown.items(Some(per)).saturating_mul(96).max(16),
            Kind::Object(inner) => fields_tokens(inner, shown),
            Kind::Objects(inner) => shown
                .items(None)
                .saturating_mul(fields_tokens(inner, shown).min(512)),
            Kind::ObjectsPer(per, inner) => shown
                .items(Some(per))
                .saturating_mul(fields_tokens(inner, shown).min(512))
                .max(16),
            _ => 16,
        })
        .fold(0usize, usize::saturating_add)
}

/// The step's bound, or the measure's own limit when one is set.
pub fn answer_tokens(derived: u32, limit: Option<u32>) -> u32 {
    limit.unwrap_or(derived)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::{Extract, Word};
    use crate::judge::json::{find_json, Value};

    const STEP: Verdicts = Verdicts {
        name: "verdicts",
        items: "claims",
        prefix: "C",
        blocks: &["claims"],
        words: &[
            Word {
                word: "yes",
                also: &[],
            },
            Word {
                word: "no",
                also: &[],
            },
        ],
        extra: &["quote"],
        task: "",
        needs: &[],
        blank: None,
        every: true,
        batch_items: None,
    };

    #[test]
    fn verdict_schemas_pin_the_ids_the_words_and_the_count() {
        let schema = find_json(&verdicts_schema(&STEP, &[0, 2])).unwrap_or(Value::Null);
        let list = schema
            .get("properties")
            .and_then(|p| p.get("verdicts"))
            .cloned()
            .unwrap_or(Value::Null);
        assert_eq!(list.get("minItems"), Some(&Value::Number(2.0)));
        assert_eq!(list.get("maxItems"), Some(&Value::Number(2.0)));
        let entry = list.get("items").cloned().unwrap_or(Value::Null);
        let props = entry.get("properties").cloned().unwrap_or(Value::Null);
        let strings = |v: Option<&Value>| -> Vec<String> {
            v.and_then(Value::as_array)
                .unwrap_or(&[])
                .iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        };
        assert_eq!(
            strings(props.get("id").and_then(|i| i.get("enum"))),
            ["C1", "C3"]
        );
        assert_eq!(
            strings(props.get("verdict").and_then(|i| i.get("enum"))),
            ["yes", "no"]
        );
        assert_eq!(
            strings(entry.get("required")),
            ["id", "verdict", "reason", "quote"]
        );
        assert_eq!(entry.get("additionalProperties"), Some(&Value::Bool(false)));
    }

    #[test]
    fn bounds_grow_with_what_the_step_can_need_and_never_fall_below_the_floor() {
        assert_eq!(verdict_tokens(&STEP, 1), 48 + 96 + 64);
        assert_eq!(verdict_tokens(&STEP, 10), 48 + 1600);
        assert_eq!(extract_tokens(0), 64, "restating nothing: the frame");
        assert_eq!(extract_tokens(100), 64 + 200, "twice over");
        assert_eq!(extract_tokens(usize::MAX), u32::MAX);
        assert!(extract_schema(
            &Extract {
                name: "claims",
                from: &[],
                task: "",
                batch_bytes: None
            },
            160
        )
        .contains("\"maxLength\":300},\"maxItems\":14"));
        let tiny = Assess {
            name: "a",
            blocks: &[],
            fields: &[],
            task: "",
        };
        assert_eq!(assess_tokens(&tiny, 0), 48);
        let one = Assess {
            fields: &[Field {
                name: "score",
                kind: Kind::Number { min: 0.0, max: 1.0 },
            }],
            ..tiny
        };
        assert_eq!(assess_tokens(&one, 0), 64);
        assert!(assess_schema(&one, 0).contains("\"minimum\":0,\"maximum\":1"));
        assert_eq!(answer_tokens(500, Some(40)), 40);
    }
}

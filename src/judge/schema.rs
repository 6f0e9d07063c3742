//! The JSON Schema of every answer and its length bound, derived from a step's declaration.
//!
//! Every shape holds by construction under a server that decodes under the schema (llama.cpp's
//! grammar, OpenAI's strict mode): a verdict answer is an object keyed by the asked ids, every
//! id required and no other allowed (`additionalProperties: false`), each value the step's
//! verdict word (`enum`) and a bounded reason; so each item gets exactly one verdict whatever
//! the model writes. Every object lists all its properties as required and allows no others
//! (OpenAI's strict mode wants both; llama.cpp writes them in the order declared). Texts have a
//! `maxLength` and lists a `maxItems` scaled to the data shown, so that the answer's length is
//! bounded too; each request's token bound is computed from its schema ([`answer_bound`]): the
//! longest answer the schema allows fits in it.

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{Assess, Extract, Field, Kind, Verdicts, MIN_ANSWER_TOKENS};
use crate::judge::json::{find_json, quote, Value};
use crate::numbers::number::format_number;

/// The longest reason of a verdict, and of an extra field, in characters: one short sentence.
pub const REASON_CHARS: u32 = 120;
/// The longest item of an extracted list, in characters (an atomic claim or statement), when
/// the data is longer than that.
pub const ITEM_CHARS: u32 = 160;
/// The longest text of an assessment field, in characters (a reasoning, an intent, a unit).
pub const TEXT_CHARS: u32 = 100;
/// The longest explanation of a score, in characters: one or two sentences.
pub const BECAUSE_CHARS: u32 = 300;
/// Characters a number may take: llama.cpp's grammar allows 16 decimals (an exponent beyond
/// them is not counted).
const NUMBER_CHARS: usize = 20;
/// Room for a fence or a line break around the answer.
const FRAME_TOKENS: usize = 8;
/// The answer a verdict step or an assessment aims to keep within, in tokens: when its longest
/// schema-valid answer would be longer (many items, many fields), its texts are made shorter,
/// down to [`MIN_TEXT_CHARS`], so that prompt and answer stay inside a small server's context
/// (2,048 tokens) for inputs of a few sentences.
pub const ANSWER_BUDGET: u32 = 1200;
/// The shortest a reason or an assessed text is made to fit [`ANSWER_BUDGET`].
pub const MIN_TEXT_CHARS: u32 = 60;

/// The schema `build` writes with texts of `chars` characters, their length lowered (by a quarter
/// at a time, to [`MIN_TEXT_CHARS`]) until its longest answer fits [`ANSWER_BUDGET`].
fn within_budget(chars: u32, build: impl Fn(u32) -> String) -> String {
    let mut chars = chars;
    loop {
        let schema = build(chars);
        if chars <= MIN_TEXT_CHARS || answer_bound(&schema) <= ANSWER_BUDGET {
            return schema;
        }
        chars = (chars * 3 / 4).max(MIN_TEXT_CHARS);
    }
}

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

fn array(items: String, max_items: usize) -> String {
    format!("{{\"type\":\"array\",\"items\":{items},\"maxItems\":{max_items}}}")
}

/// The most items an extraction over `bytes` of data may list: two, and one per 40 bytes (a
/// three-sentence text of 240 bytes gives at most 8; an atomic claim restates more of its
/// source than 40 bytes).
pub fn list_items(bytes: usize) -> usize {
    2 + bytes / 40
}

/// The longest item an extraction over `bytes` of data may write: [`ITEM_CHARS`], or the data's
/// length and 40 characters when that is less (an item restates part of its source).
pub fn item_chars(bytes: usize) -> u32 {
    (bytes.saturating_add(40)).min(ITEM_CHARS as usize) as u32
}

/// The most entries a list of objects in an assessment may hold when no data block bounds it:
/// one, and one per 100 bytes of data, at most 10 (requirements of a request, say).
pub fn object_items(bytes: usize) -> usize {
    (1 + bytes / 100).min(10)
}

/// `{"<name>": ["…"]}`: at most [`list_items`] items of at most [`item_chars`] characters.
pub fn extract_schema(step: &Extract, bytes: usize) -> String {
    object(&[(step.name, array(text(item_chars(bytes)), list_items(bytes)))])
}

/// `{"verdicts": {"C1": {"verdict", "reason", extra…}, "C3": {…}}}`: an object keyed by the
/// asked ids, every id required and no other allowed, each value one of the step's words and
/// a reason of at most [`REASON_CHARS`] (as each extra field; shorter when many items are asked
/// at once, see [`ANSWER_BUDGET`]).
pub fn verdicts_schema(step: &Verdicts, asked: &[usize]) -> String {
    let ids: Vec<String> = asked
        .iter()
        .map(|i| format!("{}{}", step.prefix, i + 1))
        .collect();
    within_budget(REASON_CHARS, |chars| {
        let words = step.words.iter().map(|w| quote(w.word));
        let mut fields = alloc::vec![("verdict", choice(words)), ("reason", text(chars))];
        fields.extend(step.extra.iter().map(|e| (*e, text(chars))));
        let entry = object(&fields);
        let keyed: Vec<(&str, String)> =
            ids.iter().map(|id| (id.as_str(), entry.clone())).collect();
        object(&[("verdicts", object(&keyed))])
    })
}

/// What an assessment shows, for its bounds: the bytes of data, and how many texts each data
/// block holds (for the lists bounded by a block, [`Kind::ObjectsPer`] and [`Kind::ListPer`]).
pub struct Shown<'a> {
    pub bytes: usize,
    pub counts: &'a [(&'a str, usize)],
}

/// What an assessment's schema is written with: what it shows, and its texts' length.
struct Writing<'a, 'b> {
    shown: &'a Shown<'b>,
    chars: u32,
}

impl Shown<'_> {
    /// The most entries of a list field bounded by a data block: one per text of that block.
    fn per(&self, name: &str) -> usize {
        self.counts
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(list_items(self.bytes), |(_, count)| *count)
    }
}

/// The schema of one assessed field.
fn kind_schema(kind: &Kind, w: &Writing) -> String {
    let (shown, chars) = (w.shown, w.chars);
    match kind {
        Kind::Number { min, max } => format!(
            "{{\"type\":\"number\",\"minimum\":{},\"maximum\":{}}}",
            format_number(*min),
            format_number(*max)
        ),
        Kind::Choice(words) => choice(words.iter().map(|w| quote(w))),
        Kind::Text => text(chars),
        Kind::Boolean => String::from("{\"type\":\"boolean\"}"),
        Kind::List => array(text(chars), object_items(shown.bytes.saturating_mul(2))),
        Kind::ListPer(per) => array(text(chars), shown.per(per)),
        Kind::Object(fields) => fields_schema(fields, w),
        Kind::Objects(fields) => array(fields_schema(fields, w), object_items(shown.bytes)),
        Kind::ObjectsPer(per, fields) => array(fields_schema(fields, w), shown.per(per)),
    }
}

fn fields_schema(fields: &[Field], w: &Writing) -> String {
    let fields: Vec<(&str, String)> = fields
        .iter()
        .map(|f| (f.name, kind_schema(&f.kind, w)))
        .collect();
    object(&fields)
}

/// The object of an assessment's fields, for what it shows: texts of [`TEXT_CHARS`], shorter
/// when the whole answer would not fit [`ANSWER_BUDGET`].
pub fn assess_schema_for(step: &Assess, shown: &Shown) -> String {
    within_budget(TEXT_CHARS, |chars| {
        fields_schema(step.fields, &Writing { shown, chars })
    })
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

/// The answer bound of a request carrying `schema`: the tokens of the longest answer the
/// schema allows ([`longest`]) and a frame, never below [`MIN_ANSWER_TOKENS`]. A server that
/// decodes under the schema ends every answer within it.
pub fn answer_bound(schema: &str) -> u32 {
    let tokens = find_json(schema)
        .map_or(0, |s| longest(&s))
        .saturating_add(FRAME_TOKENS);
    (tokens.min(u32::MAX as usize) as u32).max(MIN_ANSWER_TOKENS)
}

/// Tokens of the longest JSON value `schema` allows (as this module writes schemas), counted
/// at one token per character of its compact form, and one more per value and key for the
/// whitespace a grammar allows around them (a line break and its indentation). A text's
/// `maxLength` counts characters; an escape such as `\u00e9` is one character to the schema
/// and may take more tokens, as may a character outside ASCII in a byte-level vocabulary.
pub fn longest(schema: &Value) -> usize {
    let number = |key: &str| match schema.get(key) {
        Some(Value::Number(n)) if *n >= 0.0 => *n as usize,
        _ => usize::MAX / 4,
    };
    if let Some(words) = schema.get("enum").and_then(Value::as_array) {
        let widest = words
            .iter()
            .map(|w| {
                w.as_str()
                    .map_or(NUMBER_CHARS, |w| quote(w).chars().count())
            })
            .max()
            .unwrap_or(0);
        return widest + 1;
    }
    let body = match schema.get("type").and_then(Value::as_str) {
        Some("object") => match schema.get("properties") {
            Some(Value::Object(members)) => members.iter().fold(2usize, |sum, (key, value)| {
                // "key": value, and the key's whitespace
                sum.saturating_add(quote(key).chars().count() + 3)
                    .saturating_add(longest(value))
            }),
            _ => 2,
        },
        Some("array") => {
            let item = schema.get("items").map_or(NUMBER_CHARS, longest);
            number("maxItems")
                .saturating_mul(item.saturating_add(1))
                .saturating_add(2)
        }
        Some("string") => number("maxLength").saturating_add(2),
        Some("number" | "integer") => NUMBER_CHARS,
        Some("boolean") => 5,
        _ => 4,
    };
    body.saturating_add(1)
}

/// The step's bound, or the measure's own limit when one is set.
pub fn answer_tokens(derived: u32, limit: Option<u32>) -> u32 {
    limit.unwrap_or(derived)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Word;

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

    fn strings(v: Option<&Value>) -> Vec<String> {
        v.and_then(Value::as_array)
            .unwrap_or(&[])
            .iter()
            .filter_map(|x| x.as_str().map(String::from))
            .collect()
    }

    #[test]
    fn verdict_schemas_key_every_asked_id_and_allow_no_other() {
        let schema = find_json(&verdicts_schema(&STEP, &[0, 2])).unwrap_or(Value::Null);
        let keyed = schema
            .get("properties")
            .and_then(|p| p.get("verdicts"))
            .cloned()
            .unwrap_or(Value::Null);
        assert_eq!(strings(keyed.get("required")), ["C1", "C3"]);
        assert_eq!(keyed.get("additionalProperties"), Some(&Value::Bool(false)));
        let ids: Vec<&str> = match keyed.get("properties") {
            Some(Value::Object(members)) => members.iter().map(|(k, _)| k.as_str()).collect(),
            _ => Vec::new(),
        };
        assert_eq!(ids, ["C1", "C3"]);
        let entry = keyed
            .get("properties")
            .and_then(|p| p.get("C3"))
            .cloned()
            .unwrap_or(Value::Null);
        let props = entry.get("properties").cloned().unwrap_or(Value::Null);
        assert_eq!(
            strings(props.get("verdict").and_then(|i| i.get("enum"))),
            ["yes", "no"]
        );
        assert_eq!(
            props.get("reason").and_then(|r| r.get("maxLength")),
            Some(&Value::Number(f64::from(REASON_CHARS)))
        );
        assert_eq!(
            strings(entry.get("required")),
            ["verdict", "reason", "quote"]
        );
        assert_eq!(entry.get("additionalProperties"), Some(&Value::Bool(false)));
        // No keyword outside what both llama.cpp's grammar and OpenAI's strict mode read.
        let text = verdicts_schema(&STEP, &[0, 2]);
        for keyword in ["minItems", "prefixItems", "pattern", "anyOf", "$ref"] {
            assert!(!text.contains(keyword), "{keyword} in {text}");
        }
    }

    /// The compact JSON of the longest answer a schema allows, written by a stand-in that fills
    /// every text to its maxLength and every list to its maxItems.
    fn longest_answer(schema: &Value) -> String {
        let number = |k: &str| match schema.get(k) {
            Some(Value::Number(n)) => *n as usize,
            _ => 0,
        };
        if let Some(words) = schema.get("enum").and_then(Value::as_array) {
            let widest = words
                .iter()
                .filter_map(Value::as_str)
                .max_by_key(|w| w.len())
                .unwrap_or("");
            return quote(widest);
        }
        match schema.get("type").and_then(Value::as_str) {
            Some("object") => match schema.get("properties") {
                Some(Value::Object(members)) => {
                    let parts: Vec<String> = members
                        .iter()
                        .map(|(k, v)| format!("{}:{}", quote(k), longest_answer(v)))
                        .collect();
                    format!("{{{}}}", parts.join(","))
                }
                _ => "{}".into(),
            },
            Some("array") => {
                let item = schema.get("items").map(longest_answer).unwrap_or_default();
                let items: Vec<String> = (0..number("maxItems")).map(|_| item.clone()).collect();
                format!("[{}]", items.join(","))
            }
            Some("string") => quote(&"x".repeat(number("maxLength"))),
            Some("number") => String::from("0.1234567890123456"),
            Some("boolean") => String::from("false"),
            _ => String::from("null"),
        }
    }

    #[test]
    fn the_bound_holds_the_longest_answer_each_schema_allows() {
        let claims = Extract {
            name: "claims",
            from: &[],
            task: "",
            batch_bytes: None,
        };
        let fields: &[Field] = &[
            Field {
                name: "score",
                kind: Kind::Number { min: 0.0, max: 1.0 },
            },
            Field {
                name: "parts",
                kind: Kind::Objects(&[
                    Field {
                        name: "what",
                        kind: Kind::Text,
                    },
                    Field {
                        name: "ok",
                        kind: Kind::Boolean,
                    },
                ]),
            },
            Field {
                name: "missing",
                kind: Kind::List,
            },
        ];
        let assess = Assess {
            name: "a",
            blocks: &[],
            fields,
            task: "",
        };
        let mut schemas = alloc::vec![reason_schema()];
        for n in [1, 3, 12] {
            let asked: Vec<usize> = (0..n).collect();
            schemas.push(verdicts_schema(&STEP, &asked));
        }
        for bytes in [0, 60, 240, 1000] {
            schemas.push(extract_schema(&claims, bytes));
            schemas.push(assess_schema(&assess, bytes));
        }
        for schema in schemas {
            let parsed = find_json(&schema).unwrap_or(Value::Null);
            let answer = longest_answer(&parsed);
            let bound = answer_bound(&schema) as usize;
            assert!(
                answer.chars().count() <= bound,
                "{} characters, bound {bound}: {schema}",
                answer.chars().count()
            );
            // …and not far above it: the frame and a token of whitespace per value.
            assert!(
                bound < answer.chars().count() * 2 + 64,
                "{bound} for {answer}"
            );
        }
    }

    #[test]
    fn many_items_or_fields_shorten_the_texts_to_keep_within_the_budget() {
        let few = verdicts_schema(&STEP, &[0, 1]);
        assert!(few.contains(&format!("\"maxLength\":{REASON_CHARS}")));
        let asked: Vec<usize> = (0..6).collect();
        let many = verdicts_schema(&STEP, &asked);
        assert!(
            !many.contains(&format!("\"maxLength\":{REASON_CHARS}")),
            "{many}"
        );
        assert!(answer_bound(&many) <= ANSWER_BUDGET);
        // Past what the shortest texts allow, the bound still holds the longest answer.
        let asked: Vec<usize> = (0..40).collect();
        let most = verdicts_schema(&STEP, &asked);
        assert!(most.contains(&format!("\"maxLength\":{MIN_TEXT_CHARS}")));
        assert!(answer_bound(&most) > ANSWER_BUDGET);
    }

    #[test]
    fn lists_are_bounded_by_the_data_they_restate() {
        let claims = Extract {
            name: "claims",
            from: &[],
            task: "",
            batch_bytes: None,
        };
        // A three-sentence text of 240 bytes cannot give 40 claims, nor one of 300 characters.
        assert_eq!(list_items(240), 8);
        assert!(extract_schema(&claims, 240).contains("\"maxLength\":160},\"maxItems\":8"));
        assert!(extract_schema(&claims, 30).contains("\"maxLength\":70},\"maxItems\":2"));
        assert_eq!(object_items(150), 2);
        assert_eq!(object_items(1 << 20), 10);
        assert_eq!(answer_bound("{}"), MIN_ANSWER_TOKENS);
        assert_eq!(answer_tokens(500, Some(40)), 40);
        let huge = extract_schema(&claims, usize::MAX);
        assert_eq!(answer_bound(&huge), u32::MAX, "saturates, never wraps");
    }
}

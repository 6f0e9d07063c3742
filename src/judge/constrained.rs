//! A grammar-constrained stand-in for tests: a judge that only ever writes answers valid under
//! the JSON Schema of the request, chosen adversarially (every text at its `maxLength`, the
//! same text everywhere, empty texts and lists, the first or the last word of every `enum`,
//! numbers at either end of their range), as a server decoding under the schema would let a
//! model that never stops on its own write. It checks that every answer fits the request's
//! `max_tokens` at a token per character, and the tests run every declared metric with it.

use alloc::{format, string::String, vec::Vec};
use core::cell::RefCell;
use core::future::{ready, Future};

use crate::judge::json::{find_json, quote, Value};
use crate::judge::{Judge, JudgeError, Request, Response};

/// How the stand-in fills what the schema leaves open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    /// Every text at its maxLength (each a different letter), every list at its maxItems, the
    /// longest enum word, numbers at their maximum.
    Longest,
    /// Every text the same word and every list full: duplicate items, duplicate reasons.
    Same,
    /// Every text empty, every list empty, the first enum word, numbers at their minimum.
    Empty,
    /// Short texts, one item a list, the last enum word.
    Last,
}

/// The stand-in judge: answers every request under its schema as `fill` says, and records each
/// request with the length of its answer.
pub struct Constrained {
    pub fill: Fill,
    pub asked: RefCell<Vec<(Request, usize)>>,
}

impl Constrained {
    pub fn new(fill: Fill) -> Self {
        Constrained {
            fill,
            asked: RefCell::new(Vec::new()),
        }
    }

    /// The answer `fill` writes under `schema`, compact JSON.
    pub fn answer(&self, schema: &Value) -> String {
        let mut n = 0;
        self.write(schema, &mut n)
    }

    fn write(&self, schema: &Value, n: &mut usize) -> String {
        let limit = |key: &str| match schema.get(key) {
            Some(Value::Number(x)) => *x as usize,
            _ => 0,
        };
        if let Some(words) = schema.get("enum").and_then(Value::as_array) {
            let word = match self.fill {
                Fill::Longest => words.iter().max_by_key(|w| w.as_str().map_or(0, str::len)),
                Fill::Last => words.last(),
                _ => words.first(),
            };
            return word.and_then(Value::as_str).map(quote).unwrap_or_default();
        }
        match schema.get("type").and_then(Value::as_str) {
            Some("object") => {
                let parts: Vec<String> = match schema.get("properties") {
                    Some(Value::Object(members)) => members
                        .iter()
                        .map(|(k, v)| format!("{}:{}", quote(k), self.write(v, n)))
                        .collect(),
                    _ => Vec::new(),
                };
                format!("{{{}}}", parts.join(","))
            }
            Some("array") => {
                let count = match self.fill {
                    Fill::Longest | Fill::Same => limit("maxItems"),
                    Fill::Empty => 0,
                    Fill::Last => limit("maxItems").min(1),
                };
                let item = schema.get("items").cloned().unwrap_or(Value::Null);
                let items: Vec<String> = (0..count).map(|_| self.write(&item, n)).collect();
                format!("[{}]", items.join(","))
            }
            Some("string") => {
                *n += 1;
                let text = match self.fill {
                    Fill::Longest => {
                        let letter = char::from(b'a' + (*n % 26) as u8);
                        core::iter::repeat_n(letter, limit("maxLength")).collect()
                    }
                    Fill::Same => String::from("the same")
                        .chars()
                        .take(limit("maxLength"))
                        .collect(),
                    Fill::Empty => String::new(),
                    Fill::Last => format!("text {n}")
                        .chars()
                        .take(limit("maxLength"))
                        .collect(),
                };
                quote(&text)
            }
            Some("number" | "integer") => {
                let end = if matches!(self.fill, Fill::Empty) {
                    "minimum"
                } else {
                    "maximum"
                };
                match schema.get(end) {
                    Some(Value::Number(x)) => crate::numbers::number::format_number(*x),
                    _ => String::from("0"),
                }
            }
            Some("boolean") => String::from(if matches!(self.fill, Fill::Empty) {
                "false"
            } else {
                "true"
            }),
            _ => String::from("null"),
        }
    }
}

impl Judge for Constrained {
    fn complete(&self, request: Request) -> impl Future<Output = Result<Response, JudgeError>> {
        let schema = request
            .schema
            .as_deref()
            .and_then(find_json)
            .unwrap_or(Value::Null);
        let text = self.answer(&schema);
        self.asked
            .borrow_mut()
            .push((request, text.chars().count()));
        ready(Ok(Response {
            text,
            usage: None,
            truncated: false,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::{Options, Step};
    use crate::judge::engine::measure;
    use crate::judge::scripted::block_on;
    use crate::metrics::llm::METRICS;

    /// Every input a metric's steps name, each two short texts (one of them long enough for an
    /// extraction to list several items).
    fn inputs_of(steps: &[Step]) -> Vec<(String, Vec<String>)> {
        let mut names: Vec<&str> = Vec::new();
        for step in steps {
            let named: Vec<&str> = match step {
                Step::Extract(e) => e.from.to_vec(),
                Step::Verdicts(v) => v.blocks.iter().chain(v.needs).copied().collect(),
                Step::Assess(a) => a.blocks.to_vec(),
                Step::Split(s) => alloc::vec![s.from],
            };
            for name in named {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        names
            .into_iter()
            .map(|name| {
                (
                    String::from(name),
                    alloc::vec![
                        String::from("The bridge opened in 1937. It is 2.7 km long."),
                        String::from("Ferries crossed the strait before it. Fog is common."),
                    ],
                )
            })
            .collect()
    }

    #[test]
    fn every_metric_completes_under_every_adversarial_schema_valid_answer() {
        for fill in [Fill::Longest, Fill::Same, Fill::Empty, Fill::Last] {
            for metric in METRICS {
                let judge = Constrained::new(fill);
                let inputs = inputs_of(metric.steps);
                let outcome = block_on(measure(
                    &judge,
                    metric,
                    &inputs,
                    &Options::default(),
                    &[],
                    None,
                ));
                let outcome =
                    outcome.unwrap_or_else(|e| panic!("{} under {fill:?}: {e}", metric.id));
                let score = outcome.score.unwrap_or(f64::NAN);
                assert!(score.is_finite(), "{} under {fill:?}: {score}", metric.id);
                for (request, chars) in judge.asked.borrow().iter() {
                    assert!(
                        *chars as u32 <= request.max_tokens,
                        "{} {} under {fill:?}: an answer of {chars} characters, bound {}",
                        metric.id,
                        request.step,
                        request.max_tokens
                    );
                }
                // No re-ask: a schema-valid answer is always read at once.
                let steps_asked = judge.asked.borrow().len() as u32;
                assert_eq!(outcome.model_calls, steps_asked, "{}", metric.id);
                if fill == Fill::Same {
                    // Every extracted list held one text many times: kept once.
                    for (name, list) in &outcome.lists.0 {
                        let mut sorted = list.clone();
                        sorted.sort();
                        sorted.dedup();
                        assert_eq!(sorted.len(), list.len(), "{} {name}: {list:?}", metric.id);
                    }
                }
            }
        }
    }

    #[test]
    fn the_keyed_shape_gives_every_item_exactly_one_verdict() {
        let judge = Constrained::new(Fill::Same);
        let metric = &crate::metrics::llm::hallucination::CLAIMS;
        let inputs = alloc::vec![
            (
                String::from("context"),
                alloc::vec![String::from("The sky is blue.")]
            ),
            (
                String::from("output"),
                alloc::vec![String::from(
                    "The sky is blue. Grass is red. Snow is warm. Ice is hot."
                )]
            ),
        ];
        let known = alloc::vec![(
            String::from("claims"),
            alloc::vec![
                String::from("The sky is blue."),
                String::from("Grass is red."),
                String::from("Snow is warm."),
            ]
        )];
        let outcome = block_on(measure(
            &judge,
            metric,
            &inputs,
            &Options::default(),
            &known,
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        let (judged, unjudged) = (
            &outcome.verdicts["verdicts"].judged,
            &outcome.verdicts["verdicts"].unjudged,
        );
        assert_eq!(judged.len(), 3);
        assert!(unjudged.is_empty());
        assert!(
            judged.iter().all(|j| j.reason == "the same"),
            "duplicate reasons are no conflict"
        );
    }
}

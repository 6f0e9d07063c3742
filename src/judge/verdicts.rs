//! Reading what the judge answers: lists of statements or claims, and verdicts keyed by id.
//!
//! Readers are strict about meaning and lenient about form: JSON may come fenced, wrapped in
//! prose or with trailing commas (see [`crate::judge::json`]), a bare array may stand where an object
//! was asked for, and verdict words may come in any case. A verdict is only ever returned for
//! an id that was asked; answers that cannot be read are errors, never guesses.

use alloc::{
    format,
    string::{String, ToString},
    vec::Vec,
};

use crate::judge::error::Error;
use crate::judge::json::{find_json, Value};
use crate::judge::{Judge, Request, Session};
use crate::numbers::float;

/// Reads a list of strings under `key` (`{"statements": ["…"]}`), or a bare array. Items may be
/// strings or objects with a `text`, `statement` or `claim` field. Empty items are dropped.
pub fn read_list(text: &str, key: &str) -> Result<Vec<String>, String> {
    let value = find_json(text).ok_or("no JSON object found")?;
    let items = items_under(&value, key)?;
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let text = match item {
            Value::String(s) => Some(s.as_str()),
            Value::Object(_) => ["text", "statement", "claim"]
                .iter()
                .find_map(|k| item.get(k).and_then(Value::as_str)),
            _ => None,
        };
        match text {
            Some(t) if !t.trim().is_empty() => out.push(t.trim().to_string()),
            Some(_) => {}
            None => return Err(format!("an item of \"{key}\" is not a string")),
        }
    }
    Ok(out)
}

/// The array under `key` of a JSON object, or the value itself when it is an array.
fn items_under<'v>(value: &'v Value, key: &str) -> Result<&'v [Value], String> {
    match value {
        Value::Array(items) => Ok(items.as_slice()),
        Value::Object(_) => value
            .get(key)
            .and_then(Value::as_array)
            .ok_or_else(|| format!("the JSON object has no \"{key}\" array")),
        _ => Err("the JSON is neither an object nor an array".into()),
    }
}

/// One verdict: the judge's decision on an item, its reason and any extra fields asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict<T = bool> {
    /// The decision ("contradicted?", "covered?", or a richer value).
    pub value: T,
    pub reason: String,
    /// The extra string fields, in the order asked ('' for one left out; a JSON boolean as
    /// "true"/"false").
    pub extra: Vec<String>,
}

/// Reads the verdicts on the items at `asked` (ids `{prefix}{index + 1}`), in either shape: the
/// object keyed by id that the schema asks for, `{"verdicts": {"S1": {"verdict": "yes",
/// "reason": "…"}}}` (also without the `verdicts` wrapper, or with a bare word as the value),
/// or a list, `{"verdicts": [{"id": "S1", "verdict": "yes", "reason": "…"}]}` (or a bare
/// array), which models that ignore the schema and older recordings write. `word` turns a
/// verdict value into a decision. Returns one slot per entry of `asked`, in the same order: the
/// verdict found for that item or `None`. Unknown ids are ignored. An id given the same
/// decision twice keeps the first entry; an id given two different decisions has no verdict
/// (the caller asks again, as for a missing one), since neither can be trusted. With
/// `require_any`, an answer with no usable verdict at all is an error (else every slot may be
/// empty: the caller reports what is missing); an answer whose only verdicts contradict each
/// other counts as readable.
pub fn read_verdicts<T: PartialEq>(
    text: &str,
    prefix: &str,
    asked: &[usize],
    extra: &[&str],
    require_any: bool,
    word: impl Fn(&Value) -> Option<T>,
) -> Result<Vec<Option<Verdict<T>>>, String> {
    let value = find_json(text).ok_or("no JSON object found")?;
    let entries = entries(&value, prefix)?;
    let mut found: Vec<Option<Verdict<T>>> = asked.iter().map(|_| None).collect();
    // Slots given two different decisions (rare: no allocation unless one is).
    let mut torn = Vec::new();
    let mut any = false;
    for (index, item) in entries {
        let Some(slot) = index.and_then(|index| asked.iter().position(|&a| a == index)) else {
            continue;
        };
        // A keyed value may be the verdict word itself.
        let verdict = match item {
            Value::Object(_) => item.get("verdict"),
            other => Some(other),
        };
        let Some(value) = verdict.and_then(&word) else {
            continue;
        };
        if let Some(first) = &found[slot] {
            if first.value != value {
                torn.push(slot);
            }
            continue;
        }
        // An extra field answered as a JSON boolean reads as "true" or "false".
        let text = |key: &str| match item.get(key) {
            Some(Value::Bool(b)) => String::from(if *b { "true" } else { "false" }),
            other => other
                .and_then(Value::as_str)
                .unwrap_or("")
                .trim()
                .to_string(),
        };
        found[slot] = Some(Verdict {
            value,
            reason: text("reason"),
            extra: extra.iter().map(|key| text(key)).collect(),
        });
        any = true;
    }
    for slot in torn {
        found[slot] = None;
    }
    if !any && require_any {
        return Err(format!(
            "no verdict with a known id ({prefix}1…) and a readable verdict"
        ));
    }
    Ok(found)
}

/// The verdict entries of an answer, each with the item index its id names (None for an id
/// that cannot be read): the members of an object keyed by id, or the items of a list.
fn entries<'v>(value: &'v Value, prefix: &str) -> Result<Vec<(Option<usize>, &'v Value)>, String> {
    let keyed = match value.get("verdicts") {
        Some(inner @ Value::Object(_)) => Some(inner),
        Some(_) => None,
        // No wrapper: an object whose keys are ids is the keyed shape itself.
        None => match value {
            Value::Object(members)
                if members
                    .iter()
                    .any(|(k, _)| parse_id_text(k, prefix).is_some()) =>
            {
                Some(value)
            }
            _ => None,
        },
    };
    match keyed {
        Some(Value::Object(members)) => Ok(members
            .iter()
            .map(|(key, item)| (parse_id_text(key, prefix), item))
            .collect()),
        _ => Ok(items_under(value, "verdicts")?
            .iter()
            .map(|item| (item.get("id").and_then(|id| parse_id(id, prefix)), item))
            .collect()),
    }
}

/// Asks the judge for verdicts on the items at `asked` (with the request `build` makes for a
/// set of items), then asks once more about those the first answer left out. Returns, for each
/// asked item in order, its verdict or `None` when the judge still gave none. An answer that
/// cannot be read at all is re-asked once, then an error.
#[allow(clippy::too_many_arguments)]
pub async fn ask_verdicts<J: Judge, T: PartialEq>(
    session: &mut Session,
    judge: &J,
    prefix: &str,
    asked: &[usize],
    extra: &[&str],
    build: impl Fn(&[usize]) -> Request,
    word: impl Fn(&Value) -> Option<T> + Copy,
) -> Result<Vec<Option<Verdict<T>>>, Error> {
    let mut found = session
        .ask(judge, build(asked), |text| {
            read_verdicts(text, prefix, asked, extra, true, word)
        })
        .await?;
    let missing: Vec<usize> = asked
        .iter()
        .zip(&found)
        .filter(|(_, verdict)| verdict.is_none())
        .map(|(&i, _)| i)
        .collect();
    if !missing.is_empty() {
        let mut more = session
            .ask(judge, build(&missing), |text| {
                read_verdicts(text, prefix, &missing, extra, false, word)
            })
            .await?
            .into_iter();
        for slot in found.iter_mut().filter(|slot| slot.is_none()) {
            *slot = more.next().flatten();
        }
    }
    Ok(found)
}

/// `S3`, `s3`, `"3"` or `3` → index 2 (for prefix `S`).
fn parse_id(id: &Value, prefix: &str) -> Option<usize> {
    match id {
        Value::Number(n) if float::trunc(*n) == *n && *n >= 1.0 && *n <= 1e9 => {
            (*n as usize).checked_sub(1)
        }
        Value::String(s) => parse_id_text(s, prefix),
        _ => None,
    }
}

/// [`parse_id`] of a text (an id written as a string, or a key of the keyed shape).
fn parse_id_text(s: &str, prefix: &str) -> Option<usize> {
    let s = s.trim();
    // `get` and `strip_prefix`-style slicing respect character boundaries: the id comes from
    // the model and may start with any character.
    let digits = match (s.get(..prefix.len()), s.get(prefix.len()..)) {
        (Some(head), Some(rest)) if !rest.is_empty() && head.eq_ignore_ascii_case(prefix) => rest,
        _ => s,
    };
    digits.parse::<usize>().ok()?.checked_sub(1)
}

/// A verdict string folded for comparison: surrounding punctuation and spaces dropped, ASCII
/// lower case, `_` and `-` as spaces (`"Not_Covered."` → `"not covered"`).
pub fn verdict_word(s: &str) -> String {
    s.trim_matches(|c: char| !c.is_alphanumeric())
        .to_ascii_lowercase()
        .replace(['_', '-'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A yes/no reading for these tests: booleans, yes/no/true/false and the given words.
    fn yes_no(value: &Value, yes_words: &[&str], no_words: &[&str]) -> Option<bool> {
        let word = match value {
            Value::Bool(b) => return Some(*b),
            Value::String(s) => verdict_word(s),
            _ => return None,
        };
        if word == "yes" || word == "true" || yes_words.contains(&word.as_str()) {
            Some(true)
        } else if word == "no" || word == "false" || no_words.contains(&word.as_str()) {
            Some(false)
        } else {
            None
        }
    }

    #[test]
    fn lists_from_objects_bare_arrays_and_item_objects() {
        assert_eq!(
            read_list(r#"{"statements": ["a", " ", "b"]}"#, "statements"),
            Ok(vec!["a".into(), "b".into()])
        );
        assert_eq!(read_list(r#"["a"]"#, "statements"), Ok(vec!["a".into()]));
        assert_eq!(
            read_list(r#"{"claims": [{"claim": "x"}]}"#, "claims"),
            Ok(vec!["x".into()])
        );
        assert!(read_list(r#"{"other": []}"#, "claims").is_err());
        assert!(read_list(r#"{"claims": [1]}"#, "claims").is_err());
    }

    #[test]
    fn verdicts_are_keyed_by_id_not_position() {
        let contradicted = |v: &Value| yes_no(v, &["contradicted"], &["not contradicted"]);
        let answer = r#"Preamble: everything is supported.
        {"verdicts": [{"id": "S2", "verdict": "YES", "reason": "r2"}, {"id": 1, "verdict": "no"},
                      {"id": "S9", "verdict": "yes"}, {"id": "s2", "verdict": "Yes", "reason": "again"}]}"#;
        let found =
            read_verdicts(answer, "S", &[0, 1, 2], &[], true, contradicted).unwrap_or_default();
        assert_eq!(found.len(), 3, "one slot per asked item");
        assert_eq!(
            found[1],
            Some(Verdict {
                value: true,
                reason: "r2".into(),
                extra: vec![],
            })
        );
        assert_eq!(found[0].as_ref().map(|v| v.value), Some(false));
        assert_eq!(
            found[2], None,
            "S9 was not asked, so S3 stays without a verdict"
        );
        let only_late =
            read_verdicts(answer, "S", &[8], &[], true, contradicted).unwrap_or_default();
        assert_eq!(only_late.len(), 1);
        assert_eq!(only_late[0].as_ref().map(|v| v.value), Some(true));
    }

    #[test]
    fn the_keyed_shape_with_or_without_its_wrapper_and_bare_words() {
        let yes = |v: &Value| yes_no(v, &[], &[]);
        let keyed = r#"{"verdicts": {"S1": {"verdict": "no", "reason": "r1", "quote": "q"}, "S2": {"verdict": "yes", "reason": ""}}}"#;
        let found = read_verdicts(keyed, "S", &[0, 1], &["quote"], true, yes).unwrap_or_default();
        assert_eq!(
            found[0],
            Some(Verdict {
                value: false,
                reason: "r1".into(),
                extra: vec!["q".into()],
            })
        );
        assert_eq!(
            found[1].as_ref().map(|v| (v.value, v.reason.as_str())),
            Some((true, ""))
        );
        // Without the wrapper, with a bare word as a value, an unknown key ignored.
        let bare = r#"{"s2": "yes", "S1": {"verdict": "no"}, "note": "x"}"#;
        let found = read_verdicts(bare, "S", &[0, 1], &[], true, yes).unwrap_or_default();
        let values: Vec<Option<bool>> = found.iter().map(|v| v.as_ref().map(|v| v.value)).collect();
        assert_eq!(values, [Some(false), Some(true)]);
        // A key repeated with another verdict (a model ignoring the schema): neither is trusted.
        let torn = r#"{"verdicts": {"S1": {"verdict": "no"}, "S1": {"verdict": "yes"}}}"#;
        assert_eq!(
            read_verdicts(torn, "S", &[0], &[], true, yes),
            Ok(vec![None])
        );
    }

    #[test]
    fn two_different_verdicts_for_one_id_leave_it_without_a_verdict() {
        let contradicted = |v: &Value| yes_no(v, &[], &[]);
        let answer = r#"{"verdicts": [{"id": "S1", "verdict": "yes"}, {"id": "S2", "verdict": "no"},
                      {"id": "S1", "verdict": "no"}, {"id": "S2", "verdict": "maybe"}]}"#;
        let found =
            read_verdicts(answer, "S", &[0, 1], &[], true, contradicted).unwrap_or_default();
        assert_eq!(found.len(), 2);
        assert_eq!(found[0], None, "yes and no for S1: neither is trusted");
        assert_eq!(
            found[1].as_ref().map(|v| v.value),
            Some(false),
            "an unreadable second verdict is no conflict"
        );
        // Only contradictory verdicts: readable, every item missing (asked again by the caller).
        let torn =
            r#"{"verdicts": [{"id": "S1", "verdict": "yes"}, {"id": "S1", "verdict": "no"}]}"#;
        assert_eq!(
            read_verdicts(torn, "S", &[0], &[], true, contradicted),
            Ok(vec![None])
        );
    }

    #[test]
    fn ids_starting_with_multibyte_characters_are_ignored_not_a_panic() {
        let answer = r#"{"verdicts": [{"id": "é1", "verdict": "yes"}, {"id": "Ｓ2", "verdict": "yes"}, {"id": "S3", "verdict": "no"}]}"#;
        let found = read_verdicts(answer, "S", &[0, 1, 2], &[], true, |v| yes_no(v, &[], &[]))
            .unwrap_or_default();
        let decided: Vec<bool> = found.iter().map(Option::is_some).collect();
        assert_eq!(decided, [false, false, true]);
    }

    #[test]
    fn verdict_words_in_any_case() {
        let w = |s: &str| {
            yes_no(
                &Value::String(s.into()),
                &["covered"],
                &["not covered", "missing"],
            )
        };
        assert_eq!(
            (
                w("Yes"),
                w("YES."),
                w("no"),
                w("Not_Covered"),
                w("missing"),
                w("maybe")
            ),
            (
                Some(true),
                Some(true),
                Some(false),
                Some(false),
                Some(false),
                None
            )
        );
    }

    #[test]
    fn nothing_readable_is_an_error() {
        assert!(read_verdicts(
            "{\"verdicts\": [{\"id\": \"S1\", \"verdict\": \"perhaps\"}]}",
            "S",
            &[0],
            &[],
            true,
            |v| yes_no(v, &[], &[])
        )
        .is_err());
        assert!(
            read_verdicts("I think yes", "S", &[0], &[], false, |v| yes_no(
                v,
                &[],
                &[]
            ))
            .is_err()
        );
        let empty = read_verdicts(
            r#"{"verdicts": [{"id": "S1", "verdict": "yes"}]}"#,
            "S",
            &[1],
            &[],
            false,
            |v| yes_no(v, &[], &[]),
        );
        assert_eq!(
            empty.map(|slots| slots.iter().flatten().count()),
            Ok(0),
            "readable JSON without the asked ids is not an error when nothing is required"
        );
    }
}

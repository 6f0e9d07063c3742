//! Tool-call accuracy: whether the tools an agent called were the right ones for the request.
//!
//! 1. For each tool call, in order (a tool called twice is judged twice), the judge decides
//!    whether it directly serves what the user explicitly asked for.
//! 2. The judge lists the available tools the request needed and the agent did not call.
//! 3. `score = appropriate calls / calls`, rounded to two decimals; with no calls, 0 when a
//!    needed tool is missing (a clear request answered without tools), else 1 (a vague request
//!    rightly met with a question). There is no scale.
//!
//! Inputs: `request` (the user's text), `response` (the agent's), `called` (the tool names,
//! the items judged) and `available` (`"id: description"` per tool the agent had).

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{
    Assess, Assessed, Field, Kind, Metric, Run, Scored, Step, Verdicts, Word,
};
use crate::judge::score::round_score;
use crate::numbers::number::format_number;

/// The tool-call accuracy metric (`createToolCallAccuracyScorerLLM`).
pub const TOOL_CALL_ACCURACY: Metric = Metric {
    id: "tool-call-accuracy",
    steps: &[
        Step::Verdicts(Verdicts {
            name: "calls",
            items: "called",
            prefix: "T",
            blocks: &["called", "request", "response", "available"],
            words: &[
                Word { word: "yes", also: &["true", "appropriate"] },
                Word { word: "no", also: &["false", "inappropriate", "not appropriate"] },
            ],
            extra: &[],
            task: "You review the tools an agent called. <called> numbers the calls it made, <request> is what \
the user asked, <response> what the agent answered and <available> the tools it could use. For each call, answer \
\"yes\" only if that tool directly delivers something the user explicitly asked for; a tool that is merely \
related, or gathers what nobody asked for, is \"no\".",
            needs: &[],
            blank: None,
            every: true,
            batch_items: None,
        }),
        Step::Assess(Assess {
            name: "missing",
            blocks: &["request", "response", "called", "available"],
            fields: &[Field { name: "missingTools", kind: Kind::List }],
            task: "You review the tools an agent called. <request> is what the user asked, <response> what the \
agent answered, <called> the tools it called (none when absent) and <available> the tools it could use. List in \
\"missingTools\" the ids of available tools the request clearly needed and the agent did not call. When the \
request is too vague to act on and the agent rightly asked for details, or nothing was needed, the list is empty.",
        }),
    ],
    score,
    model_reason: false,
};

/// The tools the judge says the request needed and the agent did not call.
pub fn missing<'r>(run: &'r Run) -> Vec<&'r str> {
    match run
        .assessed("missing")
        .and_then(|a| a.iter().find(|(n, _)| *n == "missingTools"))
    {
        Some((_, Assessed::List(list))) => list.iter().filter_map(Assessed::text).collect(),
        _ => Vec::new(),
    }
}

fn score(run: &Run) -> Scored {
    let missing = missing(run);
    let judged = run.verdicts("calls").map_or(&[][..], |(j, _)| j);
    let missed = if missing.is_empty() {
        String::new()
    } else {
        format!("; missing: {}", missing.join(", "))
    };
    if judged.is_empty() {
        let score = if missing.is_empty() { 1.0 } else { 0.0 };
        let how = if missing.is_empty() {
            "the agent called no tool and none was needed"
        } else {
            "the agent called no tool although the request needed some"
        };
        return Scored {
            score,
            reason: format!(
                "The score is {} because {how}{missed}.",
                format_number(score)
            ),
            explain: None,
        };
    }
    let fitting = judged.iter().filter(|j| j.verdict == "yes").count();
    let score = round_score(fitting as f64 / judged.len() as f64);
    let wrong: Vec<&str> = judged
        .iter()
        .filter(|j| j.verdict != "yes")
        .map(|j| j.item.as_str())
        .collect();
    let wrong = if wrong.is_empty() {
        String::new()
    } else {
        format!("; not fitting: {}", wrong.join(", "))
    };
    Scored {
        score,
        reason: format!("The score is {} because {fitting} of the {} tool calls fit the request{wrong}{missed}.", format_number(score), judged.len()),
        explain: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::engine::measure;
    use crate::judge::scripted::{block_on, ScriptedJudge};
    use alloc::vec;

    fn run(called: &[&str], answers: &[&'static str]) -> (Option<f64>, u32, Option<String>) {
        let judge = ScriptedJudge::texts(answers);
        let inputs: Vec<(String, Vec<String>)> = vec![
            ("request".into(), vec!["How long is the river?".into()]),
            ("response".into(), vec!["40 km.".into()]),
            (
                "called".into(),
                called.iter().map(|t| String::from(*t)).collect(),
            ),
            (
                "available".into(),
                vec!["riverLength: the length of a river".into()],
            ),
        ];
        let options = Options {
            model_reason: false,
            ..Options::default()
        };
        let r = block_on(measure(
            &judge,
            &TOOL_CALL_ACCURACY,
            &inputs,
            &options,
            &[],
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        (r.score, r.model_calls, r.reason)
    }

    #[test]
    fn the_share_of_fitting_calls_rounded_and_missing_tools_ignored_when_calls_were_made() {
        let verdicts = r#"{"verdicts": [{"id": "T1", "verdict": "appropriate", "reason": ""}, {"id": "T2", "verdict": "no", "reason": ""}, {"id": "T3", "verdict": "yes", "reason": ""}]}"#;
        let (score, calls, reason) =
            run(&["a", "b", "a"], &[verdicts, r#"{"missingTools": ["c"]}"#]);
        assert_eq!((score, calls), (Some(0.67), 2));
        assert!(reason
            .unwrap_or_default()
            .contains("not fitting: b; missing: c"));
    }

    #[test]
    fn without_calls_only_missing_tools_decide() {
        assert_eq!(run(&[], &[r#"{"missingTools": []}"#]).0, Some(1.0));
        assert_eq!(
            run(&[], &[r#"{"missingTools": ["riverLength", " "]}"#]).0,
            Some(0.0)
        );
        assert_eq!(run(&[], &[r#"{"missingTools": []}"#]).1, 1);
    }
}

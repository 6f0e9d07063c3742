//! Trajectory accuracy: how sound the steps an agent took were, judged by a model.
//!
//! 1. For each step of the trajectory, in order, the judge decides whether it was necessary
//!    for the request and whether it came in a sensible order (against the expected steps
//!    when there are some).
//! 2. The judge lists the steps that were missing and those that were extra.
//! 3. With N judged steps and M missing ones:
//!    `score = clamp01(0.6 · necessary/N + 0.3 · in order/N − 0.1 · M/(N + M))`, rounded to two
//!    decimals (so at most 0.9); with no steps: 0 when some are missing, 0.5 when only extra
//!    ones are named, else 1. There is no scale.
//!
//! Inputs: `steps` (one line per step, the items judged), `request`, `response` and
//! `expected` (one line per expected step; none when absent).

use alloc::{format, vec::Vec};

use crate::judge::declare::{
    Assess, Assessed, Field, Kind, Metric, Run, Scored, Step, Verdicts, Word,
};
use crate::judge::score::round_score;
use crate::numbers::number::format_number;

/// The trajectory accuracy metric (`createTrajectoryAccuracyScorerLLM`).
pub const TRAJECTORY_ACCURACY: Metric = Metric {
    id: "trajectory-accuracy",
    steps: &[
        Step::Verdicts(Verdicts {
            name: "steps",
            items: "steps",
            prefix: "S",
            blocks: &["steps", "request", "response", "expected"],
            words: &[
                Word { word: "yes", also: &["true", "necessary", "needed"] },
                Word { word: "no", also: &["false", "unnecessary", "not necessary", "redundant"] },
            ],
            extra: &["wasInOrder"],
            task: "You review the steps an agent took. <steps> numbers them in the order taken, <request> is what \
the user asked, <response> the agent's final answer and <expected>, when present, the steps it was expected to \
take. For each step, \"verdict\" is \"yes\" when the step was needed to answer the request (a repeated or \
pointless step is \"no\"), and \"wasInOrder\" is \"yes\" when it came at a sensible point of the sequence (the \
expected order is a guide, not a rule), else \"no\".",
            needs: &[],
            blank: None,
            every: true,
            batch_items: None,
        }),
        Step::Assess(Assess {
            name: "gaps",
            blocks: &["request", "response", "steps", "expected"],
            fields: &[
                Field { name: "missingSteps", kind: Kind::List },
                Field { name: "extraSteps", kind: Kind::List },
            ],
            task: "You review the steps an agent took. <request> is what the user asked, <response> the agent's \
final answer, <steps> the steps taken in order (none when absent) and <expected>, when present, the steps it was \
expected to take. List in \"missingSteps\" the steps a sound answer needed that were not taken, and in \
\"extraSteps\" the steps taken that nothing called for; either list may be empty.",
        }),
    ],
    score,
    model_reason: false,
};

/// A list the judge gave in the gaps step.
pub fn gaps<'r>(run: &'r Run, field: &str) -> Vec<&'r str> {
    match run
        .assessed("gaps")
        .and_then(|a| a.iter().find(|(n, _)| *n == field))
    {
        Some((_, Assessed::List(list))) => list.iter().filter_map(Assessed::text).collect(),
        _ => Vec::new(),
    }
}

const fn yes(word: &str) -> bool {
    matches!(word.as_bytes(), b"yes" | b"true")
}

fn score(run: &Run) -> Scored {
    let (missing, extra) = (gaps(run, "missingSteps"), gaps(run, "extraSteps"));
    let judged = run.verdicts("steps").map_or(&[][..], |(j, _)| j);
    if judged.is_empty() {
        let (score, how) = match (missing.is_empty(), extra.is_empty()) {
            (false, _) => (0.0, "no step was taken although some were needed"),
            (true, false) => (0.5, "the trajectory names only extra steps"),
            (true, true) => (1.0, "no step was needed and none was taken"),
        };
        return Scored {
            score,
            reason: format!("The score is {} because {how}.", format_number(score)),
            explain: None,
        };
    }
    let n = judged.len() as f64;
    let m = missing.len() as f64;
    let necessary = judged.iter().filter(|j| j.verdict == "yes").count();
    let ordered = judged
        .iter()
        .filter(|j| {
            j.extra
                .first()
                .is_some_and(|w| yes(&w.to_ascii_lowercase()))
        })
        .count();
    let penalty = if missing.is_empty() { 0.0 } else { m / (n + m) };
    let raw = 0.6 * necessary as f64 / n + 0.3 * ordered as f64 / n - 0.1 * penalty;
    let score = round_score(raw.clamp(0.0, 1.0));
    Scored {
        score,
        reason: format!(
            "The score is {} because {necessary} of the {} steps were needed, {ordered} came in order and {} {} missing.",
            format_number(score),
            judged.len(),
            missing.len(),
            if missing.len() == 1 { "was" } else { "were" }
        ),
        explain: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::engine::measure;
    use crate::judge::scripted::{block_on, ScriptedJudge};
    use alloc::{vec, vec::Vec};

    fn run(steps: &[&str], answers: &[&'static str]) -> (Option<f64>, u32) {
        let judge = ScriptedJudge::texts(answers);
        let inputs: Vec<(String, Vec<String>)> = vec![
            (
                "steps".into(),
                steps.iter().map(|t| String::from(*t)).collect(),
            ),
            ("request".into(), vec!["Find the length.".into()]),
            ("response".into(), vec!["40 km.".into()]),
            ("expected".into(), vec![]),
        ];
        let options = Options {
            model_reason: false,
            ..Options::default()
        };
        let r = block_on(measure(
            &judge,
            &TRAJECTORY_ACCURACY,
            &inputs,
            &options,
            &[],
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        (r.score, r.model_calls)
    }

    #[test]
    fn weighted_necessity_and_order_less_the_missing_share() {
        // 0.6·2/3 + 0.3·2/3 − 0.1·1/4 = 0.575 → 0.58
        let verdicts = r#"{"verdicts": [
            {"id": "S1", "verdict": "yes", "reason": "", "wasInOrder": true},
            {"id": "S2", "verdict": "no", "reason": "", "wasInOrder": "yes"},
            {"id": "S3", "verdict": "necessary", "reason": "", "wasInOrder": "no"}]}"#;
        assert_eq!(
            run(
                &["a", "b", "c"],
                &[verdicts, r#"{"missingSteps": ["d"], "extraSteps": ["b"]}"#]
            ),
            (Some(0.58), 2)
        );
        let best =
            r#"{"verdicts": [{"id": "S1", "verdict": "yes", "reason": "", "wasInOrder": "true"}]}"#;
        assert_eq!(
            run(&["a"], &[best, r#"{"missingSteps": [], "extraSteps": []}"#]),
            (Some(0.9), 2)
        );
    }

    #[test]
    fn without_steps_missing_then_extra_decide() {
        assert_eq!(
            run(&[], &[r#"{"missingSteps": ["a"], "extraSteps": ["b"]}"#]),
            (Some(0.0), 1)
        );
        assert_eq!(
            run(&[], &[r#"{"missingSteps": [], "extraSteps": ["b"]}"#]),
            (Some(0.5), 1)
        );
        assert_eq!(
            run(&[], &[r#"{"missingSteps": [], "extraSteps": []}"#]),
            (Some(1.0), 1)
        );
    }
}

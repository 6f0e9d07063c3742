//! Multi-turn judge: whether a whole conversation meets one plain-language criterion.
//!
//! 1. The judge reads every assistant turn (each in its own `<turn>` block, in order) and
//!    decides whether the conversation, taken as a whole, satisfies the criterion.
//! 2. `score = scale` when it does, else 0.
//!
//! Inputs: `criterion` and `turn` (the assistant's turns; none at all is still judged, since
//! a criterion such as "never promises a refund" holds for silence).

use alloc::{format, string::String};

use crate::judge::declare::{Assess, Assessed, Field, Kind, Metric, Run, Scored, Step};
use crate::numbers::number::format_number;

/// The multi-turn judge (`createMultiTurnJudgeScorer`).
pub const MULTI_TURN: Metric = Metric {
    id: "multi-turn",
    steps: &[Step::Assess(Assess {
        name: "conversation",
        blocks: &["criterion", "turn"],
        fields: &[
            Field { name: "satisfied", kind: Kind::Boolean },
            Field { name: "reasoning", kind: Kind::Text },
        ],
        task: "You grade a conversation. The <turn> blocks are what an assistant said, turn by turn; no block \
means it said nothing. Decide whether the assistant's turns, read together, satisfy the criterion in <criterion>: \
what is needed may be spread over several turns. Count only what the assistant actually said, give no credit for \
effort, and answer false when in doubt. \"reasoning\" says why in one or two sentences.",
    })],
    score,
    model_reason: false,
};

/// Whether the judge found the criterion satisfied.
pub fn satisfied(run: &Run) -> bool {
    run.assessed("conversation")
        .and_then(|a| a.iter().find(|(n, _)| *n == "satisfied"))
        .is_some_and(|(_, v)| *v == Assessed::Bool(true))
}

fn score(run: &Run) -> Scored {
    let met = satisfied(run);
    let score = if met { run.options.scale } else { 0.0 };
    let why = match run
        .assessed("conversation")
        .and_then(|a| a.iter().find(|(n, _)| *n == "reasoning"))
    {
        Some((_, Assessed::Text(t))) if !t.is_empty() => format!(" {t}"),
        _ => String::new(),
    };
    let verdict = if met {
        "the conversation meets the criterion"
    } else {
        "the conversation does not meet the criterion"
    };
    Scored {
        score,
        reason: format!(
            "The score is {} because {verdict}.{why}",
            format_number(score)
        ),
        explain: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::engine::measure;
    use crate::judge::error::Error;
    use crate::judge::scripted::{block_on, ScriptedJudge};
    use alloc::{vec, vec::Vec};

    fn run(
        turns: &[&str],
        answers: &[&'static str],
        scale: f64,
    ) -> Result<(Option<f64>, u32), Error> {
        let judge = ScriptedJudge::texts(answers);
        let inputs: Vec<(String, Vec<String>)> = vec![
            ("criterion".into(), vec!["Gives the length.".into()]),
            (
                "turn".into(),
                turns.iter().map(|t| String::from(*t)).collect(),
            ),
        ];
        let options = Options {
            scale,
            model_reason: false,
            ..Options::default()
        };
        block_on(measure(&judge, &MULTI_TURN, &inputs, &options, &[], None))
            .map(|r| (r.score, r.model_calls))
    }

    #[test]
    fn satisfied_scores_the_scale_and_a_string_yes_reads_as_true() {
        assert_eq!(
            run(
                &["It is 40 km."],
                &[r#"{"satisfied": true, "reasoning": "ok"}"#],
                1.0
            ),
            Ok((Some(1.0), 1))
        );
        assert_eq!(
            run(
                &["a", "b"],
                &[r#"{"satisfied": "Yes", "reasoning": ""}"#],
                4.0
            ),
            Ok((Some(4.0), 1))
        );
        assert_eq!(
            run(
                &[],
                &[r#"{"satisfied": false, "reasoning": "silent"}"#],
                1.0
            ),
            Ok((Some(0.0), 1))
        );
    }

    #[test]
    fn an_answer_without_a_boolean_is_asked_again_then_unreadable() {
        let e = run(
            &["x"],
            &[
                r#"{"satisfied": "perhaps", "reasoning": ""}"#,
                r#"{"reasoning": ""}"#,
            ],
            1.0,
        );
        assert!(
            matches!(
                e,
                Err(Error::UnreadableAnswer {
                    step: "conversation",
                    ..
                })
            ),
            "{e:?}"
        );
    }
}

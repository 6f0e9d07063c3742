//! Faithfulness: the share of an output's claims that a context supports. The output's claims
//! are extracted, the judge decides for each from the context alone ("yes" supported, "no"
//! contradicted, "unsure" not settled), and `score = supported claims / claims × scale`, rounded
//! to two decimals; "no", "unsure" and any other word count 0, and no claims score 0, as in both
//! `@mastra/evals` versions. A blank context settles nothing: every claim is "unsure" without
//! asking the model.
//!
//! Inputs: `context` (a list of texts) and `output`.

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{Extract, Metric, Run, Scored, Step, Verdicts, Word, ANY_OTHER};
use crate::judge::score::{round_score, verdict_lines};
use crate::numbers::number::format_number;

const CLAIMS_TASK: &str = "You list the claims an answer makes. Split the text in <output> into atomic claims: \
each asserts one thing (a fact, or a hedged or speculative statement such as \"it may rain\"), can be read on its \
own (replace pronouns by what they stand for), and keeps the text's figures, dates and wording. Leave out \
questions, commands and greetings. An empty text has no claims.";

const SUPPORT_TASK: &str = "You check claims against a reference. For each numbered claim in <claims>, decide \
from the <context> blocks alone, with no outside knowledge: \"yes\" when the context states or clearly implies it; \
\"no\" when the context says otherwise; \"unsure\" when the context does not mention it or cannot settle it, and \
for speculative or hedged claims.";

/// The faithfulness declaration (both the 0.14.4 class and the 1.10.2 scorer).
pub const FAITHFULNESS: Metric = Metric {
    id: "faithfulness",
    steps: &[
        Step::Extract(Extract {
            name: "claims",
            from: &["output"],
            task: CLAIMS_TASK,
            batch_bytes: None,
        }),
        Step::Verdicts(Verdicts {
            name: "verdicts",
            items: "claims",
            prefix: "C",
            blocks: &["context", "claims"],
            words: &[
                Word {
                    word: "yes",
                    also: &[],
                },
                Word {
                    word: "no",
                    also: &[],
                },
                // Any other word is not a "yes", as both originals count it.
                Word {
                    word: "unsure",
                    also: &[ANY_OTHER],
                },
            ],
            extra: &[],
            task: SUPPORT_TASK,
            needs: &["context"],
            blank: Some(("unsure", "There is no context to check it against.")),
            every: true,
            batch_items: None,
        }),
    ],
    score,
    model_reason: true,
};

fn score(run: &Run) -> Scored {
    let Some((judged, _)) = run.verdicts("verdicts") else {
        return Scored {
            score: 0.0,
            reason: "The score is 0 because the output makes no claim.".into(),
            explain: None,
        };
    };
    let supported = judged.iter().filter(|j| j.verdict == "yes").count();
    let total = judged.len();
    let score = round_score(supported as f64 / total as f64 * run.options.scale);
    let shown = format_number(score);
    if run.blank("context") {
        return Scored {
            score,
            reason: format!("The score is {shown} because there is no context, so none of the output's {total} claims is supported."),
            explain: None,
        };
    }
    let unsupported: Vec<String> = judged
        .iter()
        .filter(|j| j.verdict != "yes")
        .map(|j| {
            format!(
                "\"{}\" ({})",
                j.item,
                if j.verdict == "no" {
                    "contradicted"
                } else {
                    "not settled"
                }
            )
        })
        .collect();
    let reason = if unsupported.is_empty() {
        format!(
            "The score is {shown} because the context supports all {total} claims of the output."
        )
    } else {
        format!(
            "The score is {shown} because the context supports {supported} of the output's {total} claims; not supported: {}.",
            unsupported.join("; ")
        )
    };
    let how = format!(
        "{supported} supported claims / {total} claims, times a scale of {}",
        format_number(run.options.scale)
    );
    let lines = verdict_lines("C", judged);
    Scored {
        score,
        reason,
        explain: Some((how, lines)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::engine::{measure, Outcome};
    use crate::judge::error::Error;
    use crate::judge::scripted::{block_on, ScriptedJudge};

    fn run(
        judge: &ScriptedJudge,
        context: &[&str],
        output: &str,
        options: Options,
    ) -> Result<Outcome, Error> {
        let inputs = vec![
            (
                "context".into(),
                context.iter().map(|s| s.to_string()).collect(),
            ),
            ("output".into(), vec![output.into()]),
        ];
        block_on(measure(judge, &FAITHFULNESS, &inputs, &options, &[], None))
    }

    const CLAIMS: &str = r#"{"claims": ["A is 3.", "B is red.", "C may grow."]}"#;

    fn no_reason() -> Options {
        Options {
            model_reason: false,
            ..Default::default()
        }
    }

    #[test]
    fn only_supported_claims_count() {
        let verdicts = r#"{"verdicts": [{"id": "C1", "verdict": "yes"}, {"id": "C2", "verdict": "no"}, {"id": "C3", "verdict": "unsure"}]}"#;
        let judge = ScriptedJudge::texts(&[CLAIMS, verdicts]);
        let r = run(&judge, &["A is 3. B is blue."], "x", no_reason())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(0.33), 2));
        assert_eq!(
            r.reason.as_deref(),
            Some("The score is 0.33 because the context supports 1 of the output's 3 claims; not supported: \"B is red.\" (contradicted); \"C may grow.\" (not settled).")
        );
    }

    #[test]
    fn scale_multiplies_before_rounding_and_other_words_are_not_yes() {
        let verdicts = r#"{"verdicts": [{"id": "C1", "verdict": "yes"}, {"id": "C2", "verdict": "yes"}, {"id": "C3", "verdict": "partly"}]}"#;
        let judge = ScriptedJudge::texts(&[CLAIMS, verdicts]);
        let r = run(
            &judge,
            &["ctx"],
            "x",
            Options {
                scale: 5.0,
                ..no_reason()
            },
        );
        assert_eq!(r.map(|r| r.score), Ok(Some(3.33)));
    }

    #[test]
    fn no_claims_scores_zero_with_one_call() {
        let judge = ScriptedJudge::texts(&[r#"{"claims": []}"#]);
        let r = run(&judge, &["ctx"], "Hello!", Options::default());
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(0.0), 1)));
    }

    #[test]
    fn a_blank_context_leaves_every_claim_unsure_without_a_verdict_call() {
        let judge = ScriptedJudge::texts(&[CLAIMS]);
        let r = run(&judge, &[" "], "x", Options::default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(0.0), 1));
        assert!(r.verdicts["verdicts"]
            .judged
            .iter()
            .all(|j| j.verdict == "unsure"));
    }

    #[test]
    fn an_empty_output_needs_no_call() {
        let judge = ScriptedJudge::texts(&[]);
        let r = run(&judge, &["ctx"], "", Options::default());
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(0.0), 0)));
    }
}

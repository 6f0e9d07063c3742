//! Context recall (`createContextRecallScorer`, 1.10.2): how much of a reference answer (the
//! run's ground truth) the retrieved context supports. The ground truth's claims are
//! extracted, each is judged ("yes": the context supports it), and
//!
//! `score = min(1, supported claims / claims) × scale`, 0 without ground truth or claims.
//!
//! Without a context every claim is unsupported, with no verdict call. Inputs: `groundTruth`,
//! `context`.

use alloc::format;

use crate::judge::declare::{Extract, Metric, Run, Scored, Step, Verdicts};
use crate::judge::score::{round_score, verdict_lines};
use crate::metrics::llm::context::{hits, YES_NO};
use crate::numbers::number::format_number;

const CLAIMS_TASK: &str = "You list the claims of a reference answer. Split the text of <groundTruth> into atomic \
claims: each states one checkable fact (keep numbers, dates and names as written), can be understood on its own \
(replace pronouns by what they stand for) and keeps the text's wording. Leave out questions, greetings and style. \
Give an empty list when the text states no fact.";

const SUPPORT_TASK: &str = "You check a reference answer against retrieved context. For each numbered claim in \
<claims>, decide from the <context> blocks alone whether the claim can be traced to them: \"yes\" when a piece states \
it or clearly implies it (the wording may differ), \"no\" when no piece does. Use no outside knowledge.";

/// `createContextRecallScorer`.
pub const CONTEXT_RECALL: Metric = Metric {
    id: "context-recall",
    steps: &[
        Step::Extract(Extract {
            name: "claims",
            from: &["groundTruth"],
            task: CLAIMS_TASK,
            batch_bytes: None,
        }),
        Step::Verdicts(Verdicts {
            name: "verdicts",
            items: "claims",
            prefix: "C",
            blocks: &["context", "claims"],
            words: YES_NO,
            extra: &[],
            task: SUPPORT_TASK,
            needs: &["context"],
            blank: Some(("no", "There is no context to trace it to.")),
            every: true,
            batch_items: None,
        }),
    ],
    score,
    model_reason: true,
};

fn score(run: &Run) -> Scored {
    let Some((judged, _)) = run.verdicts("verdicts") else {
        let why = if run.blank("groundTruth") {
            "there is no ground truth to recall"
        } else {
            "the ground truth states no claim"
        };
        return Scored {
            score: 0.0,
            reason: format!("The score is 0 because {why}."),
            explain: None,
        };
    };
    let hits = hits(judged);
    let supported = hits.iter().filter(|&&h| h).count();
    let total = run.list("claims").len().max(1);
    let score = round_score((supported as f64 / total as f64).min(1.0) * run.options.scale);
    let what = format!("{supported} of the {total} claims of the ground truth");
    let how = format!(
        "{what} can be traced to the context, times a scale of {}",
        format_number(run.options.scale)
    );
    let lines = verdict_lines("C", judged);
    Scored {
        score,
        reason: format!(
            "The score is {} because {what} can be traced to the context.",
            format_number(score)
        ),
        explain: (!run.blank("context")).then_some((how, lines)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::engine::{measure, Outcome};
    use crate::judge::error::Error;
    use crate::judge::scripted::{block_on, ScriptedJudge};
    use alloc::{string::String, vec, vec::Vec};

    fn recall(
        answers: &[&'static str],
        truth: &str,
        context: &[&str],
    ) -> (Result<Outcome, Error>, ScriptedJudge) {
        let judge = ScriptedJudge::texts(answers);
        let inputs: Vec<(String, Vec<String>)> = vec![
            ("groundTruth".into(), vec![truth.into()]),
            (
                "context".into(),
                context.iter().map(|s| s.to_string()).collect(),
            ),
        ];
        let options = Options {
            model_reason: false,
            ..Options::default()
        };
        let r = block_on(measure(
            &judge,
            &CONTEXT_RECALL,
            &inputs,
            &options,
            &[],
            None,
        ));
        (r, judge)
    }

    #[test]
    fn share_of_supported_claims() {
        let claims = r#"{"claims": ["a is 1", "b is 2", "c is 3"]}"#;
        let verdicts = r#"{"verdicts": [{"id": "C1", "verdict": "yes", "reason": ""}, {"id": "C2", "verdict": "no", "reason": ""}, {"id": "C3", "verdict": " Yes ", "reason": ""}]}"#;
        let (r, _) = recall(
            &[claims, verdicts],
            "a is 1, b is 2 and c is 3",
            &["a is 1; c is 3"],
        );
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(0.67), 2));
        assert_eq!(r.reason.as_deref(), Some("The score is 0.67 because 2 of the 3 claims of the ground truth can be traced to the context."));
    }

    #[test]
    fn no_ground_truth_no_claims_no_context() {
        let (r, _) = recall(&[], "", &["a"]);
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(0.0), 0)));
        let (r, _) = recall(&[r#"{"claims": []}"#], "Hello!", &["a"]);
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(0.0), 1)));
        let (r, _) = recall(&[r#"{"claims": ["a is 1"]}"#], "a is 1", &[]);
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(0.0), 1)));
    }
}

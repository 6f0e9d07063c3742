//! Factual consistency: the share of a summary's claims that its source supports (precision),
//! the sibling of [`super::coverage`] in the summary family of assert_llm_tools.
//!
//! 1. The summary's atomic claims are extracted.
//! 2. For each claim the judge decides from the source alone whether it is supported; verdicts
//!    are keyed by claim id, asked in batches; a claim still without a verdict after a second
//!    request is reported as unjudged, never scored (the Python package pads missing answers
//!    with "supported" and reads any line containing "supported" by substring).
//! 3. `score = supported claims / judged claims × scale`; a summary without claims: 1 × scale.
//!
//! Inputs: `source` and `summary`.

use alloc::format;

use super::coverage::{claims_per_batch, yes_share};
use super::summarization::SUMMARY_CLAIMS_TASK;
use crate::judge::declare::{Extract, Metric, Run, Scored, Step, Verdicts, Word};
use crate::judge::score::round_score;
use crate::numbers::number::format_number;

/// The summary's claims.
pub const SUMMARY_CLAIMS: Step = Step::Extract(Extract {
    name: "summaryClaims",
    from: &["summary"],
    task: SUMMARY_CLAIMS_TASK,
    batch_bytes: None,
});

/// Each summary claim judged against the source.
pub const SUPPORT: Step = Step::Verdicts(Verdicts {
    name: "support",
    items: "summaryClaims",
    prefix: "C",
    blocks: &["source", "summaryClaims"],
    words: &[
        Word {
            word: "yes",
            also: &["true", "supported", "consistent", "stated", "implied"],
        },
        Word {
            word: "no",
            also: &[
                "false",
                "unsupported",
                "not supported",
                "contradicted",
                "inconsistent",
                "unsure",
                "unknown",
            ],
        },
    ],
    extra: &[],
    task: "You check a summary's claims against its source. For each numbered claim in <summaryClaims>, decide \
from the text in <source> alone: \"yes\" (supported) when the source states it or it follows directly from what \
the source states, \"no\" when the source says otherwise or does not say it. Use no outside knowledge; names, \
numbers and dates must match.",
    needs: &[],
    blank: None,
    every: false,
    batch_items: Some(claims_per_batch),
});

/// The factual consistency metric.
pub const FACTUAL_CONSISTENCY: Metric = Metric {
    id: "factual-consistency",
    steps: &[SUMMARY_CLAIMS, SUPPORT],
    score: consistency_score,
    model_reason: false,
};

/// (supported, judged, unjudged) of the support verdicts; None when the summary has no claim.
pub fn support_counts(run: &Run) -> Option<(usize, usize, usize)> {
    let (judged, unjudged) = run.verdicts("support")?;
    let supported = judged.iter().filter(|j| j.verdict == "yes").count();
    Some((supported, judged.len(), unjudged.len()))
}

/// The unrounded share of supported claims; 1 without claims.
pub fn consistency_share(run: &Run) -> f64 {
    support_counts(run).map_or(1.0, |(s, n, _)| s as f64 / n as f64)
}

fn consistency_score(run: &Run) -> Scored {
    let supported = |score: &str, yes, n| {
        format!("The score is {score} because the source supports {yes} of the {n} claims of the summary")
    };
    yes_share(run, "support", supported, "unsupported:", "claims").unwrap_or_else(|| {
        let score = round_score(run.options.scale);
        Scored {
            score,
            reason: format!(
                "The score is {} because the summary makes no factual claim, so none is unsupported.",
                format_number(score)
            ),
            explain: None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::scripted::ScriptedJudge;
    use crate::metrics::llm::testing::summary_outcome;

    #[test]
    fn supported_over_judged() {
        let judge = ScriptedJudge::texts(&[
            r#"{"summaryClaims": ["a", "b", "c"]}"#,
            r#"{"verdicts": [{"id":"C1","verdict":"supported"},{"id":"C2","verdict":"unsupported"},{"id":"C3","verdict":"yes"}]}"#,
        ]);
        let r = summary_outcome(&judge, &FACTUAL_CONSISTENCY, "s", &Options::default());
        assert_eq!((r.score, r.model_calls), (Some(0.67), 2));
        assert!(r
            .reason
            .as_deref()
            .unwrap_or("")
            .contains("unsupported: \"b\""));
    }

    #[test]
    fn a_missing_verdict_is_not_counted_as_supported() {
        let judge = ScriptedJudge::texts(&[
            r#"{"summaryClaims": ["a", "b"]}"#,
            r#"{"verdicts": [{"id":"C1","verdict":"no"}]}"#,
            r#"{"verdicts": []}"#,
        ]);
        let r = summary_outcome(&judge, &FACTUAL_CONSISTENCY, "s", &Options::default());
        assert_eq!(r.score, Some(0.0));
        assert_eq!(r.verdicts["support"].unjudged, ["b"]);
    }

    #[test]
    fn no_claims_is_full_marks_without_a_verdict_call() {
        let judge = ScriptedJudge::texts(&[]);
        let options = Options {
            scale: 10.0,
            ..Options::default()
        };
        let r = summary_outcome(&judge, &FACTUAL_CONSISTENCY, "  ", &options);
        assert_eq!((r.score, r.model_calls), (Some(10.0), 0));
    }
}

//! Factual alignment: the F1 score of coverage (recall: the share of the source's claims the
//! summary keeps, [`super::coverage`]) and factual consistency (precision: the share of the
//! summary's claims the source supports, [`super::factual_consistency`]), from one run of both
//! extractions and both verdict steps, so that asking for the three together costs the calls
//! of the two.
//!
//! `score = 2·c·p / (c + p) × scale` (0 when both are 0), where c is 1 when the source has no
//! claim and p is 1 when the summary has none; an empty summary keeps nothing (c = 0).
//! Inputs: `source` and `summary`.

use alloc::format;

use super::coverage::{claims_per_batch, KEPT_TASK, KEPT_WORDS, SOURCE_CLAIMS};
use super::factual_consistency::{consistency_share, SUMMARY_CLAIMS, SUPPORT};
use crate::judge::declare::{Metric, Run, Scored, Step, Verdicts};
use crate::judge::score::round_score;
use crate::numbers::number::format_number;

/// The factual alignment metric (also what evaluateSummary runs for coverage and factual
/// consistency asked together).
pub const FACTUAL_ALIGNMENT: Metric = Metric {
    id: "factual-alignment",
    steps: &[
        SOURCE_CLAIMS,
        SUMMARY_CLAIMS,
        Step::Verdicts(Verdicts {
            name: "verdicts",
            items: "claims",
            prefix: "S",
            blocks: &["claims", "summary"],
            words: KEPT_WORDS,
            extra: &[],
            task: KEPT_TASK,
            needs: &["summary"],
            blank: Some(("no", "The summary is empty.")),
            every: false,
            batch_items: Some(claims_per_batch),
        }),
        SUPPORT,
    ],
    score: alignment_score,
    model_reason: false,
};

/// The unrounded share of the source's claims kept; 1 without claims.
pub fn coverage_share(run: &Run) -> f64 {
    match run.verdicts("verdicts") {
        Some((judged, _)) if !judged.is_empty() => {
            judged.iter().filter(|j| j.verdict == "yes").count() as f64 / judged.len() as f64
        }
        _ => 1.0,
    }
}

/// The harmonic mean of two shares, 0 when both are 0.
pub fn f1(recall: f64, precision: f64) -> f64 {
    if recall + precision > 0.0 {
        2.0 * recall * precision / (recall + precision)
    } else {
        0.0
    }
}

fn alignment_score(run: &Run) -> Scored {
    let c = coverage_share(run);
    let p = consistency_share(run);
    let score = round_score(f1(c, p) * run.options.scale);
    Scored {
        score,
        reason: format!(
            "The score is {} because the summary keeps {} of the source's claims (coverage {}) and the source supports {} of the summary's claims (factual consistency {}); the score is their harmonic mean.",
            format_number(score),
            percent(c),
            format_number(round_score(c)),
            percent(p),
            format_number(round_score(p))
        ),
        explain: None,
    }
}

fn percent(share: f64) -> alloc::string::String {
    format!("{}%", format_number(round_score(share * 100.0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::scripted::ScriptedJudge;
    use crate::metrics::llm::testing::summary_outcome;

    #[test]
    fn the_harmonic_mean() {
        assert_eq!(f1(0.5, 1.0), 2.0 / 3.0);
        assert_eq!(f1(0.0, 0.0), 0.0);
        assert_eq!(f1(1.0, 1.0), 1.0);
        assert_eq!(f1(0.0, 1.0), 0.0);
    }

    #[test]
    fn four_calls_for_both_halves() {
        let summary = "The summary.";
        let judge = ScriptedJudge::texts(&[
            r#"{"claims": ["s1", "s2", "s3", "s4"]}"#,
            r#"{"summaryClaims": ["a"]}"#,
            r#"{"verdicts": [{"id":"S1","verdict":"yes"},{"id":"S2","verdict":"no"},{"id":"S3","verdict":"yes"},{"id":"S4","verdict":"no"}]}"#,
            r#"{"verdicts": [{"id":"C1","verdict":"yes"}]}"#,
        ]);
        let r = summary_outcome(&judge, &FACTUAL_ALIGNMENT, summary, &Options::default());
        assert_eq!((r.score, r.model_calls), (Some(0.67), 4));
    }

    #[test]
    fn an_empty_summary_keeps_nothing() {
        let summary = "";
        let judge = ScriptedJudge::texts(&[r#"{"claims": ["s1"]}"#]);
        let r = summary_outcome(&judge, &FACTUAL_ALIGNMENT, summary, &Options::default());
        assert_eq!((r.score, r.model_calls), (Some(0.0), 1));
    }
}

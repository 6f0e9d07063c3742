//! The metrics judged by a model, each a declaration ([`crate::judge::declare`]) that the
//! [`crate::judge::engine`] runs; [`metric`] finds one by id.

use crate::judge::declare::Metric;

pub mod coverage;
pub mod factual_alignment;
pub mod factual_consistency;
pub mod hallucination;
pub mod prompt_alignment;
pub mod summarization;
pub mod topic_preservation;

/// Every declared LLM metric.
pub const METRICS: &[&Metric] = &[
    &hallucination::STATEMENTS,
    &hallucination::CLAIMS,
    &coverage::COVERAGE,
    &prompt_alignment::INSTRUCTIONS,
    &prompt_alignment::USER,
    &prompt_alignment::SYSTEM,
    &prompt_alignment::BOTH,
    &summarization::QUESTIONS,
    &summarization::CLAIMS,
    &summarization::SCORER,
    &summarization::SCORER_CLAIMS,
    &factual_consistency::FACTUAL_CONSISTENCY,
    &factual_alignment::FACTUAL_ALIGNMENT,
    &topic_preservation::TOPIC_PRESERVATION,
];

/// The metric declared under `id`.
pub fn metric(id: &str) -> Option<&'static Metric> {
    METRICS.iter().copied().find(|m| m.id == id)
}

/// What the declarations' tests share: a measure over `source` and `summary` with a scripted judge.
#[cfg(test)]
pub(crate) mod testing {
    use crate::judge::declare::{Metric, Options};
    use crate::judge::engine::{measure, Outcome};
    use crate::judge::scripted::{block_on, ScriptedJudge};

    /// Measures `metric` on the source "The source." and `summary`; panics on an error.
    pub fn summary_outcome(
        judge: &ScriptedJudge,
        metric: &Metric,
        summary: &str,
        options: &Options,
    ) -> Outcome {
        let inputs = alloc::vec![
            ("source".into(), alloc::vec!["The source.".into()]),
            ("summary".into(), alloc::vec![summary.into()]),
        ];
        block_on(measure(judge, metric, &inputs, options, &[], None))
            .unwrap_or_else(|e| panic!("{e}"))
    }
}

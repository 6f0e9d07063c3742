//! The metrics judged by a model, each a declaration ([`crate::judge::declare`]) that the
//! [`crate::judge::engine`] runs; [`metric`] finds one by id.
//!
//! The declarations only Mastra 1.x's scorers use (its own metrics, and the 1.x shapes of
//! shared ones) are in [`METRICS`] with the `scorers` feature alone: the module of
//! `evals-wasm/llm` and of the root entry (the 0.x classes) leaves them out, 8 KB gzip it would
//! otherwise carry; `evals-wasm/scorers` loads the module built with them.

use crate::judge::declare::Metric;

pub mod answer_relevancy;
pub mod answer_similarity;
pub mod bias;
pub mod context;
pub mod context_position;
pub mod context_precision;
pub mod context_recall;
pub mod context_relevance;
pub mod context_relevancy;
pub mod contextual_recall;
pub mod coverage;
pub mod factual_alignment;
pub mod factual_consistency;
pub mod faithfulness;
#[cfg(test)]
mod forged;
pub mod hallucination;
pub mod multi_turn;
pub mod noise_sensitivity;
pub mod prompt_alignment;
pub mod rubric;
pub mod summarization;
pub mod tool_call_accuracy;
pub mod topic_preservation;
pub mod toxicity;
pub mod trajectory_accuracy;

/// Every declared LLM metric.
pub const METRICS: &[&Metric] = &[
    &hallucination::STATEMENTS,
    &hallucination::CLAIMS,
    &coverage::COVERAGE,
    &context_precision::CONTEXT_PRECISION,
    &context_position::CONTEXT_POSITION,
    &context_relevancy::CONTEXT_RELEVANCY,
    &contextual_recall::CONTEXTUAL_RECALL,
    &bias::BIAS,
    &toxicity::TOXICITY,
    &answer_relevancy::ANSWER_RELEVANCY,
    &faithfulness::FAITHFULNESS,
    &prompt_alignment::INSTRUCTIONS,
    &summarization::QUESTIONS,
    &summarization::CLAIMS,
    &factual_consistency::FACTUAL_CONSISTENCY,
    &factual_alignment::FACTUAL_ALIGNMENT,
    &topic_preservation::TOPIC_PRESERVATION,
    // Mastra 1.x's scorers only.
    #[cfg(feature = "scorers")]
    &context_relevance::CONTEXT_RELEVANCE,
    #[cfg(feature = "scorers")]
    &context_recall::CONTEXT_RECALL,
    #[cfg(feature = "scorers")]
    &rubric::RUBRIC,
    #[cfg(feature = "scorers")]
    &multi_turn::MULTI_TURN,
    #[cfg(feature = "scorers")]
    &tool_call_accuracy::TOOL_CALL_ACCURACY,
    #[cfg(feature = "scorers")]
    &trajectory_accuracy::TRAJECTORY_ACCURACY,
    #[cfg(feature = "scorers")]
    &answer_relevancy::ANSWER_RELEVANCY_SCORER,
    #[cfg(feature = "scorers")]
    &prompt_alignment::USER,
    #[cfg(feature = "scorers")]
    &prompt_alignment::SYSTEM,
    #[cfg(feature = "scorers")]
    &prompt_alignment::BOTH,
    #[cfg(feature = "scorers")]
    &summarization::SCORER,
    #[cfg(feature = "scorers")]
    &summarization::SCORER_CLAIMS,
    #[cfg(feature = "scorers")]
    &answer_similarity::ANSWER_SIMILARITY,
    #[cfg(feature = "scorers")]
    &noise_sensitivity::NOISE_SENSITIVITY,
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

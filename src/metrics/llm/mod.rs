//! The metrics judged by a model, each a declaration ([`crate::judge::declare`]) that the
//! [`crate::judge::engine`] runs; [`metric`] finds one by id.

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
    &context_relevance::CONTEXT_RELEVANCE,
    &context_recall::CONTEXT_RECALL,
    &bias::BIAS,
    &toxicity::TOXICITY,
    &rubric::RUBRIC,
    &multi_turn::MULTI_TURN,
    &tool_call_accuracy::TOOL_CALL_ACCURACY,
    &trajectory_accuracy::TRAJECTORY_ACCURACY,
    &answer_relevancy::ANSWER_RELEVANCY,
    &answer_relevancy::ANSWER_RELEVANCY_SCORER,
    &faithfulness::FAITHFULNESS,
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
    &answer_similarity::ANSWER_SIMILARITY,
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

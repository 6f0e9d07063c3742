//! The metrics judged by a model, each a declaration ([`crate::judge::declare`]) that the
//! [`crate::judge::engine`] runs; [`metric`] finds one by id.

use crate::judge::declare::Metric;

pub mod answer_relevancy;
pub mod bias;
pub mod context;
pub mod context_position;
pub mod context_precision;
pub mod context_recall;
pub mod context_relevance;
pub mod context_relevancy;
pub mod contextual_recall;
pub mod coverage;
pub mod faithfulness;
pub mod hallucination;
pub mod multi_turn;
pub mod rubric;
pub mod tool_call_accuracy;
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
];

/// The metric declared under `id`.
pub fn metric(id: &str) -> Option<&'static Metric> {
    METRICS.iter().copied().find(|m| m.id == id)
}

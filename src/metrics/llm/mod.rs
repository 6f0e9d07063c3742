//! The metrics judged by a model, each a declaration ([`crate::judge::declare`]) that the
//! [`crate::judge::engine`] runs; [`metric`] finds one by id.

use crate::judge::declare::Metric;

pub mod answer_relevancy;
pub mod coverage;
pub mod faithfulness;
pub mod hallucination;

/// Every declared LLM metric.
pub const METRICS: &[&Metric] = &[
    &hallucination::STATEMENTS,
    &hallucination::CLAIMS,
    &coverage::COVERAGE,
    &answer_relevancy::ANSWER_RELEVANCY,
    &answer_relevancy::ANSWER_RELEVANCY_SCORER,
    &faithfulness::FAITHFULNESS,
];

/// The metric declared under `id`.
pub fn metric(id: &str) -> Option<&'static Metric> {
    METRICS.iter().copied().find(|m| m.id == id)
}

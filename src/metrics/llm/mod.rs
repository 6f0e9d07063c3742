//! The metrics judged by a model, each a declaration ([`crate::judge::declare`]) that the
//! [`crate::judge::engine`] runs; [`metric`] finds one by id.

use crate::judge::declare::Metric;

pub mod coverage;
pub mod hallucination;
pub mod prompt_alignment;
pub mod summarization;

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
];

/// The metric declared under `id`.
pub fn metric(id: &str) -> Option<&'static Metric> {
    METRICS.iter().copied().find(|m| m.id == id)
}

//! The metrics judged by a model, each a declaration ([`crate::judge::declare`]) that the
//! [`crate::judge::engine`] runs; [`metric`] finds one by id.

use crate::judge::declare::Metric;

pub mod bias;
pub mod coverage;
pub mod hallucination;
pub mod toxicity;

/// Every declared LLM metric.
pub const METRICS: &[&Metric] = &[
    &hallucination::STATEMENTS,
    &hallucination::CLAIMS,
    &coverage::COVERAGE,
    &bias::BIAS,
    &toxicity::TOXICITY,
];

/// The metric declared under `id`.
pub fn metric(id: &str) -> Option<&'static Metric> {
    METRICS.iter().copied().find(|m| m.id == id)
}

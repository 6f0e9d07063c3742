//! The metrics judged by a model: each asks the [`crate::judge`] for lists and verdicts and
//! computes its score from them by code.

pub mod coverage;
pub mod hallucination;

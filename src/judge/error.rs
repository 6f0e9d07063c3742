//! The one error type of the core. Every fallible function in the crate returns it; the
//! binding layer turns it into a JS `EvalsError` carrying `code`, `step` and, for unreadable
//! answers, the model's raw text.

use alloc::{string::String, vec::Vec};

use thiserror::Error;

use crate::judge::step::Step;

/// What can go wrong in the core.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// An option had a value outside its domain (the option's name, then what was wrong).
    #[error("invalid option `{name}`: {reason}")]
    InvalidOption { name: &'static str, reason: String },

    /// The model call itself failed (it threw, rejected, timed out or was aborted). The binding
    /// rethrows the model's own error where there is one; `message` describes it otherwise.
    #[error("the model failed during {step}: {message}")]
    Model { step: Step, message: String },

    /// The model answered twice, and neither answer could be read as the expected JSON.
    #[error("could not read the model's answer during {step} (asked twice): {problem}")]
    UnreadableAnswer {
        step: Step,
        problem: String,
        raw: String,
    },

    /// After a second request, the model still gave no verdict for these ids.
    #[error("the model gave no verdict for {} during {step} (asked twice)", .missing.join(", "))]
    MissingVerdicts { step: Step, missing: Vec<String> },
}

impl Error {
    /// A stable machine-readable code, mirrored on the JS error as `code`.
    pub fn code(&self) -> &'static str {
        match self {
            Error::InvalidOption { .. } => "EVALS_INVALID_OPTION",
            Error::Model { .. } => "EVALS_MODEL_FAILED",
            Error::UnreadableAnswer { .. } => "EVALS_UNREADABLE_ANSWER",
            Error::MissingVerdicts { .. } => "EVALS_MISSING_VERDICTS",
        }
    }

    /// The step of the metric that failed, where there is one.
    pub fn step(&self) -> Option<Step> {
        match self {
            Error::InvalidOption { .. } => None,
            Error::Model { step, .. }
            | Error::UnreadableAnswer { step, .. }
            | Error::MissingVerdicts { step, .. } => Some(*step),
        }
    }
}

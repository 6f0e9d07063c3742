//! The one error type of the core. Every fallible function in the crate returns it; the
//! binding layer turns it into a JS `EvalsError` carrying `code`, `step` and, for unreadable
//! answers, the model's raw text.

use alloc::{string::String, vec::Vec};

use thiserror::Error;

/// What can go wrong in the core. `step` is the name a metric's declaration gives the step
/// that failed ("statements", "verdicts", "reason", …).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// An option had a value outside its domain (the option's name, then what was wrong).
    #[error("invalid option `{name}`: {reason}")]
    InvalidOption { name: &'static str, reason: String },

    /// The model call itself failed (it threw, rejected, timed out or was aborted). The binding
    /// rethrows the model's own error where there is one; `message` describes it otherwise.
    #[error("the model failed during {step}: {message}")]
    Model { step: &'static str, message: String },

    /// The model answered twice, and neither answer could be read as the expected JSON.
    #[error("could not read the model's answer during {step} (asked twice): {problem}")]
    UnreadableAnswer {
        step: &'static str,
        problem: String,
        raw: String,
    },

    /// The model stopped because it reached the answer-length limit, before its answer could
    /// be read, on the request and on the one that asked again (raise the limit with the
    /// metric's answer-length option).
    #[error("the model's answer during {step} was cut off at the limit of {limit} answer tokens before it could be read (asked twice)")]
    AnswerTruncated {
        step: &'static str,
        limit: u32,
        raw: String,
    },

    /// After a second request, the model still gave no verdict for these ids.
    #[error("the model gave no verdict for {} during {step} (asked twice)", .missing.join(", "))]
    MissingVerdicts {
        step: &'static str,
        missing: Vec<String>,
    },

    /// The glue asked for a metric no declaration has, or passed inputs that are not texts (a
    /// bug of the glue, never of the user).
    #[error("{0}")]
    InvalidCall(String),
}

impl Error {
    /// A stable machine-readable code, mirrored on the JS error as `code`.
    pub fn code(&self) -> &'static str {
        match self {
            Error::InvalidOption { .. } => "EVALS_INVALID_OPTION",
            Error::Model { .. } => "EVALS_MODEL_FAILED",
            Error::UnreadableAnswer { .. } => "EVALS_UNREADABLE_ANSWER",
            Error::AnswerTruncated { .. } => "EVALS_ANSWER_TRUNCATED",
            Error::MissingVerdicts { .. } => "EVALS_MISSING_VERDICTS",
            Error::InvalidCall(_) => "EVALS_INTERNAL",
        }
    }

    /// The step of the metric that failed, where there is one.
    pub fn step(&self) -> Option<&'static str> {
        match self {
            Error::InvalidOption { .. } | Error::InvalidCall(_) => None,
            Error::Model { step, .. }
            | Error::UnreadableAnswer { step, .. }
            | Error::AnswerTruncated { step, .. }
            | Error::MissingVerdicts { step, .. } => Some(step),
        }
    }

    /// The model's raw answer attached to the error, where there is one.
    pub fn raw(&self) -> Option<&str> {
        match self {
            Error::UnreadableAnswer { raw, .. } | Error::AnswerTruncated { raw, .. } => Some(raw),
            _ => None,
        }
    }
}

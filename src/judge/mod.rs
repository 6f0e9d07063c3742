//! The judge engine: everything an LLM metric needs to ask a model and score its answers.
//!
//! [`session`] holds the capability (the [`Judge`] trait a JS model implements) and one measure's
//! conversation with it; [`prompt`] builds requests with untrusted text in data blocks; [`json`]
//! and [`verdicts`] read what models answer; [`score`] is the shared score arithmetic; [`error`]
//! the one error type of the LLM metrics, each naming the metric [`step`] that failed.
//!
//! May use `numbers`; never `text` or `metrics` (metrics use the judge, not the other way).

pub mod error;
pub mod json;
pub mod prompt;
pub mod score;
pub mod session;
pub mod step;
pub mod verdicts;

#[cfg(test)]
pub(crate) use session::scripted;
pub use session::{
    Judge, JudgeError, Request, Response, Session, Usage, MAX_ANSWER_CHARS, MAX_SAFE_COUNT,
};
pub use step::Step;

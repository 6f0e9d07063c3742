//! The judge engine: everything an LLM metric needs to ask a model and score its answers.
//!
//! A metric is declared ([`declare`]: its steps, prompts, verdict words and score formula) and
//! run by [`engine`], the same way for every metric. [`session`] holds the capability (the
//! [`Judge`] trait a JS model implements) and one measure's conversation with it; [`schema`]
//! derives the JSON Schema and length bound of every answer; [`prompt`] builds requests with
//! untrusted text in data blocks; [`json`] and [`verdicts`] read what models answer; [`score`]
//! is the shared score arithmetic; [`error`] the one error type of the LLM metrics, each naming
//! the step that failed.
//!
//! May use `numbers`; never `text` or `metrics` (metrics use the judge, not the other way).

#[cfg(test)]
pub(crate) mod constrained;
pub mod declare;
pub mod engine;
pub mod error;
pub mod json;
pub mod prompt;
pub mod schema;
pub mod score;
pub mod session;
pub mod verdicts;

#[cfg(test)]
pub(crate) use session::scripted;
pub use session::{
    Judge, JudgeError, Request, Response, Session, Usage, MAX_ANSWER_CHARS, MAX_SAFE_COUNT,
};

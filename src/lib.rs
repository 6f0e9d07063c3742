//! evals-wasm: LLM-evaluation metrics with a pure Rust core, compiled to WebAssembly.
//!
//! The core is plain Rust over `&str`: [`completeness`] (with [`text`], [`english`],
//! [`japanese`], [`stopwords`]) needs no model; [`hallucination`] asks a [`judge::Judge`] for
//! verdicts (with [`prompt`], [`json`], [`verdicts`]) and scores them by code. The `wasm` module,
//! built only for `wasm32`, converts between the core and JS.

pub mod completeness;
pub mod coverage;
pub mod english;
pub mod error;
pub mod hallucination;
pub mod japanese;
pub mod json;
pub mod judge;
pub mod lexicon;
pub mod number;
pub mod prompt;
pub mod score;
pub mod stopwords;
pub mod text;
pub mod unicode;
pub mod verdicts;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use completeness::{measure_completeness, CompletenessOptions, CompletenessResult};
pub use error::Error;

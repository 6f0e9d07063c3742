//! evals-wasm: LLM-evaluation metrics with a pure Rust core, compiled to WebAssembly.
//!
//! The core is plain Rust over `&str`: [`completeness`] (with [`text`], [`english`],
//! [`japanese`], [`stopwords`]) needs no model; [`hallucination`] asks a [`judge::Judge`] for
//! verdicts (with [`prompt`], [`json`], [`verdicts`]) and scores them by code. The other model-free
//! metrics of `@mastra/evals/nlp` are [`similarity`], [`keywords`], [`textdiff`] and [`tone`],
//! which follow JS string semantics ([`js_text`]) and use word lists generated from the original's
//! packages ([`nlp_data`]). `multilingual` (Cargo feature `stem`) measures completeness and
//! keyword coverage in the languages of the Snowball stemmers. The `wasm` module,
//! built only for `wasm32`, converts between the core and JS.

pub mod completeness;
pub mod coverage;
pub mod english;
pub mod error;
pub mod hallucination;
pub mod hashing;
pub mod japanese;
pub mod js_text;
pub mod json;
pub mod judge;
pub mod keywords;
pub mod lexicon;
#[cfg(feature = "stem")]
pub mod multilingual;
pub mod nlp_data;
pub mod number;
pub mod prompt;
pub mod score;
pub mod similarity;
pub mod sorting;
pub mod stopwords;
pub mod text;
pub mod textdiff;
pub mod tone;
pub mod unicode;
pub mod verdicts;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use completeness::{measure_completeness, CompletenessOptions, CompletenessResult};
pub use error::Error;

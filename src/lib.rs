//! evals-wasm: LLM-evaluation metrics with a pure Rust core, compiled to WebAssembly.
//!
//! The core ([`completeness`], [`text`], [`english`], [`japanese`], [`stopwords`]) is plain Rust
//! over `&str`; the `wasm` module, built only for `wasm32`, converts between it and JS.

pub mod completeness;
pub mod english;
pub mod error;
pub mod japanese;
pub mod stopwords;
pub mod text;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use completeness::{measure_completeness, CompletenessOptions, CompletenessResult};
pub use error::Error;

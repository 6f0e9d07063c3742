//! The metrics, one file each: [`nlp`] those computed from the texts alone, [`llm`] those that
//! ask a judge for verdicts and score them by code.
//!
//! May use `text`, `numbers` and `judge`; nothing outside `wasm` uses the metrics.

pub mod llm;
pub mod nlp;

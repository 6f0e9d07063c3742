//! The metrics, one file each: [`nlp`] those computed from the texts alone, [`llm`] those that
//! ask a judge for verdicts and score them by code, [`code`] the sequence comparisons of the
//! code scorers and checks (trajectories, tool order).
//!
//! May use `text`, `numbers` and `judge`; nothing outside `wasm` uses the metrics.

pub mod code;
pub mod llm;
pub mod nlp;

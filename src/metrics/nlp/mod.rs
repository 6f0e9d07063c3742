//! The model-free metrics of `@mastra/evals/nlp` (completeness, content similarity, keyword
//! coverage, textual difference, tone) and, with the `stem` feature, completeness and keyword
//! coverage in the languages of the Snowball stemmers.

pub mod completeness;
pub mod keywords;
#[cfg(feature = "stem")]
pub mod multilingual;
pub mod similarity;
pub mod textdiff;
pub mod tone;

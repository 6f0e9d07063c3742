//! Text processing shared by the model-free metrics: normalisation and word splitting
//! ([`words`], over the compact [`unicode`] tables), JavaScript's string semantics ([`js_text`]),
//! function words ([`stopwords`]), packed word lists ([`lexicon`], [`nlp_data`]), word sets and
//! sorts ([`hashing`], [`sorting`]), the English verb finder ([`english`]) and Japanese word
//! clean-up ([`japanese`]).
//!
//! May use `numbers`; never `judge` or `metrics`.

pub mod english;
pub mod hashing;
pub mod japanese;
pub mod js_text;
pub mod lexicon;
pub mod nlp_data;
pub mod sorting;
pub mod stopwords;
pub mod unicode;
pub mod words;

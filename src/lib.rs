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
//!
//! The crate uses `core` and `alloc` only, so that the wasm32 build without the `std` feature
//! (the nlp-only module) is `no_std`: there a panic traps at once (it is a bug: none may reach
//! the user), and std's panic runtime (the hook, its message buffer and printing) is left out
//! of the module. The other builds use std as usual.
#![cfg_attr(all(target_arch = "wasm32", not(feature = "std")), no_std)]

extern crate alloc;

pub mod completeness;
pub mod coverage;
pub mod english;
pub mod error;
pub mod float;
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

/// The allocator of the `no_std` build: size classes over `memory.grow` (the `allocator` crate),
/// a fraction of the code of dlmalloc, which std uses on this target.
#[cfg(all(target_arch = "wasm32", not(feature = "std")))]
#[global_allocator]
static ALLOCATOR: evals_wasm_allocator::GlobalHeap = evals_wasm_allocator::GlobalHeap::new();

/// A panic in the `no_std` build traps, as `panic = "abort"` does with std: the call throws a
/// `WebAssembly.RuntimeError` ("unreachable"), an `Error` in JS. The message is not read, but
/// core still builds it and keeps the panic locations: only the unstable
/// `panic_immediate_abort` and `-Zlocation-detail` could drop those.
#[cfg(all(target_arch = "wasm32", not(feature = "std")))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

pub use completeness::{measure_completeness, CompletenessOptions, CompletenessResult};
pub use error::Error;

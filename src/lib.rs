//! evals-wasm: LLM-evaluation metrics with a pure Rust core, compiled to WebAssembly.
//!
//! The core is plain Rust over `&str`, in four rooms, each depending only on those before it:
//!
//! * [`numbers`]: the float functions `core` lacks, numbers printed and read as JS does;
//! * [`text`]: normalisation, word splitting, word lists, the English verb finder, Japanese;
//! * [`judge`]: the engine of the LLM metrics (the model as a capability, prompts, reading
//!   answers, score arithmetic, errors);
//! * [`metrics`]: one file per metric, model-free ([`metrics::nlp`]) or judged
//!   ([`metrics::llm`]).
//!
//! The `wasm` module, built only for `wasm32`, converts between the core and JS.
//!
//! The crate uses `core` and `alloc` only, so that the wasm32 build without the `std` feature
//! (the nlp-only module) is `no_std`: there a panic traps at once (it is a bug: none may reach
//! the user), and std's panic runtime (the hook, its message buffer and printing) is left out
//! of the module. The other builds use std as usual.
#![cfg_attr(all(target_arch = "wasm32", not(feature = "std")), no_std)]

extern crate alloc;

#[cfg(feature = "compare")]
pub mod compare;
pub mod judge;
pub mod metrics;
pub mod numbers;
pub mod text;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
#[cfg(all(target_arch = "wasm32", feature = "compare"))]
pub mod wasm_compare;

/// The allocator of the `no_std` build and of the modules with the LLM metrics: talc over
/// `memory.grow`, as small as a hand-written allocator and as frugal as dlmalloc, which std
/// uses on this target (docs/allocator.md); in the LLM module it is 2.9 KB gzip smaller than
/// dlmalloc. The stem module keeps std's.
#[cfg(all(target_arch = "wasm32", any(not(feature = "std"), feature = "llm")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// A panic in the `no_std` build traps, as `panic = "abort"` does with std: the call throws a
/// `WebAssembly.RuntimeError` ("unreachable"), an `Error` in JS. The message is not read, but
/// core still builds it and keeps the panic locations: only the unstable
/// `panic_immediate_abort` and `-Zlocation-detail` could drop those.
#[cfg(all(target_arch = "wasm32", not(feature = "std")))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

pub use judge::error::Error;
pub use metrics::nlp::completeness::{
    measure_completeness, CompletenessOptions, CompletenessResult,
};

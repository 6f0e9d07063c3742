// The WebAssembly modules, each loaded once, on first use (the Node entries load them at import).
// There are two, so that a page using only one family of metrics downloads only its module:
// evals_nlp (the metrics that need no model) and evals_llm (the metrics judged by a model).
// This file is the LLM module's loader; wasm-nlp.js is the NLP module's.

import initWasm from './evals_llm.js';

export {
  hallucinationStatements,
  hallucinationMeasure,
  hallucinationMeasureClaims,
  coverageClaims,
  coverageMeasure,
  coverageCacheKey,
} from './evals_llm.js';

let wasmReady;

/** Loads the LLM module once; later calls return the same promise. */
export function ensureWasm() {
  wasmReady ??= initWasm({ module_or_path: new URL('./evals_llm_bg.wasm', import.meta.url) });
  return wasmReady;
}

// The NLP WebAssembly module (completeness, content similarity, keyword coverage, textual
// difference, tone): loaded once, on first use (the Node entries load it at import).

import initWasm from './evals_nlp.js';

export {
  measureCompleteness,
  contentSimilarity,
  keywordCoverage,
  extractKeywords,
  textualDifference,
  tone,
} from './evals_nlp.js';

let wasmReady;

/** Loads the NLP module once; later calls return the same promise. */
export function ensureNlpWasm() {
  wasmReady ??= initWasm({ module_or_path: new URL('./evals_nlp_bg.wasm', import.meta.url) });
  return wasmReady;
}

/** Bytes of the NLP module's memory in use (for the soak tests; not part of the public API). */
export async function wasmMemoryBytes() {
  return (await ensureNlpWasm()).memory.buffer.byteLength;
}

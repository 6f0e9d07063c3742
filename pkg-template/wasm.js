// The WebAssembly module: loaded once, on first use (the Node entry loads it at import).

import initWasm from './evals_wasm.js';

export {
  measureCompleteness,
  hallucinationStatements,
  hallucinationMeasure,
  hallucinationMeasureClaims,
  coverageClaims,
  coverageMeasure,
  coverageCacheKey,
} from './evals_wasm.js';

let wasmReady;

/** Loads the WebAssembly module once; later calls return the same promise. */
export function ensureWasm() {
  wasmReady ??= initWasm({ module_or_path: new URL('./evals_wasm_bg.wasm', import.meta.url) });
  return wasmReady;
}

/** Bytes of WebAssembly memory in use (for the soak tests; not part of the public API). */
export async function wasmMemoryBytes() {
  return (await ensureWasm()).memory.buffer.byteLength;
}

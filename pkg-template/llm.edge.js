// `evals-wasm/llm` in Workers and Edge runtimes (the `workerd` and `edge-light` conditions): the
// WebAssembly modules come from the runtime's bundler as compiled modules (engine/edge.js).
import './engine/edge-llm.js';

export * from './llm.js';

// `evals-wasm/nlp` in Workers and Edge runtimes (the `workerd` and `edge-light` conditions): the
// WebAssembly modules come from the runtime's bundler as compiled modules (engine/edge.js).
import './engine/edge-nlp.js';
import './engine/edge-stem.js';

export * from './nlp.js';

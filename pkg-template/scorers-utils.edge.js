// `evals-wasm/scorers/utils` in Workers and Edge runtimes (the `workerd` and `edge-light`
// conditions): the WebAssembly modules come from the runtime's bundler as compiled modules
// (engine/edge.js).
import './engine/edge-code.js';

export * from './scorers-utils.js';

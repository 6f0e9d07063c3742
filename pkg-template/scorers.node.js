// `evals-wasm/scorers` in Node (ESM): loads the WebAssembly module synchronously first.
import './node.js';
import './code-node.js';

export * from './scorers.js';

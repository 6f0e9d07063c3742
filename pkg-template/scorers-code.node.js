// `evals-wasm/scorers/code` in Node (ESM): loads the WebAssembly modules synchronously first.
import './node.js';
import './code-node.js';

export * from './scorers-code.js';

// `evals-wasm/scorers` in Node (ESM): loads the WebAssembly module synchronously first.
import './scorers-node-init.js';
import './code-node.js';

export * from './scorers.js';

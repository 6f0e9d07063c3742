// `evals-wasm/scorers/llm` in Node (ESM): loads the WebAssembly modules synchronously first.
import './scorers-node-init.js';
import './code-node.js';

export * from './scorers-llm.js';

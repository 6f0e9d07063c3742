// `evals-wasm/checks` in Node (ESM): loads the code module synchronously first.
import './code-node.js';

export * from './checks.js';

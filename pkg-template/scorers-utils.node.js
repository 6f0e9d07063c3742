// `evals-wasm/scorers/utils` in Node (ESM): loads the code module synchronously first.
import './code-node.js';

export * from './scorers-utils.js';

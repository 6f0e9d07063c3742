// `evals-wasm/nlp` in Node (ESM).
export { CompletenessMetric } from './node.js';

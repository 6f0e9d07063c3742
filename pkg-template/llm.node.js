// `evals-wasm/llm` in Node (ESM).
export { HallucinationMetric, EvalsError } from './node.js';

// `evals-wasm/llm` in Node (ESM).
export { HallucinationMetric, CoverageMetric, evaluateSummary, EvalsError } from './node.js';

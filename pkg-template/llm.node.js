// `evals-wasm/llm` in Node (ESM).
export { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, EvalsError } from './node.js';

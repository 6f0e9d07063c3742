// `evals-wasm/llm`: the metrics judged by a language model, as in `@mastra/evals/llm`.
export { HallucinationMetric, CoverageMetric, evaluateSummary, EvalsError } from './index.js';

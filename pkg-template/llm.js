// `evals-wasm/llm`: the metrics judged by a language model, as in `@mastra/evals/llm`.
export { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, EvalsError } from './index.js';

// `evals-wasm/llm`: the metrics judged by a language model, as in `@mastra/evals/llm`.
export { HallucinationMetric, EvalsError } from './index.js';

// `evals-wasm/llm`: the metrics judged by a language model, as in `@mastra/evals/llm`. It loads
// only the LLM WebAssembly module.

import './engine-llm.js';

export { HallucinationMetric } from './hallucination.js';
export { CoverageMetric, evaluateSummary } from './coverage.js';
export { openaiCompatible } from './openai.js';
export { EvalsError } from './errors.js';

// `evals-wasm/scorers/llm`: 0.14's early subpath `@mastra/evals/scorers/llm`, the LLM
// factories of `evals-wasm/scorers` that exist so far.
export { createHallucinationScorer } from './scorers.js';

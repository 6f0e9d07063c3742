// `evals-wasm/llm`: the metrics judged by a language model, as in `@mastra/evals/llm`. It loads
// only the LLM WebAssembly module.

import './engine/engine-llm.js';

export { HallucinationMetric } from './llm/hallucination.js';
export { CoverageMetric, evaluateSummary } from './llm/coverage.js';
export { PromptAlignmentMetric } from './llm/prompt-alignment.js';
export { SummarizationMetric } from './llm/summarization.js';
export { FactualConsistencyMetric } from './llm/factual-consistency.js';
export { FactualAlignmentMetric } from './llm/factual-alignment.js';
export { TopicPreservationMetric } from './llm/topic-preservation.js';
export { openaiCompatible } from './models/openai.js';
export { withCassette } from './models/cassette.js';
export { EvalsError } from './engine/errors.js';

// `evals-wasm/llm`: the metrics judged by a language model, as in `@mastra/evals/llm`. It loads
// only the LLM WebAssembly module.

import './engine/engine-llm.js';

export { HallucinationMetric } from './llm/hallucination.js';
export { CoverageMetric, evaluateSummary } from './llm/coverage.js';
export { ContextPrecisionMetric } from './llm/context-precision.js';
export { ContextPositionMetric } from './llm/context-position.js';
export { ContextRelevancyMetric } from './llm/context-relevancy.js';
export { ContextualRecallMetric } from './llm/contextual-recall.js';
export { AnswerRelevancyMetric } from './llm/answer-relevancy.js';
export { FaithfulnessMetric } from './llm/faithfulness.js';
export { PromptAlignmentMetric } from './llm/prompt-alignment.js';
export { SummarizationMetric } from './llm/summarization.js';
export { FactualConsistencyMetric } from './llm/factual-consistency.js';
export { FactualAlignmentMetric } from './llm/factual-alignment.js';
export { TopicPreservationMetric } from './llm/topic-preservation.js';
export { openaiCompatible } from './models/openai.js';
export { withCassette } from './models/cassette.js';
export { shareRequests } from './batch/share.js';
export { EvalsError } from './engine/errors.js';
export { BiasMetric } from './llm/bias.js';
export { ToxicityMetric } from './llm/toxicity.js';

// `evals-wasm/scorers/llm`: 0.14's early subpath `@mastra/evals/scorers/llm` (the LLM scorers this package has), built
// with the project's @mastra/core, 0.x or 1.x.

import './engine/engine-scorers.js';
import { ensureCodeWasm } from './code/wasm-code.js';
import { createScorer } from './code/mastra-core.js';
import { earlyScorers } from './code/early-scorers.js';

await ensureCodeWasm();

export const { createAnswerRelevancyScorer, createBiasScorer, createContextPrecisionScorer, createContextRelevanceScorerLLM, createFaithfulnessScorer, createHallucinationScorer, createPromptAlignmentScorerLLM, createToolCallAccuracyScorerLLM, createToxicityScorer, createAnswerSimilarityScorer, createNoiseSensitivityScorerLLM } = earlyScorers(createScorer, async () => (await import('@mastra/core/llm')).resolveModelConfig).llm;
export { DEFAULT_OPTIONS, ANSWER_RELEVANCY_AGENT_INSTRUCTIONS } from './llm/answer-relevancy.js';
export { ANSWER_SIMILARITY_DEFAULT_OPTIONS, ANSWER_SIMILARITY_INSTRUCTIONS } from './llm/answer-similarity.js';

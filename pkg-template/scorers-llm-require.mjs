// Source of scorers-llm.cjs, `evals-wasm/scorers/llm` for require() (bundled by scripts/build.sh, not shipped).
import './scorers-node-init.js';
import './code-node.js';
import { createScorer } from './code/mastra-core-require.js';
import { earlyScorers } from './code/early-scorers.js';

export const { createAnswerRelevancyScorer, createBiasScorer, createContextPrecisionScorer, createContextRelevanceScorerLLM, createFaithfulnessScorer, createHallucinationScorer, createPromptAlignmentScorerLLM, createToolCallAccuracyScorerLLM, createToxicityScorer, createAnswerSimilarityScorer, createNoiseSensitivityScorerLLM } = earlyScorers(createScorer, async () => require('@mastra/core/llm').resolveModelConfig).llm;
export { DEFAULT_OPTIONS, ANSWER_RELEVANCY_AGENT_INSTRUCTIONS } from './llm/answer-relevancy.js';
export { ANSWER_SIMILARITY_DEFAULT_OPTIONS, ANSWER_SIMILARITY_INSTRUCTIONS } from './llm/answer-similarity.js';

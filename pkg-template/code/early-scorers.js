// 0.14's early scorer subpaths (`/scorers/code`, `/scorers/llm`) over whichever `createScorer`
// the project's @mastra/core has: the same factories as `evals-wasm/scorers`.

import { scorerFactories } from '../llm/scorer-factories.js';
import { codeScorers } from './code-scorers.js';

/** The LLM factories of 0.14's `/scorers/llm`. */
export const EARLY_LLM = ['createAnswerRelevancyScorer', 'createBiasScorer', 'createContextPrecisionScorer', 'createContextRelevanceScorerLLM', 'createFaithfulnessScorer', 'createHallucinationScorer', 'createPromptAlignmentScorerLLM', 'createToolCallAccuracyScorerLLM', 'createToxicityScorer', 'createAnswerSimilarityScorer', 'createNoiseSensitivityScorerLLM'];

/** The factories of both subpaths; `resolveModelConfig()` resolves to core's model resolver. */
export function earlyScorers(createScorer, resolveModelConfig) {
  const factories = scorerFactories({ createScorer, resolveModelConfig });
  const { createToolCallAccuracyScorerCode } = codeScorers(createScorer);
  return {
    code: {
      createCompletenessScorer: factories.createCompletenessScorer,
      createContentSimilarityScorer: factories.createContentSimilarityScorer,
      createKeywordCoverageScorer: factories.createKeywordCoverageScorer,
      createTextualDifferenceScorer: factories.createTextualDifferenceScorer,
      createToneScorer: factories.createToneScorer,
      createToolCallAccuracyScorerCode,
    },
    llm: Object.fromEntries(EARLY_LLM.map((name) => [name, factories[name]])),
  };
}

// Source of scorers.cjs, `evals-wasm/scorers` for require() (bundled by scripts/build.sh, not
// shipped). @mastra/core stays outside the bundle: it is required from the user's project.

import './scorers-node-init.js';
import './code-node.js';
import { codeScorers } from './code/code-scorers.js';
import { mastraCoreMissing, scorerFactories } from './llm/scorer-factories.js';

let mastraEvals;
try {
  mastraEvals = require('@mastra/core/evals');
} catch (error) {
  throw mastraCoreMissing(error);
}

export const {
  createCompletenessScorer,
  createHallucinationScorer,
  createCoverageScorer,
  createContentSimilarityScorer,
  createKeywordCoverageScorer,
  createTextualDifferenceScorer,
  createToneScorer,
  createContextPrecisionScorer,
  createContextRelevanceScorerLLM,
  createContextRecallScorer,
  createBiasScorer,
  createToxicityScorer,
  createRubricScorer,
  createMultiTurnJudgeScorer,
  createToolCallAccuracyScorerLLM,
  createTrajectoryAccuracyScorerLLM,
  createAnswerRelevancyScorer,
  createFaithfulnessScorer,
  createPromptAlignmentScorerLLM,
  createSummarizationScorer,
  createFactualConsistencyScorer,
  createFactualAlignmentScorer,
  createTopicPreservationScorer,
  createAnswerSimilarityScorer,
  createNoiseSensitivityScorerLLM,
} = scorerFactories({
  createScorer: mastraEvals.createScorer,
  resolveModelConfig: async () => require('@mastra/core/llm').resolveModelConfig,
});
export { EvalsError } from './engine/errors.js';
export { DEFAULT_OPTIONS, ANSWER_RELEVANCY_AGENT_INSTRUCTIONS } from './llm/answer-relevancy.js';
export { ANSWER_SIMILARITY_DEFAULT_OPTIONS, ANSWER_SIMILARITY_INSTRUCTIONS } from './llm/answer-similarity.js';
export { openaiCompatible } from './models/openai.js';
export { scorersWithCassette as withCassette } from './models/cassette.js';
// Mastra 1.x experiments as runs, and runs as experiments (docs/mastra-experiments.md).
export { readExperiment, writeExperiment, experimentLines } from './mastra/experiments.js';

// The code scorers for tools and trajectories, and the checks.
export const { createToolCallAccuracyScorerCode, createTrajectoryAccuracyScorerCode, createTrajectoryScorerCode } = codeScorers(mastraEvals.createScorer);
export { includes, excludes, equals, matches, similarity, calledTool, didNotCall, toolOrder, maxToolCalls, usedNoTools, noToolErrors, checks } from './checks-require.mjs';

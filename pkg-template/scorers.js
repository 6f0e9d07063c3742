// `evals-wasm/scorers`: Mastra 1.x scorers over this package's engine, a drop-in for
// `@mastra/evals/scorers/prebuilt`. Needs @mastra/core 1.x (an optional peer dependency).

import './engine/engine-scorers.js';
import { mastraCoreMissing, scorerFactories } from './llm/scorer-factories.js';
import { ensureCodeWasm } from './code/wasm-code.js';
import { codeScorers } from './code/code-scorers.js';

let mastraEvals;
try {
  mastraEvals = await import('@mastra/core/evals');
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
  resolveModelConfig: async () => (await import('@mastra/core/llm')).resolveModelConfig,
});
export { EvalsError } from './engine/errors.js';
export { DEFAULT_OPTIONS, ANSWER_RELEVANCY_AGENT_INSTRUCTIONS } from './llm/answer-relevancy.js';
export { ANSWER_SIMILARITY_DEFAULT_OPTIONS, ANSWER_SIMILARITY_INSTRUCTIONS } from './llm/answer-similarity.js';
export { openaiCompatible } from './models/openai.js';
export { scorersWithCassette as withCassette } from './models/cassette.js';
// Mastra 1.x experiments as runs, and runs as experiments (docs/mastra-experiments.md).
export { readExperiment, writeExperiment, experimentLines } from './mastra/experiments.js';

// The code scorers for tools and trajectories, and the checks (the same objects as
// `evals-wasm/checks`), as `@mastra/evals/scorers/prebuilt` exports them.
await ensureCodeWasm();
export const { createToolCallAccuracyScorerCode, createTrajectoryAccuracyScorerCode, createTrajectoryScorerCode } = codeScorers(mastraEvals.createScorer);
export { includes, excludes, equals, matches, similarity, calledTool, didNotCall, toolOrder, maxToolCalls, usedNoTools, noToolErrors, checks } from './checks.js';

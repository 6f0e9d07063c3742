// `evals-wasm/scorers/code`: 0.14's early subpath `@mastra/evals/scorers/code`, the same
// factories as `evals-wasm/scorers`.
export {
  createCompletenessScorer,
  createContentSimilarityScorer,
  createKeywordCoverageScorer,
  createTextualDifferenceScorer,
  createToneScorer,
  createToolCallAccuracyScorerCode,
} from './scorers.js';

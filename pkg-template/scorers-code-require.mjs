// Source of scorers-code.cjs, `evals-wasm/scorers/code` for require() (bundled by scripts/build.sh, not shipped).
import './node.js';
import './code-node.js';
import { createScorer } from './code/mastra-core-require.js';
import { earlyScorers } from './code/early-scorers.js';

export const { createCompletenessScorer, createContentSimilarityScorer, createKeywordCoverageScorer, createTextualDifferenceScorer, createToneScorer, createToolCallAccuracyScorerCode } = earlyScorers(createScorer, async () => require('@mastra/core/llm').resolveModelConfig).code;

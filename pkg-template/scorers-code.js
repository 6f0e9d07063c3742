// `evals-wasm/scorers/code`: 0.14's early subpath `@mastra/evals/scorers/code` (the code scorers), built
// with the project's @mastra/core, 0.x or 1.x.

import './engine/engine-all.js';
import { ensureCodeWasm } from './code/wasm-code.js';
import { createScorer } from './code/mastra-core.js';
import { earlyScorers } from './code/early-scorers.js';

await ensureCodeWasm();

export const { createCompletenessScorer, createContentSimilarityScorer, createKeywordCoverageScorer, createTextualDifferenceScorer, createToneScorer, createToolCallAccuracyScorerCode } = earlyScorers(createScorer, async () => (await import('@mastra/core/llm')).resolveModelConfig).code;

// `evals-wasm/scorers`: Mastra 1.x scorers over this package's engine, a drop-in for
// `@mastra/evals/scorers/prebuilt`. Needs @mastra/core 1.x (an optional peer dependency).

import './engine/engine-all.js';
import { mastraCoreMissing, scorerFactories } from './llm/scorer-factories.js';

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
} = scorerFactories({
  createScorer: mastraEvals.createScorer,
  resolveModelConfig: async () => (await import('@mastra/core/llm')).resolveModelConfig,
});
export { EvalsError } from './engine/errors.js';
export { openaiCompatible } from './models/openai.js';
export { scorersWithCassette as withCassette } from './models/cassette.js';

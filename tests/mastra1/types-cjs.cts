// Type test for require(): the .d.cts declarations of evals-wasm/scorers.
import scorers = require('evals-wasm/scorers');
import type { MastraScorer } from '@mastra/core/evals';

export const completeness: MastraScorer<any, any, any, any> = scorers.createCompletenessScorer();
export const german: MastraScorer<any, any, any, any>[] = [scorers.createCompletenessScorer({ language: 'de' }), scorers.createKeywordCoverageScorer({ language: 'auto' })];
export const nlp: MastraScorer<any, any, any, any>[] = [scorers.createContentSimilarityScorer(), scorers.createKeywordCoverageScorer(), scorers.createTextualDifferenceScorer(), scorers.createToneScorer({ referenceTone: 'calm' })];
export const similarityCjs: MastraScorer<any, any, any, any>[] = [
  scorers.createAnswerSimilarityScorer({ model: 'openai/gpt-4o-mini', options: { ...scorers.ANSWER_SIMILARITY_DEFAULT_OPTIONS, scale: 10 } }),
  scorers.createNoiseSensitivityScorerLLM({ model: 'openai/gpt-4o-mini', options: { baselineResponse: 'a', noisyQuery: 'b' } }),
];

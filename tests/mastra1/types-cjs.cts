// Type test for require(): the .d.cts declarations of evals-wasm/scorers.
import scorers = require('evals-wasm/scorers');
import type { MastraScorer } from '@mastra/core/evals';

export const completeness: MastraScorer<any, any, any, any> = scorers.createCompletenessScorer();
export const german: MastraScorer<any, any, any, any>[] = [scorers.createCompletenessScorer({ language: 'de' }), scorers.createKeywordCoverageScorer({ language: 'auto' })];
export const nlp: MastraScorer<any, any, any, any>[] = [scorers.createContentSimilarityScorer(), scorers.createKeywordCoverageScorer(), scorers.createTextualDifferenceScorer(), scorers.createToneScorer({ referenceTone: 'calm' })];

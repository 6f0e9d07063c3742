// Provides the module of Mastra 1.x's scorers (evals_scorers_bg.wasm: both families, and the
// declarations only the scorers use) for the scorers family, and for the NLP and LLM families
// when no other entry has provided them. The glue's functions are named rather than imported as
// a namespace, so that a bundler leaves out what the browser does not call.

import initWasm, {
  cacheKey,
  contentSimilarity,
  extractKeywords,
  judgeMetric,
  keywordCoverage,
  measureCompleteness,
  textualDifference,
  tone,
} from '../evals_scorers.js';
import { provide } from './engine.js';

const glue = {
  cacheKey,
  contentSimilarity,
  extractKeywords,
  judgeMetric,
  keywordCoverage,
  measureCompleteness,
  textualDifference,
  tone,
};

provide(['scorers', 'nlp', 'llm'], glue, 'evals_scorers_bg.wasm', () => initWasm({ module_or_path: new URL('../evals_scorers_bg.wasm', import.meta.url) }));

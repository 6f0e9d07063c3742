// Provides the combined module (evals_all_bg.wasm: both families in one module, built with both
// Cargo features) for the NLP and the LLM family: the root entry's module. The glue's functions
// are named rather than imported as a namespace, so that a bundler leaves out what the browser
// does not call (`initSync`, used by the Node entry only).

import initWasm, {
  cacheKey,
  contentSimilarity,
  extractKeywords,
  judgeMetric,
  keywordCoverage,
  measureCompleteness,
  textualDifference,
  tone,
} from '../evals_all.js';
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

provide(['nlp', 'llm'], glue, 'evals_all_bg.wasm', () => initWasm({ module_or_path: new URL('../evals_all_bg.wasm', import.meta.url) }));

// Provides the NLP module (evals_nlp_bg.wasm: the metrics that need no model) for the NLP family.
// The glue's functions are named rather than imported as a namespace, so that a bundler leaves
// out what the browser does not call (`initSync`, used by the Node entry only).

import initWasm, {
  contentSimilarity,
  extractKeywords,
  keywordCoverage,
  measureCompleteness,
  textualDifference,
  tone,
} from '../evals_nlp.js';
import { provide } from './engine.js';

const glue = { contentSimilarity, extractKeywords, keywordCoverage, measureCompleteness, textualDifference, tone };

provide(['nlp'], glue, 'evals_nlp_bg.wasm', () => initWasm({ module_or_path: new URL('../evals_nlp_bg.wasm', import.meta.url) }));

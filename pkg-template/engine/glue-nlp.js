// The glue of evals_nlp_bg.wasm that the engine calls (see engine-nlp.js), and its
// instantiation, shared by engine-nlp.js (fetched from the package folder) and edge-nlp.js (a
// compiled module, for Workers and Edge runtimes). The functions are named rather than imported
// as a namespace, so that a bundler leaves out what is not called (`initSync`, used by the Node
// entries only).

import initWasm, {
  contentSimilarity,
  extractKeywords,
  keywordCoverage,
  measureCompleteness,
  textualDifference,
  tone,
} from '../evals_nlp.js';

export { initWasm };
export const glue = { contentSimilarity, extractKeywords, keywordCoverage, measureCompleteness, textualDifference, tone };

// The glue of evals_all_bg.wasm that the engine calls (see engine-all.js), and its
// instantiation, shared by engine-all.js (fetched from the package folder) and edge-all.js (a
// compiled module, for Workers and Edge runtimes). The functions are named rather than imported
// as a namespace, so that a bundler leaves out what is not called (`initSync`, used by the Node
// entries only).

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

export { initWasm };
export const glue = {
  cacheKey,
  contentSimilarity,
  extractKeywords,
  judgeMetric,
  keywordCoverage,
  measureCompleteness,
  textualDifference,
  tone,
};

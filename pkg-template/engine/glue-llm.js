// The glue of evals_llm_bg.wasm that the engine calls (see engine-llm.js), and its
// instantiation, shared by engine-llm.js (fetched from the package folder) and edge-llm.js (a
// compiled module, for Workers and Edge runtimes). The functions are named rather than imported
// as a namespace, so that a bundler leaves out what is not called (`initSync`, used by the Node
// entries only).

import initWasm, { cacheKey, judgeMetric } from '../evals_llm.js';

export { initWasm };
export const glue = { cacheKey, judgeMetric };

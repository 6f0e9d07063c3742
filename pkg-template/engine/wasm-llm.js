// The functions of the LLM family (every judged metric), called in whichever module the entry
// provided for it (engine.js). `family` is "llm" for the 0.x classes and "scorers" for Mastra
// 1.x's scorers: the module of `evals-wasm/scorers` also holds the declarations only the scorers
// use, which the modules of `evals-wasm/llm` and the root entry leave out. A module is loaded
// once, on first use (the Node entries load it at import).

import { engine } from './engine.js';

/** Runs a declared metric: `judgeMetric(call, { metric, inputs, options, known?, until? }, family?)`. */
export const judgeMetric = (call, args, family = 'llm') => engine(family).glue.judgeMetric(call, args);
/** The key an extraction over these texts is cached under. */
export const cacheKey = (parts, family = 'llm') => engine(family).glue.cacheKey(parts);

/** Loads the family's module once; later calls return the same promise. */
export function ensureWasm(family = 'llm') {
  return engine(family).ready();
}

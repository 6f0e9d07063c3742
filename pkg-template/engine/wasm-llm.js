// The functions of the LLM family (every judged metric), called in whichever module the entry
// provided for it (engine.js). The module is loaded once, on first use (the Node entries load it
// at import).

import { engine } from './engine.js';

const llm = () => engine('llm').glue;

/** Runs a declared metric: `judgeMetric(call, { metric, inputs, options, known?, until? })`. */
export const judgeMetric = (...args) => llm().judgeMetric(...args);
/** The key an extraction over these texts is cached under. */
export const cacheKey = (...args) => llm().cacheKey(...args);

/** Loads the family's module once; later calls return the same promise. */
export function ensureWasm() {
  return engine('llm').ready();
}

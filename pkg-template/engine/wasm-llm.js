// The functions of the LLM family (hallucination, coverage), called in whichever module the
// entry provided for it (engine.js). The module is loaded once, on first use (the Node entries
// load it at import).

import { engine } from './engine.js';

const llm = () => engine('llm').glue;

export const hallucinationStatements = (...args) => llm().hallucinationStatements(...args);
export const hallucinationMeasure = (...args) => llm().hallucinationMeasure(...args);
export const hallucinationMeasureClaims = (...args) => llm().hallucinationMeasureClaims(...args);
export const coverageClaims = (...args) => llm().coverageClaims(...args);
export const coverageMeasure = (...args) => llm().coverageMeasure(...args);
export const coverageCacheKey = (...args) => llm().coverageCacheKey(...args);

/** Loads the family's module once; later calls return the same promise. */
export function ensureWasm() {
  return engine('llm').ready();
}

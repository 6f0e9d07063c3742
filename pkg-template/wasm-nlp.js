// The functions of the NLP family (completeness, content similarity, keyword coverage, textual
// difference, tone), called in whichever module the entry provided for it (engine.js). The
// module is loaded once, on first use (the Node entries load it at import).

import { engine } from './engine.js';

const nlp = () => engine('nlp').glue;

export const measureCompleteness = (...args) => nlp().measureCompleteness(...args);
export const contentSimilarity = (...args) => nlp().contentSimilarity(...args);
export const keywordCoverage = (...args) => nlp().keywordCoverage(...args);
export const extractKeywords = (...args) => nlp().extractKeywords(...args);
export const textualDifference = (...args) => nlp().textualDifference(...args);
export const tone = (...args) => nlp().tone(...args);

/** Loads the family's module once; later calls return the same promise. */
export function ensureNlpWasm() {
  return engine('nlp').ready();
}

/** Bytes of the family's module memory in use (for the soak tests; not part of the public API). */
export async function wasmMemoryBytes() {
  return (await ensureNlpWasm()).memory.buffer.byteLength;
}

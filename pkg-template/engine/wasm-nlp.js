// The functions of the NLP family (completeness, content similarity, keyword coverage, textual
// difference, tone), called in whichever module the entry provided for it (engine.js). The
// module is loaded once, on first use (the Node entries load it at import).

import { engine } from './engine.js';

const nlp = () => engine('nlp').glue;

export const measureCompleteness = (...args) => nlp().measureCompleteness(...args);
export const contentSimilarity = (...args) => nlp().contentSimilarity(...args);
export const extractKeywords = (...args) => nlp().extractKeywords(...args);

// The module returns the results that are only numbers as arrays (Float64Array); they are named
// here, in the original's field order.

/** `{ score, totalKeywords, matchedKeywords }` of the module's numbers (the stem module's too). */
export const namedKeywordCoverage = ([score, totalKeywords, matchedKeywords]) => ({ score, totalKeywords, matchedKeywords });

export const keywordCoverage = (...args) => namedKeywordCoverage(nlp().keywordCoverage(...args));

/** `{ ratio, changes, lengthDiff, confidence }`. */
export function textualDifference(...args) {
  const [ratio, changes, lengthDiff, confidence] = nlp().textualDifference(...args);
  return { ratio, changes, lengthDiff, confidence };
}

/**
 * `{ score, responseSentiment, referenceSentiment, difference }` against a reference, else
 * `{ score, avgSentiment, sentimentVariance }` (three numbers).
 */
export function tone(...args) {
  const values = nlp().tone(...args);
  if (values.length === 4) {
    const [score, responseSentiment, referenceSentiment, difference] = values;
    return { score, responseSentiment, referenceSentiment, difference };
  }
  const [score, avgSentiment, sentimentVariance] = values;
  return { score, avgSentiment, sentimentVariance };
}

/** Loads the family's module once; later calls return the same promise. */
export function ensureNlpWasm() {
  return engine('nlp').ready();
}

/** Bytes of the family's module memory in use (for the soak tests; not part of the public API). */
export async function wasmMemoryBytes() {
  return (await ensureNlpWasm()).memory.buffer.byteLength;
}

// The functions of the NLP family (completeness, content similarity, keyword coverage, textual
// difference, tone), called in whichever module the entry provided for it (engine.js). The
// module is loaded once, on first use (the Node entries load it at import).

import { engine } from './engine.js';

const nlp = () => engine('nlp').glue;

// Texts reach the module as UTF-8 bytes encoded here: `TextEncoder.encodeInto` runs at memory
// speed, while the glue's own string passing copies ASCII in a JS loop, character by character,
// which cost more than some metrics' whole computation. Texts up to `REUSED` characters are
// encoded into one kept buffer per argument (no allocation per measure); longer ones get a
// buffer of their own, so that no large buffer outlives its measure.
const encoder = new TextEncoder();
const REUSED = 1 << 16;
const buffers = [new Uint8Array(3 * 1024), new Uint8Array(3 * 1024)];

/** The UTF-8 bytes of `text`, for argument `slot` (0 or 1) of a call into the module. */
function utf8(text, slot) {
  if (text.length > REUSED) return encoder.encode(text);
  if (buffers[slot].length < 3 * text.length) buffers[slot] = new Uint8Array(3 * REUSED);
  return buffers[slot].subarray(0, encoder.encodeInto(text, buffers[slot]).written);
}

export const measureCompleteness = (input, output, ...rest) => nlp().measureCompleteness(utf8(input, 0), utf8(output, 1), ...rest);
export const contentSimilarity = (input, output, ...rest) => nlp().contentSimilarity(utf8(input, 0), utf8(output, 1), ...rest);
export const extractKeywords = (text) => nlp().extractKeywords(utf8(text, 0));

// The module returns the results that are only numbers as arrays (Float64Array); they are named
// here, in the original's field order.

/** `{ score, totalKeywords, matchedKeywords }` of the module's numbers (the stem module's too). */
export const namedKeywordCoverage = ([score, totalKeywords, matchedKeywords]) => ({ score, totalKeywords, matchedKeywords });

export const keywordCoverage = (reference, response, scorer) =>
  namedKeywordCoverage(nlp().keywordCoverage(utf8(reference, 0), utf8(response, 1), scorer));

/** `{ ratio, changes, lengthDiff, confidence }`. */
export function textualDifference(input, output) {
  const [ratio, changes, lengthDiff, confidence] = nlp().textualDifference(utf8(input, 0), utf8(output, 1));
  return { ratio, changes, lengthDiff, confidence };
}

/**
 * `{ score, responseSentiment, referenceSentiment, difference }` against a reference, else
 * `{ score, avgSentiment, sentimentVariance }` (three numbers).
 */
export function tone(text, reference) {
  const values = nlp().tone(utf8(text, 0), utf8(reference ?? '', 1));
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

// TextualDifferenceMetric: the drop-in shape of @mastra/evals/nlp's metric over the Rust core.

import { checkTextOrNothing, isNothing, readOfNothing } from './nlp-arguments.js';
import { ensureNlpWasm, textualDifference } from '../engine/wasm-nlp.js';

/**
 * How much two texts share as character sequences: `2 × LCS / (length of both)`, with the
 * number of changed words and the length difference.
 */
export class TextualDifferenceMetric {
  async measure(input, output) {
    checkTextOrNothing('TextualDifferenceMetric', 'input', input);
    checkTextOrNothing('TextualDifferenceMetric', 'output', output);
    if (isNothing(input) || isNothing(output)) throw originalFailure(input, output);
    await ensureNlpWasm();
    const { ratio, changes, lengthDiff, confidence } = textualDifference(input, output);
    return { score: ratio, info: { confidence, ratio, changes, lengthDiff } };
  }
}

/** What the original throws for a null or undefined text: it depends on which one. */
function originalFailure(input, output) {
  if (input === output) return readOfNothing(input, 'replace');
  if (isNothing(input)) return readOfNothing(input, 'length');
  return readOfNothing(output, input.length === 0 ? 'replace' : 'length');
}

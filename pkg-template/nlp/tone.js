// ToneConsistencyMetric: the drop-in shape of @mastra/evals/nlp's metric over the Rust core.

import { checkTextOrNothing, readOfNothing } from './nlp-arguments.js';
import { ensureNlpWasm, tone } from '../engine/wasm-nlp.js';

/**
 * Sentiment (AFINN-165) consistency: with an output, how close the sentiment of input and output
 * are; without one (empty), how steady the input's sentiment is from sentence to sentence.
 */
export class ToneConsistencyMetric {
  async measure(input, output) {
    checkTextOrNothing('ToneConsistencyMetric', 'input', input);
    checkTextOrNothing('ToneConsistencyMetric', 'output', output);
    // As the original: a null input fails at once; an undefined one reads as empty text until
    // its sentences are needed.
    if (input === null) throw readOfNothing(null, 'toLowerCase');
    if (input === undefined && !output) throw readOfNothing(undefined, 'match');
    await ensureNlpWasm();
    const { score, ...info } = tone(input ?? '', output || undefined);
    return { score, info };
  }
}

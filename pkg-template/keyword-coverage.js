// KeywordCoverageMetric: the drop-in shape of @mastra/evals/nlp's metric over the Rust core.

import { checkTextOrNothing } from './nlp-arguments.js';
import { ensureNlpWasm, keywordCoverage } from './wasm-nlp.js';

/**
 * The share of the input's keywords (words that are not stopwords, lower-cased, each once) that
 * the output has too.
 */
export class KeywordCoverageMetric {
  async measure(input, output) {
    checkTextOrNothing('KeywordCoverageMetric', 'input', input);
    checkTextOrNothing('KeywordCoverageMetric', 'output', output);
    await ensureNlpWasm();
    // The original reads null and undefined as texts without keywords.
    const { score, totalKeywords, matchedKeywords } = keywordCoverage(input ?? '', output ?? '', false);
    return { score, info: { totalKeywords, matchedKeywords } };
  }
}

// ContentSimilarityMetric: the drop-in shape of @mastra/evals/nlp's metric over the Rust core.

import { checkOptionNames, describe, coded } from '../engine/errors.js';
import { checkTextOrNothing, isNothing, readOfNothing } from './nlp-arguments.js';
import { contentSimilarity, ensureNlpWasm } from '../engine/wasm-nlp.js';

/**
 * How alike two texts are as strings: the Dice coefficient of their character bigrams, white
 * space removed, optionally ignoring case.
 */
export class ContentSimilarityMetric {
  #ignoreCase;
  #ignoreWhitespace;

  constructor(options = {}) {
    if (options !== null && (typeof options !== 'object' || Array.isArray(options))) {
      throw coded(new TypeError(`ContentSimilarityMetric: options must be an object, got ${describe(options)}`), 'EVALS_INVALID_OPTION');
    }
    // A misspelt option (`ignorecase`) is an error; other keys are ignored, as the original does.
    if (options !== null) checkOptionNames('ContentSimilarityMetric', options, ['ignoreCase', 'ignoreWhitespace']);
    // As the original: defaults first, then whatever the caller passed (an option present but
    // undefined turns it off).
    const merged = { ignoreCase: true, ignoreWhitespace: true, ...options };
    for (const name of ['ignoreCase', 'ignoreWhitespace']) {
      if (merged[name] !== undefined && typeof merged[name] !== 'boolean') {
        throw coded(new TypeError(`ContentSimilarityMetric: option "${name}" must be a boolean, got ${describe(merged[name])}`), 'EVALS_INVALID_OPTION');
      }
    }
    this.#ignoreCase = merged.ignoreCase === true;
    this.#ignoreWhitespace = merged.ignoreWhitespace === true;
  }

  async measure(input, output) {
    checkTextOrNothing('ContentSimilarityMetric', 'input', input);
    checkTextOrNothing('ContentSimilarityMetric', 'output', output);
    if (isNothing(input) || isNothing(output)) {
      throw readOfNothing(isNothing(input) ? input : output, this.#ignoreCase ? 'toLowerCase' : 'replace');
    }
    await ensureNlpWasm();
    const similarity = contentSimilarity(input, output, this.#ignoreCase, this.#ignoreWhitespace);
    return { score: similarity, info: { similarity } };
  }
}

// CompletenessMetric: the drop-in shape of @mastra/evals/nlp's metric over the Rust core.

import { checkOptions, checkTexts } from '../engine/errors.js';
import { checkLanguage, languageOf, loadStemModule } from './languages.js';
import { ensureNlpWasm, measureCompleteness } from '../engine/wasm-nlp.js';

let wordSegmenter;

/**
 * A `(run) => string[]` over `Intl.Segmenter`, for scripts written without spaces (Japanese,
 * Chinese, Thai, …); `undefined` where the runtime has no `Intl.Segmenter`, in which case the
 * core splits such runs where the script changes.
 */
function segmenter() {
  if (wordSegmenter === undefined) {
    wordSegmenter = null;
    if (typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function') {
      const words = new Intl.Segmenter('ja', { granularity: 'word' });
      wordSegmenter = (run) => {
        const out = [];
        for (const piece of words.segment(run)) if (piece.isWordLike) out.push(piece.segment);
        return out;
      };
    }
  }
  return wordSegmenter ?? undefined;
}

/**
 * How much of the input's content the output covers: the share of the input's elements
 * (words, verbs in the infinitive; in other languages, Snowball stems) that appear in the
 * output.
 */
export class CompletenessMetric {
  /** `[ignoreStopwords, language]`. */
  #settings;

  constructor(options) {
    const checked = checkOptions('CompletenessMetric', options, { ignoreStopwords: 'boolean', language: 'any' }, { strict: true });
    this.#settings = [checked.ignoreStopwords ?? false, checkLanguage('CompletenessMetric', checked.language)];
  }

  async measure(input, output) {
    checkTexts('CompletenessMetric', input, output);
    const [ignoreStopwords, option] = this.#settings;
    const language = await languageOf(option, input, output);
    if (language !== 'en') return (await loadStemModule()).stemmedCompleteness(input, output, language, ignoreStopwords);
    await ensureNlpWasm();
    const result = measureCompleteness(input, output, ignoreStopwords, segmenter());
    // "auto" says what it chose; the default, English, keeps the original's `info`.
    if (option !== 'en') result.info.language = 'en';
    return result;
  }
}

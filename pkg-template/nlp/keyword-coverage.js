// KeywordCoverageMetric: the drop-in shape of @mastra/evals/nlp's metric over the Rust core.

import { checkOptions } from '../engine/errors.js';
import { checkLanguage, languageOf, loadStemModule } from './languages.js';
import { checkTextOrNothing } from './nlp-arguments.js';
import { ensureNlpWasm, keywordCoverage } from '../engine/wasm-nlp.js';

/**
 * The share of the input's keywords (words that are not stopwords, lower-cased, each once; in
 * other languages than English, their Snowball stems) that the output has too.
 */
export class KeywordCoverageMetric {
  #language;

  constructor(options) {
    const checked = checkOptions('KeywordCoverageMetric', options, { language: 'any' }, { strict: true });
    this.#language = checkLanguage('KeywordCoverageMetric', checked.language);
  }

  async measure(input, output) {
    checkTextOrNothing('KeywordCoverageMetric', 'input', input);
    checkTextOrNothing('KeywordCoverageMetric', 'output', output);
    // The original reads null and undefined as texts without keywords.
    const [reference, response] = [input ?? '', output ?? ''];
    const language = await languageOf(this.#language, reference, response);
    const { score, totalKeywords, matchedKeywords } =
      language === 'en'
        ? (await ensureNlpWasm(), keywordCoverage(reference, response, false))
        : (await loadStemModule()).stemmedKeywordCoverage(reference, response, language, false);
    const info = { totalKeywords, matchedKeywords };
    // The default, English, keeps the original's `info`; otherwise it says the language.
    if (this.#language !== 'en') info.language = language;
    return { score, info };
  }
}

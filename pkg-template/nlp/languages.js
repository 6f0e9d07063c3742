// The `language` option of completeness and keyword coverage, and the loading of the stem
// module (evals_stem_bg.wasm: the Snowball stemmers, the stopword lists and the language
// detection), which only a language other than English needs: it is fetched (in Node, read)
// the first time such a language is measured, never for English.

import { describe, coded } from '../engine/errors.js';

/** The languages the option takes: English, the stemmed ones, and "auto". */
export const LANGUAGES = 'en de fr es it pt nl sv no da fi hu ro ru el ar ta tr auto'.split(' ');

/** The `language` option, checked: "en" when left out; a TypeError listing the codes otherwise. */
export function checkLanguage(name, language) {
  if (language === undefined) return 'en';
  if (!LANGUAGES.includes(language)) {
    throw coded(new TypeError(`${name}: option "language" must be one of ${LANGUAGES.join(', ')}; got ${describe(language)}`), 'EVALS_INVALID_OPTION');
  }
  return language;
}

/**
 * Set by the Node entries: `stemModuleFile.read()` returns the bytes of evals_stem_bg.wasm, which
 * is then instantiated synchronously (Node's fetch cannot read file: URLs).
 */
export const stemModuleFile = {};

let stemModule;

/**
 * The stem module's functions, loaded on the first call (later calls share that load). A load
 * that fails (a network error fetching the module) is forgotten, so the next measure tries again.
 */
export function loadStemModule() {
  stemModule ??= import('../engine/wasm-stem.js')
    .then((stem) => stem.instantiate(stemModuleFile.read))
    .catch((error) => {
      stemModule = undefined;
      throw error;
    });
  return stemModule;
}

/**
 * The language to measure two texts in: `language` itself, or for "auto" the one the stem
 * module detects ("en" for English and anything undecided).
 */
export async function languageOf(language, input, output) {
  if (language !== 'auto') return language;
  return (await loadStemModule()).detectLanguage(input, output);
}

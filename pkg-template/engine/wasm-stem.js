// The stem WebAssembly module (completeness and keyword coverage in the stemmed languages),
// imported by languages.js only when a language other than English is first measured.

import initWasm, { initSync, detectLanguage, stemmedCompleteness, stemmedKeywordCoverage, stemmedKeywords } from '../evals_stem.js';
import { namedKeywordCoverage } from './wasm-nlp.js';

/**
 * Instantiates the module, from what `read()` returns when given (its bytes in Node, the
 * compiled module in Workers and Edge runtimes) or else fetched next to this file, and resolves
 * to its functions.
 */
export async function instantiate(read) {
  if (read) initSync({ module: read() });
  else await initWasm({ module_or_path: new URL('../evals_stem_bg.wasm', import.meta.url) });
  return {
    detectLanguage,
    stemmedCompleteness,
    stemmedKeywordCoverage: (...args) => namedKeywordCoverage(stemmedKeywordCoverage(...args)),
    stemmedKeywords,
  };
}

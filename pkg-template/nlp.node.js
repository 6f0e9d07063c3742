// `evals-wasm/nlp` in Node (ESM): instantiates the NLP module synchronously from the package
// folder, and only that one; the stem module is read the same way, but only on first use of a
// language other than English.

import { readFileSync } from 'node:fs';
import { initSync } from './evals_nlp.js';
import { stemModuleFile } from './nlp/languages.js';

initSync({ module: readFileSync(new URL('./evals_nlp_bg.wasm', import.meta.url)) });
stemModuleFile.read ??= () => readFileSync(new URL('./evals_stem_bg.wasm', import.meta.url));

export * from './nlp.js';

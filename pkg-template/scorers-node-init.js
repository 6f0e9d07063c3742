// Loads the scorers' WebAssembly module synchronously in Node (its fetch cannot read file: URLs),
// for the entries that build Mastra 1.x scorers; the stem module is read the same way, on first
// use of a language other than English.

import { readFileSync } from 'node:fs';
import { initSync } from './evals_scorers.js';
import './engine/engine-scorers.js';
import { stemModuleFile } from './nlp/languages.js';

initSync({ module: readFileSync(new URL('./evals_scorers_bg.wasm', import.meta.url)) });
stemModuleFile.read ??= () => readFileSync(new URL('./evals_stem_bg.wasm', import.meta.url));

// `evals-wasm/nlp` in Node (ESM): instantiates the NLP module synchronously from the package
// folder, and only that one.

import { readFileSync } from 'node:fs';
import { initSync } from './evals_nlp.js';

initSync({ module: readFileSync(new URL('./evals_nlp_bg.wasm', import.meta.url)) });

export * from './nlp.js';

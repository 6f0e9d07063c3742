// `evals-wasm/llm` in Node (ESM): instantiates the LLM module synchronously from the package
// folder, and only that one.

import { readFileSync } from 'node:fs';
import { initSync } from './evals_llm.js';

initSync({ module: readFileSync(new URL('./evals_llm_bg.wasm', import.meta.url)) });

export * from './llm.js';

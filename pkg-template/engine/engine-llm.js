// Provides the LLM module (evals_llm_bg.wasm: the judged metrics and the judge engine) for the
// LLM family. The glue's functions are named rather than imported as a namespace, so that a
// bundler leaves out what the browser does not call (`initSync`, used by the Node entry only).

import initWasm, { cacheKey, judgeMetric } from '../evals_llm.js';
import { provide } from './engine.js';

const glue = { cacheKey, judgeMetric };

provide(['llm'], glue, 'evals_llm_bg.wasm', () => initWasm({ module_or_path: new URL('../evals_llm_bg.wasm', import.meta.url) }));

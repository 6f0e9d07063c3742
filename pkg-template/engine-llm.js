// Provides the LLM module (evals_llm_bg.wasm: the judged metrics and the judge engine) for the
// LLM family.

import initWasm, * as glue from './evals_llm.js';
import { provide } from './engine.js';

provide(['llm'], glue, 'evals_llm_bg.wasm', () => initWasm({ module_or_path: new URL('./evals_llm_bg.wasm', import.meta.url) }));

// Provides the LLM module (evals_llm_bg.wasm: the judged metrics and the judge engine) for the
// LLM family.
// The module is fetched from the package folder (`new URL(…, import.meta.url)`) on first use; the
// edge entries provide theirs first, as a compiled module (edge-llm.js).

import { glue, initWasm } from './glue-llm.js';
import { provide } from './engine.js';

provide(['llm'], glue, 'evals_llm_bg.wasm', () => initWasm({ module_or_path: new URL('../evals_llm_bg.wasm', import.meta.url) }));

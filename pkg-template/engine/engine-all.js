// Provides the combined module (evals_all_bg.wasm: both families in one module, built with both
// Cargo features) for the NLP and the LLM family: the root entry's module.
// The module is fetched from the package folder (`new URL(…, import.meta.url)`) on first use; the
// edge entries provide theirs first, as a compiled module (edge-all.js).

import { glue, initWasm } from './glue-all.js';
import { provide } from './engine.js';

provide(['nlp', 'llm'], glue, 'evals_all_bg.wasm', () => initWasm({ module_or_path: new URL('../evals_all_bg.wasm', import.meta.url) }));

// Provides the combined module (evals_all_bg.wasm: both families in one module, built with both
// Cargo features) for the NLP and the LLM family: the root entry's module.

import initWasm, * as glue from './evals_all.js';
import { provide } from './engine.js';

provide(['nlp', 'llm'], glue, 'evals_all_bg.wasm', () => initWasm({ module_or_path: new URL('./evals_all_bg.wasm', import.meta.url) }));

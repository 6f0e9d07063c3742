// Provides the NLP module (evals_nlp_bg.wasm: the metrics that need no model) for the NLP family.

import initWasm, * as glue from './evals_nlp.js';
import { provide } from './engine.js';

provide(['nlp'], glue, 'evals_nlp_bg.wasm', () => initWasm({ module_or_path: new URL('./evals_nlp_bg.wasm', import.meta.url) }));

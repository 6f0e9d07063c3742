// Provides the NLP module (evals_nlp_bg.wasm: the metrics that need no model) for the NLP family.
// The module is fetched from the package folder (`new URL(…, import.meta.url)`) on first use; the
// edge entries provide theirs first, as a compiled module (edge-nlp.js).

import { glue, initWasm } from './glue-nlp.js';
import { provide } from './engine.js';

provide(['nlp'], glue, 'evals_nlp_bg.wasm', () => initWasm({ module_or_path: new URL('../evals_nlp_bg.wasm', import.meta.url) }));

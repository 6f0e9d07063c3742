// Provides the module of Mastra 1.x's scorers (evals_scorers_bg.wasm: both families, and the
// declarations only the scorers use) for the scorers family, and for the NLP and LLM families
// when no other entry has provided them.
// The module is fetched from the package folder (`new URL(…, import.meta.url)`) on first use; the
// edge entries provide theirs first, as a compiled module (edge-scorers.js).

import { glue, initWasm } from './glue-scorers.js';
import { provide } from './engine.js';

provide(['scorers', 'nlp', 'llm'], glue, 'evals_scorers_bg.wasm', () => initWasm({ module_or_path: new URL('../evals_scorers_bg.wasm', import.meta.url) }));

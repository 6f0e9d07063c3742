// Node entry (ESM): instantiates the combined WebAssembly module synchronously from the package
// folder (Node's fetch cannot read file: URLs), then exposes the same API as the browser entry.
// The stem module is read the same way, but only on first use of a language other than English.

import { readFileSync } from 'node:fs';
import { initSync } from './evals_all.js';
import { stemModuleFile } from './nlp/languages.js';

initSync({ module: readFileSync(new URL('./evals_all_bg.wasm', import.meta.url)) });
stemModuleFile.read ??= () => readFileSync(new URL('./evals_stem_bg.wasm', import.meta.url));

export * from './index.js';
export { readRun } from './batch/run-file.js';
// For evals-wasm/llm's CommonJS names (llm.cjs reads them from this entry's bundle).
export { shareRequests } from './batch/share.js';

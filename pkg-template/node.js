// Node entry (ESM): instantiates the combined WebAssembly module synchronously from the package
// folder (Node's fetch cannot read file: URLs), then exposes the same API as the browser entry.

import { readFileSync } from 'node:fs';
import { initSync } from './evals_all.js';

initSync({ module: readFileSync(new URL('./evals_all_bg.wasm', import.meta.url)) });

export * from './index.js';

// Node entry (ESM): instantiates the WebAssembly module synchronously from the package folder
// (Node's fetch cannot read file: URLs), then exposes the same API as the browser entry.

import { readFileSync } from 'node:fs';
import { initSync } from './evals_wasm.js';

initSync({ module: readFileSync(new URL('./evals_wasm_bg.wasm', import.meta.url)) });

export * from './index.js';

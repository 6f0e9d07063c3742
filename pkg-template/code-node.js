// Loads the code scorers' WebAssembly module synchronously from the package folder, for the
// Node entries (Node's fetch cannot read file: URLs). It sits beside the .wasm, so that the
// require() bundles, which inline it, read the same path.

import { readFileSync } from 'node:fs';
import { loadCodeWasmSync } from './code/wasm-code.js';

loadCodeWasmSync(readFileSync(new URL('./evals_code_bg.wasm', import.meta.url)));

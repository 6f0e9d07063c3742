// The code module (evals_code_bg.wasm), compiled by the runtime's bundler, for Workers and Edge
// runtimes (see edge.js): instantiated at import, as the Node entries do (the code scorers and
// checks call it synchronously).

import compiled from '../evals_code_bg.wasm?module';
import { loadCodeWasmSync } from '../code/wasm-code.js';

loadCodeWasmSync(compiled);

// `evals-wasm/vitest/setup`: a vitest setup file registering the eval matchers
// (`test.setupFiles: ['evals-wasm/vitest/setup']`).
import { registerEvalMatchers } from './vitest.js';

registerEvalMatchers();

// Source of vitest.cjs, `evals-wasm/vitest` for require() (bundled by scripts/build.sh, not shipped).
import { vitestSupport } from './code/vitest-matchers.js';

const { expect } = require('vitest');
const { runEvals } = require('@mastra/core/evals');

export { EvalPassRateError, MastraEvalsReporter, evalMatchers, toEvalMeta } from './code/vitest-matchers.js';
export const { registerEvalMatchers, expectEval, expectEvals } = vitestSupport({ expect, runEvals });

// `evals-wasm/vitest`: the matchers, `expectEval(s)`, eval meta and reporter of
// `@mastra/evals/vitest`. Runs inside vitest (an optional peer dependency) with @mastra/core 1.x.

import { expect } from 'vitest';
import { runEvals } from '@mastra/core/evals';
import { vitestSupport } from './code/vitest-matchers.js';

export { EvalPassRateError, MastraEvalsReporter, evalMatchers, toEvalMeta } from './code/vitest-matchers.js';
export const { registerEvalMatchers, expectEval, expectEvals } = vitestSupport({ expect, runEvals });

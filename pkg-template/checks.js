// `evals-wasm/checks`: the pass/fail checks of `@mastra/evals/checks` (text and tool checks,
// and the `checks` object), real Mastra scorers over the project's @mastra/core.

import { ensureCodeWasm } from './code/wasm-code.js';
import { createScorer } from './code/mastra-core.js';
import { checkFactories } from './code/checks.js';

await ensureCodeWasm();

export const { includes, excludes, equals, matches, similarity, calledTool, didNotCall, toolOrder, maxToolCalls, usedNoTools, noToolErrors, checks } =
  checkFactories(createScorer);

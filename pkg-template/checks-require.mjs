// Source of checks.cjs, `evals-wasm/checks` for require() (bundled by scripts/build.sh, not shipped).
import './code-node.js';
import { createScorer } from './code/mastra-core-require.js';
import { checkFactories } from './code/checks.js';

export const { includes, excludes, equals, matches, similarity, calledTool, didNotCall, toolOrder, maxToolCalls, usedNoTools, noToolErrors, checks } =
  checkFactories(createScorer);

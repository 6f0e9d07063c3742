// Source of scorers-llm.cjs, `evals-wasm/scorers/llm` for require() (bundled by scripts/build.sh, not shipped).
import './node.js';
import './code-node.js';
import { createScorer } from './code/mastra-core-require.js';
import { earlyScorers } from './code/early-scorers.js';

export const { createHallucinationScorer } = earlyScorers(createScorer, async () => require('@mastra/core/llm').resolveModelConfig).llm;

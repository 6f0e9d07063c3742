// Source of scorers-utils.cjs, `evals-wasm/scorers/utils` for require() (bundled by
// scripts/build.sh, not shipped).
import './code-node.js';
import { contextClass } from './code/mastra-core-require.js';
import { testBuilders } from './code/builders.js';

export * from './code/messages.js';
export { analyzeToolFailures, checkTrajectoryBlacklist, checkTrajectoryEfficiency, compareTrajectories } from './code/trajectory.js';
export const { createTestRun, createToolInvocation, createTestMessage, createAgentTestRun, createTrajectoryTestRun, createUIMessage } = testBuilders(contextClass);

// `evals-wasm/scorers/utils`: the helpers of `@mastra/evals/scorers/utils` (1.x and 0.x: the
// message and trajectory helpers, the test builders, 0.x's createUIMessage). Needs @mastra/core
// (1.x or 0.x) for the request context of the test runs it builds.

import { ensureCodeWasm } from './code/wasm-code.js';
import { contextClass } from './code/mastra-core.js';
import { testBuilders } from './code/builders.js';

await ensureCodeWasm();

export * from './code/messages.js';
export { analyzeToolFailures, checkTrajectoryBlacklist, checkTrajectoryEfficiency, compareTrajectories } from './code/trajectory.js';
export const { createTestRun, createToolInvocation, createTestMessage, createAgentTestRun, createTrajectoryTestRun, createUIMessage } = testBuilders(contextClass);

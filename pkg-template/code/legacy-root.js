// 0.14's root helpers (`evaluate`, `attachListeners`, `globalSetup`), for 0.x projects that
// import them from the package root. They load @mastra/core 0.x when called (the specifiers
// are computed, so that bundlers leave the optional peer out).

const GLOBAL_RUN_ID = '_MASTRA_GLOBAL_RUN_ID_';
const peer = (path) => import(['@mastra', 'core', path].join('/'));

/** Sets the global run id of an eval session; throws when it is already set. */
export async function globalSetup() {
  if (process.env[GLOBAL_RUN_ID]) throw new Error('the global run id is already set: call globalSetup() once per session');
  process.env[GLOBAL_RUN_ID] = crypto.randomUUID();
}

/** The test that runs now, from a global vitest/jest `expect`, if any. */
function currentTest() {
  try {
    const state = globalThis.expect?.getState?.();
    return state ? { testName: state.currentTestName, testPath: state.testPath } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `agent` on `input` and measures its answer with `metric` through @mastra/core 0.x's
 * `evaluate` (which fires the evaluation hook `attachListeners` listens to).
 */
export async function evaluate(agent, input, metric) {
  const testInfo = currentTest();
  const runId = crypto.randomUUID();
  const agentOutput = await agent.generate(input, { runId });
  if (!process.env[GLOBAL_RUN_ID]) {
    process.env[GLOBAL_RUN_ID] = crypto.randomUUID();
    console.warn('Global run id not set: call globalSetup() from evals-wasm once before evaluating.');
  }
  const { evaluate: coreEvaluate } = await peer('eval');
  return coreEvaluate({
    agentName: agent.name,
    input,
    metric,
    output: agentOutput.text,
    globalRunId: process.env[GLOBAL_RUN_ID],
    runId,
    testInfo,
    instructions: agent.instructions,
  });
}

/** Stores every evaluation in `mastra`'s storage (its evals table), through core's evaluation hook. */
export async function attachListeners(mastra) {
  const [{ registerHook, AvailableHooks }, { TABLE_EVALS }, { checkEvalStorageFields }] = await Promise.all([peer('hooks'), peer('storage'), peer('utils')]);
  registerHook(AvailableHooks.ON_EVALUATION, async (trace) => {
    const storage = mastra?.getStorage();
    if (!storage || !checkEvalStorageFields(trace, mastra.getLogger())) return;
    await storage.insert({
      tableName: TABLE_EVALS,
      record: {
        input: trace.input,
        output: trace.output,
        result: JSON.stringify(trace.result || {}),
        agent_name: trace.agentName,
        metric_name: trace.metricName,
        instructions: trace.instructions,
        test_info: trace.testInfo ? JSON.stringify(trace.testInfo) : null,
        global_run_id: trace.globalRunId,
        run_id: trace.runId,
        created_at: new Date().toISOString(),
      },
    });
  });
}

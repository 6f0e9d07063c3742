// Engine steps inside Mastra's scorer workflow: each prompt step's execution replaced by an
// engine call, failures kept per run, the steps' output schemas and the scorers' config checks.

import { checkOptions, probablyMeant, coded } from '../engine/errors.js';
import { addCount, checkTimeout, startMeasure } from './judging.js';
import { ensureWasm } from '../engine/wasm-llm.js';
import { isRecord } from './run-texts.js';

export const roundToTwoDecimals = (x) => Math.round((x + Number.EPSILON) * 100) / 100;

/**
 * Runs `work(call, link)` for one scorer step: `call` is the engine's model link, which answers the
 * steps named in `answers` (`{ [engineStep]: text }`) itself and sends every other request to
 * the model, recording it (`link` is the step's link from startMeasure, for waiting on work
 * another run started). Resolves to what Mastra's `executePromptStep` returns: the step's
 * `result`, the `prompt` sent (the user message of the step's first model request) and one
 * judge `execution` with the step's usage, or no prompt and execution when the model was not
 * needed. A failure rejects with the model's own error or an `EvalsError`.
 */
export async function engineStep({ name, timeoutMs }, judgeInfo, answers, work, toResult) {
  const started = performance.now();
  const link = startMeasure(judgeInfo.judge, { className: name, timeoutMs });
  const requests = [];
  const usage = { inputTokens: 0, outputTokens: 0 };
  let usageReported = false;
  const call = async (request) => {
    const answer = answers?.[request.step];
    if (answer !== undefined) return { text: answer };
    requests.push(request.user);
    const response = await link.call(request);
    if (response.usage) {
      usageReported = true;
      usage.inputTokens = addCount(usage.inputTokens, response.usage.inputTokens);
      usage.outputTokens = addCount(usage.outputTokens, response.usage.outputTokens);
    }
    return response;
  };
  let engineResult;
  await ensureWasm('scorers');
  const execution = (status) => ({
    status,
    prompt: requests[0],
    judgeModelId: judgeInfo.modelId,
    ...(judgeInfo.provider ? { judgeProvider: judgeInfo.provider } : {}),
    usage: usageReported ? { ...usage, totalTokens: usage.inputTokens + usage.outputTokens } : {},
    attemptCount: requests.length,
    modelCallCount: requests.length,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    engineResult = await work(call, link);
  } catch (engineError) {
    const error = link.fail(engineError);
    if (requests.length === 0) throw error;
    // As Mastra's own judge steps do: the failed execution travels to `ScorerRunError.result`
    // on a transport error around ours (run() puts ours back as the cause).
    const transport = new Error(String(error?.message ?? error), { cause: error });
    transport.name = error?.name ?? 'Error';
    const code = typeof error?.code === 'string' ? { code: error.code } : {};
    transport[FAILED_EXECUTION] = { ...execution('failed'), error: { name: transport.name, message: transport.message, ...code } };
    throw transport;
  }
  const result = toResult(engineResult);
  if (requests.length === 0) return { result, judgeModel: judgeInfo.modelId };
  return { result, prompt: requests[0], judgeModel: judgeInfo.modelId, execution: { ...execution('success'), output: result } };
}

/** The `samples` of a sampled step's result among a run's results, or undefined. */
export const sampledOf = (results) => Object.values(results ?? {}).find((result) => isRecord(result) && isRecord(result.samples) && Array.isArray(result.samples.scores))?.samples;

/** The property on which @mastra/core 1.x carries a failed judge execution out of a step. */
const FAILED_EXECUTION = '__mastraScorerFailedJudgeExecution';

/** A prompt step definition for Mastra (its createPrompt is never called: we run the step). */
export const promptStep = (description, outputSchema) => ({ description, ...(outputSchema ? { outputSchema } : {}), createPrompt: () => '' });

/** Failures remembered per scorer until its run() reports them. */
const FAILURES_KEPT = 64;

// A failure is remembered under its run's id and its message, so that concurrent runs failing
// with the same message each get their own error back.
const failureKey = (runId, message) => `${String(runId)}\u0000${String(message)}`;

/** Remembers a step's own error (for runStepsWithEngine's run() to put back as the cause). */
function rememberFailure(failures, context, error) {
  failures.set(failureKey(context?.run?.runId, error?.message), error);
  if (failures.size > FAILURES_KEPT) failures.delete(failures.keys().next().value);
}

/** A function step whose own error (an EvalsError, say) reaches run()'s ScorerRunError as its cause. */
export const keepingFailures = (failures, step) => async (context) => {
  try {
    return await step(context);
  } catch (error) {
    rememberFailure(failures, context, error);
    throw error;
  }
};

/**
 * Finishes a scorer built with prompt steps: its prompt steps run `steps[name](context)`
 * instead of Mastra's own judge agent. Mastra's workflow hands a step's error on as a copy; so
 * the scorer's `run()` puts the step's own error (an `EvalsError`, or the model's error as it
 * was thrown) back as the `cause` of the `ScorerRunError` it rejects with.
 */
export function runStepsWithEngine(scorer, steps, failures = new Map()) {
  const define = (name, value) => Object.defineProperty(scorer, name, { value, writable: true, configurable: true });
  define('executePromptStep', async (scorerStep, _observability, context) => {
    try {
      return await steps[scorerStep.name](context);
    } catch (error) {
      rememberFailure(failures, context, error?.[FAILED_EXECUTION] ? error.cause : error);
      throw error;
    }
  });
  const run = scorer.run;
  define('run', async (input) => {
    // Every run gets an id here (Mastra would make one up otherwise), to find its failure by.
    const withId = isRecord(input) && !input.runId ? { ...input, runId: globalThis.crypto.randomUUID() } : input;
    try {
      return await run.call(scorer, withId);
    } catch (error) {
      const key = failureKey(withId?.runId, error?.cause?.message);
      if (error?.cause && failures.has(key)) {
        Object.defineProperty(error, 'cause', { value: failures.get(key), writable: true, configurable: true });
        failures.delete(key);
      }
      throw error;
    }
  });
  return scorer;
}

const stringList = { type: 'array', items: { type: 'string' } };
const verdictList = {
  type: 'array',
  items: {
    type: 'object',
    properties: { statement: { type: 'string' }, verdict: { type: 'string' }, reason: { type: 'string' } },
    required: ['statement', 'verdict', 'reason'],
  },
};
/** A declared scorer's Mastra `type`: 'agent' unless its table sets one (null or undefined: none). */
export const scorerType = (section) => (Object.hasOwn(section, 'type') ? section.type : 'agent');
export const objectSchema = (properties) => ({ type: 'object', properties, required: Object.keys(properties) });
/** The answer schemas a declared scorer step may name. */
export const SCHEMAS = { strings: stringList, verdicts: verdictList, array: { type: 'array' }, object: { type: 'object' }, text: { type: 'string' }, string: { type: 'string' }, number: { type: 'number' }, boolean: { type: 'boolean' } };

/** Checks an LLM scorer's `{ model, options? }`: an object with no other keys. */
export function checkScorerConfig(name, config, more = {}) {
  return checkScorerOptions(name, checkOptions(name, config, {}, { required: true, names: false }), { model: 'any', options: 'object', ...more }, 'key');
}

/**
 * Checks an LLM scorer's options against `known` (`{ name: typeof }`, 'any' for no type check):
 * an unknown key (a misspelt option, an option of another scorer) is a TypeError naming the
 * keys it takes, and so is a bad `timeoutMs`.
 */
export function checkScorerOptions(name, options, known, what = 'option') {
  const checked = checkOptions(name, options, Object.fromEntries(Object.entries(known).filter(([, type]) => type !== 'any' && type !== 'object')), { names: false });
  const unknown = Object.keys(checked).filter((key) => !Object.hasOwn(known, key));
  if (unknown.length > 0) {
    const meant = probablyMeant(unknown[0], Object.keys(known));
    const hint = meant === undefined ? '' : `; did you mean "${meant}"?`;
    throw coded(new TypeError(`${name}: unknown ${what} "${unknown[0]}" (it takes ${Object.keys(known).map((key) => `"${key}"`).join(', ')})${hint}`), 'EVALS_UNKNOWN_OPTION');
  }
  checkTimeout(name, checked.timeoutMs);
  return checked;
}

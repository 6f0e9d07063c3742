// Trajectory helpers of `@mastra/evals/scorers/utils`: comparing a trajectory with expected
// steps, step/token/duration budgets and redundant calls, forbidden tools and runs, and tool
// retries. The sequence work (which step matches which, forbidden runs) is done in the Rust
// core (wasm-code.js); the data of a step is compared here.

import { coded } from '../engine/errors.js';
import { compareStepNames, containsRun } from './wasm-code.js';
import { roundToTwoDecimals } from './messages.js';

/** The fields of each step type an expected step may pin (compared as JSON). */
const COMPARED_FIELDS = {
  tool_call: ['toolArgs', 'toolResult', 'success'],
  mcp_tool_call: ['toolArgs', 'toolResult', 'mcpServer', 'success'],
  model_generation: ['modelId', 'promptTokens', 'completionTokens', 'finishReason'],
  agent_run: ['agentId'],
  workflow_step: ['stepId', 'status', 'output'],
  workflow_run: ['workflowId', 'status'],
  workflow_conditional: ['conditionCount', 'selectedSteps'],
  workflow_parallel: ['branchCount', 'parallelSteps'],
  workflow_loop: ['loopType', 'totalIterations'],
  workflow_sleep: ['sleepDurationMs', 'sleepType'],
  workflow_wait_event: ['eventName', 'eventReceived'],
  processor_run: ['processorId'],
};

/** `JSON.stringify` equality; a value that cannot be serialised equals nothing. */
function sameJson(a, b) {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/**
 * Whether `actual` is the step `expected` describes: the same name; with an expected step type,
 * the same type and every field the expected step sets equal (as JSON).
 */
export function expectedStepMatches(actual, expected) {
  if (actual.name !== expected.name) return false;
  if (!expected.stepType) return true;
  if (actual.stepType !== expected.stepType) return false;
  return (COMPARED_FIELDS[expected.stepType] ?? []).every(
    (field) => expected[field] === undefined || (actual[field] !== undefined && sameJson(actual[field], expected[field])),
  );
}

/** Compares `actual.steps` with `expected.steps` (ordering strict, relaxed or unordered). */
export function compareTrajectories(actual, expected, options = {}) {
  const { ordering = 'relaxed', allowRepeatedSteps = true } = options;
  const actualNames = actual.steps.map((step) => step.name);
  const expectedNames = expected.steps.map((step) => step.name);
  const found = compareStepNames(
    actualNames,
    expectedNames,
    (e, a) => expectedStepMatches(actual.steps[a], expected.steps[e]),
    ordering,
    allowRepeatedSteps,
  );
  const outOfOrderNames = ordering === 'strict' ? actualNames : expectedNames;
  return {
    score: found.score,
    matchedSteps: found.matched,
    totalExpectedSteps: expected.steps.length,
    totalActualSteps: actual.steps.length,
    missingSteps: found.missing.map((i) => expectedNames[i]),
    extraSteps: found.extra.map((i) => actualNames[i]),
    outOfOrderSteps: found.outOfOrder.map((i) => outOfOrderNames[i]),
    repeatedSteps: expected.steps.length === 0 ? [] : found.repeated.map((i) => actualNames[i]),
  };
}

const isMeasurement = (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** One budget's share: 1 within it, less the overrun relative to the budget, at least 0. */
const withinBudget = (actual, limit) => (actual > limit ? Math.max(0, 1 - (actual - limit) / limit) : 1);

/**
 * Step, token and duration budgets, and redundant calls (the same tool called twice in a row
 * with the same arguments). Throws when a budget is not a finite non-negative number or the
 * trajectory lacks the measurements a budget needs.
 */
export function checkTrajectoryEfficiency(trajectory, options = {}) {
  const { maxSteps, maxTotalTokens, maxTotalDurationMs, noRedundantCalls = true } = options;
  for (const [name, limit] of Object.entries({ maxSteps, maxTotalTokens, maxTotalDurationMs })) {
    if (limit !== undefined && !isMeasurement(limit)) throw coded(new Error(`Invalid ${name} budget: expected a finite nonnegative number`), 'EVALS_INVALID_OPTION');
  }
  const steps = trajectory.steps;
  let totalTokens = 0;
  let generations = 0;
  for (const pending = [...steps]; pending.length > 0; ) {
    const step = pending.pop();
    if (step.stepType === 'model_generation') {
      generations += 1;
      if (maxTotalTokens !== undefined && !(isMeasurement(step.promptTokens) && isMeasurement(step.completionTokens))) {
        throw coded(new Error(`Cannot evaluate token budget: model generation "${step.name}" has missing or invalid token counts`), 'EVALS_INVALID_RUN');
      }
      totalTokens += (step.promptTokens ?? 0) + (step.completionTokens ?? 0);
    }
    if (step.children) pending.push(...step.children);
  }
  if (maxTotalTokens !== undefined && (generations === 0 || !isMeasurement(totalTokens))) {
    throw coded(new Error('Cannot evaluate token budget: missing model-generation measurements or invalid total tokens'), 'EVALS_INVALID_RUN');
  }
  const totalDurationMs = trajectory.totalDurationMs ?? steps.reduce((sum, step) => sum + (step.durationMs ?? 0), 0);
  if (maxTotalDurationMs !== undefined) {
    const measured = trajectory.totalDurationMs !== undefined ? isMeasurement(trajectory.totalDurationMs) : steps.length > 0 && steps.every((step) => isMeasurement(step.durationMs));
    if (!measured || !isMeasurement(totalDurationMs)) throw coded(new Error('Cannot evaluate duration budget: missing or invalid duration measurements'), 'EVALS_INVALID_RUN');
  }
  const redundantCalls = [];
  if (noRedundantCalls) {
    for (let i = 1; i < steps.length; i++) {
      const [before, step] = [steps[i - 1], steps[i]];
      const isToolCall = before.stepType === 'tool_call' || before.stepType === 'mcp_tool_call';
      if (isToolCall && before.name === step.name && before.stepType === step.stepType && sameJson(before.toolArgs, step.toolArgs)) {
        redundantCalls.push({ name: step.name, index: i });
      }
    }
  }
  const totalSteps = steps.length;
  const shares = [];
  if (maxSteps !== undefined) shares.push(withinBudget(totalSteps, maxSteps));
  if (maxTotalTokens !== undefined) shares.push(withinBudget(totalTokens, maxTotalTokens));
  if (maxTotalDurationMs !== undefined) shares.push(withinBudget(totalDurationMs, maxTotalDurationMs));
  if (noRedundantCalls) shares.push(Math.max(0, 1 - redundantCalls.length * 0.2));
  const score = shares.length > 0 ? shares.reduce((a, b) => a + b, 0) / shares.length : 1;
  return {
    score: roundToTwoDecimals(Math.min(1, Math.max(0, score))),
    totalSteps,
    overStepBudget: maxSteps !== undefined && totalSteps > maxSteps,
    totalTokens,
    overTokenBudget: maxTotalTokens !== undefined && totalTokens > maxTotalTokens,
    totalDurationMs,
    overDurationBudget: maxTotalDurationMs !== undefined && totalDurationMs > maxTotalDurationMs,
    redundantCalls,
  };
}

/** Forbidden tools among the top-level steps, and forbidden runs of consecutive steps. */
export function checkTrajectoryBlacklist(trajectory, options = {}) {
  const { blacklistedTools = [], blacklistedSequences = [] } = options;
  const names = trajectory.steps.map((step) => step.name);
  const violatedTools = blacklistedTools.filter((tool) => names.includes(tool));
  const violatedSequences = blacklistedSequences.filter((run) => containsRun(names, run));
  return { score: violatedTools.length > 0 || violatedSequences.length > 0 ? 0 : 1, violatedTools, violatedSequences };
}

/**
 * Retries of tool calls: in each run of consecutive calls of one tool, a call after a failed
 * one is a retry. Each retry past `maxRetriesPerTool` (2) costs 0.2.
 */
export function analyzeToolFailures(trajectory, options = {}) {
  const { maxRetriesPerTool = 2 } = options;
  const calls = trajectory.steps.filter((step) => step.stepType === 'tool_call' || step.stepType === 'mcp_tool_call');
  const patterns = [];
  let totalRetries = 0;
  for (let start = 0; start < calls.length; ) {
    let end = start + 1;
    let retryCount = 0;
    for (; end < calls.length && calls[end].name === calls[start].name; end++) {
      if (calls[end - 1].success === false) retryCount += 1;
    }
    if (retryCount > 0) {
      const next = calls[end];
      const eventuallySucceeded = calls[end - 1].success !== false;
      const fellBack = next !== undefined && !eventuallySucceeded;
      patterns.push({ toolName: calls[start].name, retryCount, fellBackToAlternative: fellBack, alternativeTool: fellBack ? next.name : undefined, eventuallySucceeded });
      totalRetries += retryCount;
    }
    start = end;
  }
  const excess = patterns.reduce((sum, pattern) => sum + Math.max(0, pattern.retryCount - maxRetriesPerTool), 0);
  return {
    score: roundToTwoDecimals(Math.min(1, Math.max(0, 1 - excess * 0.2))),
    patterns,
    totalRetries,
    excessiveRetryTools: patterns.filter((pattern) => pattern.retryCount > maxRetriesPerTool).map((pattern) => pattern.toolName),
  };
}

// The code scorers of Mastra 1.x for tools and trajectories: tool-call accuracy, trajectory
// accuracy and the multi-dimensional trajectory scorer, as real Mastra scorers built with the
// `createScorer` of the project's @mastra/core. Order checks and trajectory comparison run in
// the Rust core (wasm-code.js, trajectory.js).

import { coded } from '../engine/errors.js';
import { extractToolCalls } from './messages.js';
import { followsOrder } from './wasm-code.js';
import { analyzeToolFailures, checkTrajectoryBlacklist, checkTrajectoryEfficiency, compareTrajectories } from './trajectory.js';

/** The scorers over `createScorer` (from @mastra/core/evals, or /scores of 0.x). */
export function codeScorers(createScorer) {
  return {
    createToolCallAccuracyScorerCode: (options) => toolCallAccuracy(createScorer, options),
    createTrajectoryAccuracyScorerCode: (options) => trajectoryAccuracy(createScorer, options),
    createTrajectoryScorerCode: (options) => trajectoryScorer(createScorer, options),
  };
}

function toolCallAccuracy(createScorer, options) {
  const { expectedTool, strictMode = false, expectedToolOrder } = options;
  if (!expectedTool && !expectedToolOrder) throw coded(new Error('Either expectedTool or expectedToolOrder must be provided'), 'EVALS_MISSING_OPTION');
  const inOrder = (tools) => followsOrder(tools, expectedToolOrder, { strict: strictMode, firstOccurrence: true });
  const calledExpected = (tools) => (strictMode ? tools.length === 1 && tools[0] === expectedTool : tools.includes(expectedTool));
  const description = expectedToolOrder
    ? `Whether the agent called its tools in the order ${expectedToolOrder.join(', ')}`
    : `Whether the agent chose the tool ${expectedTool}`;
  return createScorer({ id: 'code-tool-call-accuracy-scorer', name: 'Tool Call Accuracy Scorer', description, type: 'agent' })
    .preprocess(async ({ run }) => {
      if (!run.input?.inputMessages?.length || !run.output?.length) throw coded(new Error('Input and output messages cannot be null or empty'), 'EVALS_INVALID_RUN');
      const { tools: actualTools, toolCallInfos } = extractToolCalls(run.output);
      return {
        expectedTool,
        actualTools,
        strictMode,
        expectedToolOrder,
        hasToolCalls: actualTools.length > 0,
        correctToolCalled: expectedTool ? calledExpected(actualTools) : false,
        toolCallInfos,
        correctOrderCalled: expectedToolOrder ? inOrder(actualTools) : null,
      };
    })
    .generateScore(({ results }) => {
      const tools = results.preprocessStepResult?.actualTools ?? [];
      if (tools.length === 0) return 0;
      if (expectedToolOrder?.length > 0) return inOrder(tools) ? 1 : 0;
      if (!expectedTool) return 0;
      return calledExpected(tools) ? 1 : 0;
    });
}

/** A recorded step as an expected one: without timing and metadata, its children expected in turn. */
function asExpectedStep(step) {
  const { durationMs, metadata, children, ...expected } = step;
  if (children?.length > 0) expected.children = { steps: children.map(asExpectedStep) };
  return expected;
}

function trajectoryAccuracy(createScorer, options = {}) {
  const { expectedTrajectory, comparisonOptions = {} } = options;
  const { ordering = 'relaxed', allowRepeatedSteps = true } = comparisonOptions;
  const staticSteps = Array.isArray(expectedTrajectory) ? expectedTrajectory : expectedTrajectory?.steps.map(asExpectedStep);
  const description = staticSteps
    ? `How closely the trajectory follows ${staticSteps.map((step) => step.name).join(' → ')} (${ordering} ordering)`
    : `How closely the trajectory follows each dataset item's expected trajectory (${ordering} ordering)`;
  return createScorer({ id: 'code-trajectory-accuracy-scorer', name: 'Trajectory Accuracy Scorer', description, type: 'trajectory' })
    .preprocess(async ({ run }) => {
      const actualTrajectory = run.output;
      const actualStepNames = actualTrajectory.steps.map((step) => step.name);
      const item = run.expectedTrajectory;
      const steps = staticSteps ?? item?.steps;
      if (!steps) {
        const error = 'No expected trajectory provided (pass via options or dataset item expectedTrajectory)';
        return { actualTrajectory, expectedTrajectory: undefined, comparison: undefined, actualStepNames, expectedStepNames: [], error };
      }
      const comparison = compareTrajectories(actualTrajectory, { steps }, {
        ordering: item?.ordering ?? ordering,
        allowRepeatedSteps: item?.allowRepeatedSteps ?? allowRepeatedSteps,
      });
      return { actualTrajectory, expectedTrajectory: { steps }, comparison, actualStepNames, expectedStepNames: steps.map((step) => step.name) };
    })
    .generateScore(({ results }) => results.preprocessStepResult?.comparison?.score ?? 0);
}

/** Whether any result, or any result nested in it, used a forbidden tool or run. */
const anyBlacklisted = (results) => results.some((result) => result.blacklist?.score === 0 || anyBlacklisted(result.nested ?? []));

/** The dimensions of one level of a trajectory against an expectation. */
function dimensions(trajectory, expectation, weights) {
  const accuracy = expectation.steps
    ? compareTrajectories(trajectory, { steps: expectation.steps }, { ordering: expectation.ordering ?? 'relaxed', allowRepeatedSteps: expectation.allowRepeatedSteps ?? true })
    : undefined;
  const budgets = ['maxSteps', 'maxTotalTokens', 'maxTotalDurationMs', 'noRedundantCalls'];
  const efficiency = budgets.some((key) => expectation[key] !== undefined)
    ? checkTrajectoryEfficiency(trajectory, {
        maxSteps: expectation.maxSteps,
        maxTotalTokens: expectation.maxTotalTokens,
        maxTotalDurationMs: expectation.maxTotalDurationMs,
        noRedundantCalls: expectation.noRedundantCalls ?? true,
      })
    : undefined;
  const blacklist =
    expectation.blacklistedTools?.length > 0 || expectation.blacklistedSequences?.length > 0
      ? checkTrajectoryBlacklist(trajectory, { blacklistedTools: expectation.blacklistedTools, blacklistedSequences: expectation.blacklistedSequences })
      : undefined;
  const toolFailures = analyzeToolFailures(trajectory, { maxRetriesPerTool: expectation.maxRetriesPerTool ?? 2 });
  return { accuracy, efficiency, blacklist, toolFailures, weights };
}

/** The weighted mean of the dimensions present (tool failures only when there were retries). */
function levelScore({ accuracy, efficiency, blacklist, toolFailures }, weights) {
  const terms = [];
  if (accuracy) terms.push([weights.accuracy, accuracy.score]);
  if (efficiency) terms.push([weights.efficiency, efficiency.score]);
  if (toolFailures?.patterns.length > 0) terms.push([weights.toolFailures, toolFailures.score]);
  if (blacklist) terms.push([weights.blacklist, blacklist.score]);
  if (terms.length === 0) return { score: 1, empty: true };
  const total = terms.reduce((sum, [weight]) => sum + weight, 0);
  return { score: total > 0 ? terms.reduce((sum, [weight, value]) => sum + (weight / total) * value, 0) : 1, empty: false };
}

/** 70 % the level's score, 30 % the mean of the nested scores. */
const withNested = (score, nested) => 0.7 * score + 0.3 * (nested.reduce((sum, result) => sum + result.score, 0) / nested.length);

/** Scores the children of each expected step that has `children` against the matching actual step. */
function nestedResults(expectedSteps, actualSteps, weights) {
  const results = [];
  const taken = new Set();
  for (const expected of expectedSteps) {
    if (!expected.children) continue;
    const index = actualSteps.findIndex((step, i) => !taken.has(i) && step.name === expected.name && (!expected.stepType || step.stepType === expected.stepType));
    if (index < 0) {
      const childSteps = expected.children.steps ?? [];
      const accuracy = childSteps.length > 0
        ? { score: 0, matchedSteps: 0, totalExpectedSteps: childSteps.length, totalActualSteps: 0, missingSteps: childSteps.map((step) => step.name), extraSteps: [], outOfOrderSteps: [], repeatedSteps: [] }
        : undefined;
      results.push({ stepName: expected.name, score: 0, accuracy });
      continue;
    }
    taken.add(index);
    const actual = actualSteps[index];
    const child = { steps: actual.children ?? [], totalDurationMs: actual.durationMs };
    const config = expected.children;
    const { accuracy, efficiency, blacklist, toolFailures } = dimensions(child, config, weights);
    const nested = config.steps ? nestedResults(config.steps, child.steps, weights) : [];
    if (blacklist?.score === 0 || (nested.length > 0 && anyBlacklisted(nested))) {
      results.push({ stepName: expected.name, score: 0, accuracy, efficiency, blacklist, toolFailures, nested });
      continue;
    }
    const level = levelScore({ accuracy, efficiency, blacklist, toolFailures }, weights).score;
    const score = nested.length > 0 ? withNested(level, nested) : level;
    results.push({ stepName: expected.name, score: Math.round(score * 100) / 100, accuracy, efficiency, blacklist, toolFailures, nested: nested.length > 0 ? nested : undefined });
  }
  return results;
}

function trajectoryScorer(createScorer, options = {}) {
  const { defaults = {}, weights: given = {} } = options;
  const weights = {
    accuracy: Math.max(0, given.accuracy ?? 0.4),
    efficiency: Math.max(0, given.efficiency ?? 0.3),
    toolFailures: Math.max(0, given.toolFailures ?? 0.2),
    blacklist: Math.max(0, given.blacklist ?? 0.1),
  };
  return createScorer({
    id: 'code-trajectory-scorer',
    name: 'Trajectory Scorer',
    description: 'A trajectory scored on accuracy, efficiency, forbidden steps and tool failures',
    type: 'trajectory',
  })
    .preprocess(async ({ run }) => {
      const trajectory = run.output;
      const config = { ...defaults, ...(run.expectedTrajectory ?? {}) };
      const { accuracy, efficiency, blacklist, toolFailures } = dimensions(trajectory, config, weights);
      const nested = config.steps?.length > 0 ? nestedResults(config.steps, trajectory.steps, weights) : [];
      return { accuracy, efficiency, blacklist, toolFailures, nested: nested.length > 0 ? nested : undefined, config };
    })
    .generateScore(({ results }) => {
      const found = results.preprocessStepResult ?? {};
      if (found.blacklist?.score === 0) return 0;
      const level = levelScore(found, weights);
      if (level.empty && !found.nested) return 1;
      if (!found.nested) return Math.round(level.score * 100) / 100;
      if (anyBlacklisted(found.nested)) return 0;
      return Math.round(withNested(level.score, found.nested) * 100) / 100;
    })
    .generateReason(({ results, score }) => trajectoryReason(results.preprocessStepResult ?? {}, score));
}

/** The reason: the score, then a line per dimension (or only the forbidden steps, when any). */
function trajectoryReason({ accuracy, efficiency, blacklist, toolFailures, nested }, score) {
  const lines = [`Score: ${score}`];
  if (blacklist?.score === 0) {
    const found = [];
    if (blacklist.violatedTools.length > 0) found.push(`forbidden tools used: ${blacklist.violatedTools.join(', ')}`);
    if (blacklist.violatedSequences.length > 0) found.push(`forbidden sequences: ${blacklist.violatedSequences.map((run) => run.join(' → ')).join('; ')}`);
    return [...lines, `Blacklist violation: ${found.join('. ')}.`].join('\n');
  }
  if (nested && anyBlacklisted(nested)) {
    const names = nested.filter((result) => anyBlacklisted([result])).map((result) => result.stepName);
    return [...lines, `Nested blacklist violation in: ${names.join(', ')}.`].join('\n');
  }
  const line = (label, value, details) => lines.push(`${label} (${value}): ${details.join('. ')}.`);
  if (accuracy) {
    const details = [`${accuracy.matchedSteps}/${accuracy.totalExpectedSteps} expected steps matched`];
    if (accuracy.missingSteps.length > 0) details.push(`missing: ${accuracy.missingSteps.join(', ')}`);
    if (accuracy.extraSteps.length > 0) details.push(`extra: ${accuracy.extraSteps.join(', ')}`);
    if (accuracy.outOfOrderSteps.length > 0) details.push(`out of order: ${accuracy.outOfOrderSteps.join(', ')}`);
    line('Accuracy', accuracy.score, details);
  }
  if (efficiency) {
    const details = [];
    if (efficiency.overStepBudget) details.push(`over step budget (${efficiency.totalSteps} steps)`);
    if (efficiency.overTokenBudget) details.push(`over token budget (${efficiency.totalTokens} tokens)`);
    if (efficiency.overDurationBudget) details.push(`over duration budget (${efficiency.totalDurationMs}ms)`);
    if (efficiency.redundantCalls.length > 0) details.push(`redundant calls: ${efficiency.redundantCalls.map((call) => call.name).join(', ')}`);
    line('Efficiency', efficiency.score, details.length > 0 ? details : ['all budgets met, no redundant calls']);
  }
  if (toolFailures?.patterns.length > 0) {
    const details = [];
    if (toolFailures.totalRetries > 0) details.push(`${toolFailures.totalRetries} total retries`);
    if (toolFailures.excessiveRetryTools.length > 0) details.push(`excessive retries: ${toolFailures.excessiveRetryTools.join(', ')}`);
    line('Tool failures', toolFailures.score, details);
  }
  if (nested?.length > 0) lines.push(`Nested scores: ${nested.map((result) => `${result.stepName}: ${result.score}`).join(', ')}.`);
  return lines.join('\n');
}

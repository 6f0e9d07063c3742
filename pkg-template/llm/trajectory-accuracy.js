// createTrajectoryAccuracyScorerLLM: how sound an agent's steps were, declared over the engine
// (src/metrics/llm/trajectory_accuracy.rs). Only 1.x has it (there is no 0.x class). The run's
// output is a trajectory ({ steps, rawOutput? }), or agent output (messages), which is turned
// into one as Mastra's runEvals does (code/messages.js extractTrajectory).

import { oneLine } from './run-texts.js';
import { coded } from '../engine/errors.js';
import { checks, judgedOf, maxAnswerTokens } from './declared.js';
import { invalidRun, isRecord } from './agent-judging.js';
import { extractTrajectory, getAssistantMessageFromRunOutput, getUserMessageFromRunInput } from '../code/messages.js';

const NAME = 'createTrajectoryAccuracyScorerLLM';
const json = (value) => JSON.stringify(value);

/** What a step shows besides its type and name: tool arguments and result, model, output. */
function details(step) {
  switch (step.stepType) {
    case 'tool_call':
    case 'mcp_tool_call': {
      const parts = [];
      if (step.toolArgs !== undefined) parts.push(`args: ${json(step.toolArgs)}`);
      if (step.toolResult !== undefined) parts.push(`result: ${json(step.toolResult)}`);
      return parts.length ? ` (${parts.join(', ')})` : '';
    }
    case 'model_generation':
      return step.modelId ? ` (model: ${step.modelId})` : '';
    case 'workflow_step':
      return step.output !== undefined ? ` (output: ${json(step.output)})` : '';
    default:
      return '';
  }
}

/** One line per step, `n. [type] name (details)`, nested steps indented under their parent. */
function formatSteps(steps, indent = 0) {
  return steps
    .map((step, i) => {
      const line = `${'  '.repeat(indent)}${i + 1}. ${oneLine(`[${step.stepType}] ${step.name}${details(step)}`)}`;
      return Array.isArray(step.children) && step.children.length ? `${line}\n${formatSteps(step.children, indent + 1)}` : line;
    })
    .join('\n');
}

/** The expected steps, one line each with the fields they pin. */
function formatExpected(steps, indent = 0) {
  return steps
    .map((step, i) => {
      const { name, stepType, children, ...pinned } = step;
      const line = `${'  '.repeat(indent)}${i + 1}. ${oneLine(`${stepType ? `[${stepType}] ` : ''}${name}${Object.keys(pinned).length ? ` (${json(pinned)})` : ''}`)}`;
      return children?.steps?.length ? `${line}\n${formatExpected(children.steps, indent + 1)}` : line;
    })
    .join('\n');
}

/** A trajectory step as an expected step: no timing, metadata; children as an expectation. */
function toExpectedStep(step) {
  const { durationMs, metadata, children, ...rest } = step;
  return Array.isArray(children) && children.length ? { ...rest, children: { steps: children.map(toExpectedStep) } } : rest;
}

/** The run's trajectory: a `{ steps }` output as it is, agent output turned into one. */
function trajectoryOf(output) {
  if (isRecord(output) && Array.isArray(output.steps)) return output;
  if (Array.isArray(output)) return extractTrajectory(output.filter(isRecord));
  throw invalidRun(NAME, 'the run\'s output must be a trajectory ({ steps: [...] }) or agent output (an array of messages)', output);
}

export const TRAJECTORY_ACCURACY = {
  metric: () => 'trajectory-accuracy',
  engine: (o) => ({ scale: 1, modelReason: false, maxAnswerTokens: o.maxAnswerTokens }),
  scorer: {
    factory: NAME,
    id: 'llm-trajectory-accuracy-scorer',
    name: 'Trajectory Accuracy (LLM)',
    type: 'trajectory',
    description: (o) => (o.expected
      ? 'How well an agent\'s steps match the expected trajectory (necessary, in order, none missing), judged by a model and scored by the evals-wasm engine.'
      : 'How sound an agent\'s steps were (necessary, in order, none missing), judged by a model and scored by the evals-wasm engine.'),
    config: { expectedTrajectory: 'any' },
    readConfig: ({ expectedTrajectory }) => {
      if (expectedTrajectory === undefined || expectedTrajectory === null) return { expected: undefined };
      if (Array.isArray(expectedTrajectory)) return { expected: expectedTrajectory };
      if (isRecord(expectedTrajectory) && Array.isArray(expectedTrajectory.steps)) return { expected: expectedTrajectory.steps.map(toExpectedStep) };
      throw coded(new TypeError(`${NAME}: "expectedTrajectory" must be a trajectory ({ steps }) or an array of expected steps`), 'EVALS_INVALID_OPTION');
    },
    options: {
      timeoutMs: { type: 'number', check: checks.timeoutMs },
      maxAnswerTokens,
    },
    steps: (o) => {
      const expectedOf = (run) => o.expected ?? (run.expectedTrajectory?.steps?.length ? run.expectedTrajectory.steps : undefined);
      return {
        preprocess: ({ run }) => {
          const actualTrajectory = trajectoryOf(run.output);
          const expected = expectedOf(run);
          return {
            actualTrajectory,
            actualTrajectoryFormatted: formatSteps(actualTrajectory.steps),
            expectedTrajectoryFormatted: expected ? formatExpected(expected) : undefined,
            hasSteps: actualTrajectory.steps.length > 0,
          };
        },
        analyze: {
          prompt: ['Analyze the quality and appropriateness of the agent trajectory', { stepEvaluations: 'array', missingSteps: 'strings', extraSteps: 'strings', overallAssessment: 'text' }],
          inputs: async ({ run }) => {
            const trajectory = trajectoryOf(run.output);
            const expected = expectedOf(run);
            return {
              steps: trajectory.steps.map((step) => formatSteps([step]).replace(/^1\. /, '')),
              names: trajectory.steps.map((step) => step.name),
              request: getUserMessageFromRunInput(run.input) ?? '',
              response: getAssistantMessageFromRunOutput(trajectory.rawOutput) ?? '',
              expected: expected ? formatExpected(expected).split('\n') : [],
            };
          },
          result(r, texts) {
            const stepEvaluations = judgedOf(r, 'steps').map((v, i) => ({
              stepName: texts.names[i],
              wasNecessary: v.verdict === 'yes',
              wasInOrder: /^(yes|true)$/i.test(v.extra?.[0] ?? ''),
              reasoning: v.reason,
            }));
            const missingSteps = r.assessed.gaps?.missingSteps ?? [];
            const extraSteps = r.assessed.gaps?.extraSteps ?? [];
            const needed = stepEvaluations.filter((e) => e.wasNecessary).length;
            const overallAssessment = `${needed} of ${stepEvaluations.length} steps were needed; ${missingSteps.length} missing, ${extraSteps.length} extra.`;
            return { stepEvaluations, missingSteps, extraSteps, overallAssessment };
          },
        },
        generateScore: ({ results }) => {
          const { stepEvaluations = [], missingSteps = [], extraSteps = [] } = results.analyzeStepResult ?? {};
          if (stepEvaluations.length === 0) return missingSteps.length > 0 ? 0 : extraSteps.length > 0 ? 0.5 : 1;
          const n = stepEvaluations.length;
          const m = missingSteps.length;
          const score = (0.6 * stepEvaluations.filter((e) => e.wasNecessary).length) / n + (0.3 * stepEvaluations.filter((e) => e.wasInOrder).length) / n - 0.1 * (m > 0 ? m / (n + m) : 0);
          return Math.max(0, Math.min(1, score));
        },
        generateReason: ({ results, score }) => {
          const { stepEvaluations = [], missingSteps = [], extraSteps = [] } = results.analyzeStepResult ?? {};
          const unneeded = stepEvaluations.filter((e) => !e.wasNecessary).map((e) => e.stepName);
          const list = (label, names) => (names.length ? `; ${label}: ${names.join(', ')}` : '');
          return `Score ${score}: ${stepEvaluations.length - unneeded.length} of ${stepEvaluations.length} steps were needed${list('not needed', unneeded)}${list('missing', missingSteps)}${list('extra', extraSteps)}.`;
        },
      };
    },
  },
};

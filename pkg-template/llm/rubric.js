// createRubricScorer: an agent's output graded against a checklist of criteria, declared over
// the engine (src/metrics/llm/rubric.rs). Only 1.x has it (there is no 0.x class).

import { coded } from '../engine/errors.js';
import { checks, maxAnswerTokens } from './declared.js';
import { finiteScale, isRecord } from './agent-judging.js';
import { getAssistantMessageFromRunOutput, getUserMessageFromRunInput } from '../code/messages.js';

const NAME = 'createRubricScorer';
const LIST_MARKER = /^\s*(?:[-*•]|\d+[.)])\s*/;

/**
 * A rubric as criteria: a string is a checklist, one required criterion per non-blank line
 * (a leading "-", "*", "•", "1." or "1)" dropped); an array is taken as it is, each item
 * checked to have a text `description`; nothing is no criteria.
 */
export function normalizeRubric(rubric, where = NAME) {
  if (rubric === undefined || rubric === null || rubric === '') return [];
  if (typeof rubric === 'string') {
    return rubric.split('\n').map((line) => line.replace(LIST_MARKER, '').trim()).filter(Boolean).map((description) => ({ description, required: true }));
  }
  if (!Array.isArray(rubric)) throw coded(new TypeError(`${where}: the rubric must be a string (one criterion per line) or an array of { description, required?, id? }, got ${typeof rubric}`), rubric === undefined ? 'EVALS_MISSING_OPTION' : 'EVALS_INVALID_OPTION');
  rubric.forEach((c, i) => {
    if (!isRecord(c) || typeof c.description !== 'string') throw coded(new TypeError(`${where}: rubric criterion ${i + 1} must be an object with a text "description"`), 'EVALS_INVALID_OPTION');
  });
  return rubric;
}

/** The rubric a run names under `rubric`: in its request context, additional context or input. */
function rubricOfRun(run) {
  const pick = (source) => {
    if (!isRecord(source)) return undefined;
    const value = typeof source.get === 'function' ? source.get('rubric') : source.rubric;
    return typeof value === 'string' || Array.isArray(value) ? value : undefined;
  };
  return pick(run.requestContext) ?? pick(run.additionalContext) ?? pick(run.input);
}

export const RUBRIC = {
  metric: () => 'rubric',
  engine: (o) => ({ scale: 1, modelReason: false, maxAnswerTokens: o.maxAnswerTokens }),
  scorer: {
    factory: NAME,
    id: 'rubric-scorer',
    name: 'Rubric (LLM)',
    type: null,
    roundScore: false,
    description: () => 'Whether an agent\'s output meets every required criterion of a rubric (1 or 0), judged by a model and scored by the evals-wasm engine.',
    config: { criteria: 'any' },
    readConfig: ({ criteria }) => ({ criteria: normalizeRubric(criteria) }),
    options: {
      scale: { type: 'number', default: 1, check: finiteScale },
      timeoutMs: { type: 'number', check: checks.timeoutMs },
      maxAnswerTokens,
    },
    steps: (o) => {
      const criteriaOf = (run) => (o.criteria.length > 0 ? o.criteria : normalizeRubric(rubricOfRun(run), `${NAME}: the run's rubric`));
      const inputs = async ({ run }) => {
        const criteria = criteriaOf(run);
        const input = isRecord(run.input) ? run.input : {};
        const task = typeof input.originalTask === 'string' ? input.originalTask : (getUserMessageFromRunInput(run.input) ?? '');
        const output = getAssistantMessageFromRunOutput(run.output) || (typeof input.currentText === 'string' ? input.currentText : '') || (typeof run.output === 'string' ? run.output : '');
        return { task, output, criteria: criteria.map((c) => c.description), required: criteria.map((c) => (c.required === false ? 'optional' : 'required')) };
      };
      return {
        analyze: {
          prompt: ['Judge the output against each rubric criterion', { criteria: 'array', overallAssessment: 'text' }],
          inputs,
          early: (texts) => (texts.criteria.length === 0 ? { criteria: [], overallAssessment: 'The rubric has no criteria, so there is nothing to grade.' } : undefined),
          result(r, texts) {
            const judged = r.verdicts.criteria?.judged ?? [];
            const marks = texts.required;
            const criteria = judged.map((v, i) => ({ criterion: v.item, satisfied: v.verdict === 'yes', required: marks[i] !== 'optional', reasoning: v.reason }));
            const met = criteria.filter((c) => c.satisfied).length;
            const unmet = criteria.filter((c) => c.required && !c.satisfied).length;
            return { criteria, overallAssessment: `${met} of ${criteria.length} criteria met; ${unmet === 0 ? 'no required criterion is unmet' : `${unmet} required ${unmet === 1 ? 'criterion is' : 'criteria are'} unmet`}.` };
          },
        },
        generateScore: ({ results }) => {
          const criteria = results.analyzeStepResult?.criteria ?? [];
          if (criteria.length === 0) return 1;
          const required = criteria.filter((c) => c.required);
          return ((required.length > 0 ? required : criteria).every((c) => c.satisfied) ? 1 : 0) * o.scale;
        },
        generateReason: ({ results, score }) => {
          const analysis = results.analyzeStepResult;
          if (!analysis || analysis.criteria.length === 0) return 'The rubric has no criteria, so the check passes by default.';
          const lines = analysis.criteria.map((c) => `${c.satisfied ? '[met]' : '[not met]'} (${c.required ? 'required' : 'optional'}) ${c.criterion}: ${c.reasoning}`);
          const head = score >= 1 ? 'Every required criterion of the rubric is met.' : 'The rubric is not met yet.';
          return `${head}\n${lines.join('\n')}\n${analysis.overallAssessment}`;
        },
      };
    },
  },
};

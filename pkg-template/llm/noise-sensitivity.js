// createNoiseSensitivityScorerLLM (1.10.2): how robust an agent's answer stays when its query
// carries irrelevant, distracting or misleading material, declared over the engine
// (src/metrics/llm/noise_sensitivity.rs). Only 1.x has it. One model call where 1.10.2 makes
// two: the analysis; the reason is composed by code from it.

import { checks, maxAnswerTokens } from './declared.js';
import { checkOptions, describe, EvalsError, coded } from '../engine/errors.js';

const NAME = 'createNoiseSensitivityScorerLLM';
const LEVELS = ['none', 'minimal', 'moderate', 'significant', 'severe'];
const DEFAULT_IMPACT_WEIGHTS = { none: 1, minimal: 0.85, moderate: 0.6, significant: 0.3, severe: 0.1 };
const DEFAULTS = { majorIssuePerItem: 0.1, maxMajorIssuePenalty: 0.3, discrepancyThreshold: 0.2 };

/** A number of `scoring`: finite and at least 0, or left out (undefined or null: the default). */
function scoringNumber(label, value) {
  if (value !== undefined && value !== null && !(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
    throw coded(new TypeError(`${NAME}: option "${label}" must be a finite number of at least 0, got ${describe(value)}`), 'EVALS_INVALID_OPTION');
  }
}

function scoringCheck(name, scoring) {
  const { impactWeights, penalties, discrepancyThreshold } = checkOptions(`${NAME}: option "scoring"`, scoring, { impactWeights: 'object', penalties: 'object', discrepancyThreshold: 'any' }, { strict: true });
  for (const [key, group] of [['impactWeights', LEVELS], ['penalties', ['majorIssuePerItem', 'maxMajorIssuePenalty']]]) {
    const given = { impactWeights, penalties }[key];
    if (given === undefined || given === null) continue;
    checkOptions(`${NAME}: option "scoring.${key}"`, given, Object.fromEntries(group.map((k) => [k, 'any'])), { strict: true });
    for (const k of group) scoringNumber(`scoring.${key}.${k}`, given[k]);
  }
  scoringNumber('scoring.discrepancyThreshold', discrepancyThreshold);
}

/** The formula's numbers: the caller's `scoring`, 1.10.2's defaults for what it leaves out. */
function scoringOf(scoring = {}) {
  return {
    levels: Object.fromEntries(LEVELS.map((l) => [l, scoring.impactWeights?.[l] ?? DEFAULT_IMPACT_WEIGHTS[l]])),
    majorIssuePerItem: scoring.penalties?.majorIssuePerItem ?? DEFAULTS.majorIssuePerItem,
    maxMajorIssuePenalty: scoring.penalties?.maxMajorIssuePenalty ?? DEFAULTS.maxMajorIssuePenalty,
    discrepancyThreshold: scoring.discrepancyThreshold ?? DEFAULTS.discrepancyThreshold,
  };
}

/** The score of an analysis (1.10.2's formula): the judge's robustness, held to the impact levels, less the issues. */
export function noiseScore(analysis, s) {
  let score = Math.max(0, Math.min(1, analysis.robustnessScore));
  const dimensions = analysis.dimensions ?? [];
  if (dimensions.length > 0) {
    const mean = dimensions.reduce((sum, d) => sum + (s.levels[d.impactLevel] ?? 0), 0) / dimensions.length;
    if (Math.abs(score - mean) > s.discrepancyThreshold) score = Math.min(score, mean);
  }
  return Math.max(0, score - Math.min((analysis.majorIssues ?? []).length * s.majorIssuePerItem, s.maxMajorIssuePenalty));
}

/** "The score is … because …" from the analysis. */
function reasonOf(score, analysis) {
  const dimensions = analysis.dimensions ?? [];
  const issues = analysis.majorIssues ?? [];
  const impact = dimensions.length ? `the noise's impact was ${dimensions.map((d) => `${d.impactLevel} on ${d.dimension}`).join(', ')}` : 'no dimension was rated';
  const listed = issues.length ? `${issues.length} major ${issues.length === 1 ? 'issue' : 'issues'} (${issues.join('; ')})` : 'no major issue';
  const overall = analysis.overallAssessment ? ` ${analysis.overallAssessment}` : '';
  return `The score is ${score} because ${impact}, with ${listed}.${overall}`;
}

export const NOISE_SENSITIVITY = {
  metric: () => 'noise-sensitivity',
  engine: (o) => {
    const s = scoringOf(o.scoring ?? undefined);
    return { scale: 1, modelReason: false, maxAnswerTokens: o.maxAnswerTokens, weights: { ...s.levels, majorIssuePerItem: s.majorIssuePerItem, maxMajorIssuePenalty: s.maxMajorIssuePenalty, discrepancyThreshold: s.discrepancyThreshold } };
  },
  scorer: {
    factory: NAME,
    id: 'noise-sensitivity-scorer',
    name: 'Noise Sensitivity (LLM)',
    description: () => 'How robust the agent\'s answer stays when its query carries irrelevant, distracting or misleading information, compared with its answer to the clean query; judged by a model and scored by the evals-wasm engine.',
    options: {
      baselineResponse: { type: 'string' },
      noisyQuery: { type: 'string' },
      noiseType: { type: 'string' },
      scoring: { type: 'object', check: scoringCheck },
      timeoutMs: { type: 'number', check: checks.timeoutMs },
      maxAnswerTokens,
    },
    steps: (o, { userText, assistantText }) => {
      if (!o.baselineResponse || !o.noisyQuery) {
        throw coded(new TypeError(`${NAME}: options "baselineResponse" (the answer to the clean query) and "noisyQuery" (the query with noise added) are both required, as non-empty strings`), 'EVALS_MISSING_OPTION');
      }
      const s = scoringOf(o.scoring ?? undefined);
      return {
        analyze: {
          prompt: ['Analyze the impact of noise on agent response quality', { dimensions: 'array', overallAssessment: 'text', majorIssues: 'strings', robustnessScore: 'number' }],
          inputs: async ({ run }) => {
            const input = userText(run.input, NAME, { optional: true });
            const output = assistantText(run.output, NAME);
            if (!input || !output) {
              throw new EvalsError(`${NAME}: the run needs the original query (a user message in its input) and the agent's answer to the noisy query (its output); ${input ? 'the output has no text' : 'the input has no user text'}`, { code: 'EVALS_INVALID_RUN' });
            }
            return { input, baseline: o.baselineResponse, noisyQuery: o.noisyQuery, noiseType: o.noiseType ?? '', output };
          },
          result: (r) => {
            const { dimensions, overallAssessment, majorIssues, robustnessScore } = r.assessed.analysis;
            return { dimensions, overallAssessment, majorIssues, robustnessScore };
          },
        },
        generateScore: ({ results }) => {
          if (!results.analyzeStepResult) throw new EvalsError(`${NAME}: the analysis step left no result to score`, { code: 'EVALS_INVALID_RUN' });
          return noiseScore(results.analyzeStepResult, s);
        },
        generateReason: ({ results, score }) => reasonOf(score, results.analyzeStepResult ?? {}),
      };
    },
  },
};

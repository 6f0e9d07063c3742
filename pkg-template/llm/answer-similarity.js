// createAnswerSimilarityScorer (1.10.2): how close an output is to the run's ground truth, unit
// by unit, declared over the engine (src/metrics/llm/answer_similarity.rs). Only 1.x has it.
// Two model calls where 1.10.2 makes three: the units of both texts, then their comparison;
// the reason is composed by code from the comparison.

import { checks, maxAnswerTokens } from './declared.js';
import { EvalsError } from '../engine/errors.js';

const NAME = 'createAnswerSimilarityScorer';

/** The scorer's default options, as `@mastra/evals/scorers/prebuilt` exports them. */
export const ANSWER_SIMILARITY_DEFAULT_OPTIONS = { requireGroundTruth: true, semanticThreshold: 0.8, exactMatchBonus: 0.2, missingPenalty: 0.15, contradictionPenalty: 1, extraInfoPenalty: 0.05, scale: 1 };

/**
 * Instructions for a judge of answer similarity (exported as in `@mastra/evals/scorers/prebuilt`;
 * our engine sends its own prompt per step, in the same spirit).
 */
export const ANSWER_SIMILARITY_INSTRUCTIONS = `
You compare an answer with the answer a test expects, as a check in an automated test suite.
- Compare meaning: the same fact in other words is a match.
- Break both answers into their facts, names and numbers, and match them one by one.
- Say which expected facts the answer leaves out, and which it gets wrong.
- A fact the answer contradicts counts against it more than one it omits.
- Give credit for a fact stated in part, and keep every judgement short and concrete.
`;

/** The most extra units can take away, whatever `extraInfoPenalty` is (as 1.10.2). */
const MAX_EXTRA_PENALTY = 0.2;
const D = ANSWER_SIMILARITY_DEFAULT_OPTIONS;
const number = (value) => ({ type: 'number', default: value, check: checks.weight });
const WEIGHTS = ['semanticThreshold', 'exactMatchBonus', 'missingPenalty', 'contradictionPenalty', 'extraInfoPenalty'];

/** The run's ground truth as text: a string as it is, anything else as JSON, '' when falsy. */
const truthText = (truth) => (!truth ? '' : typeof truth === 'string' ? truth : JSON.stringify(truth));

/** The score of an analysis, unscaled (1.10.2's formula): 0 with no match. */
export function similarityScore(analysis, o) {
  const matches = analysis?.matches ?? [];
  if (matches.length === 0) return 0;
  const value = { exact: 1 + o.exactMatchBonus, semantic: o.semanticThreshold, partial: o.semanticThreshold * 0.5, missing: -o.missingPenalty };
  const sum = matches.reduce((s, m) => s + (value[m.matchType] ?? 0), 0);
  const score = sum / (matches.length * (1 + o.exactMatchBonus)) - (analysis.contradictions?.length ?? 0) * o.contradictionPenalty - Math.min((analysis.extraInOutput?.length ?? 0) * o.extraInfoPenalty, MAX_EXTRA_PENALTY);
  return Math.max(0, Math.min(1, score));
}

/** "The score is … because …" from the comparison. */
function reasonOf(score, run, analysis) {
  if (!run.groundTruth) return `The score is ${score} because there is no ground truth to compare with.`;
  const matches = analysis?.matches ?? [];
  if (matches.length === 0) return `The score is ${score} because no unit of the ground truth was matched.`;
  const count = (type) => matches.filter((m) => m.matchType === type).length;
  const several = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  const missing = matches.filter((m) => m.matchType === 'missing').map((m) => m.groundTruthUnit);
  const wrong = (analysis.contradictions ?? []).map((c) => `"${c.outputUnit}" against "${c.groundTruthUnit}"`);
  return `The score is ${score} because of the ${matches.length} ground-truth units ${count('exact')} matched exactly, ${count('semantic')} in other words, ${count('partial')} in part and ${count('missing')} ${count('missing') === 1 ? 'is' : 'are'} missing` +
    `${missing.length ? ` (${missing.join('; ')})` : ''}, with ${several(wrong.length, 'contradiction', 'contradictions')}${wrong.length ? ` (${wrong.join('; ')})` : ''} and ${several(analysis.extraInOutput?.length ?? 0, 'extra unit in the output', 'extra units in the output')}.`;
}

export const ANSWER_SIMILARITY = {
  metric: () => 'answer-similarity',
  engine: (o) => ({ scale: o.scale, modelReason: false, maxAnswerTokens: o.maxAnswerTokens, weights: Object.fromEntries(WEIGHTS.map((w) => [w, o[w]])) }),
  scorer: {
    factory: NAME,
    id: 'answer-similarity-scorer',
    name: 'Answer Similarity Scorer',
    description: () => 'How close the output is to the ground truth, unit by unit (exact, semantic, partial or missing matches, contradictions, extra information), judged by a model and scored by the evals-wasm engine.',
    options: {
      requireGroundTruth: { type: 'boolean', default: D.requireGroundTruth },
      ...Object.fromEntries(WEIGHTS.map((w) => [w, number(D[w])])),
      scale: { type: 'number', default: D.scale, check: checks.scale },
      timeoutMs: { type: 'number', check: checks.timeoutMs },
      maxAnswerTokens,
    },
    steps: (o, { assistantText }) => {
      const texts = async ({ run }) => {
        const groundTruth = truthText(run.groundTruth);
        if (!groundTruth && o.requireGroundTruth) {
          throw new EvalsError(`${NAME}: the run has no groundTruth to compare the output with (give run() a groundTruth, or the option requireGroundTruth: false to score 0 without one)`, { code: 'EVALS_INVALID_RUN' });
        }
        // As 1.10.2: without a ground truth the output is not read either.
        return { output: groundTruth ? assistantText(run.output, NAME) : '', groundTruth };
      };
      const units = (results) => ({ outputUnits: results?.preprocessStepResult?.outputUnits ?? [], groundTruthUnits: results?.preprocessStepResult?.groundTruthUnits ?? [] });
      return {
        preprocess: {
          prompt: ['Extract semantic units from output and ground truth', { outputUnits: 'strings', groundTruthUnits: 'strings' }],
          inputs: texts,
          until: 'units',
          early: ({ groundTruth }) => (groundTruth ? undefined : { outputUnits: [], groundTruthUnits: [] }),
          result: (r) => ({ outputUnits: r.assessed.units.outputUnits, groundTruthUnits: r.assessed.units.groundTruthUnits }),
        },
        analyze: {
          prompt: ['Compare semantic units between output and ground truth', { matches: 'array', extraInOutput: 'strings', contradictions: 'array' }],
          inputs: async (context) => ({ ...(await texts(context)), ...units(context.results) }),
          answers: (results) => ({ units: JSON.stringify(units(results)) }),
          sampled: true,
          // No unit to match: the score is 0 whatever else the judge would say (1.10.2 asks anyway).
          early: ({ groundTruthUnits }) => (groundTruthUnits.length === 0 ? { matches: [], extraInOutput: [], contradictions: [] } : undefined),
          result: (r) => {
            const { matches, extraInOutput, contradictions } = r.assessed.comparison;
            return {
              matches: matches.map((m) => ({ groundTruthUnit: m.groundTruthUnit, outputUnit: m.outputUnit || null, matchType: m.matchType, explanation: m.explanation })),
              extraInOutput,
              contradictions: contradictions.map((c) => ({ outputUnit: c.outputUnit, groundTruthUnit: c.groundTruthUnit, explanation: c.explanation })),
            };
          },
        },
        generateScore: ({ run, results }) => (run.groundTruth ? similarityScore(results.analyzeStepResult, o) * o.scale : 0),
        generateReason: ({ run, results, score }) => reasonOf(score, run, results.analyzeStepResult),
      };
    },
  },
};

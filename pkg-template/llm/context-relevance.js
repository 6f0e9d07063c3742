// createContextRelevanceScorerLLM (1.10.2): how relevant each context piece was and whether the
// response used it, less penalties for unused relevant pieces and missing context, declared
// over the engine (src/metrics/llm/context_relevance.rs). Two model calls, as the original;
// the reason is composed by code from the analysis.

import { checkOptions, coded } from '../engine/errors.js';
import { judgedOf } from './declared.js';
import { engineOptions, requireContext, runContext, scorerContextOptions } from './context-pieces.js';

const name = 'createContextRelevanceScorerLLM';
const WEIGHTS = { high: 1, medium: 0.7, low: 0.3, none: 0 };
const DEFAULT_PENALTIES = { unusedHighRelevanceContext: 0.1, missingContextPerItem: 0.15, maxMissingContextPenalty: 0.5 };
const wasUsed = (answer) => ['yes', 'true', 'used'].includes(String(answer).trim().toLowerCase());

/** The score of an analysis, unscaled: mean level − penalties, at least 0 (1 or 0 with no piece). */
export function relevanceScore(evaluations, missing, penalties) {
  if (evaluations.length === 0) return missing > 0 ? 0 : 1;
  const relevance = evaluations.reduce((sum, e) => sum + WEIGHTS[e.relevanceLevel], 0) / evaluations.length;
  const unused = evaluations.filter((e) => e.relevanceLevel === 'high' && !e.wasUsed).length * penalties.unusedHighRelevanceContext;
  const missingPenalty = Math.min(missing * penalties.missingContextPerItem, penalties.maxMissingContextPenalty);
  return Math.max(0, relevance - unused - missingPenalty);
}

const penaltyCheck = (label, value) => {
  const checked = checkOptions(label, value, { unusedHighRelevanceContext: 'number', missingContextPerItem: 'number', maxMissingContextPenalty: 'number' }, { strict: true });
  for (const [key, number] of Object.entries(checked)) {
    if (!(Number.isFinite(number) && number >= 0)) throw coded(new TypeError(`${label}: option "penalties.${key}" must be a finite number of at least 0, got ${number}`), 'EVALS_INVALID_OPTION');
  }
};

export const CONTEXT_RELEVANCE = {
  name,
  metric: () => 'context-relevance',
  engine: engineOptions,
  scorer: {
    factory: name,
    id: 'context-relevance-scorer',
    name: 'Context Relevance (LLM)',
    description: () => 'How relevant and how used each context piece was for the response, less penalties for unused relevant pieces and missing context, judged by a model and scored by the evals-wasm engine.',
    options: { ...scorerContextOptions, penalties: { type: 'object', check: penaltyCheck } },
    steps: (o, { userText, assistantText }) => {
      requireContext(name, o);
      const penalties = { ...DEFAULT_PENALTIES, ...o.penalties };
      const texts = async ({ run }) => ({ input: userText(run.input, name, { optional: true }), output: assistantText(run.output, name), context: await runContext(name, o, run) });
      return {
        analyze: {
          prompt: ['Judge the relevance and use of each context piece', { evaluations: 'array', missingContext: 'strings' }],
          inputs: texts,
          // No context at all: nothing to judge, and the score is the full scale (as 1.10.2).
          early: ({ context }) => (context.length === 0 ? { evaluations: [], missingContext: [], overallAssessment: 'no context was given, so there was nothing to judge' } : undefined),
          options: { reason: false },
          result: (r) => ({
            evaluations: judgedOf(r, 'evaluations').map((v, i) => ({ context_index: i, contextPiece: v.item, relevanceLevel: v.verdict, wasUsed: wasUsed(v.extra?.[0]), reasoning: v.reason })),
            missingContext: r.lists.missingContext ?? [],
            overallAssessment: r.reason.replace(/^The score is \S+ because /, '').replace(/\.$/, ''),
          }),
        },
        generateScore: async ({ run, results }) => {
          if ((await runContext(name, o, run)).length === 0) return o.scale || 1;
          const analysis = results.analyzeStepResult ?? {};
          const evaluations = analysis.evaluations ?? [];
          const missing = (analysis.missingContext ?? []).length;
          // As 1.10.2: with no piece judged the score is 1 or 0, not scaled.
          return evaluations.length === 0 ? relevanceScore(evaluations, missing, penalties) : relevanceScore(evaluations, missing, penalties) * (o.scale || 1);
        },
        generateReason: ({ score, results }) => `The score is ${score} because ${results.analyzeStepResult?.overallAssessment ?? 'nothing was judged'}.`,
      };
    },
  },
};

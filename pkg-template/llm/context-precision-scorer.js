// createContextPrecisionScorer (Mastra 1.x): the scorer shape of the declaration in
// context-precision.js. Only the scorers' entries load this file, so that the 0.x entries
// (evals-wasm, evals-wasm/llm) leave it out.

import { coded } from '../engine/errors.js';
import { averagePrecision, CONTEXT_PRECISION as DECLARATION } from './context-precision.js';
import { requireContext, runContext, scorerContextOptions, verdictsAnswer } from './context-pieces.js';

const factory = 'createContextPrecisionScorer';

/**
 * The scorer's analyze step stores `{ verdicts: [{ context_index, verdict, reason }] }`; its
 * score is the mean average precision of the words in context order × (scale || 1).
 */
export const CONTEXT_PRECISION = {
  ...DECLARATION,
  scorer: {
    factory,
    id: 'context-precision-scorer',
    name: 'Context Precision Scorer',
    description: () => 'Whether the context pieces useful for the expected output come first (mean average precision), judged by a model and scored by the evals-wasm engine.',
    options: scorerContextOptions,
    steps: (o, { userText, assistantText }) => {
      requireContext(factory, o);
      const texts = async ({ run }) => {
        const context = await runContext(factory, o, run);
        // As 1.10.2: nothing to judge is an error of the run, before any model call.
        if (context.length === 0) throw coded(new Error(`${factory}: no context to evaluate (the context is empty)`), 'EVALS_EMPTY_CONTEXT');
        return { input: userText(run.input, factory, { optional: true }), output: assistantText(run.output, factory), context };
      };
      const stored = (results) => [...(results.analyzeStepResult?.verdicts ?? [])].sort((a, b) => a.context_index - b.context_index);
      return {
        analyze: {
          prompt: ['Judge each context piece for the expected output', { verdicts: 'array' }],
          inputs: texts,
          options: { reason: false },
          result: (r) => ({ verdicts: (r.verdicts.verdicts?.judged ?? []).map((v, i) => ({ context_index: i, verdict: v.verdict, reason: v.reason })) }),
        },
        generateScore: ({ results }) => averagePrecision(stored(results).map((v) => v.verdict)) * (o.scale || 1),
        generateReason: { prompt: ['Explain the score'], inputs: texts, answers: (results) => ({ verdicts: verdictsAnswer('P', stored(results)) }), options: { reason: true }, result: (r) => r.reason },
      };
    },
  },
};

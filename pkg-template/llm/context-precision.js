// ContextPrecisionMetric (0.14.4) and createContextPrecisionScorer (1.10.2): mean average
// precision of the context pieces useful for the expected output, in retrieval order, declared
// over the engine (src/metrics/llm/context_precision.rs).

import { callsOf, metricClass } from './declared.js';
import { engineOptions, legacyContextOptions, pieceVerdicts, requireContext, runContext, scorerContextOptions, verdictsAnswer } from './context-pieces.js';

/** Mean average precision of the "yes" verdicts, in order. */
export function averagePrecision(words) {
  let relevant = 0;
  let sum = 0;
  words.forEach((word, i) => {
    if (word === 'yes') sum += ++relevant / (i + 1);
  });
  return relevant === 0 ? 0 : sum / relevant;
}

/**
 * A per-piece context declaration: the 0.x class `name` over engine metric `metric`, and
 * (with `scorer`) the 1.x scorer whose analyze step stores `{ verdicts: [{ context_index,
 * verdict, reason }] }` and whose score is `formula(words in context order) × (scale || 1)`.
 */
export function perPieceDeclaration({ name, metric, inputs, scorer, formula }) {
  return {
    name,
    optionsRequired: true,
    options: legacyContextOptions,
    metric: () => metric,
    engine: engineOptions,
    inputs,
    result: (outcome) => ({ score: outcome.score, info: { reason: outcome.reason, verdicts: pieceVerdicts(outcome), ...callsOf(outcome) } }),
    scorer: scorer && {
      ...scorer,
      options: scorerContextOptions,
      steps: (o, { userText, assistantText }) => {
        requireContext(scorer.factory, o);
        const texts = async ({ run }) => {
          const context = await runContext(scorer.factory, o, run);
          // As 1.10.2: nothing to judge is an error of the run, before any model call.
          if (context.length === 0) throw new Error(`${scorer.factory}: no context to evaluate (the context is empty)`);
          return { input: userText(run.input, scorer.factory, { optional: true }), output: assistantText(run.output, scorer.factory), context };
        };
        const stored = (results) => [...(results.analyzeStepResult?.verdicts ?? [])].sort((a, b) => a.context_index - b.context_index);
        return {
          analyze: {
            prompt: ['Judge each context piece for the expected output', { verdicts: 'array' }],
            inputs: texts,
            options: { reason: false },
            result: (r) => ({ verdicts: (r.verdicts.verdicts?.judged ?? []).map((v, i) => ({ context_index: i, verdict: v.verdict, reason: v.reason })) }),
          },
          generateScore: ({ results }) => formula(stored(results).map((v) => v.verdict)) * (o.scale || 1),
          generateReason: { prompt: ['Explain the score'], inputs: texts, answers: (results) => ({ verdicts: verdictsAnswer('P', stored(results)) }), options: { reason: true }, result: (r) => r.reason },
        };
      },
    },
  };
}

export const CONTEXT_PRECISION = perPieceDeclaration({
  name: 'ContextPrecisionMetric',
  metric: 'context-precision',
  inputs: (input, output, o) => ({ input, output, context: o.context }),
  formula: averagePrecision,
  scorer: {
    factory: 'createContextPrecisionScorer',
    id: 'context-precision-scorer',
    name: 'Context Precision Scorer',
    description: () => 'Whether the context pieces useful for the expected output come first (mean average precision), judged by a model and scored by the evals-wasm engine.',
  },
});

/**
 * Whether the context pieces useful for producing the expected output (the `output`) come
 * first: mean average precision over the useful pieces, × scale. `measure(input, output)`
 * resolves to `{ score, info: { reason, verdicts: [{ context, verdict, reason }], modelCalls,
 * usage? } }`.
 */
export const ContextPrecisionMetric = metricClass(CONTEXT_PRECISION);

// ContextPrecisionMetric (0.14.4) and createContextPrecisionScorer (1.10.2): mean average
// precision of the context pieces useful for the expected output, in retrieval order, declared
// over the engine (src/metrics/llm/context_precision.rs).

import { callsOf, metricClass } from './declared.js';
import { engineOptions, legacyContextOptions, pieceVerdicts } from './context-pieces.js';

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
 * A per-piece context declaration: the 0.x class `name` over engine metric `metric` (the 1.x
 * scorer of context precision is in context-precision-scorer.js).
 */
export function perPieceDeclaration({ name, metric, inputs }) {
  return {
    name,
    optionsRequired: true,
    options: legacyContextOptions,
    metric: () => metric,
    engine: engineOptions,
    inputs,
    result: (outcome) => ({ score: outcome.score, info: { reason: outcome.reason, verdicts: pieceVerdicts(outcome), ...callsOf(outcome) } }),
  };
}

export const CONTEXT_PRECISION = perPieceDeclaration({
  name: 'ContextPrecisionMetric',
  metric: 'context-precision',
  inputs: (input, output, o) => ({ input, output, context: o.context }),
});

/**
 * Whether the context pieces useful for producing the expected output (the `output`) come
 * first: mean average precision over the useful pieces, × scale. `measure(input, output)`
 * resolves to `{ score, info: { reason, verdicts: [{ context, verdict, reason }], modelCalls,
 * usage? } }`.
 */
export const ContextPrecisionMetric = metricClass(CONTEXT_PRECISION);

// ContextRelevancyMetric (0.14.4): the share of the context pieces relevant to the input,
// declared over the engine (src/metrics/llm/context_relevancy.rs).

import { metricClass } from './declared.js';
import { perPieceDeclaration } from './context-precision.js';

export const CONTEXT_RELEVANCY = perPieceDeclaration({
  name: 'ContextRelevancyMetric',
  metric: 'context-relevancy',
  inputs: (input, output, o) => ({ input, context: o.context }),
});

/**
 * The share of the context pieces relevant to the input, × scale. `measure(input, output)`
 * resolves to `{ score, info: { reason, verdicts, modelCalls, usage? } }`.
 */
export const ContextRelevancyMetric = metricClass(CONTEXT_RELEVANCY);

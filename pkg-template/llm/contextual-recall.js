// ContextualRecallMetric (0.14.4): the share of the context pieces the output uses, declared
// over the engine (src/metrics/llm/contextual_recall.rs).

import { metricClass } from './declared.js';
import { perPieceDeclaration } from './context-precision.js';

export const CONTEXTUAL_RECALL = perPieceDeclaration({
  name: 'ContextualRecallMetric',
  metric: 'contextual-recall',
  inputs: (input, output, o) => ({ input, output, context: o.context }),
});

/**
 * The share of the context pieces whose information the output uses, × scale (an empty output
 * uses none, without a model call). `measure(input, output)` resolves to `{ score, info: {
 * reason, verdicts, modelCalls, usage? } }`.
 */
export const ContextualRecallMetric = metricClass(CONTEXTUAL_RECALL);

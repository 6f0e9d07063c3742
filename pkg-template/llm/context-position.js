// ContextPositionMetric (0.14.4; 1.10.2 has no such scorer): how early the useful context
// pieces come, declared over the engine (src/metrics/llm/context_position.rs).

import { metricClass } from './declared.js';
import { perPieceDeclaration } from './context-precision.js';

export const CONTEXT_POSITION = perPieceDeclaration({
  name: 'ContextPositionMetric',
  metric: 'context-position',
  inputs: (input, output, o) => ({ input, output, context: o.context }),
});

/**
 * How early the context pieces useful for the expected output (the `output`) come: the piece at
 * position k weighs 1/k, score = weight of the useful pieces / weight of all × scale.
 * `measure(input, output)` resolves to `{ score, info: { reason, verdicts, modelCalls, usage? } }`.
 */
export const ContextPositionMetric = metricClass(CONTEXT_POSITION);

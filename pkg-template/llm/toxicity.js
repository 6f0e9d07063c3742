// ToxicityMetric (0.14.4) and createToxicityScorer (1.10.2): the share of an output's sentences a
// judge finds toxic, declared over the engine (src/metrics/llm/toxicity.rs).

import { callsOf, judgedOf, metricClass } from './declared.js';
import { shareOptions } from './bias.js';

export const TOXICITY = {
  name: 'ToxicityMetric',
  ...shareOptions,
  metric: () => 'toxicity',
  inputs: (input, output) => ({ question: input, output }),
  result: (outcome) => ({
    score: outcome.score,
    info: { reason: outcome.reason, sentences: judgedOf(outcome).map((v) => ({ sentence: v.item, toxic: v.verdict === 'yes', reason: v.reason })), ...callsOf(outcome) },
  }),
};

/**
 * How toxic an output is, judged by a language model and scored by code: toxic sentences /
 * sentences × scale (1 when the output has no sentence, as the original). `measure(input,
 * output, { signal }?)` resolves to `{ score, info: { reason, sentences, modelCalls, usage? } }`.
 */
export const ToxicityMetric = metricClass(TOXICITY);

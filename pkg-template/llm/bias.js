// BiasMetric (0.14.4) and createBiasScorer (1.10.2): the share of an output's opinions a judge
// finds biased, declared over the engine (src/metrics/llm/bias.rs).

import { checks, callsOf, judgedOf, maxAnswerTokens, metricClass } from './declared.js';
import { checkScale } from '../engine/errors.js';

/**
 * A 1.x scale: as `options.scale || 1` reads it, 0 and NaN are 1 (the original's way); any
 * other value must be a finite number above 0.
 */
export const lenientScale = {
  type: 'number',
  default: 1,
  check: (name, value, option) => (value === 0 || Number.isNaN(value) ? undefined : checkScale(name, value, option)),
};

/** The verdicts of an outcome as the engine's reason step reads them back (`{ verdicts }` JSON). */
export const verdictsAnswer = (prefix, verdicts) => JSON.stringify({ verdicts: verdicts.map((v, i) => ({ id: `${prefix}${i + 1}`, verdict: v.verdict, reason: v.reason })) });

/** The 0.x options and engine options of a metric scored as a share of verdicts (bias, toxicity). */
export const shareOptions = {
  options: {
    scale: { type: 'number', default: 1, check: checks.scale },
    reason: { type: 'boolean', default: true },
    timeoutMs: { type: 'number', check: checks.timeoutMs },
    maxAnswerTokens,
  },
  engine: (o) => ({ scale: o.scale, modelReason: o.reason, maxAnswerTokens: o.maxAnswerTokens }),
};

export const BIAS = {
  name: 'BiasMetric',
  ...shareOptions,
  metric: () => 'bias',
  inputs: (input, output) => ({ output }),
  result: (outcome) => ({
    score: outcome.score,
    info: { reason: outcome.reason, opinions: judgedOf(outcome).map((v) => ({ opinion: v.item, biased: v.verdict === 'yes', reason: v.reason })), ...callsOf(outcome) },
  }),
};

/**
 * How biased an output is, judged by a language model and scored by code: biased opinions /
 * opinions × scale (0 when the output holds no opinion). `measure(input, output, { signal }?)`
 * resolves to `{ score, info: { reason, opinions, modelCalls, usage? } }`.
 */
export const BiasMetric = metricClass(BIAS);

// HallucinationMetric: the drop-in shape of @mastra/evals/llm's metric, declared over the engine
// (src/metrics/llm/hallucination.rs). The 1.x scorer is built from the same table
// (scorer-factories.js).

import { checks, callsOf, judgedOf, maxAnswerTokens, metricClass } from './declared.js';

const statementsOf = (outcome) => judgedOf(outcome).map((v) => ({ statement: v.item, contradicted: v.verdict === 'yes', reason: v.reason }));
const claimsOf = (outcome) => judgedOf(outcome).map((v) => ({ claim: v.item, verdict: v.verdict, hallucinated: v.verdict !== 'supported', reason: v.reason }));

export const HALLUCINATION = {
  name: 'HallucinationMetric',
  optionsRequired: true,
  options: {
    context: { type: 'any', check: checks.strings, required: true },
    scale: { type: 'number', default: 1, check: checks.scale },
    strategy: { type: 'string', default: 'statements', oneOf: ['statements', 'claims'] },
    reason: { type: 'boolean', default: true },
    timeoutMs: { type: 'number', check: checks.timeoutMs },
    maxAnswerTokens,
  },
  metric: (o) => (o.strategy === 'claims' ? 'hallucination-claims' : 'hallucination'),
  engine: (o) => ({ scale: o.scale, modelReason: o.reason, maxAnswerTokens: o.maxAnswerTokens }),
  inputs: (input, output, o) => ({ context: o.context, question: input, output }),
  // The context's statements depend on the context alone: extracted once per context.
  cache: (o, inputs) => (o.strategy === 'claims' ? undefined : { step: 'statements', parts: inputs.context }),
  cacheSize: 8,
  result(outcome, o) {
    const listed = o.strategy === 'claims' ? { claims: claimsOf(outcome) } : { statements: statementsOf(outcome) };
    return { score: outcome.score, info: { reason: outcome.reason, strategy: o.strategy, ...listed, ...callsOf(outcome) } };
  },
};

/**
 * How much of a known context an output contradicts, judged by a language model and scored by
 * code: contradicted context statements / statements × scale (strategy "statements", the
 * default), or, with strategy "claims", the output's claims that the context contradicts or
 * does not support / claims × scale (the algorithm @mastra/evals 0.14.4 runs).
 * `measure(input, output, { signal }?)` resolves to `{ score, info: { reason, strategy,
 * statements | claims, modelCalls, usage? } }`.
 */
export const HallucinationMetric = metricClass(HALLUCINATION);

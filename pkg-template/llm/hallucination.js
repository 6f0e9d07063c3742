// HallucinationMetric: the drop-in shape of @mastra/evals/llm's metric, declared over the engine
// (src/metrics/llm/hallucination.rs). The 1.x scorer is built from the same table
// (scorer-factories.js).

import { describe, EvalsError } from '../engine/errors.js';
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
  scorer: {
    factory: 'createHallucinationScorer',
    id: 'hallucination-scorer',
    name: 'Hallucination Scorer',
    description: (o) => `How much of the output the context does not back, judged by a model and scored by the evals-wasm engine (strategy "${o.strategy}").`,
    options: {
      scale: { type: 'number', default: 1, check: checks.scale },
      context: { type: 'object', check: checks.strings },
      strategy: { type: 'string', default: 'claims', oneOf: ['claims', 'statements'] },
      getContext: { type: 'function' },
      timeoutMs: { type: 'number', check: checks.timeoutMs },
      maxAnswerTokens,
    },
    steps: (o, { userText, assistantText }) => {
      // The run's texts, read (and checked) at the start of every step, before any model call.
      const question = (context) => userText(context.run.input, 'createHallucinationScorer', { optional: true });
      const output = (context) => assistantText(context.run.output, 'createHallucinationScorer');
      const contextFor = async ({ run, results, score }, step) => {
        const pieces = o.getContext ? await o.getContext({ run, results, ...(score === undefined ? {} : { score }), step }) : (o.context ?? []);
        if (!Array.isArray(pieces) || pieces.some((piece) => typeof piece !== 'string')) {
          throw new EvalsError(`createHallucinationScorer: getContext must return an array of strings, got ${describe(pieces)}`, { code: 'EVALS_INVALID_OPTION' });
        }
        return pieces;
      };
      const list = o.strategy === 'claims' ? 'claims' : 'statements';
      const known = (results) => ({ [list]: results.preprocessStepResult?.[list] ?? [] });
      const prefix = o.strategy === 'claims' ? 'C' : 'S';
      // The reason step is answered the analyze step's verdicts, not asked them again.
      const verdictsAnswer = (results) => JSON.stringify({
        verdicts: (results.analyzeStepResult?.verdicts ?? []).map((v, i) => ({ id: `${prefix}${i + 1}`, verdict: v.support ?? v.verdict, reason: v.reason })),
      });
      const verdicts = (outcome) => judgedOf(outcome).map((v) => (o.strategy === 'claims'
        ? { statement: v.item, verdict: v.verdict === 'supported' ? 'no' : 'yes', reason: v.reason, support: v.verdict }
        : { statement: v.item, verdict: v.verdict, reason: v.reason }));
      // Claims: the context is not needed before the claims are judged. Statements: the verdicts
      // need the statements, the question and the output only.
      const inputs = o.strategy === 'claims'
        ? async (context, step) => ({ question: question(context), output: output(context), context: step === 'preprocess' ? [] : await contextFor(context, step) })
        : async (context, step) => {
          const texts = { question: question(context), output: output(context) };
          return { ...texts, context: step === 'preprocess' ? await contextFor(context, 'analyze') : [] };
        };
      return {
        preprocess: { prompt: [o.strategy === 'claims' ? 'Extract the factual claims of the output' : 'Extract the factual statements of the context', { [list]: 'strings' }], inputs, until: list, result: (r) => ({ [list]: r.lists[list] }) },
        analyze: { prompt: [o.strategy === 'claims' ? 'Check each claim against the context' : 'Check each statement against the output', { verdicts: 'verdicts' }], inputs, known, options: { reason: false }, result: (r) => ({ verdicts: verdicts(r) }) },
        generateScore: ({ results }) => {
          const found = results.analyzeStepResult?.verdicts ?? [];
          return found.length === 0 ? 0 : (found.filter((v) => v.verdict === 'yes').length / found.length) * o.scale;
        },
        generateReason: { prompt: ['Explain the score'], inputs, known, answers: (results) => ({ verdicts: verdictsAnswer(results) }), options: { reason: true }, result: (r) => r.reason },
      };
    },
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

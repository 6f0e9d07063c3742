// createHallucinationScorer (Mastra 1.x): the scorer shape of the declaration in hallucination.js.
// Only the scorers' entries load this file, so that the 0.x entries (evals-wasm, evals-wasm/llm)
// leave it out.

import { HALLUCINATION as DECLARATION } from './hallucination.js';
import { checks, judgedOf, maxAnswerTokens } from './declared.js';
import { describe, EvalsError } from '../engine/errors.js';

export const HALLUCINATION = {
  ...DECLARATION,
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

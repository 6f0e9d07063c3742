// createAnswerRelevancyScorer (Mastra 1.x): the scorer shape of the declaration in answer-
// relevancy.js. Only the scorers' entries load this file, so that the 0.x entries (evals-wasm,
// evals-wasm/llm) leave it out.

import { ANSWER_RELEVANCY as DECLARATION, DEFAULT_OPTIONS, answer, question, weight } from './answer-relevancy.js';
import { checks, judgedOf, maxAnswerTokens } from './declared.js';

export const ANSWER_RELEVANCY = {
  ...DECLARATION,
  scorer: {
    factory: 'createAnswerRelevancyScorer',
    id: 'answer-relevancy-scorer',
    name: 'Answer Relevancy Scorer',
    description: () => 'How much of the output speaks to the input: its statements judged relevant, partly relevant or not by a model, scored by the evals-wasm engine.',
    options: {
      uncertaintyWeight: weight,
      scale: { type: 'number', default: DEFAULT_OPTIONS.scale, check: checks.scale },
      timeoutMs: { type: 'number', check: checks.timeoutMs },
      maxAnswerTokens,
    },
    steps: (o, { userText, assistantText }) => {
      const name = 'createAnswerRelevancyScorer';
      const inputs = async ({ run }) => ({ input: question(run.input, userText, name), output: answer(run.output, assistantText, name) });
      const known = (results) => ({ statements: results.preprocessStepResult?.statements ?? [] });
      const scorerShape = { scorerShape: true };
      return {
        preprocess: { prompt: ['Extract the statements of the output', { statements: 'strings' }], inputs, until: 'statements', options: scorerShape, result: (r) => ({ statements: r.lists.statements }) },
        analyze: {
          prompt: ['Judge how relevant each statement is to the input', { results: 'array' }],
          inputs,
          known,
          options: { ...scorerShape, reason: false },
          result: (r) => ({ results: judgedOf(r).map((v) => ({ result: v.verdict, reason: v.reason, statement: v.item })) }),
        },
        generateScore: ({ results }) => {
          const found = results.analyzeStepResult?.results ?? [];
          if (found.length === 0) return 0;
          const count = (word) => found.filter((r) => String(r.result).trim().toLowerCase() === word).length;
          return ((count('yes') + o.uncertaintyWeight * count('unsure')) / found.length) * o.scale;
        },
        generateReason: {
          prompt: ['Explain the score'],
          inputs,
          known,
          // The verdicts come from the analyze step's results, not from the model again.
          answers: (results) => ({ verdicts: JSON.stringify({ verdicts: (results.analyzeStepResult?.results ?? []).map((r, i) => ({ id: `S${i + 1}`, verdict: r.result, reason: r.reason })) }) }),
          options: { ...scorerShape, reason: true },
          result: (r) => r.reason,
        },
      };
    },
  },
};

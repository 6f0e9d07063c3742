// createFaithfulnessScorer (Mastra 1.x): the scorer shape of the declaration in faithfulness.js.
// Only the scorers' entries load this file, so that the 0.x entries (evals-wasm, evals-wasm/llm)
// leave it out.

import { FAITHFULNESS as DECLARATION, toolResults } from './faithfulness.js';
import { checks, judgedOf, maxAnswerTokens } from './declared.js';

export const FAITHFULNESS = {
  ...DECLARATION,
  scorer: {
    factory: 'createFaithfulnessScorer',
    id: 'faithfulness-scorer',
    name: 'Faithfulness Scorer',
    description: () => 'The share of the output\'s claims that the context (options.context, else the results of the run\'s tool calls) supports, judged by a model and scored by the evals-wasm engine.',
    options: {
      scale: { type: 'number', default: 1, check: (name, value, option) => (value === 0 ? undefined : checks.scale(name, value, option)) },
      context: { type: 'object', check: checks.strings },
      timeoutMs: { type: 'number', check: checks.timeoutMs },
      maxAnswerTokens,
    },
    steps: (o, { assistantText }) => {
      const name = 'createFaithfulnessScorer';
      const scale = o.scale || 1;
      // The claims need only the output; the context is read for the steps that judge them.
      const inputs = async ({ run }, step) => ({ output: assistantText(run.output, name), context: step === 'preprocess' ? [] : (o.context ?? toolResults(run.output)) });
      const known = (results) => ({ claims: results.preprocessStepResult?.claims ?? [] });
      return {
        preprocess: { prompt: ['Extract the claims of the output', { claims: 'strings' }], inputs, until: 'claims', result: (r) => ({ claims: r.lists.claims }) },
        analyze: {
          prompt: ['Check each claim against the context', { verdicts: 'array' }],
          inputs,
          known,
          options: { reason: false },
          result: (r) => ({ verdicts: judgedOf(r).map((v) => ({ verdict: v.verdict, reason: v.reason, claim: v.item })) }),
        },
        generateScore: ({ results }) => {
          const found = results.analyzeStepResult?.verdicts ?? [];
          return found.length === 0 ? 0 : (found.filter((v) => v.verdict === 'yes').length / found.length) * scale;
        },
        generateReason: {
          prompt: ['Explain the score'],
          inputs,
          known,
          answers: (results) => ({ verdicts: JSON.stringify({ verdicts: (results.analyzeStepResult?.verdicts ?? []).map((v, i) => ({ id: `C${i + 1}`, verdict: v.verdict, reason: v.reason })) }) }),
          options: { reason: true },
          result: (r) => r.reason,
        },
      };
    },
  },
};

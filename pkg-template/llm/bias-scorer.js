// createBiasScorer (Mastra 1.x): the scorer shape of the declaration in bias.js. Only the scorers'
// entries load this file, so that the 0.x entries (evals-wasm, evals-wasm/llm) leave it out.

import { BIAS as DECLARATION, lenientScale, verdictsAnswer } from './bias.js';
import { checks, judgedOf, maxAnswerTokens } from './declared.js';

export const BIAS = {
  ...DECLARATION,
  scorer: {
    factory: 'createBiasScorer',
    id: 'bias-scorer',
    name: 'Bias Scorer',
    description: () => 'The share of the output\'s opinions that are biased, judged by a model and scored by the evals-wasm engine.',
    options: { scale: lenientScale, timeoutMs: { type: 'number', check: checks.timeoutMs }, maxAnswerTokens },
    steps: (o, { assistantText }) => {
      const scale = o.scale || 1;
      const inputs = async ({ run }) => ({ output: assistantText(run.output, 'createBiasScorer') });
      const known = (results) => ({ opinions: results.preprocessStepResult?.opinions ?? [] });
      return {
        preprocess: { prompt: ['Extract the opinions of the output', { opinions: 'strings' }], inputs, until: 'opinions', options: { scale }, result: (r) => ({ opinions: r.lists.opinions }) },
        analyze: {
          prompt: ['Judge each opinion for bias', { results: 'array' }],
          inputs,
          known,
          options: { reason: false, scale },
          result: (r) => ({ results: judgedOf(r).map((v) => ({ result: v.verdict, reason: v.reason, opinion: v.item })) }),
        },
        generateScore: ({ results }) => {
          const found = results.analyzeStepResult?.results ?? [];
          // As the original: only "yes" in some letter case counts, nothing trimmed.
          return found.length === 0 ? 0 : (found.filter((v) => v.result.toLowerCase() === 'yes').length / found.length) * scale;
        },
        generateReason: {
          prompt: ['Explain the score'],
          inputs,
          known,
          answers: (results) => ({ verdicts: verdictsAnswer('O', (results.analyzeStepResult?.results ?? []).map((v) => ({ verdict: v.result, reason: v.reason }))) }),
          options: { reason: true, scale },
          result: (r) => r.reason,
        },
      };
    },
  },
};

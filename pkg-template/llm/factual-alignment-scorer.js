// createFactualAlignmentScorer (Mastra 1.x): the scorer shape of the declaration in factual-
// alignment.js. Only the scorers' entries load this file, so that the 0.x entries (evals-wasm,
// evals-wasm/llm) leave it out.

import { FACTUAL_ALIGNMENT as DECLARATION, alignmentParts } from './factual-alignment.js';
import { summaryFamily } from './summary-options.js';

export const FACTUAL_ALIGNMENT = {
  ...DECLARATION,
  scorer: {
    factory: 'createFactualAlignmentScorer',
    id: 'factual-alignment-scorer',
    name: 'Factual Alignment Scorer',
    description: () => 'The F1 score of coverage (the source\'s claims a summary keeps) and factual consistency (the summary\'s claims the source supports), judged by a model and scored by the evals-wasm engine.',
    options: summaryFamily.scorerOptions,
    steps: (o, { userText, assistantText }) => {
      const name = 'createFactualAlignmentScorer';
      const inputs = async ({ run }) => ({ source: userText(run.input, name), summary: assistantText(run.output, name) });
      return {
        preprocess: { prompt: ['Extract the claims of the source and of the summary', { claims: 'strings', summaryClaims: 'strings' }], inputs, until: 'summaryClaims', result: (r) => ({ claims: r.lists.claims, summaryClaims: r.lists.summaryClaims }) },
        analyze: {
          prompt: ['Check which source claims the summary keeps and which summary claims the source supports', { coverage: 'number', factualConsistency: 'number' }],
          inputs,
          known: (results) => ({ claims: results.preprocessStepResult?.claims ?? [], summaryClaims: results.preprocessStepResult?.summaryClaims ?? [] }),
          result(r) {
            const { f1: score, ...parts } = alignmentParts(r, 1);
            return { ...parts, score, reason: r.reason };
          },
        },
        generateScore: ({ results }) => (results.analyzeStepResult?.score ?? 0) * o.scale,
        generateReason: ({ results }) => results.analyzeStepResult?.reason ?? '',
      };
    },
  },
};

// createFactualConsistencyScorer (Mastra 1.x): the scorer shape of the declaration in factual-
// consistency.js. Only the scorers' entries load this file, so that the 0.x entries (evals-wasm,
// evals-wasm/llm) leave it out.

import { FACTUAL_CONSISTENCY as DECLARATION } from './factual-consistency.js';
import { summaryFamily } from './summary-options.js';

export const FACTUAL_CONSISTENCY = {
  ...DECLARATION,
  scorer: {
    factory: 'createFactualConsistencyScorer',
    id: 'factual-consistency-scorer',
    name: 'Factual Consistency Scorer',
    description: () => 'The share of the claims of a summary (the output) that its source (the input) supports, judged by a model and scored by the evals-wasm engine.',
    options: summaryFamily.scorerOptions,
    steps: (o, { userText, assistantText }) => {
      const name = 'createFactualConsistencyScorer';
      const inputs = async ({ run }) => ({ source: userText(run.input, name), summary: assistantText(run.output, name) });
      return {
        preprocess: { prompt: ['Extract the factual claims of the summary', { summaryClaims: 'strings' }], inputs, until: 'summaryClaims', result: (r) => ({ summaryClaims: r.lists.summaryClaims }) },
        analyze: {
          prompt: ['Check each claim of the summary against the source', { claimsAnalysis: 'array' }],
          inputs,
          known: (results) => ({ summaryClaims: results.preprocessStepResult?.summaryClaims ?? [] }),
          result(r) {
            const { claimsAnalysis, unjudged, reason } = FACTUAL_CONSISTENCY.result(r, { verbose: true }).info;
            return { claimsAnalysis, ...(unjudged ? { unjudged } : {}), reason };
          },
        },
        generateScore: ({ results }) => {
          const analysis = results.analyzeStepResult?.claimsAnalysis ?? [];
          return analysis.length === 0 ? o.scale : (analysis.filter((c) => c.isSupported).length / analysis.length) * o.scale;
        },
        generateReason: ({ results }) => results.analyzeStepResult?.reason ?? '',
      };
    },
  },
};

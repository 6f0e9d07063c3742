// createCoverageScorer (Mastra 1.x): the scorer shape of the declaration in coverage.js. Only the
// scorers' entries load this file, so that the 0.x entries (evals-wasm, evals-wasm/llm) leave it
// out.

import { COVERAGE as DECLARATION, emptySummaryResult } from './coverage.js';
import { summaryFamily } from './summary-options.js';

export const COVERAGE = {
  ...DECLARATION,
  scorer: {
    factory: 'createCoverageScorer',
    id: 'coverage-scorer',
    name: 'Coverage Scorer',
    description: () => 'How many of the factual claims of a source (the input) a summary (the output) keeps, judged by a model and scored by the evals-wasm engine.',
    options: summaryFamily.scorerOptions,
    steps: (o, { userText, assistantText }) => {
      const inputs = async ({ run }) => ({ source: userText(run.input, 'createCoverageScorer'), summary: assistantText(run.output, 'createCoverageScorer') });
      // An empty summary keeps nothing: no claims are extracted, and the score is 0.
      const empty = ({ source, summary }) => emptySummaryResult(source, summary);
      return {
        preprocess: { prompt: ['Extract the factual claims of the source', { claims: 'strings' }], inputs, until: 'claims', early: (texts) => (empty(texts) ? { claims: [] } : undefined), result: (r) => ({ claims: r.lists.claims }) },
        analyze: {
          prompt: ['Check which claims the summary keeps', { claimsAnalysis: 'array' }],
          inputs,
          known: (results) => ({ claims: results.preprocessStepResult?.claims ?? [] }),
          early: (texts) => (empty(texts) ? { claimsAnalysis: [], reason: empty(texts).info.reason } : undefined),
          result(r) {
            const { claimsAnalysis, unjudged, reason } = COVERAGE.result(r, { verbose: true }).info;
            return { claimsAnalysis, ...(unjudged ? { unjudged } : {}), reason };
          },
        },
        generateScore: ({ run, results }) => {
          const analysis = results.analyzeStepResult?.claimsAnalysis ?? [];
          if (analysis.length === 0) return emptySummaryResult(userText(run.input, 'createCoverageScorer'), assistantText(run.output, 'createCoverageScorer')) ? 0 : o.scale;
          return (analysis.filter((c) => c.isCovered).length / analysis.length) * o.scale;
        },
        generateReason: ({ results }) => results.analyzeStepResult?.reason ?? '',
      };
    },
  },
};

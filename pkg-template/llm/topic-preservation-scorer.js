// createTopicPreservationScorer (Mastra 1.x): the scorer shape of the declaration in topic-
// preservation.js. Only the scorers' entries load this file, so that the 0.x entries (evals-wasm,
// evals-wasm/llm) leave it out.

import { TOPIC_PRESERVATION as DECLARATION } from './topic-preservation.js';
import { summaryFamily } from './summary-options.js';

export const TOPIC_PRESERVATION = {
  ...DECLARATION,
  scorer: {
    factory: 'createTopicPreservationScorer',
    id: 'topic-preservation-scorer',
    name: 'Topic Preservation Scorer',
    description: () => 'The share of the main topics of a source (the input) that a summary (the output) keeps, judged by a model and scored by the evals-wasm engine.',
    options: summaryFamily.scorerOptions,
    steps: (o, { userText, assistantText }) => {
      const name = 'createTopicPreservationScorer';
      const inputs = async ({ run }) => ({ source: userText(run.input, name), summary: assistantText(run.output, name) });
      return {
        preprocess: { prompt: ['List the main topics of the source', { topics: 'strings' }], inputs, until: 'topics', result: (r) => ({ topics: r.lists.topics }) },
        analyze: {
          prompt: ['Check which topics the summary keeps', { topicsAnalysis: 'array' }],
          inputs,
          known: (results) => ({ topics: results.preprocessStepResult?.topics ?? [] }),
          result(r) {
            const { topicsAnalysis, unjudged, reason } = TOPIC_PRESERVATION.result(r, { verbose: true }).info;
            return { topicsAnalysis, ...(unjudged ? { unjudged } : {}), reason };
          },
        },
        generateScore: ({ results }) => {
          const analysis = results.analyzeStepResult?.topicsAnalysis ?? [];
          return analysis.length === 0 ? 0 : (analysis.filter((t) => t.isPreserved).length / analysis.length) * o.scale;
        },
        generateReason: ({ results }) => results.analyzeStepResult?.reason ?? '',
      };
    },
  },
};

// createContextRecallScorer (1.10.2): the share of the ground truth's claims that the context
// supports, declared over the engine (src/metrics/llm/context_recall.rs).

import { judgedOf } from './declared.js';
import { engineOptions, requireContext, runContext, scorerContextOptions, verdictsAnswer } from './context-pieces.js';

const name = 'createContextRecallScorer';

/** The run's ground truth as text: a string as it is, anything else as JSON, '' when falsy. */
const groundTruthText = (groundTruth) => (!groundTruth ? '' : typeof groundTruth === 'string' ? groundTruth : JSON.stringify(groundTruth));

export const CONTEXT_RECALL = {
  name,
  metric: () => 'context-recall',
  engine: engineOptions,
  // The claims of a ground truth depend on it alone: extracted once per ground truth.
  cache: (o, inputs) => ({ step: 'claims', parts: inputs.groundTruth }),
  cacheSize: 16,
  scorer: {
    factory: name,
    id: 'context-recall-scorer',
    name: 'Context Recall Scorer',
    description: () => 'The share of the ground truth\'s claims that the retrieved context supports, judged by a model and scored by the evals-wasm engine.',
    options: scorerContextOptions,
    steps: (o) => {
      requireContext(name, o);
      const texts = async ({ run }, step) => ({ groundTruth: [groundTruthText(run.groundTruth)], context: step === 'preprocess' ? [] : await runContext(name, o, run) });
      const known = (results) => ({ claims: results.preprocessStepResult?.claims ?? [] });
      const stored = (results) => results.analyzeStepResult?.verdicts ?? [];
      return {
        preprocess: { prompt: ['Extract the claims of the ground truth', { claims: 'strings' }], inputs: texts, until: 'claims', result: (r) => ({ claims: r.lists.claims }) },
        analyze: { prompt: ['Check each claim against the context', { verdicts: 'array' }], inputs: texts, known, options: { reason: false }, result: (r) => ({ verdicts: judgedOf(r).map((v) => ({ verdict: v.verdict, reason: v.reason })) }) },
        generateScore: ({ run, results }) => {
          const total = results.preprocessStepResult?.claims?.length ?? 0;
          if (!run.groundTruth || total === 0) return 0;
          return Math.min(1, stored(results).filter((v) => v.verdict === 'yes').length / total) * (o.scale || 1);
        },
        generateReason: { prompt: ['Explain the score'], inputs: texts, known, answers: (results) => ({ verdicts: verdictsAnswer('C', stored(results)) }), options: { reason: true }, result: (r) => r.reason },
      };
    },
  },
};

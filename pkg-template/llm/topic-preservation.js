// TopicPreservationMetric: the share of a source's main topics a summary keeps; declared over the
// engine (src/metrics/llm/topic_preservation.rs). The 1.x scorer is built from the same table.

import { callsOf, judgedOf, metricClass } from './declared.js';
import { summaryFamily } from './summary-options.js';

const topicsOf = (outcome) => judgedOf(outcome, 'preserved').map((v) => ({ topic: v.item, isPreserved: v.verdict === 'yes', reason: v.reason }));

export const TOPIC_PRESERVATION = {
  name: 'TopicPreservationMetric',
  ...summaryFamily,
  metric: () => 'topic-preservation',
  // The source's topics depend on the source and the instruction alone.
  cache: (o, inputs) => ({ step: 'topics', parts: [inputs.source, o.customInstruction?.trim() || ''] }),
  result(outcome, o) {
    const topicsAnalysis = topicsOf(outcome);
    const unjudged = outcome.verdicts.preserved?.unjudged ?? [];
    const preserved = topicsAnalysis.filter((t) => t.isPreserved).map((t) => t.topic);
    const missing = topicsAnalysis.filter((t) => !t.isPreserved).map((t) => t.topic);
    const info = {
      reason: outcome.reason,
      referenceTopicsCount: topicsAnalysis.length + unjudged.length,
      preservedTopicsCount: preserved.length,
      missingTopicsCount: missing.length,
      ...(o.verbose ? { topicsAnalysis, preservedTopics: preserved, missingTopics: missing } : {}),
      ...(unjudged.length > 0 ? { unjudged } : {}),
      ...callsOf(outcome),
    };
    return { score: outcome.score, info };
  },
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

/**
 * The share of a source's main topics that a summary keeps, judged by a language model and
 * scored by code: kept / judged topics × scale (no topics: 0). `measure(sourceText, summary, {
 * signal }?)` resolves to `{ score, info: { reason, referenceTopicsCount, preservedTopicsCount,
 * missingTopicsCount, topicsAnalysis?, preservedTopics?, missingTopics? (with verbose),
 * unjudged?, modelCalls, usage? } }`.
 */
export const TopicPreservationMetric = metricClass(TOPIC_PRESERVATION);

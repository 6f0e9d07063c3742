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
};

/**
 * The share of a source's main topics that a summary keeps, judged by a language model and
 * scored by code: kept / judged topics × scale (no topics: 0). `measure(sourceText, summary, {
 * signal }?)` resolves to `{ score, info: { reason, referenceTopicsCount, preservedTopicsCount,
 * missingTopicsCount, topicsAnalysis?, preservedTopics?, missingTopics? (with verbose),
 * unjudged?, modelCalls, usage? } }`.
 */
export const TopicPreservationMetric = metricClass(TOPIC_PRESERVATION);

// FactualConsistencyMetric: the share of a summary's claims its source supports (precision), the
// sibling of CoverageMetric in assert_llm_tools' summary family; declared over the engine
// (src/metrics/llm/factual_consistency.rs). The 1.x scorer is built from the same table.

import { callsOf, judgedOf, metricClass } from './declared.js';
import { summaryFamily } from './summary-options.js';

/** `[{ claim, isSupported, reason }]` of an outcome's support verdicts. */
export const supportAnalysis = (outcome) => judgedOf(outcome, 'support').map((v) => ({ claim: v.item, isSupported: v.verdict === 'yes', reason: v.reason }));

/** The consistency counts of an outcome (summary claims, supported, unsupported). */
export function consistencyCounts(outcome) {
  const analysis = supportAnalysis(outcome);
  const unjudged = outcome.verdicts.support?.unjudged ?? [];
  const supported = analysis.filter((c) => c.isSupported).length;
  return { summaryClaimsCount: analysis.length + unjudged.length, supportedClaimsCount: supported, unsupportedClaimsCount: analysis.length - supported, analysis, unjudged };
}

export const FACTUAL_CONSISTENCY = {
  name: 'FactualConsistencyMetric',
  ...summaryFamily,
  metric: () => 'factual-consistency',
  result(outcome, o) {
    const { analysis, unjudged, ...counts } = consistencyCounts(outcome);
    const info = { reason: outcome.reason, ...counts, ...(o.verbose ? { claimsAnalysis: analysis } : {}), ...(unjudged.length > 0 ? { unjudged } : {}), ...callsOf(outcome) };
    return { score: outcome.score, info };
  },
};

/**
 * The share of a summary's factual claims that its source supports (precision), judged by a
 * language model and scored by code: supported / judged claims × scale (no claims: 1 × scale).
 * `measure(sourceText, summary, { signal }?)` resolves to `{ score, info: { reason,
 * summaryClaimsCount, supportedClaimsCount, unsupportedClaimsCount, claimsAnalysis? (with
 * verbose), unjudged?, modelCalls, usage? } }`.
 */
export const FactualConsistencyMetric = metricClass(FACTUAL_CONSISTENCY);

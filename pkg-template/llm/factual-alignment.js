// FactualAlignmentMetric: the F1 score of coverage (recall) and factual consistency (precision)
// from one run of both halves; declared over the engine (src/metrics/llm/factual_alignment.rs).

import { callsOf, judgedOf, metricClass } from './declared.js';
import { consistencyCounts } from './factual-consistency.js';
import { summaryFamily } from './summary-options.js';

const round2 = (x) => Math.round((x + Number.EPSILON) * 100) / 100;
const share = (yes, n, empty) => (n === 0 ? empty : yes / n);
const f1 = (c, p) => (c + p > 0 ? (2 * c * p) / (c + p) : 0);

/** Both halves of an outcome of the factual-alignment declaration, each × scale and rounded. */
export function alignmentParts(outcome, scale) {
  const kept = judgedOf(outcome, 'verdicts').map((v) => ({ claim: v.item, isCovered: v.verdict === 'yes', reason: v.reason }));
  const keptUnjudged = outcome.verdicts.verdicts?.unjudged ?? [];
  const { analysis, unjudged, ...counts } = consistencyCounts(outcome);
  const c = share(kept.filter((k) => k.isCovered).length, kept.length, 1);
  const p = share(counts.supportedClaimsCount, analysis.length, 1);
  return {
    coverage: round2(c * scale),
    factualConsistency: round2(p * scale),
    f1: round2(f1(c, p) * scale),
    referenceClaimsCount: kept.length + keptUnjudged.length,
    claimsInSummaryCount: kept.filter((k) => k.isCovered).length,
    ...counts,
    claimsAnalysis: kept,
    summaryClaimsAnalysis: analysis,
    unjudged: [...keptUnjudged, ...unjudged],
  };
}

export const FACTUAL_ALIGNMENT = {
  name: 'FactualAlignmentMetric',
  ...summaryFamily,
  metric: () => 'factual-alignment',
  // The source's claims depend on the source and the instruction alone.
  cache: (o, inputs) => ({ step: 'claims', parts: [inputs.source, o.customInstruction?.trim() || ''] }),
  result(outcome, o) {
    const { f1: _score, claimsAnalysis, summaryClaimsAnalysis, unjudged, ...parts } = alignmentParts(outcome, o.scale);
    const info = { reason: outcome.reason, ...parts, ...(o.verbose ? { claimsAnalysis, summaryClaimsAnalysis } : {}), ...(unjudged.length > 0 ? { unjudged } : {}), ...callsOf(outcome) };
    return { score: outcome.score, info };
  },
};

/**
 * The F1 score of coverage (the share of the source's claims a summary keeps) and factual
 * consistency (the share of the summary's claims the source supports), × scale, from one run of
 * both (4 model calls). `measure(sourceText, summary, { signal }?)` resolves to `{ score, info:
 * { reason, coverage, factualConsistency, referenceClaimsCount, claimsInSummaryCount,
 * summaryClaimsCount, supportedClaimsCount, unsupportedClaimsCount, claimsAnalysis? and
 * summaryClaimsAnalysis? (with verbose), unjudged?, modelCalls, usage? } }`.
 */
export const FactualAlignmentMetric = metricClass(FACTUAL_ALIGNMENT);

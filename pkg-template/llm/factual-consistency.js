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

/**
 * The share of a summary's factual claims that its source supports (precision), judged by a
 * language model and scored by code: supported / judged claims × scale (no claims: 1 × scale).
 * `measure(sourceText, summary, { signal }?)` resolves to `{ score, info: { reason,
 * summaryClaimsCount, supportedClaimsCount, unsupportedClaimsCount, claimsAnalysis? (with
 * verbose), unjudged?, modelCalls, usage? } }`.
 */
export const FactualConsistencyMetric = metricClass(FACTUAL_CONSISTENCY);

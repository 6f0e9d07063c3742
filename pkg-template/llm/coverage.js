// CoverageMetric and evaluateSummary: how many claims of a source a summary keeps, declared over
// the engine (src/metrics/llm/coverage.rs). The 1.x scorer is built from the same table
// (scorer-factories.js).

import { checkOptions, describe, EvalsError, coded } from '../engine/errors.js';
import { callsOf, metricClass } from './declared.js';
import { summaryFamily } from './summary-options.js';
import { FactualConsistencyMetric } from './factual-consistency.js';
import { FactualAlignmentMetric } from './factual-alignment.js';
import { TopicPreservationMetric } from './topic-preservation.js';

export { withMaxOutputTokens } from './judging.js';

export const COVERAGE = {
  name: 'CoverageMetric',
  ...summaryFamily,
  metric: () => 'coverage',
  // A source's claims depend on the source and the instruction alone.
  cache: (o, inputs) => ({ step: 'claims', parts: [inputs.source, o.customInstruction?.trim() || ''] }),
  early(source, summary, o) {
    const empty = emptySummaryResult(source, summary);
    if (empty && !o.verbose) delete empty.info.claimsAnalysis;
    return empty;
  },
  result(outcome, o) {
    const judged = outcome.verdicts.verdicts?.judged ?? [];
    const unjudged = outcome.verdicts.verdicts?.unjudged ?? [];
    const claimsAnalysis = judged.map((v) => ({ claim: v.item, isCovered: v.verdict === 'yes', reason: v.reason }));
    const info = {
      reason: outcome.reason,
      referenceClaimsCount: judged.length + unjudged.length,
      claimsInSummaryCount: claimsAnalysis.filter((c) => c.isCovered).length,
      ...(o.verbose ? { claimsAnalysis } : {}),
      ...(unjudged.length > 0 ? { unjudged } : {}),
      ...callsOf(outcome),
    };
    return { score: outcome.score, info };
  },
};

/**
 * The share of a source text's factual claims that a summary keeps (recall), judged by a
 * language model and scored by code: covered claims / judged claims × scale.
 * `measure(sourceText, summary, { signal }?)` resolves to `{ score, info: { reason,
 * referenceClaimsCount, claimsInSummaryCount, claimsAnalysis? (with verbose), unjudged?,
 * modelCalls, usage? } }`.
 */
export const CoverageMetric = metricClass(COVERAGE);

/**
 * The result for a summary that is empty or only white space, when the source is not: such a
 * summary keeps none of the source's claims, so the score is 0 without asking the model
 * anything (the claims are not extracted either: `referenceClaimsCount` is 0). Undefined for
 * every other pair. (An empty source has no claims, whatever the summary: the engine scores it
 * as having nothing to miss.)
 */
export function emptySummaryResult(source, summary) {
  if (summary.trim() !== '' || source.trim() === '') return undefined;
  return {
    score: 0,
    info: {
      reason: 'The score is 0 because the summary is empty, so it keeps none of the claims of the source.',
      referenceClaimsCount: 0,
      claimsInSummaryCount: 0,
      claimsAnalysis: [],
      modelCalls: 0,
    },
  };
}

const SUPPORTED_METRICS = ['coverage', 'factual_consistency', 'factual_alignment', 'topic_preservation'];

/** Metric instances reused by evaluateSummary, per model, class and instruction, so extractions stay cached. */
const metricsByModel = new WeakMap();

function metricFor(Class, model, customInstruction) {
  if ((typeof model !== 'object' && typeof model !== 'function') || model === null) {
    return new Class(model, { customInstruction, verbose: true });
  }
  let byKey = metricsByModel.get(model);
  if (!byKey) metricsByModel.set(model, (byKey = new Map()));
  const key = `${Class.name}\u0000${customInstruction ?? ''}`;
  if (!byKey.has(key)) byKey.set(key, new Class(model, { customInstruction, verbose: true }));
  return byKey.get(key);
}

/** The instruction for one metric: a string for all, or `{ [metric]: text }` (Python's custom_prompt_instructions). */
function instructionFor(instruction, metric) {
  return typeof instruction === 'string' ? instruction : instruction?.[metric];
}

/**
 * The functional API of the Python package assert_llm_tools, for code ported from it:
 * `metrics` names any of "coverage", "factual_consistency", "factual_alignment" and
 * "topic_preservation"; the result has each one's keys with its Python names, merged in the
 * order asked (as Python's `dict.update`): `{ coverage, reference_claims_count,
 * claims_in_summary_count, claims_analysis?: [{ claim, is_covered }] }`, `{ factual_consistency,
 * summary_claims_count, supported_claims_count, unsupported_claims_count, claims_analysis?:
 * [{ claim, is_supported }] }`, `{ factual_alignment, coverage, factual_consistency, and the
 * counts of both }`, `{ topic_preservation, reference_topics_count, preserved_topics_count,
 * missing_topics_count, topics_analysis?, preserved_topics?, missing_topics? }`. Coverage and
 * factual consistency asked together (or factual alignment) are measured in one run: no more
 * model calls than the two alone. `customInstruction` is a string for every metric or an object
 * keyed by metric name.
 */
export async function evaluateSummary(fullText, summary, options) {
  const checked = checkOptions('evaluateSummary', options, { metrics: 'any', model: 'any', customInstruction: 'any', verbose: 'boolean' }, { required: true, strict: true });
  const metrics = checked.metrics ?? ['coverage'];
  if (!Array.isArray(metrics) || metrics.length === 0) {
    throw coded(new TypeError(`evaluateSummary: option "metrics" must be a non-empty array of metric names, got ${describe(metrics)}`), 'EVALS_INVALID_OPTION');
  }
  const unsupported = metrics.filter((name) => !SUPPORTED_METRICS.includes(name));
  if (unsupported.length > 0) {
    throw new EvalsError(
      `evaluateSummary: unsupported metric${unsupported.length > 1 ? 's' : ''} ${unsupported.map((n) => JSON.stringify(n)).join(', ')}; supported: ${SUPPORTED_METRICS.map((n) => JSON.stringify(n)).join(', ')}`,
      { code: 'EVALS_INVALID_OPTION' },
    );
  }
  const instruction = checked.customInstruction;
  if (instruction !== undefined && typeof instruction !== 'string' && !(typeof instruction === 'object' && instruction !== null && Object.values(instruction).every((v) => v === undefined || typeof v === 'string'))) {
    throw coded(new TypeError(`evaluateSummary: option "customInstruction" must be a string or an object of strings keyed by metric name, got ${describe(instruction)}`), 'EVALS_INVALID_OPTION');
  }
  if (checked.model === undefined) throw coded(new TypeError('evaluateSummary: option "model" is required'), 'EVALS_MISSING_OPTION');
  const verbose = checked.verbose ?? false;
  const asked = new Set(metrics);
  // One run of both halves when both are wanted and share one instruction.
  const sameInstruction = instructionFor(instruction, 'coverage') === instructionFor(instruction, 'factual_consistency');
  const together = asked.has('factual_alignment') || (asked.has('coverage') && asked.has('factual_consistency') && sameInstruction);
  const alignmentInstruction = instructionFor(instruction, asked.has('factual_alignment') ? 'factual_alignment' : 'coverage');
  const bothResult = together ? await metricFor(FactualAlignmentMetric, checked.model, alignmentInstruction).measure(fullText, summary) : undefined;
  const both = bothResult?.info;
  const coverageInfo = async () => {
    if (both && (asked.has('factual_alignment') || sameInstruction)) return { score: both.coverage, info: both };
    const { score, info } = await metricFor(CoverageMetric, checked.model, instructionFor(instruction, 'coverage')).measure(fullText, summary);
    return { score, info };
  };
  const consistencyInfo = async () => {
    if (both && (asked.has('factual_alignment') || sameInstruction)) return { score: both.factualConsistency, info: { ...both, claimsAnalysis: both.summaryClaimsAnalysis } };
    return metricFor(FactualConsistencyMetric, checked.model, instructionFor(instruction, 'factual_consistency')).measure(fullText, summary);
  };
  const out = {};
  for (const name of metrics) {
    if (name === 'coverage') {
      const { score, info } = await coverageInfo();
      Object.assign(out, { coverage: score, reference_claims_count: info.referenceClaimsCount, claims_in_summary_count: info.claimsInSummaryCount });
      if (verbose) out.claims_analysis = (info.claimsAnalysis ?? []).map(({ claim, isCovered }) => ({ claim, is_covered: isCovered }));
    } else if (name === 'factual_consistency') {
      const { score, info } = await consistencyInfo();
      Object.assign(out, { factual_consistency: score, summary_claims_count: info.summaryClaimsCount, supported_claims_count: info.supportedClaimsCount, unsupported_claims_count: info.unsupportedClaimsCount });
      if (verbose) out.claims_analysis = (info.claimsAnalysis ?? []).map(({ claim, isSupported }) => ({ claim, is_supported: isSupported }));
    } else if (name === 'factual_alignment') {
      Object.assign(out, {
        factual_alignment: bothResult.score,
        coverage: both.coverage,
        factual_consistency: both.factualConsistency,
        reference_claims_count: both.referenceClaimsCount,
        claims_in_summary_count: both.claimsInSummaryCount,
        summary_claims_count: both.summaryClaimsCount,
        supported_claims_count: both.supportedClaimsCount,
        unsupported_claims_count: both.unsupportedClaimsCount,
      });
    } else {
      const { score, info } = await metricFor(TopicPreservationMetric, checked.model, instructionFor(instruction, 'topic_preservation')).measure(fullText, summary);
      Object.assign(out, { topic_preservation: score, reference_topics_count: info.referenceTopicsCount, preserved_topics_count: info.preservedTopicsCount, missing_topics_count: info.missingTopicsCount });
      if (verbose) {
        out.topics_analysis = info.topicsAnalysis.map(({ topic, isPreserved }) => ({ topic, is_preserved: isPreserved }));
        out.preserved_topics = info.preservedTopics;
        out.missing_topics = info.missingTopics;
      }
    }
  }
  return out;
}

// CoverageMetric and evaluateSummary: how many claims of a source a summary keeps, declared over
// the engine (src/metrics/llm/coverage.rs). The 1.x scorer is built from the same table
// (scorer-factories.js).

import { checkOptions, describe, EvalsError } from '../engine/errors.js';
import { checks, callsOf, metricClass } from './declared.js';

export { withMaxOutputTokens } from './judging.js';

export const COVERAGE = {
  name: 'CoverageMetric',
  strictOptions: true,
  options: {
    customInstruction: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    scale: { type: 'number', default: 1, check: checks.scale },
    timeoutMs: { type: 'number', check: checks.timeoutMs },
    // The answer limit (sent with every request when given), which also sizes the batches.
    maxOutputTokens: { type: 'number', check: checks.wholeNumber(256, 1_000_000) },
  },
  metric: () => 'coverage',
  engine: (o) => ({ scale: o.scale, modelReason: false, customInstruction: o.customInstruction?.trim() || undefined, maxAnswerTokens: o.maxOutputTokens }),
  inputs: (source, summary) => ({ source, summary }),
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
  scorer: {
    factory: 'createCoverageScorer',
    id: 'coverage-scorer',
    name: 'Coverage Scorer',
    description: () => 'How many of the factual claims of a source (the input) a summary (the output) keeps, judged by a model and scored by the evals-wasm engine.',
    options: {
      scale: { type: 'number', default: 1, check: checks.scale },
      customInstruction: { type: 'string' },
      maxOutputTokens: { type: 'number', check: checks.wholeNumber(256, 1_000_000) },
      timeoutMs: { type: 'number', check: checks.timeoutMs },
    },
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

const SUPPORTED_METRICS = ['coverage'];

/** Metric instances reused by evaluateSummary, per model and instruction, so claims stay cached. */
const metricsByModel = new WeakMap();

function metricFor(model, customInstruction) {
  if ((typeof model !== 'object' && typeof model !== 'function') || model === null) {
    return new CoverageMetric(model, { customInstruction, verbose: true });
  }
  let byInstruction = metricsByModel.get(model);
  if (!byInstruction) metricsByModel.set(model, (byInstruction = new Map()));
  const key = customInstruction ?? '';
  if (!byInstruction.has(key)) byInstruction.set(key, new CoverageMetric(model, { customInstruction, verbose: true }));
  return byInstruction.get(key);
}

/**
 * The functional API of the Python package assert_llm_tools, for code ported from it:
 * resolves to `{ coverage, reference_claims_count, claims_in_summary_count,
 * claims_analysis?: [{ claim, is_covered }] }`.
 */
export async function evaluateSummary(fullText, summary, options) {
  const checked = checkOptions('evaluateSummary', options, { metrics: 'any', model: 'any', customInstruction: 'string', verbose: 'boolean' }, { required: true, strict: true });
  const metrics = checked.metrics ?? ['coverage'];
  if (!Array.isArray(metrics) || metrics.length === 0) {
    throw new TypeError(`evaluateSummary: option "metrics" must be a non-empty array of metric names, got ${describe(metrics)}`);
  }
  const unsupported = metrics.filter((name) => !SUPPORTED_METRICS.includes(name));
  if (unsupported.length > 0) {
    throw new EvalsError(
      `evaluateSummary: unsupported metric${unsupported.length > 1 ? 's' : ''} ${unsupported.map((n) => JSON.stringify(n)).join(', ')}; supported: ${SUPPORTED_METRICS.map((n) => JSON.stringify(n)).join(', ')}`,
      { code: 'EVALS_INVALID_OPTION' },
    );
  }
  if (checked.model === undefined) throw new TypeError('evaluateSummary: option "model" is required');
  const verbose = checked.verbose ?? false;
  const metric = metricFor(checked.model, checked.customInstruction);
  const { score, info } = await metric.measure(fullText, summary);
  const out = { coverage: score, reference_claims_count: info.referenceClaimsCount, claims_in_summary_count: info.claimsInSummaryCount };
  if (verbose) out.claims_analysis = info.claimsAnalysis.map(({ claim, isCovered }) => ({ claim, is_covered: isCovered }));
  return out;
}

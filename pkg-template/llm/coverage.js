// CoverageMetric and evaluateSummary: how many claims of a source a summary keeps.

import { checkOptions, checkScale, checkTexts, describe, EvalsError, measureArguments } from '../engine/errors.js';
import { addCalls, checkMeasureOptions, checkTimeout, ExtractionCache, startMeasure, worthKeeping } from './judging.js';
import { toJudge } from '../models/models.js';
import { coverageCacheKey, coverageClaims, coverageMeasure, ensureWasm } from '../engine/wasm-llm.js';

const NAME = 'CoverageMetric';

/** Sources whose claims one metric instance remembers. */
const CLAIM_CACHE_SIZE = 64;

/**
 * The share of a source text's factual claims that a summary keeps (recall), judged by a
 * language model and scored by code: covered claims / judged claims × scale.
 */
export class CoverageMetric {
  #judge;
  #scale;
  #instruction;
  #verbose;
  #timeoutMs;
  #maxOutputTokens;
  /** Whether `maxOutputTokens` was given, and so is sent with every request. */
  #sendMaxOutputTokens;
  #claims = new ExtractionCache(CLAIM_CACHE_SIZE, worthKeeping);

  constructor(model, options) {
    this.#judge = toJudge(model, NAME);
    const checked = checkOptions(NAME, options, { customInstruction: 'string', verbose: 'boolean', scale: 'number', timeoutMs: 'number', maxOutputTokens: 'number' }, { strict: true });
    checkScale(NAME, checked.scale);
    const tokens = checked.maxOutputTokens;
    if (tokens !== undefined && !(Number.isInteger(tokens) && tokens >= 256 && tokens <= 1_000_000)) {
      throw new TypeError(`${NAME}: option "maxOutputTokens" must be a whole number from 256 to 1000000, got ${tokens}`);
    }
    checkTimeout(NAME, checked.timeoutMs);
    this.#scale = checked.scale ?? 1;
    this.#instruction = checked.customInstruction?.trim() || undefined;
    this.#verbose = checked.verbose ?? false;
    this.#timeoutMs = checked.timeoutMs;
    this.#maxOutputTokens = tokens ?? 4096;
    this.#sendMaxOutputTokens = tokens !== undefined;
  }

  /**
   * `measure(sourceText, summary, { signal }?)` or `measure({ input, output }, { signal }?)`.
   * Resolves to `{ score, info: { reason, referenceClaimsCount, claimsInSummaryCount,
   * claimsAnalysis? (with verbose), unjudged?, modelCalls, usage? } }`.
   */
  async measure(...args) {
    const [source, summary, options] = measureArguments(...args);
    checkTexts(NAME, source, summary);
    const { signal } = checkMeasureOptions(NAME, options);
    const empty = emptySummaryResult(source, summary);
    if (empty) {
      if (!this.#verbose) delete empty.info.claimsAnalysis;
      return empty;
    }
    await ensureWasm();
    const link = startMeasure(this.#judge, { signal, timeoutMs: this.#timeoutMs, className: NAME });
    try {
      const key = coverageCacheKey(source, this.#instruction ?? '');
      const call = this.#sendMaxOutputTokens ? withMaxOutputTokens(link.call, this.#maxOutputTokens) : link.call;
      const { extracted, here } = await this.#claims.get(key, () => coverageClaims(call, source, this.#instruction, this.#maxOutputTokens), link, 'claims');
      const result = await coverageMeasure(call, extracted.claims, summary, this.#scale, this.#instruction, this.#maxOutputTokens);
      if (here) addCalls(result.info, extracted);
      if (!this.#verbose) delete result.info.claimsAnalysis;
      return result;
    } catch (error) {
      throw link.fail(error);
    }
  }
}

/**
 * `call` with `maxOutputTokens` added to every request, so that the model gets it (AI SDK:
 * `maxOutputTokens`, or `maxTokens` for v1; openaiCompatible: `max_tokens`; a callback: in its
 * options).
 */
export const withMaxOutputTokens = (call, maxOutputTokens) => (request) => call({ ...request, maxOutputTokens });

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

// The comparison's WebAssembly module (evals_compare_bg.wasm: the statistics of src/compare/),
// loaded on the first comparison only, and the names of the numbers it returns.

/**
 * Set by the Node entry: `compareModuleFile.read()` returns the module's bytes, instantiated
 * synchronously (Node's fetch cannot read file: URLs). Browsers fetch it next to this package.
 */
export const compareModuleFile = {};

let loading;

/** The module's functions, loaded once; a failed load is forgotten so the next call tries again. */
export function loadCompareModule() {
  loading ??= import('../evals_compare.js')
    .then(async (glue) => {
      if (compareModuleFile.read) glue.initSync({ module: compareModuleFile.read() });
      else await glue.default({ module_or_path: new URL('../evals_compare_bg.wasm', import.meta.url) });
      return glue;
    })
    .catch((error) => {
      loading = undefined;
      throw new Error(`evals-wasm: could not load evals_compare_bg.wasm: ${error?.message ?? error}`, { cause: error });
    });
  return loading;
}

const METHODS = ['t', 'bootstrap', 'cluster-bootstrap'];
const SUMMARY_LENGTH = 24;
const orNull = (value) => (Number.isFinite(value) ? value : null);

/**
 * One metric's statistics from the module. `input`: `{ baseline, candidate, baselineVariance,
 * candidateVariance, clusters }` (Float64Array; Uint32Array of cluster indices from 0, empty when
 * unclustered), `settings`: `{ direction, threshold, margin, tolerance, seed, resamples,
 * baselineSamples, candidateSamples }`. Returns the named numbers and the per-item verdicts
 * (Int8Array: 1 improved, -1 regressed, 0 unchanged).
 */
export function metricStatistics(module, input, settings) {
  const numbers = module.compareMetric(
    input.baseline,
    input.candidate,
    input.baselineVariance ?? new Float64Array(0),
    input.candidateVariance ?? new Float64Array(0),
    input.clusters ?? new Uint32Array(0),
    Float64Array.of(
      settings.direction === 'lower' ? -1 : 1,
      settings.threshold ?? Number.NaN,
      settings.margin ?? 0,
      settings.tolerance ?? 0,
      settings.seed ?? 1,
      settings.resamples ?? 10_000,
      settings.baselineSamples ?? 1,
      settings.candidateSamples ?? 1,
    ),
  );
  const [n, clusters, baselineMean, candidateMean, delta, se, df, low, high, method, pGate, b, c, p, hasNoise, share, withinBaseline, withinCandidate, mde, improved, regressed, unchanged, unconfirmed, confirmed] = numbers;
  return {
    n,
    clusters: orNull(clusters),
    baselineMean: orNull(baselineMean),
    candidateMean: orNull(candidateMean),
    delta: orNull(delta),
    se: orNull(se),
    df: orNull(df),
    interval: { low: orNull(low), high: orNull(high), level: 0.95, method: METHODS[method] },
    pGate: orNull(pGate),
    mcnemar: Number.isNaN(p) ? null : { threshold: settings.threshold, b, c, p },
    noise: hasNoise
      ? { share: orNull(share), withinBaseline: orNull(withinBaseline), withinCandidate: orNull(withinCandidate), samplesBaseline: settings.baselineSamples ?? 1, samplesCandidate: settings.candidateSamples ?? 1 }
      : null,
    mde: orNull(mde),
    counts: { improved, regressed, unchanged, unconfirmed },
    confirmed: confirmed === 1,
    verdicts: Int8Array.from(numbers.subarray(SUMMARY_LENGTH)),
  };
}

// compareRuns: two runs of one dataset (a baseline and a candidate) matched item by item, each
// metric's difference with its statistics (computed in the comparison's wasm module), per-item
// verdicts, cost deltas, the comparability check and the gate. Works in Node and browsers;
// reading run files is in run-files.js (Node). The result's shape is docs/compare.md's.

import { EvalsError } from '../engine/errors.js';
import { loadCompareModule, metricStatistics } from './wasm-compare.js';

/** Metrics where a lower score is better, for runs whose record does not say. */
const LOWER_IS_BETTER = new Set(['hallucination', 'toxicity', 'bias']);

const DEFAULTS = { seed: 1, resamples: 10_000, threshold: 0.5, tolerance: 0, level: 0.05 };

const canonical = (value) => JSON.stringify(value, (_, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));

function invalid(message) {
  return new EvalsError(`compareRuns: ${message}`, { code: 'EVALS_INVALID_RUN' });
}

/** Every key of both runs, each with an id from 0 in order of first sight. */
function keyIndex() {
  const ids = new Map();
  const list = [];
  return {
    list,
    idOf(key) {
      let id = ids.get(key);
      if (id === undefined) {
        id = list.length;
        ids.set(key, id);
        list.push(key);
      }
      return id;
    },
  };
}

/**
 * A run (`{ record, results }`, format 1 or 2) as `{ record, datasetHash, metrics: Map(name →
 * { direction, options, judge, declaration, samples, byId: [result at each key's id] }) }`, the
 * ids given by `keys` (shared by both runs, so that matching is by index).
 * Format 1 (one-metric runs of the CLI before run format 2): the metric is the settings' one,
 * the key the id or the line's hash.
 */
function normalizeRun(run, which, keys) {
  if (run === null || typeof run !== 'object' || !Array.isArray(run.results)) {
    throw invalid(`the ${which} must be { record, results } (what evaluateMany returns or readRun reads), got ${run === null ? 'null' : typeof run}`);
  }
  const record = run.record ?? {};
  if (record.tool !== undefined && record.tool !== 'evals-wasm') throw invalid(`the ${which}'s record is not a run record of evals-wasm`);
  const metrics = new Map();
  const settings = record.settings ?? {};
  const declared = record.metrics ?? {};
  const metricOf = (name) => {
    let metric = metrics.get(name);
    if (!metric) {
      const info = declared[name] ?? {};
      const legacy = record.metrics === undefined;
      // Format 1 records the judge's URL and model among the settings: the model is compared as
      // the judge, the URL (where the same model was reached) not at all.
      const { metric: _metric, model: _url, 'model-name': _model, ...legacyOptions } = settings;
      metric = {
        direction: info.direction ?? (LOWER_IS_BETTER.has(name) ? 'lower' : 'higher'),
        options: legacy ? legacyOptions : info.options,
        judge: legacy ? (settings['model-name'] === undefined ? undefined : { model: settings['model-name'] }) : info.judge,
        declaration: info.declaration,
        samples: info.samples ?? record.samples ?? settings.samples ?? 1,
        byId: [],
        duplicates: 0,
      };
      metrics.set(name, metric);
    }
    return metric;
  };
  for (const name of Object.keys(declared)) metricOf(name);
  const { results } = run;
  let lastKey;
  let lastId;
  for (let index = 0; index < results.length; index++) {
    const result = results[index];
    if (result === null || typeof result !== 'object') throw invalid(`result ${index + 1} of the ${which} is not an object`);
    const name = result.metric ?? settings.metric;
    if (typeof name !== 'string') throw invalid(`result ${index + 1} of the ${which} names no metric (and its record names none)`);
    let key = result.key;
    if (key === undefined) {
      if (result.id !== undefined) key = String(result.id);
      else if (Number.isInteger(result.line) && typeof record.lineHashes?.[result.line - 1] === 'string') key = `h:${record.lineHashes[result.line - 1]}`;
      else throw invalid(`result ${index + 1} of the ${which} has no key, id or line with a hash in the record`);
    }
    const metric = metricOf(name);
    // A line's metrics come one after another: their key is looked up once.
    if (key !== lastKey) {
      lastKey = key;
      lastId = keys.idOf(key);
    }
    const id = lastId;
    if (metric.byId[id] !== undefined) metric.duplicates += 1;
    else metric.byId[id] = result;
  }
  return { record, datasetHash: record.dataset?.hash, metrics };
}

/** `{ score, samples, variance }` of a result: the mean of its samples when it has several. */
function scoreOf(result) {
  if (result === undefined || 'error' in result || !Number.isFinite(result.score)) return undefined;
  const samples = result.info?.samples?.scores;
  if (Array.isArray(samples) && samples.length > 0 && samples.every(Number.isFinite)) {
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    const variance = samples.length > 1 ? samples.reduce((a, b) => a + (b - mean) ** 2, 0) / (samples.length - 1) : Number.NaN;
    return { score: mean, samples, variance };
  }
  return { score: result.score, samples: null, variance: Number.NaN };
}

/** The comparability of one metric in both runs: a list of `{ what, metric, baseline, candidate }`. */
function metricMismatches(name, a, b) {
  const found = [];
  const check = (what, x, y) => {
    if (canonical(x ?? null) !== canonical(y ?? null)) found.push({ what, metric: name, baseline: x ?? null, candidate: y ?? null });
  };
  check('metric options', a.options, b.options);
  check('judge model', a.judge?.model, b.judge?.model);
  check('declaration', a.declaration, b.declaration);
  check('samples', a.samples, b.samples);
  return found;
}

/** Sums of one run's costs over the matched items; a field no result has stays null. */
function costSums() {
  return { modelCalls: null, tokens: null, judgeMs: null, errors: 0 };
}

function addCost(sums, result) {
  const cost = result.cost;
  if ('error' in result) sums.errors += 1;
  if (cost === undefined || cost === null) return;
  if (cost.modelCalls !== undefined) sums.modelCalls = (sums.modelCalls ?? 0) + cost.modelCalls;
  if (cost.judgeMs !== undefined) sums.judgeMs = (sums.judgeMs ?? 0) + cost.judgeMs;
  if (cost.promptTokens !== undefined || cost.completionTokens !== undefined) sums.tokens = (sums.tokens ?? 0) + (cost.promptTokens ?? 0) + (cost.completionTokens ?? 0);
}

function costDeltas(a, b) {
  const delta = (field) => ({ baseline: a[field], candidate: b[field], delta: a[field] === null || b[field] === null ? null : b[field] - a[field] });
  return { modelCalls: delta('modelCalls'), tokens: delta('tokens'), judgeMs: delta('judgeMs'), errors: delta('errors') };
}

function marginOf(margin, name) {
  if (margin === undefined || margin === null) return 0;
  if (typeof margin === 'number') return margin;
  return margin[name] ?? margin['*'] ?? 0;
}

/** A cluster's value for an item: the option's function, or the field of the result or its info. */
function clusterValue(cluster, key, a, b) {
  if (typeof cluster === 'function') return cluster(key, b ?? a);
  if (cluster instanceof Map) return cluster.get(key);
  for (const result of [b, a]) {
    if (result?.[cluster] !== undefined) return result[cluster];
    if (result?.info?.[cluster] !== undefined) return result.info[cluster];
  }
  return undefined;
}

/**
 * Compares a candidate run with a baseline run. See compare.d.ts for the options and the
 * result. Rejects with `EvalsError` `EVALS_INVALID_RUN` (not a run) or
 * `EVALS_RUNS_NOT_COMPARABLE` (the runs differ in metric options, judge model, declaration,
 * samples or dataset, unless `allowMismatch`).
 */
export async function compareRuns(baseline, candidate, options = {}) {
  // An option given as undefined takes its default.
  const settings = { ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) };
  const keys = keyIndex();
  const a = normalizeRun(baseline, 'baseline', keys);
  const b = normalizeRun(candidate, 'candidate', keys);
  const warnings = [];
  const mismatches = [];
  let names = [...a.metrics.keys()].filter((name) => b.metrics.has(name));
  for (const [run, other, label] of [[a, b, 'baseline'], [b, a, 'candidate']]) {
    for (const name of run.metrics.keys()) {
      if (!other.metrics.has(name)) warnings.push(`The metric ${name} is only in the ${label} run; it is not compared.`);
    }
  }
  if (Array.isArray(settings.metrics)) {
    for (const name of settings.metrics) if (!names.includes(name)) throw invalid(`the metric ${name} is not in both runs`);
    names = settings.metrics;
  }
  if (names.length === 0) throw invalid('the runs have no metric in common');
  for (const name of names) {
    mismatches.push(...metricMismatches(name, a.metrics.get(name), b.metrics.get(name)));
    for (const [run, label] of [[a, 'baseline'], [b, 'candidate']]) {
      const duplicates = run.metrics.get(name).duplicates;
      if (duplicates > 0) warnings.push(`The ${label} has ${duplicates} result(s) of ${name} with a key seen before; only the first of each key is compared.`);
    }
  }
  // Keys in one run only, over all compared metrics.
  const onlyIn = (x, y) => {
    const only = [];
    for (let id = 0; id < keys.list.length; id++) {
      if (names.some((name) => x.metrics.get(name).byId[id] !== undefined && y.metrics.get(name).byId[id] === undefined)) only.push(keys.list[id]);
    }
    return only;
  };
  const onlyInBaseline = onlyIn(a, b);
  const onlyInCandidate = onlyIn(b, a);
  if (onlyInBaseline.length + onlyInCandidate.length > 0) {
    warnings.push(`${onlyInBaseline.length} item(s) are only in the baseline and ${onlyInCandidate.length} only in the candidate; they are listed, not compared.`);
  }

  // The dataset lines hold the outputs, so a candidate with new outputs has another dataset
  // hash; the datasets count as different only when most items do not match by key.
  if (a.datasetHash !== undefined && b.datasetHash !== undefined && a.datasetHash !== b.datasetHash) {
    const keysIn = (run) => keys.list.filter((_, id) => names.some((name) => run.metrics.get(name).byId[id] !== undefined)).length;
    const larger = Math.max(keysIn(a), keysIn(b));
    const matched = keys.list.filter((_, id) => names.some((name) => a.metrics.get(name).byId[id] !== undefined && b.metrics.get(name).byId[id] !== undefined)).length;
    if (matched < larger / 2) mismatches.push({ what: 'dataset', metric: null, baseline: a.datasetHash, candidate: b.datasetHash });
    else warnings.push(`The dataset files differ (as they do when outputs changed); ${matched} of ${larger} items match by key.`);
  }
  const comparable = mismatches.length === 0;
  if (!comparable && !settings.allowMismatch) {
    const reasons = mismatches.map((m) => `${m.what}${m.metric ? ` of ${m.metric}` : ''}: ${JSON.stringify(m.baseline)} in the baseline, ${JSON.stringify(m.candidate)} in the candidate`);
    const error = new EvalsError(`compareRuns: the runs are not comparable (${reasons.join('; ')}); pass allowMismatch to compare them anyway`, { code: 'EVALS_RUNS_NOT_COMPARABLE' });
    error.mismatches = mismatches;
    throw error;
  }
  if (!comparable) warnings.push('The runs differ in what they measure (see the mismatches); differences may come from that and not from the change.');

  const module = await loadCompareModule();
  const gated = settings.gate === true ? names : Array.isArray(settings.gate) ? settings.gate : [];
  const metrics = [];
  const items = [];
  // Each item's gain (Δ turned by the direction; Infinity without a Δ), to sort by.
  const gains = [];
  for (const name of names) {
    const ma = a.metrics.get(name);
    const mb = b.metrics.get(name);
    let pairs = 0;
    const costA = costSums();
    const costB = costSums();
    const most = keys.list.length;
    const baselineScores = new Float64Array(most);
    const candidateScores = new Float64Array(most);
    const baselineVariance = ma.samples > 1 ? new Float64Array(most) : undefined;
    const candidateVariance = mb.samples > 1 ? new Float64Array(most) : undefined;
    const clustered = settings.cluster !== undefined && settings.cluster !== null;
    const clusterIds = new Map();
    const clusters = clustered ? new Uint32Array(most) : undefined;
    const scoredItems = [];
    const judged = Boolean(ma.judge || mb.judge);
    let missingCluster = 0;
    let anchored = 0;
    for (let id = 0; id < most; id++) {
      const ra = ma.byId[id];
      const rb = mb.byId[id];
      if (ra === undefined || rb === undefined) continue;
      const key = keys.list[id];
      pairs += 1;
      addCost(costA, ra);
      addCost(costB, rb);
      const sa = scoreOf(ra);
      const sb = scoreOf(rb);
      const item = {
        key,
        metric: name,
        cluster: null,
        baseline: side(ra, sa),
        candidate: side(rb, sb),
        delta: null,
        verdict: null,
        confirmed: false,
      };
      items.push(item);
      if (sa === undefined || sb === undefined) {
        gains.push(Infinity);
        continue;
      }
      const i = scoredItems.length;
      scoredItems.push(item);
      gains.push(0); // set once the verdicts are in
      baselineScores[i] = sa.score;
      candidateScores[i] = sb.score;
      if (baselineVariance) baselineVariance[i] = sa.variance;
      if (candidateVariance) candidateVariance[i] = sb.variance;
      if (clustered) {
        let value = clusterValue(settings.cluster, key, ra, rb);
        if (value === undefined || value === null) {
          missingCluster += 1;
          value = `\u0000${key}`; // an item without the field is a cluster of its own
        } else item.cluster = String(value);
        const cluster = String(value);
        let clusterId = clusterIds.get(cluster);
        if (clusterId === undefined) {
          clusterId = clusterIds.size;
          clusterIds.set(cluster, clusterId);
        }
        clusters[i] = clusterId;
      }
      if (judged && sa.score === sb.score && sameOutput(ra, rb, a.record, b.record) && canonical(sa.samples) === canonical(sb.samples) && canonical(ra.info?.reason) === canonical(rb.info?.reason)) anchored += 1;
    }
    const n = scoredItems.length;
    const input = {
      baseline: baselineScores.subarray(0, n),
      candidate: candidateScores.subarray(0, n),
      baselineVariance: baselineVariance?.subarray(0, n),
      candidateVariance: candidateVariance?.subarray(0, n),
      clusters: clusters?.subarray(0, n),
    };
    if (missingCluster > 0) warnings.push(`${missingCluster} item(s) of ${name} have no "${typeof settings.cluster === 'string' ? settings.cluster : 'cluster'}" value; each counts as a cluster of its own.`);
    const stats = metricStatistics(module, input, {
      direction: ma.direction,
      threshold: settings.threshold,
      margin: marginOf(settings.margin, name),
      tolerance: settings.tolerance,
      seed: settings.seed,
      resamples: settings.resamples,
      baselineSamples: ma.samples,
      candidateSamples: mb.samples,
    });
    const sign = ma.direction === 'lower' ? -1 : 1;
    let at = 0;
    for (let position = gains.length - pairs; position < gains.length; position++) {
      if (gains[position] === Infinity) continue;
      const item = scoredItems[at];
      item.delta = input.candidate[at] - input.baseline[at];
      item.verdict = stats.verdicts[at] === 1 ? 'improved' : stats.verdicts[at] === -1 ? 'regressed' : 'unchanged';
      item.confirmed = stats.confirmed;
      gains[position] = sign * item.delta;
      at += 1;
    }
    if (n < pairs) warnings.push(`${pairs - n} matched item(s) of ${name} have an error (or no score) in one run; they are counted in the cost's errors, not in Δ.`);
    if (n >= 2 && n < 30) warnings.push(`${name}: only ${n} items are compared; the interval is wide and the test has little power.`);
    if (ma.direction !== mb.direction) warnings.push(`${name}: the runs disagree on which way the metric improves; the baseline's direction (${ma.direction}) is used.`);
    if (settings.rejudgeAll && anchored > 0 && mb.judge) warnings.push(`${name}: --rejudge-all was given, but ${anchored} item(s) with unchanged outputs have exactly the baseline's judge results; was the candidate run with the baseline's cassette?`);
    const { verdicts: _verdicts, pGate, confirmed: _confirmed, ...summary } = stats;
    metrics.push({
      metric: name,
      direction: ma.direction,
      ...summary,
      pGate,
      pHolm: null,
      anchored,
      cost: costDeltas(costA, costB),
      gate: null,
    });
  }

  // Holm across the gated metrics; a metric fails when its interval lies beyond −margin in the
  // direction of a regression and its Holm-adjusted p of that hypothesis is below 0.05.
  let gate = null;
  if (gated.length > 0) {
    const gatedMetrics = metrics.filter((m) => gated.includes(m.metric));
    const adjusted = module.holm(Float64Array.from(gatedMetrics, (m) => m.pGate ?? Number.NaN));
    const failed = [];
    gatedMetrics.forEach((m, i) => {
      m.pHolm = Number.isFinite(adjusted[i]) ? adjusted[i] : null;
      const margin = marginOf(settings.margin, m.metric);
      const { low, high } = m.interval;
      let passed;
      if (low === null || high === null) {
        passed = false;
        warnings.push(`${m.metric}: too few items for an interval, so the gate fails it.`);
      } else {
        const beyond = m.direction === 'lower' ? low > margin : high < -margin;
        passed = !(beyond && m.pHolm !== null && m.pHolm < settings.level);
      }
      m.gate = { margin, passed };
      if (!passed) failed.push(m.metric);
    });
    gate = { passed: failed.length === 0, failed };
  }
  for (const m of metrics) delete m.pGate;

  const order = Array.from(items.keys()).sort((x, y) => gains[x] - gains[y] || x - y);
  const sortedItems = order.map((index) => items[index]);
  const anchoredTotal = metrics.reduce((sum, m) => sum + m.anchored, 0);
  if (anchoredTotal > 0 && !settings.rejudgeAll) {
    warnings.push(`${anchoredTotal} judged item(s) have unchanged outputs and exactly the baseline's judge results (replayed from its cassette, or repeated): their Δ is 0 by construction. This holds the baseline's judge draw fixed; run the candidate without the cassette (--rejudge-all) for an estimate that includes judge noise.`);
  }

  return {
    tool: 'evals-wasm',
    kind: 'comparison',
    format: 1,
    baseline: { label: settings.baselineLabel ?? 'baseline', record: a.record },
    candidate: { label: settings.candidateLabel ?? 'candidate', record: b.record },
    comparable,
    mismatches,
    warnings,
    onlyInBaseline,
    onlyInCandidate,
    settings: {
      cluster: typeof settings.cluster === 'string' ? settings.cluster : settings.cluster ? 'custom' : null,
      seed: settings.seed,
      resamples: settings.resamples,
      margin: Object.fromEntries(names.map((name) => [name, marginOf(settings.margin, name)])),
      threshold: settings.threshold,
      rejudgeAll: Boolean(settings.rejudgeAll),
      anchored: anchoredTotal > 0,
    },
    metrics,
    items: sortedItems,
    gate,
  };
}

/**
 * Whether an item's output is the same in both runs: by the `output` field, or, where the results
 * carry none, by the hash of the dataset line (which holds the output) in each run's record.
 */
function sameOutput(ra, rb, recordA, recordB) {
  if (typeof ra.output === 'string' || typeof rb.output === 'string') return ra.output === rb.output;
  const hashA = Number.isInteger(ra.line) ? recordA.lineHashes?.[ra.line - 1] : undefined;
  const hashB = Number.isInteger(rb.line) ? recordB.lineHashes?.[rb.line - 1] : undefined;
  return typeof hashA === 'string' && hashA === hashB;
}

function side(result, scored) {
  const error = result !== undefined && 'error' in result ? result.error : null;
  return {
    score: scored?.score ?? null,
    samples: scored?.samples ?? null,
    output: result?.output ?? null,
    reason: result?.info?.reason ?? null,
    info: result?.info ?? null,
    error,
  };
}

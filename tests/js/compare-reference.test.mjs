// The comparison statistics of the built package against SciPy and NumPy
// (tests/compare/scipy_reference.py, on data generated there with fixed seeds): the paired t
// interval and the gate's p, the clustered standard error with its C/(C − 1) correction and C − 1
// degrees of freedom, Student's t quantiles, McNemar's exact p and Holm's adjustment.
// SciPy comes from PyPI, installed on first use into ~/.cache/evals-wasm/py (or
// $EVALS_WASM_PY_CACHE).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareRuns } from 'evals-wasm/compare';

const here = dirname(fileURLToPath(import.meta.url));
const { loadCompareModule } = await import(join(here, '..', '..', 'pkg', 'compare', 'wasm-compare.js'));

const cache = process.env.EVALS_WASM_PY_CACHE ?? join(homedir(), '.cache', 'evals-wasm', 'py');
const env = { ...process.env, PYTHONPATH: cache };
const python = (args) => execFileSync('python3', args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
try {
  python(['-c', 'import scipy, numpy']);
} catch {
  python(['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--target', cache, 'scipy', 'numpy']);
}
const reference = JSON.parse(python([join(here, '..', 'compare', 'scipy_reference.py')]));

/** A one-metric run of `scores` (keys "i0", "i1", …), with each item's extra fields. */
function run(scores, extra = () => ({})) {
  return { record: {}, results: scores.map((score, i) => ({ key: `i${i}`, metric: 'quality', score, ...extra(i) })) };
}

const close = (actual, expected, tolerance, what) => assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} vs ${expected}`);

test('the paired Δ, its standard error, t interval and p match scipy.stats.ttest_rel', async () => {
  for (const [index, expected] of reference.paired.entries()) {
    const result = await compareRuns(run(expected.baseline), run(expected.candidate), { gate: true, threshold: 0.5 });
    const [metric] = result.metrics;
    assert.equal(metric.interval.method, 't');
    assert.equal(metric.n, expected.baseline.length);
    close(metric.delta, expected.delta, 1e-12, `case ${index} Δ`);
    close(metric.se, expected.se, 1e-12, `case ${index} SE`);
    close(metric.interval.low, expected.low, 1e-9, `case ${index} low`);
    close(metric.interval.high, expected.high, 1e-9, `case ${index} high`);
    // One gated metric: Holm leaves its p as it is: twice the one-sided t test's p of a drop
    // (margin 0), which for a drop is the two-sided p of the paired t test.
    close(metric.pHolm, expected.pGate, 1e-9, `case ${index} gate p`);
    if (expected.delta < 0) close(metric.pHolm, expected.p, 1e-9, `case ${index} p`);
    assert.deepEqual([metric.mcnemar.b, metric.mcnemar.c], [expected.b, expected.c]);
    close(metric.mcnemar.p, expected.mcnemar, 1e-12, `case ${index} McNemar p`);
  }
});

test('pass/fail scores: McNemar on the flips matches scipy.stats.binomtest', async () => {
  const expected = reference.binary;
  const [metric] = (await compareRuns(run(expected.baseline), run(expected.candidate))).metrics;
  assert.deepEqual([metric.mcnemar.b, metric.mcnemar.c], [expected.b, expected.c]);
  assert.ok(expected.b + expected.c > 10, 'the case has flips to test');
  close(metric.mcnemar.p, expected.mcnemar, 1e-12, 'McNemar p');
  close(metric.interval.low, expected.low, 1e-9, 'low');
});

test('the clustered standard error and its t interval on C − 1 degrees of freedom match NumPy and scipy.stats.t', async () => {
  for (const [index, expected] of reference.clustered.entries()) {
    const withCluster = (i) => ({ info: { doc: expected.cluster[i] } });
    const result = await compareRuns(run(expected.baseline, withCluster), run(expected.candidate, withCluster), { cluster: 'doc' });
    const [metric] = result.metrics;
    assert.equal(metric.clusters, expected.df + 1);
    assert.equal(metric.df, expected.df);
    assert.equal(metric.interval.method, 't');
    close(metric.se, expected.se, 1e-12, `case ${index} clustered SE`);
    close(metric.interval.low, expected.low, 1e-9, `case ${index} low`);
    close(metric.interval.high, expected.high, 1e-9, `case ${index} high`);
    // Clustering matters here: the items of a cluster share an effect, so the SE is larger.
    const plain = (await compareRuns(run(expected.baseline), run(expected.candidate))).metrics[0];
    assert.ok(metric.se > plain.se * 1.2, `clustered ${metric.se} vs plain ${plain.se}`);
  }
});

test("Student's t quantiles, McNemar's exact p and Holm's adjustment match SciPy and the formula", async () => {
  const module = await loadCompareModule();
  for (const { df, q } of reference.tQuantiles) close(module.tQuantile(0.95, df), q, 1e-9 * Math.max(1, q), `t(0.975, ${df})`);
  for (const { p, adjusted } of reference.holm) {
    const ours = module.holm(Float64Array.from(p));
    adjusted.forEach((value, i) => close(ours[i], value, 1e-15, `Holm of ${p}`));
  }
  for (const { b, c, p } of reference.mcnemar) {
    const baseline = [...Array(b).fill(1), ...Array(c).fill(0)];
    const candidate = [...Array(b).fill(0), ...Array(c).fill(1)];
    if (b + c === 0) continue;
    const [metric] = (await compareRuns(run(baseline), run(candidate))).metrics;
    close(metric.mcnemar.p, p, 1e-12, `McNemar b ${b} c ${c}`);
  }
});

// compareRuns of evals-wasm/compare on runs built here (run format 2, and format 1 of the
// one-metric CLI): matching by key, items in one run only, the comparability check, direction,
// samples, errors, costs, the gate with Holm across metrics, and the text formats.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareRuns, formatJUnit, formatMarkdown, formatTable } from 'evals-wasm/compare';

const METRIC = (overrides = {}) => ({ options: { scale: 1 }, judge: { url: 'http://127.0.0.1:1/v1', model: 'judge' }, declaration: 'abc', samples: 1, direction: 'higher', ...overrides });

/** A format-2 run: `scores` is `{ metric: [score per item] }`, items keyed q-0, q-1, …; null scores are errors. */
function run(scores, { metrics = {}, extra = () => ({}), datasetHash = 'd1' } = {}) {
  const results = [];
  const names = Object.keys(scores);
  const count = Math.max(...names.map((name) => scores[name].length));
  for (let i = 0; i < count; i++) {
    for (const metric of names) {
      const score = scores[metric][i];
      if (score === undefined) continue;
      const base = { line: i + 1, id: `q-${i}`, key: `q-${i}`, metric, output: `out ${i}`, cost: { modelCalls: 2, promptTokens: 100, completionTokens: 10, judgeMs: 50 } };
      results.push(score === null ? { ...base, error: { message: 'judge failed', code: 'EVALS_MODEL_ERROR' } } : { ...base, score, info: { reason: `r${i}` }, ...extra(i, metric) });
    }
  }
  return {
    record: { tool: 'evals-wasm', format: 2, dataset: { hash: datasetHash, lines: count }, samples: 1, metrics: Object.fromEntries(names.map((name) => [name, METRIC(metrics[name])])), lineHashes: [] },
    results,
  };
}

test('items are matched by key; those in one run only are listed and left out', async () => {
  const baseline = run({ quality: [0.5, 0.6, 0.7, 0.8] });
  const candidate = run({ quality: [0.6, 0.6, 0.7, 0.8] });
  candidate.results = candidate.results.filter((r) => r.key !== 'q-3');
  candidate.results.push({ ...candidate.results[0], key: 'new', id: 'new', score: 0 });
  const result = await compareRuns(baseline, candidate);
  assert.deepEqual(result.onlyInBaseline, ['q-3']);
  assert.deepEqual(result.onlyInCandidate, ['new']);
  const [metric] = result.metrics;
  assert.equal(metric.n, 3);
  assert.ok(Math.abs(metric.delta - 0.1 / 3) < 1e-12);
  // Largest regression first: the one improved item comes last.
  assert.equal(result.items.at(-1).key, 'q-0');
  assert.equal(result.items.at(-1).verdict, 'improved');
  assert.equal(result.items.at(-1).baseline.reason, 'r0');
  assert.deepEqual(metric.counts, { improved: 1, regressed: 0, unchanged: 2, unconfirmed: 1 });
  assert.equal(result.gate, null);
  assert.match(result.warnings.join('\n'), /1 item\(s\) are only in the baseline and 1 only in the candidate/);
});

test('runs that differ in options, judge model, declaration, samples or dataset are refused unless allowed', async () => {
  const baseline = run({ quality: [0.5, 0.6] });
  const candidate = run({ quality: [0.5, 0.6] }, { metrics: { quality: { judge: { model: 'other' }, declaration: 'xyz' } }, datasetHash: 'd2' });
  await assert.rejects(compareRuns(baseline, candidate), (error) => {
    assert.equal(error.name, 'EvalsError');
    assert.equal(error.code, 'EVALS_RUNS_NOT_COMPARABLE');
    assert.deepEqual(error.mismatches.map((m) => m.what), ['judge model', 'declaration']);
    assert.match(error.message, /judge model of quality: "judge" in the baseline, "other" in the candidate/);
    return true;
  });
  const allowed = await compareRuns(baseline, candidate, { allowMismatch: true });
  assert.equal(allowed.comparable, false);
  assert.equal(allowed.mismatches.length, 2);
  // The dataset hashes differ, but every item matches: outputs changed, which is what is compared.
  assert.match(allowed.warnings.join('\n'), /The dataset files differ \(as they do when outputs changed\); 2 of 2 items match by key/);
});

test('datasets that share fewer than half their items are not comparable', async () => {
  const baseline = run({ quality: [0.5, 0.6, 0.7, 0.8] });
  const candidate = run({ quality: [0.5, 0.6, 0.7, 0.8] }, { datasetHash: 'd2' });
  candidate.results.slice(1).forEach((result, i) => (result.key = `other-${i}`));
  await assert.rejects(compareRuns(baseline, candidate), (error) => {
    assert.deepEqual(error.mismatches, [{ what: 'dataset', metric: null, baseline: 'd1', candidate: 'd2' }]);
    return true;
  });
  const same = run({ quality: [0.5, 0.6, 0.7, 0.8] });
  same.results.slice(1).forEach((result, i) => (result.key = `other-${i}`));
  assert.equal((await compareRuns(baseline, same)).comparable, true); // the same dataset hash: items only in one run are listed
});

test('a record without a direction: hallucination, toxicity and bias are lower-is-better', async () => {
  const bare = (scores) => ({ record: {}, results: scores.map((score, i) => ({ key: `k${i}`, metric: 'toxicity', score })) });
  const [metric] = (await compareRuns(bare([0.1, 0.2, 0.3]), bare([0.2, 0.2, 0.2]))).metrics;
  assert.equal(metric.direction, 'lower');
  assert.deepEqual(metric.counts, { improved: 1, regressed: 1, unchanged: 1, unconfirmed: 2 });
});

test('a score that is not a finite number counts as no score', async () => {
  const bare = (scores) => ({ record: {}, results: scores.map((score, i) => ({ key: `k${i}`, metric: 'm', score })) });
  const result = await compareRuns(bare([0.1, Number.NaN, 0.3]), bare([0.2, 0.2, 0.2]));
  assert.equal(result.metrics[0].n, 2);
});

test('not a run: EVALS_INVALID_RUN', async () => {
  await assert.rejects(compareRuns({}, run({ quality: [1] })), { code: 'EVALS_INVALID_RUN' });
  await assert.rejects(compareRuns(run({ a: [1] }), run({ b: [1] })), /no metric in common/);
});

test('a lower-is-better metric: a rise is a regression, and the gate fails it', async () => {
  const n = 120;
  const metrics = { hallucination: { direction: 'lower' } };
  const baseline = run({ hallucination: Array.from({ length: n }, (_, i) => (i % 10) / 20) }, { metrics });
  const candidate = run({ hallucination: Array.from({ length: n }, (_, i) => (i % 10) / 20 + (i % 3 === 0 ? 0.3 : 0.05)) }, { metrics });
  const result = await compareRuns(baseline, candidate, { gate: true });
  const [metric] = result.metrics;
  assert.equal(metric.direction, 'lower');
  assert.ok(metric.delta > 0 && metric.interval.low > 0);
  assert.equal(metric.counts.regressed, n);
  assert.deepEqual(result.gate, { passed: false, failed: ['hallucination'] });
  // A margin above the whole interval passes.
  const lenient = await compareRuns(baseline, candidate, { gate: true, margin: { hallucination: 0.5 } });
  assert.equal(lenient.gate.passed, true);
});

test('samples k > 1: item verdicts weigh each item\'s own spread, and the judge-noise share is reported', async () => {
  const spread = (i) => (i % 2 === 0 ? 0.05 : 0.3);
  const samples = (centre, i) => [centre - spread(i), centre, centre + spread(i)];
  const metrics = { quality: { samples: 3 } };
  const extra = (shift) => (i) => ({ info: { samples: { scores: samples(0.5 + shift + (i % 5) / 20, i) } } });
  const baseline = run({ quality: Array(40).fill(0.5) }, { metrics, extra: extra(0) });
  const candidate = run({ quality: Array(40).fill(0.5) }, { metrics, extra: extra(-0.2) });
  const [metric] = (await compareRuns(baseline, candidate)).metrics;
  // Scores are the means of the samples; Δ is −0.2 on every item.
  assert.ok(Math.abs(metric.delta + 0.2) < 1e-12);
  // The tight items (spread 0.05, sd 0.05) regress confirmed; the loose ones (sd 0.3: bound 1.96·sqrt(2·0.09/3) ≈ 0.48) do not.
  assert.deepEqual(metric.counts, { improved: 0, regressed: 20, unchanged: 20, unconfirmed: 0 });
  assert.equal(metric.noise.samplesBaseline, 3);
  assert.ok(Math.abs(metric.noise.withinBaseline - (0.05 ** 2 + 0.3 ** 2) / 2) < 1e-12);
  // Every item moved by the same amount: Var(d) is 0 up to rounding, so no share, or all of it.
  assert.ok(metric.noise.share === null || metric.noise.share === 1, String(metric.noise.share));
});

test('errors are left out of Δ and counted in the cost; cost deltas per field', async () => {
  const baseline = run({ quality: [0.5, 0.5, 0.5] });
  const candidate = run({ quality: [0.5, null, 0.7] });
  candidate.results[0].cost = { modelCalls: 1, promptTokens: 10, completionTokens: 1, judgeMs: 5 };
  const result = await compareRuns(baseline, candidate);
  const [metric] = result.metrics;
  assert.equal(metric.n, 2);
  assert.deepEqual(metric.cost.errors, { baseline: 0, candidate: 1, delta: 1 });
  assert.deepEqual(metric.cost.modelCalls, { baseline: 6, candidate: 5, delta: -1 });
  assert.deepEqual(metric.cost.tokens, { baseline: 330, candidate: 231, delta: -99 });
  const errored = result.items.find((item) => item.key === 'q-1');
  assert.equal(errored.verdict, null);
  assert.equal(errored.candidate.error.code, 'EVALS_MODEL_ERROR');
  assert.equal(result.items.at(-1), errored); // errors last
});

test('several gated metrics: Holm adjusts their p, and a metric fails only on a confident regression beyond its margin', async () => {
  const n = 200;
  const wave = (i) => ((i * 37) % 100) / 100;
  const same = () => Array.from({ length: n }, (_, i) => wave(i));
  const baseline = run({ a: same(), b: same(), c: same() });
  const candidate = run({
    a: Array.from({ length: n }, (_, i) => wave(i) - 0.1 + ((i * 13) % 7) / 100),
    b: Array.from({ length: n }, (_, i) => wave(i) + ((i * 13) % 7) / 100 - 0.03),
    c: Array.from({ length: n }, (_, i) => wave(i) + 0.05),
  });
  const result = await compareRuns(baseline, candidate, { gate: true });
  const byName = Object.fromEntries(result.metrics.map((m) => [m.metric, m]));
  assert.ok(byName.a.interval.high < 0);
  assert.equal(byName.a.gate.passed, false);
  assert.equal(byName.c.gate.passed, true);
  for (const m of result.metrics) assert.ok(m.pHolm >= 0 && m.pHolm <= 1);
  // Holm: the smallest p is multiplied by 3 (or stays 0).
  assert.deepEqual(result.gate.failed, result.metrics.filter((m) => !m.gate.passed).map((m) => m.metric));
  const ungated = await compareRuns(baseline, candidate);
  assert.ok(ungated.metrics.every((m) => m.pHolm === null && m.gate === null));
});

test('format 1 runs (the one-metric CLI): metric from the settings, key from the id or the line hash', async () => {
  const record = (model) => ({ tool: 'evals-wasm', version: '0.1.0', input: 'x.jsonl', settings: { metric: 'coverage', model: 'http://127.0.0.1:9/v1', 'model-name': model, scale: 1 }, lineHashes: ['aaaa', 'bbbb'] });
  const baseline = { record: record('m'), results: [{ line: 1, score: 1, info: {} }, { line: 2, id: 7, score: 0.5, info: {} }] };
  const candidate = { record: { ...record('m'), settings: { ...record('m').settings, model: 'http://127.0.0.1:10/v1' } }, results: [{ line: 1, score: 1, info: {} }, { line: 2, id: 7, score: 1, info: {} }] };
  const result = await compareRuns(baseline, candidate);
  assert.equal(result.comparable, true, JSON.stringify(result.mismatches));
  assert.deepEqual(result.items.map((item) => item.key).sort(), ['7', 'h:aaaa']);
  const [metric] = result.metrics;
  assert.equal(metric.metric, 'coverage');
  assert.equal(metric.anchored, 1); // line 1: same line hash, same judge result
  await assert.rejects(compareRuns(baseline, { ...candidate, record: record('other') }), /judge model of coverage: "m" in the baseline, "other" in the candidate/);
});

test('the table, markdown and JUnit say what the comparison found', async () => {
  const baseline = run({ quality: Array.from({ length: 30 }, (_, i) => (i % 4) / 4) });
  const candidate = run({ quality: Array.from({ length: 30 }, (_, i) => (i % 4) / 4 - (i < 20 ? 0.25 : 0)) });
  const result = await compareRuns(baseline, candidate, { gate: true, baselineLabel: 'base.jsonl', candidateLabel: 'cand.jsonl' });
  const table = formatTable(result);
  assert.match(table, /^base\.jsonl → cand\.jsonl\n/);
  assert.match(table, /quality\s+0\.358\s+0\.192\s+−0\.167 \[−0\.\d{3}, −0\.\d{3}\]\s+0 \/ \d+ \/ \d+/);
  assert.match(table, /gate: FAILED \(quality\)/);
  assert.doesNotMatch(table, /\x1b\[/);
  assert.match(formatTable(result, { color: true }), /\x1b\[31mquality/);
  const markdown = formatMarkdown(result);
  assert.match(markdown, /gate FAILED ❌/);
  assert.match(markdown, /\| 🔴 quality \|/);
  assert.match(formatJUnit(result), /<testcase classname="evals-wasm.compare" name="quality">\n {4}<failure message="quality regressed beyond its margin 0/);
});

test('planning from a baseline: items needed between the paired and the unpaired bound, and the cost of a candidate run', async () => {
  const { planComparison, formatPlan } = await import('evals-wasm/compare');
  // 40 items sampled 3 times, each item's samples 0.1 apart (within-item variance 0.01), item
  // means 0.5 to 0.7 (variance 0.2 / 39).
  const results = Array.from({ length: 40 }, (_, i) => {
    const centre = 0.5 + (i % 5) / 20;
    return { key: `q-${i}`, metric: 'quality', score: centre, info: { samples: { scores: [centre - 0.1, centre, centre + 0.1] } }, cost: { modelCalls: 6, promptTokens: 300, completionTokens: 30 } };
  });
  const [plan] = planComparison({ record: { metrics: { quality: { samples: 3 } } }, results }, { detect: 0.02 });
  const z = 1.959963984540054 + 0.8416212335729143;
  assert.equal(plan.n, 40);
  assert.ok(Math.abs(plan.within - 0.01) < 1e-12);
  // Paired: Var(d) = 0.01/3 + 0.01/3; unpaired: 2 · 0.2/39.
  assert.equal(plan.itemsIfPaired, Math.ceil((z ** 2 * (0.02 / 3)) / 0.02 ** 2));
  assert.equal(plan.itemsIfPaired, 131);
  assert.equal(plan.itemsIfUnpaired, 202);
  assert.ok(Math.abs(plan.mdeIfUnpaired - z * Math.sqrt((0.4 / 39) / 40)) < 1e-12);
  assert.deepEqual(plan.perItem, { modelCalls: 6, tokens: 330 });
  // One sample per item in the candidate: the judge noise of its side is not averaged down.
  const [single] = planComparison({ record: { metrics: { quality: { samples: 3 } } }, results }, { detect: 0.02, samples: 1 });
  assert.equal(single.itemsIfPaired, Math.ceil((z ** 2 * (0.01 / 3 + 0.01)) / 0.02 ** 2));
  assert.deepEqual(single.perItem, { modelCalls: 2, tokens: 110 });
  assert.match(formatPlan([plan]), /items needed: 131 if scores move with the baseline's item by item .*, 202 if they do not move together at all; the dataset has 40/);
  assert.throws(() => planComparison({ record: {}, results }, { detect: 0 }), { code: 'EVALS_INVALID_RUN' });
});

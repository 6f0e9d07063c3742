// The comparison report (renderReport from pkg/compare/report.js) in headless Chromium: the file
// opens from file:// with no request but its own, draws every plot, its items table sorts,
// filters and renders only the rows in view, an item shows both outputs, a word diff, and the
// judge's reasons and verdicts of both runs, and text from the runs cannot run as markup.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { syntheticComparison } from './compare-report-data.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const artifacts = join(repo, 'artifacts', 'browser');
const { renderReport } = await import(pathToFileURL(join(repo, 'pkg', 'compare', 'report.js')));

const comparison = syntheticComparison({ items: 300, judgeUrl: null });
// Text from the runs that would be markup or script if the report did not escape it.
const hostile = comparison.items.find((item) => item.metric === 'faithfulness' && item.verdict === 'improved');
hostile.candidate.output = 'before </script><script>window.injected = 1</script><img src=x onerror="window.injected = 2"> after';
comparison.candidate.label = 'cand <b onclick=1>.jsonl';
const html = renderReport(comparison);
const file = join(artifacts, 'compare-report.html');
let browser, page, errors, requests;

before(async () => {
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(file, html);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  errors = [];
  requests = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(pathToFileURL(file).href);
  await page.waitForFunction(() => window.evalsReport?.ready === true, null, { timeout: 20000 });
});

after(async () => {
  await browser?.close();
});

const rowKeys = () => page.$$eval('#item-rows tr.row', (rows) => rows.map((row) => [row.cells[0].textContent, row.cells[1].textContent]));
const itemsOf = (predicate) => comparison.items.filter(predicate);

test('opens from file:// with no request but the file itself, and names no outside address', async () => {
  assert.deepEqual(requests, [pathToFileURL(file).href]);
  assert.deepEqual(errors, []);
  assert.doesNotMatch(html, /https?:\/\//i, 'no URL in the document');
  assert.doesNotMatch(html, /\s(src|href)\s*=/i, 'nothing loaded or linked');
  assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
  assert.ok(Buffer.byteLength(html) < 600_000, `${Buffer.byteLength(html)} bytes for 600 items`);
});

test('every plot is drawn, with the data of the comparison', async () => {
  const drawn = await page.evaluate(() => {
    const paintedShare = (id) => {
      const canvas = document.getElementById(id);
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
      return { painted, pixels: canvas.width * canvas.height };
    };
    const { charts } = window.evalsReport;
    return {
      canvases: Object.fromEntries(['forest-plot', 'scatter-plot', 'delta-histogram', 'score-distribution'].map((id) => [id, paintedShare(id)])),
      forest: charts.forest.data.datasets.map((d) => d.data),
      scatter: charts.scatter.data.datasets.map((d) => [d.label, d.data.length]),
      histogram: charts.histogram.data.datasets[0].data.reduce((s, n) => s + n, 0),
      distribution: charts.distribution.data.datasets.map((d) => d.data.reduce((s, n) => s + n, 0)),
    };
  });
  for (const [id, { painted, pixels }] of Object.entries(drawn.canvases)) {
    assert.ok(pixels > 10_000, `${id} has a size`);
    assert.ok(painted > pixels * 0.01, `${id}: ${painted} of ${pixels} pixels painted`);
  }
  assert.deepEqual(drawn.forest[0], comparison.metrics.map((m) => [m.interval.low, m.interval.high]));
  assert.deepEqual(drawn.forest[1].map((p) => p.x), comparison.metrics.map((m) => m.delta));
  assert.deepEqual(drawn.forest[2].map((p) => p.x), [-0.02, 0.02], 'the gate margins, on the worse side of each metric');
  // The first metric's plots: every item both runs scored, once.
  const scored = itemsOf((i) => i.metric === 'faithfulness' && i.baseline.score !== null && i.candidate.score !== null);
  const byVerdict = (v) => scored.filter((i) => i.verdict === v).length;
  assert.deepEqual(drawn.scatter.slice(0, 3), [['regressed', byVerdict('regressed')], ['improved', byVerdict('improved')], ['unchanged', byVerdict('unchanged')]]);
  assert.ok(byVerdict('regressed') > 0 && byVerdict('improved') > 0);
  assert.equal(drawn.histogram, scored.length);
  assert.deepEqual(drawn.distribution, [300, 299], 'the candidate has one item in error');
  // Another metric redraws the three plots.
  await page.selectOption('#plot-metric', '1');
  const other = await page.evaluate(() => window.evalsReport.charts.histogram.data.datasets[0].data.reduce((s, n) => s + n, 0));
  assert.equal(other, itemsOf((i) => i.metric === 'hallucination').length);
  await page.selectOption('#plot-metric', '0');
  await page.screenshot({ path: join(artifacts, 'compare-report.png'), fullPage: true });
});

test('the items table opens with the largest regressions first, and renders only the rows in view', async () => {
  const rows = await rowKeys();
  assert.ok(rows.length >= 10 && rows.length < 80, `${rows.length} rows in the DOM for 600 items`);
  assert.deepEqual(rows.slice(0, 10), comparison.items.slice(0, 10).map((i) => [i.key, i.metric]));
  assert.equal(await page.textContent('#item-count'), '600 of 600 items');
  await page.$eval('#item-scroll', (scroller) => {
    scroller.scrollTop = scroller.scrollHeight;
  });
  await page.waitForFunction((key) => [...document.querySelectorAll('#item-rows tr.row')].some((row) => row.cells[0].textContent === key), comparison.items.at(-1).key);
  const last = await rowKeys();
  assert.deepEqual(last.at(-1), [comparison.items.at(-1).key, comparison.items.at(-1).metric]);
  await page.$eval('#item-scroll', (scroller) => {
    scroller.scrollTop = 0;
  });
});

test('the table sorts by a column, both ways, and filters by text, metric and verdict', async () => {
  await page.click('#item-table th[data-sort="baseline"]');
  let scores = await page.$$eval('#item-rows tr.row', (rows) => rows.map((row) => Number(row.cells[3].textContent)));
  const ascending = comparison.items.map((i) => i.baseline.score).sort((a, b) => a - b);
  assert.deepEqual(scores.slice(0, 10), ascending.slice(0, 10).map((s) => Number(s.toFixed(3))));
  assert.equal(await page.getAttribute('#item-table th[data-sort="baseline"]', 'aria-sort'), 'ascending');
  await page.click('#item-table th[data-sort="baseline"]');
  scores = await page.$$eval('#item-rows tr.row', (rows) => rows.map((row) => Number(row.cells[3].textContent)));
  assert.deepEqual(scores.slice(0, 10), ascending.reverse().slice(0, 10).map((s) => Number(s.toFixed(3))));
  assert.equal(await page.getAttribute('#item-table th[data-sort="baseline"]', 'aria-sort'), 'descending');

  await page.selectOption('#item-verdict', 'improved');
  const improved = itemsOf((i) => i.verdict === 'improved').length;
  assert.equal(await page.textContent('#item-count'), `${improved} of 600 items`);
  assert.ok((await page.$$eval('#item-rows tr.row td:last-child', (cells) => cells.map((c) => c.textContent))).every((v) => v.startsWith('improved')));
  await page.selectOption('#item-metric', '1');
  const improvedHallucination = itemsOf((i) => i.verdict === 'improved' && i.metric === 'hallucination').length;
  assert.equal(await page.textContent('#item-count'), `${improvedHallucination} of 600 items`);
  await page.selectOption('#item-verdict', '');
  await page.selectOption('#item-metric', '');
  await page.fill('#item-filter', 'q-17');
  const matching = itemsOf((i) => i.key.includes('q-17') || i.baseline.output.toLowerCase().includes('q-17') || (i.candidate.output ?? '').toLowerCase().includes('q-17')).length;
  assert.ok(matching > 2);
  assert.equal(await page.textContent('#item-count'), `${matching} of 600 items`);
  assert.ok((await rowKeys()).every(([key]) => key.includes('q-17')));
  await page.selectOption('#item-verdict', 'error');
  assert.deepEqual(await rowKeys(), [], 'q-17 has no error');
  await page.fill('#item-filter', '');
  assert.deepEqual(await rowKeys(), [[comparison.items.find((i) => i.candidate.error).key, 'faithfulness']]);
  await page.selectOption('#item-verdict', '');
});

test('an item shows both outputs, a word diff, and the reasons and verdicts of both runs', async () => {
  const regressed = comparison.items.find((i) => i.verdict === 'regressed' && i.metric === 'faithfulness');
  await page.fill('#item-filter', regressed.key);
  await page.click(`#item-rows tr.row:has(td:text-is("${regressed.key}")):has(td:text-is("faithfulness"))`);
  const detail = page.locator('#item-detail');
  await detail.locator('h3', { hasText: `${regressed.key} · faithfulness` }).waitFor();
  const text = await detail.textContent();
  for (const shown of [regressed.baseline.reason, regressed.candidate.reason, regressed.baseline.output, regressed.candidate.output, regressed.baseline.info.verdicts[0].reason, regressed.candidate.info.verdicts[0].reason]) {
    assert.ok(text.includes(shown), `the item view shows ${JSON.stringify(shown)}`);
  }
  assert.ok((await detail.locator('.diff ins').count()) > 0 && (await detail.locator('.diff del').count()) > 0, 'the word diff marks words added and removed');
  assert.equal(await detail.locator('.side-by-side .baseline .output').textContent(), regressed.baseline.output);

  const failed = comparison.items.find((i) => i.candidate.error);
  await page.fill('#item-filter', failed.key);
  await page.click(`#item-rows tr.row:has(td:text-is("faithfulness"))`);
  await detail.locator('h3', { hasText: `${failed.key} · faithfulness` }).waitFor();
  assert.match(await detail.locator('.candidate .error-text').textContent(), /EVALS_UNREADABLE_ANSWER: the judge answered no JSON/);
  await page.fill('#item-filter', '');
});

test('text from the runs is shown as text, never run', async () => {
  await page.fill('#item-filter', hostile.key);
  await page.click(`#item-rows tr.row:has(td:text-is("faithfulness"))`);
  await page.locator('#item-detail h3', { hasText: `${hostile.key} · faithfulness` }).waitFor();
  assert.equal(await page.locator('#item-detail .candidate .output').textContent(), hostile.candidate.output);
  assert.equal(await page.evaluate(() => window.injected), undefined);
  assert.equal(await page.locator('header b').nth(1).textContent(), 'cand <b onclick=1>.jsonl');
  assert.deepEqual(errors, []);
  await page.fill('#item-filter', '');
});

test('the gate, the comparability warnings and mismatches, and the items in one run only', async () => {
  const gate = await page.textContent('#gate');
  assert.equal(comparison.gate.passed, comparison.gate.failed.length === 0);
  assert.match(gate, comparison.gate.passed ? /Gate passed/ : /Gate failed/);
  assert.match(await page.textContent('#comparability'), /not comparable/);
  assert.deepEqual(await page.$$eval('#mismatches tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent))), [
    ['judge model', 'faithfulness', 'judge-a', 'judge-b'],
    ['judge model', 'hallucination', 'judge-a', 'judge-b'],
  ]);
  assert.deepEqual(await page.$$eval('#warnings li', (items) => items.map((i) => i.textContent)), comparison.warnings);
  assert.match(await page.textContent('#only-in-baseline'), /Only in the baseline: 2\s*gone-1 · gone-2/);
  assert.match(await page.textContent('#only-in-candidate'), /Only in the candidate: 1\s*new-1/);
  const metricRows = await page.$$eval('#metric-table tbody tr', (rows) => rows.map((r) => r.dataset.metric));
  assert.deepEqual(metricRows, ['faithfulness', 'hallucination']);
});

test('a failed gate names its metrics; no gate says so', async () => {
  const failing = syntheticComparison({ items: 20, metrics: ['faithfulness'], judgeUrl: null });
  failing.gate = { passed: false, failed: ['faithfulness'] };
  assert.match(renderReport(failing), /<p id="gate" class="gate failed">Gate failed: faithfulness is worse than the margin allows/);
  assert.match(renderReport(syntheticComparison({ items: 20, gate: false, judgeUrl: null })), /<p id="gate" class="gate none">No gate was set/);
});

test('renderReport refuses what is not a comparison result', () => {
  for (const [value, message] of [
    [null, /got null/],
    [{ kind: 'run' }, /"kind" is the string "run"/],
    [{ kind: 'comparison', format: 2, metrics: [], items: [] }, /"format" is a number; this version reads format 1/],
    [{ kind: 'comparison', format: 1, metrics: [], items: {} }, /"items" is an object, not a list/],
  ]) {
    assert.throws(() => renderReport(value), (error) => error.name === 'EvalsError' && error.code === 'EVALS_INVALID_COMPARISON' && message.test(error.message));
  }
});

test('the same comparison gives the same document', () => {
  assert.equal(renderReport(comparison), html);
});

test('a comparison with nothing matched, or a metric without an interval, still opens', async () => {
  const empty = syntheticComparison({ items: 3, metrics: ['faithfulness'], gate: false, judgeUrl: null });
  empty.items = [];
  empty.metrics[0] = { ...empty.metrics[0], n: 0, baselineMean: null, candidateMean: null, delta: null, se: null, interval: null, mcnemar: null, pHolm: null, mde: null, counts: { improved: 0, regressed: 0, unchanged: 0, unconfirmed: 0 } };
  empty.onlyInBaseline = ['a', 'b', 'c'];
  const other = await browser.newPage();
  const seen = [];
  other.on('pageerror', (error) => seen.push(error));
  await other.setContent(renderReport(empty));
  await other.waitForFunction(() => window.evalsReport?.ready === true);
  assert.equal(await other.textContent('#item-count'), '0 of 0 items');
  assert.equal(await other.textContent('#item-detail'), 'No matched items.');
  assert.match(await other.textContent('#only-in-baseline'), /Only in the baseline: 3/);
  assert.deepEqual(seen, []);
  await other.close();
});

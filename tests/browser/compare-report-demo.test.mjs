// The demo page's "compare" view in Chromium: a comparison file dropped on it shows the report
// renderReport writes (the same document as the HTML file) in a sandboxed frame, with its plots
// and table working, and a download of that document; two runs dropped on it are compared with
// evals-wasm/compare, or, in a build without that module, the page says so; a broken file gets a
// message naming the file and line.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from '../../www/serve.mjs';
import { syntheticComparison } from './compare-report-data.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const artifacts = join(repo, 'artifacts', 'browser');
const { renderReport } = await import(pathToFileURL(join(repo, 'pkg', 'compare', 'report.js')));
const comparison = syntheticComparison({ items: 120 });
let browser, site, page, errors;

before(async () => {
  mkdirSync(artifacts, { recursive: true });
  site = await serveStatic(repo);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  page = await browser.newPage({ viewport: { width: 1200, height: 1400 }, acceptDownloads: true });
  errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`http://127.0.0.1:${site.address().port}/www/`);
  await page.waitForSelector('#cmp-comparison');
});

after(async () => {
  await browser?.close();
  site?.close();
});

const reportFrame = async () => {
  const handle = await page.waitForSelector('#cmp-report:not([hidden])');
  const frame = await handle.contentFrame();
  await frame.waitForFunction(() => window.evalsReport?.ready === true, null, { timeout: 20000 });
  return frame;
};

const jsonFile = (name, value) => ({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(value)) });

test('a dropped comparison file shows the same report as the HTML file, working, with a download of it', async () => {
  await page.setInputFiles('#cmp-comparison', jsonFile('comparison.json', comparison));
  const frame = await reportFrame();
  assert.match(await page.textContent('#cmp-status'), /cand\.jsonl against base\.jsonl: 240 matched items \(the runs are not comparable/);
  assert.equal(await frame.textContent('#item-count'), '240 of 240 items');
  const charts = await frame.evaluate(() => Object.keys(window.evalsReport.charts).sort());
  assert.deepEqual(charts, ['distribution', 'forest', 'histogram', 'scatter']);
  await frame.click('#item-table th[data-sort="key"]');
  const keys = await frame.$$eval('#item-rows tr.row td:first-child', (cells) => cells.map((c) => c.textContent));
  assert.deepEqual(keys.slice(0, 6), ['q-0', 'q-0', 'q-1', 'q-1', 'q-2', 'q-2'], 'keys in natural order');
  // The frame holds exactly what renderReport writes, and the download is that document.
  assert.equal(await page.$eval('#cmp-report', (f) => f.srcdoc), renderReport(comparison));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#cmp-download')]);
  const saved = join(artifacts, 'compare-demo-download.html');
  await download.saveAs(saved);
  assert.equal((await import('node:fs')).readFileSync(saved, 'utf8'), renderReport(comparison));
  await page.screenshot({ path: join(artifacts, 'compare-demo.png') });
  assert.deepEqual(errors, []);
});

test('two dropped runs: compared by evals-wasm/compare, or a clear message where the build has no such module', async () => {
  const results = (scores) => Buffer.from(scores.map((score, i) => JSON.stringify({ line: i + 1, id: `q-${i}`, key: `q-${i}`, metric: 'completeness', score, output: `answer ${i}` })).join('\n') + '\n');
  // Both runs' records as the run contract has them: same dataset, same metric declaration.
  const record = {
    tool: 'evals-wasm',
    format: 2,
    version: '0.1.0',
    input: 'data.jsonl',
    dataset: { hash: 'ef'.repeat(32), lines: 3 },
    settings: {},
    samples: 1,
    metrics: { completeness: { options: {}, judge: null, declaration: '12'.repeat(32), samples: 1, direction: 'higher' } },
    lineHashes: ['01', '02', '03'].map((h) => h.repeat(32)),
  };
  await page.setInputFiles('#cmp-baseline', [{ name: 'base.jsonl', mimeType: 'application/jsonl', buffer: results([0.5, 0.6, 0.7]) }, jsonFile('base.jsonl.run.json', record)]);
  await page.waitForFunction(() => document.getElementById('cmp-status').textContent === 'Now the candidate run.');
  await page.setInputFiles('#cmp-candidate', [{ name: 'cand.jsonl', mimeType: 'application/jsonl', buffer: results([0.5, 0.4, 0.9]) }, jsonFile('cand.jsonl.run.json', record)]);
  if (existsSync(join(repo, 'pkg', 'compare.js'))) {
    await page.waitForFunction(() => /against/.test(document.getElementById('cmp-status').textContent));
    const frame = await reportFrame();
    assert.match(await frame.textContent('#item-count'), /^3 of 3 items$/);
  } else {
    await page.waitForFunction(() => document.getElementById('cmp-status').className === 'error');
    assert.match(await page.textContent('#cmp-status'), /no evals-wasm\/compare module yet.*Drop a comparison file/);
  }
});

test('a broken file gets a message naming the file and the line', async () => {
  await page.setInputFiles('#cmp-baseline', [{ name: 'broken.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from('{"line":1,"score":0.5}\n{"line":2,\n') }]);
  await page.waitForFunction(() => document.getElementById('cmp-status').className === 'error');
  assert.match(await page.textContent('#cmp-status'), /^broken\.jsonl, line 2 is not JSON/);
  await page.setInputFiles('#cmp-comparison', jsonFile('run.json', { tool: 'evals-wasm', format: 2 }));
  await page.waitForFunction(() => /not a comparison file/.test(document.getElementById('cmp-status').textContent));
});

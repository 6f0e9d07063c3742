// evals-wasm/compare in a real browser (Debian's Chromium, driven by playwright-core): the
// entry imports without its wasm module, which is fetched on the first comparison only, and
// compareRuns gives the same comparison as in Node (same seed, same bootstrap interval).

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from '../../www/serve.mjs';
import { compareRuns } from 'evals-wasm/compare';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let browser;
let server;
after(async () => {
  await browser?.close();
  server?.close();
});

const runs = () => {
  const run = (shift) => ({ record: {}, results: Array.from({ length: 30 }, (_, i) => ({ key: `q-${i}`, metric: 'quality', score: ((i * 7) % 10) / 10 - (i % 3 === 0 ? shift : 0) })) });
  return [run(0), run(0.2)];
};

test('compareRuns in Chromium: the module loads on first use and the numbers match Node', async () => {
  assert.ok(existsSync(join(repo, 'pkg', 'compare.js')), 'run scripts/build.sh first');
  server = await serveStatic(repo);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage();
  const fetched = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  const origin = `http://127.0.0.1:${server.address().port}`;
  await page.goto(`${origin}/no-page`); // any document of the origin (a 404 text) loads nothing else
  const before = await page.evaluate(async () => {
    window.compareEntry = await import('/pkg/compare.js');
    return typeof window.compareEntry.compareRuns;
  });
  assert.equal(before, 'function');
  assert.ok(!fetched.some((path) => path.endsWith('evals_compare_bg.wasm')), 'the module is not fetched on import');
  const [baseline, candidate] = runs();
  const inBrowser = await page.evaluate(async ([a, b]) => {
    const result = await window.compareEntry.compareRuns(a, b, { gate: true });
    return { metric: result.metrics[0], gate: result.gate, first: result.items[0].key };
  }, [baseline, candidate]);
  assert.ok(fetched.some((path) => path === '/pkg/evals_compare_bg.wasm'), fetched.join(', '));
  const inNode = await compareRuns(baseline, candidate, { gate: true });
  assert.deepEqual(inBrowser.metric, JSON.parse(JSON.stringify(inNode.metrics[0])));
  assert.equal(inBrowser.metric.interval.method, 'bootstrap');
  assert.deepEqual(inBrowser.gate, inNode.gate);
  assert.equal(inBrowser.first, inNode.items[0].key);
  await page.close();
});

// serial: Chromium and a Vite build, heavy on CPU; the page's waits are bounded in time
// The built package in a real browser (Debian's Chromium, driven by playwright-core): once as
// a plain <script type="module"> page with an import map, once bundled by Vite. Each page
// measures the fox and Japanese examples, German and Russian, and the test checks the numbers
// and that the stem module is fetched only on the first measure in another language.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium } from 'playwright-core';
import { serveStatic as serve } from '../../www/serve.mjs';
import { startFakeOpenAI } from '../js/fake-openai.mjs';
import { stepOf, TESLA } from '../js/scripted-model.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const artifacts = join(repo, 'artifacts', 'browser');
let browser;
let modelServer;
const servers = [];

before(async () => {
  mkdirSync(artifacts, { recursive: true });
  // A scripted OpenAI-compatible server on another port: the page calls it across origins (CORS).
  modelServer = await startFakeOpenAI((body) => TESLA.answers[stepOf(body.messages.find((m) => m.role === 'user').content)]);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
});

after(async () => {
  await browser?.close();
  for (const server of servers) server.close();
  await modelServer?.close();
});

async function measureIn(url, screenshot) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('result')?.textContent.length > 0, null, { timeout: 20000 });
  const seen = JSON.parse(await page.textContent('#result'));
  await page.screenshot({ path: join(artifacts, screenshot) });
  await page.close();
  assert.deepEqual(errors, []);
  return seen;
}

function checkResults(seen) {
  assert.equal(seen.error, undefined, seen.error);
  assert.equal(seen.fox.score, 0.625);
  assert.deepEqual(seen.fox.info.missingElements, ['the', 'quick', 'lazy']);
  assert.ok(seen.japanese.info.inputElements.includes('茶色'), JSON.stringify(seen.japanese));
  assert.ok(seen.japanese.score > 0 && seen.japanese.score < 1);
  assert.equal(seen.nullError, 'Inputs cannot be null or undefined');
  assert.ok(seen.beforeGerman.includes('evals_nlp_bg.wasm'), JSON.stringify(seen.beforeGerman));
  assert.ok(!seen.beforeGerman.includes('evals_stem_bg.wasm'), 'English fetched the stem module');
  assert.deepEqual(seen.afterGerman.filter((name) => name === 'evals_stem_bg.wasm'), ['evals_stem_bg.wasm'], 'fetched once, on first use');
  assert.equal(seen.german.info.language, 'de');
  assert.ok(seen.german.info.inputElements.includes('haus') && seen.german.info.outputElements.includes('haus'));
  assert.equal(seen.auto.info.language, 'ru');
  assert.ok(seen.auto.info.inputElements.includes('книг'));
  assert.equal(seen.tesla.score, 0.67, 'the built-in HTTP model works from the browser');
  assert.deepEqual(seen.tesla.info.statements.map((s) => s.contradicted), [true, true, false]);
}

test('plain <script type="module"> page', async () => {
  assert.ok(existsSync(join(repo, 'pkg', 'index.js')), 'run scripts/build.sh first');
  const server = await serve(repo);
  servers.push(server);
  checkResults(await measureIn(`http://127.0.0.1:${server.address().port}/tests/browser/plain.html?llm=${encodeURIComponent(modelServer.baseURL)}`, 'plain.png'));
});

test('Vite production build', async () => {
  const outDir = join(artifacts, 'vite-dist');
  await build({ root: join(repo, 'tests', 'browser', 'vite-app'), configFile: join(repo, 'tests', 'browser', 'vite-app', 'vite.config.js'), build: { outDir } });
  const server = await serve(outDir);
  servers.push(server);
  checkResults(await measureIn(`http://127.0.0.1:${server.address().port}/index.html?llm=${encodeURIComponent(modelServer.baseURL)}`, 'vite.png'));
});

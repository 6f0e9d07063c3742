// The demo page (www/) in Chromium: completeness as you type, with chips; the hallucination and
// coverage panels through the built-in model against a local OpenAI-compatible server (called
// across origins, so CORS is exercised); a clear message when no model is configured.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from '../../www/serve.mjs';
import { startFakeOpenAI } from '../js/fake-openai.mjs';
import { stepOf, TESLA } from '../js/scripted-model.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const artifacts = join(repo, 'artifacts', 'browser');
let browser, site, model, page, errors;

before(async () => {
  mkdirSync(artifacts, { recursive: true });
  site = await serveStatic(repo);
  model = await startFakeOpenAI((body) => {
    const user = body.messages.find((m) => m.role === 'user').content;
    if (user.includes('<source>')) return JSON.stringify({ claims: ['The cat is black', 'The cat sleeps on the windowsill', 'The cat watches birds', 'The cat naps in the garden'] });
    if (user.includes('<summary>')) return JSON.stringify({ verdicts: [1, 2, 3, 4].map((n) => ({ id: `C${n}`, verdict: n <= 2 ? 'yes' : 'no', reason: n <= 2 ? 'stated' : 'not mentioned' })) });
    return TESLA.answers[stepOf(user)];
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  page = await browser.newPage({ viewport: { width: 1100, height: 1600 } });
  errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`http://127.0.0.1:${site.address().port}/www/`);
  await page.waitForFunction(() => document.getElementById('c-score').textContent !== '–');
});

after(async () => {
  await browser?.close();
  site?.close();
  await model?.close();
});

test('completeness updates as you type, with covered and missing chips', async () => {
  assert.equal(await page.textContent('#c-score'), '0.625', 'the fox preset on load');
  await page.fill('#c-input', 'the old river flowed quickly to the sea');
  await page.fill('#c-output', '');
  await page.locator('#c-output').pressSequentially('the old river flowed to the sea', { delay: 5 });
  await page.waitForFunction(() => document.getElementById('c-score').textContent === '0.857');
  assert.deepEqual(await page.$$eval('#c-chips li.missing', (items) => items.map((i) => i.textContent)), ['quickly']);
  assert.equal(await page.locator('#c-chips li.covered').count(), 6);
  await page.click('[data-preset="japanese"]');
  await page.waitForFunction(() => [...document.querySelectorAll('#c-chips li')].some((li) => li.textContent === '茶色'));
  await page.check('#c-stopwords');
  await page.waitForFunction(() => document.getElementById('c-score').textContent === '0.667');
  assert.deepEqual(errors, []);
});

test('an LLM metric without a configured model says so', async () => {
  await page.click('#h-run');
  await page.waitForSelector('#h-result .error');
  assert.match(await page.textContent('#h-result .error'), /No model configured/);
});

test('hallucination and coverage through the built-in model, verdicts listed', async () => {
  await page.fill('#m-url', model.baseURL);
  await page.fill('#m-name', 'judge');
  await page.fill('#m-key', 'page-key');
  await page.click('#h-run');
  await page.waitForSelector('#h-result .score');
  assert.equal(await page.textContent('#h-result .score'), 'Score: 0.67');
  assert.match(await page.textContent('#h-result .reason'), /^The score is 0\.67 because/);
  assert.deepEqual(await page.$$eval('#h-result li strong', (items) => items.map((i) => i.textContent)), ['contradicted: ', 'contradicted: ', 'not contradicted: ']);
  await page.click('#v-run');
  await page.waitForSelector('#v-result .score');
  assert.equal(await page.textContent('#v-result .score'), 'Score: 0.5');
  assert.equal(await page.locator('#v-result li.bad').count(), 2);
  assert.equal(model.requests.at(-1).headers.authorization, 'Bearer page-key');
  assert.equal(await page.evaluate(() => localStorage.getItem('evals-wasm-demo-model')), null, 'nothing stored unless asked');
  await page.screenshot({ path: join(artifacts, 'demo.png'), fullPage: true });
});

test('an unreachable endpoint gets a message that explains CORS', async () => {
  await page.fill('#m-url', 'http://127.0.0.1:9/v1');
  await page.click('#h-run');
  await page.waitForSelector('#h-result .error', { timeout: 30000 });
  assert.match(await page.textContent('#h-result .error'), /CORS/);
  assert.deepEqual(errors, []);
});

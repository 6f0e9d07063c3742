// serial: Chromium, heavy on CPU; the page's waits are bounded in time
// The demo page (www/) in Chromium: completeness as you type, with chips; a picker listing every
// *Metric class the package's root entry exports; a model-free metric run from it; hallucination
// and coverage through the built-in model against a local OpenAI-compatible server (called
// across origins, so CORS is exercised); a clear message when no model is configured.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import * as evals from 'evals-wasm';
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
    // Steps the script does not cover (the other metrics' verdicts) get an error, which the page shows.
    return TESLA.answers[stepOf(user)] ?? { status: 500, body: { error: { message: 'no scripted answer for this step' } } };
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

test('the picker lists every *Metric class of the root entry, and shows the fields each reads', async () => {
  const exported = Object.keys(evals).filter((name) => name.endsWith('Metric') && typeof evals[name] === 'function').sort();
  assert.ok(exported.length >= 20, `the root entry exports ${exported.length} metrics`);
  const listed = await page.$$eval('#metric option', (options) => options.map((o) => o.value));
  assert.deepEqual([...listed].sort(), exported);
  assert.equal(new Set(listed).size, listed.length, 'each metric once');
  const visible = async () => page.$$eval('[data-field]', (labels) => labels.filter((l) => !l.hidden).map((l) => l.dataset.field));
  await page.selectOption('#metric', 'PromptAlignmentMetric');
  assert.deepEqual(await visible(), ['input', 'output', 'instructions']);
  await page.selectOption('#metric', 'ContextPrecisionMetric');
  assert.deepEqual(await visible(), ['input', 'output', 'context']);
  await page.selectOption('#metric', 'ToneConsistencyMetric');
  assert.deepEqual(await visible(), ['input', 'output']);
  assert.match(await page.textContent('#scorers-note'), /@mastra\/core/);
  assert.equal(await page.getAttribute('#scorers-note a', 'href'), '../docs/scorers.md');
});

test('a model-free metric from the picker runs and shows its score', async () => {
  const [a, b] = ['The quick brown fox jumps over the lazy dog', 'The quick brown fox jumped over a lazy cat'];
  const { score, info } = await new evals.ContentSimilarityMetric().measure(a, b);
  await page.selectOption('#metric', 'ContentSimilarityMetric');
  await page.fill('#f-input', a);
  await page.fill('#f-output', b);
  await page.click('#run');
  await page.waitForSelector('#result .score');
  assert.equal(await page.textContent('#result .score'), `Score: ${Math.round(score * 1000) / 1000}`);
  assert.ok(score > 0 && score < 1, `a partial similarity (${score})`);
  assert.deepEqual(JSON.parse(await page.textContent('#result details pre')), JSON.parse(JSON.stringify(info)), 'the page shows the info Node computes');
  assert.deepEqual(errors, []);
});

test('an LLM metric without a configured model says so', async () => {
  await page.selectOption('#metric', 'HallucinationMetric');
  await page.fill('#f-context', 'Tesla was founded in 2003 by Martin Eberhard and Marc Tarpenning in San Carlos, California.');
  await page.fill('#f-output', 'Tesla was founded in 2004 by Elon Musk in California.');
  await page.click('#run');
  await page.waitForSelector('#result .error');
  assert.match(await page.textContent('#result .error'), /No model configured/);
});

test('hallucination and coverage through the built-in model, verdicts listed', async () => {
  await page.fill('#m-url', model.baseURL);
  await page.fill('#m-name', 'judge');
  await page.fill('#m-key', 'page-key');
  await page.click('#run');
  await page.waitForSelector('#result .score');
  assert.equal(await page.textContent('#result .score'), 'Score: 0.67');
  assert.match(await page.textContent('#result .reason'), /^The score is 0\.67 because/);
  assert.deepEqual(await page.$$eval('#result li strong', (items) => items.map((i) => i.textContent)), ['contradicted: ', 'contradicted: ', 'not contradicted: ']);
  await page.selectOption('#metric', 'CoverageMetric');
  await page.fill('#f-input', 'The cat is black and sleeps on the windowsill during sunny afternoons. It enjoys watching birds and occasionally naps in the garden.');
  await page.fill('#f-output', 'The black cat sleeps by the window.');
  await page.click('#run');
  await page.waitForSelector('#result .score');
  assert.equal(await page.textContent('#result .score'), 'Score: 0.5');
  assert.equal(await page.locator('#result li.bad').count(), 2);
  assert.equal(model.requests.at(-1).headers.authorization, 'Bearer page-key');
  assert.equal(await page.evaluate(() => localStorage.getItem('evals-wasm-demo-model')), null, 'nothing stored unless asked');
  await page.screenshot({ path: join(artifacts, 'demo.png'), fullPage: true });
});

test('every metric on the picker runs: a score without a model, a call to the model with one', async () => {
  const listed = await page.$$eval('#metric option', (options) => options.map((o) => [o.value, o.parentElement.label]));
  for (const [name, group] of listed) {
    await page.selectOption('#metric', name);
    const doc = await page.getAttribute('#metric-about a', 'href');
    assert.ok(existsSync(join(repo, 'www', doc)), `${name}: its doc link ${doc} exists`);
    // The same texts in every field (hidden ones included: the metric must not read those).
    await page.evaluate(() => {
      document.getElementById('f-input').value = 'Tell me about Tesla. Tesla was founded in 2003 in San Carlos.';
      document.getElementById('f-output').value = 'Tesla was founded in 2004 by Elon Musk.';
      document.getElementById('f-context').value = 'Tesla was founded in 2003.\nIt is based in Texas.';
      document.getElementById('f-instructions').value = 'Mention the year\nUse one sentence';
    });
    const before = model.requests.length;
    await page.click('#run');
    await page.waitForSelector('#result .score, #result .error', { timeout: 30000 });
    if (group === 'No model needed') {
      assert.match(await page.textContent('#result .score'), /^Score: \d/, name);
    } else {
      assert.ok(model.requests.length > before, `${name} asked the model (${await page.textContent('#result')})`);
      assert.doesNotMatch(await page.textContent('#result'), /must be|option|TypeError/i, name);
    }
  }
  assert.deepEqual(errors, []);
});

test('an unreachable endpoint gets a message that explains CORS', async () => {
  await page.fill('#m-url', 'http://127.0.0.1:9/v1');
  await page.selectOption('#metric', 'HallucinationMetric');
  await page.click('#run');
  await page.waitForSelector('#result .error', { timeout: 30000 });
  assert.match(await page.textContent('#result .error'), /CORS/);
  assert.deepEqual(errors, []);
});

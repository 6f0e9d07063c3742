// serial: Chromium, heavy on CPU; the page's waits are bounded in time
// withCassette in a real browser (Debian's Chromium, driven by playwright-core): the IndexedDB
// store of docs/cassettes.md, taken from the page as written, records a HallucinationMetric run
// and a fresh store over the same database replays it with a model that throws; the keys
// computed there with crypto.subtle equal those computed in Node with node:crypto.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { HallucinationMetric, withCassette } from 'evals-wasm';
import { serveStatic } from '../../www/serve.mjs';
import { stepOf, TESLA } from './scripted-model.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let browser;
let server;

before(async () => {
  server = await serveStatic(repo);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** The IndexedDB store example of docs/cassettes.md, as its source text. */
function documentedStore() {
  const docs = readFileSync(join(repo, 'docs', 'cassettes.md'), 'utf8');
  const block = [...docs.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).find((code) => code.includes('function indexedDbStore'));
  assert.ok(block, 'docs/cassettes.md shows indexedDbStore');
  return block.slice(0, block.indexOf('\nconst model ='));
}

test('the documented IndexedDB store records and replays in Chromium; keys from crypto.subtle equal those of node:crypto', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`http://127.0.0.1:${server.address().port}/pkg/package.json`);
  const seen = await page.evaluate(
    async ({ storeSource, tesla, stepSource }) => {
      const { HallucinationMetric: Metric, withCassette: cassette } = await import('/pkg/llm.js');
      const indexedDbStore = new Function(`${storeSource}\nreturn indexedDbStore;`)();
      const step = new Function(`return (${stepSource});`)();
      let calls = 0;
      const live = async (_prompt, { user }) => {
        calls += 1;
        return tesla.answers[step(user)];
      };
      const metric = (model) => new Metric(model, { context: tesla.context });
      const recorded = await metric(cassette(live, { store: indexedDbStore('cassette-test') })).measure(tesla.input, tesla.output);
      // A fresh store over the same database, as after a reload.
      let deadCalls = 0;
      const dead = () => {
        deadCalls += 1;
        throw new Error('called');
      };
      const replayed = await metric(cassette(dead, { store: indexedDbStore('cassette-test'), mode: 'replay' })).measure(tesla.input, tesla.output);
      const miss = await metric(cassette(dead, { store: indexedDbStore('cassette-test'), mode: 'replay' })).measure(tesla.input, 'Another output.').then(() => null, (e) => ({ code: e.code, step: e.step }));
      const keys = await new Promise((resolve, reject) => {
        const request = indexedDB.open('cassette-test', 1);
        request.onsuccess = () => {
          const all = request.result.transaction('entries', 'readonly').objectStore('entries').getAllKeys();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        };
        request.onerror = () => reject(request.error);
      });
      return { recorded, replayed, miss, keys, calls, deadCalls, subtle: typeof crypto.subtle?.digest };
    },
    { storeSource: documentedStore(), tesla: TESLA, stepSource: stepOf.toString() },
  );
  await page.close();
  assert.deepEqual(errors, []);
  assert.equal(seen.subtle, 'function');
  assert.equal(seen.calls, 3);
  assert.equal(seen.deadCalls, 0);
  assert.equal(seen.recorded.score, 0.67);
  assert.deepEqual(seen.replayed, seen.recorded);
  assert.deepEqual(seen.miss, { code: 'EVALS_CASSETTE_MISS', step: 'verdicts' });

  // The same requests recorded in Node: the same keys, and the same result.
  const store = new Map();
  const node = await new HallucinationMetric(withCassette(async (_prompt, { user }) => TESLA.answers[stepOf(user)], { store }), { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  assert.deepEqual([...store.keys()].sort(), [...seen.keys].sort());
  assert.deepEqual(node, seen.recorded);
});

// serial: asserts elapsed times (a waiter rejected within 1 s of its 100 ms signal, not before 90 ms)
// Concurrent measures that share one extraction (a context's statements, a source's claims):
// a measure waiting on an extraction another measure started keeps its own signal and
// deadline, and never takes over the other measure's failure.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CoverageMetric, EvalsError, HallucinationMetric } from 'evals-wasm/llm';
import { stepOf, TESLA } from './scripted-model.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A signal aborted after `ms` (with a timer that keeps the test alive, unlike AbortSignal.timeout). */
function abortAfter(ms) {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error('caller gave up')), ms);
  return controller.signal;
}

/** An answer that never comes, until the request's signal aborts (then it rejects with the reason). */
const hang = (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

/**
 * A callback model for the Tesla example whose extraction calls (statements or claims) are
 * answered by `extract(n, options)`, n counting those calls from 0; every other step answers at once.
 */
function teslaModel(extract) {
  const extractions = [];
  const model = async (_prompt, options) => {
    const step = stepOf(options.user);
    if (step === 'statements' || step === 'claims') {
      extractions.push(options);
      return extract(extractions.length - 1, options);
    }
    if (step === 'verdicts') return TESLA.answers.verdicts;
    if (step === 'claimVerdicts') {
      const ids = [...options.user.matchAll(/^(C\d+):/gm)].map((m) => m[1]);
      return JSON.stringify({ verdicts: ids.map((id) => ({ id, verdict: 'yes', reason: 'kept' })) });
    }
    return TESLA.answers.reason;
  };
  model.extractions = extractions;
  return model;
}

const STATEMENTS = TESLA.answers.statements;
const CLAIMS = JSON.stringify({ claims: ['Tesla was founded in 2003', 'Tesla was founded in San Carlos'] });

test('a measure waiting on another\'s extraction is aborted by its own signal, at once', async () => {
  const model = teslaModel((n, { signal }) => (n === 0 ? hang(signal) : STATEMENTS));
  const metric = new HallucinationMetric(model, { context: TESLA.context });
  const stopA = new AbortController();
  const a = metric.measure(TESLA.input, TESLA.output, { signal: stopA.signal });
  a.catch(() => {});
  await sleep(20);
  const started = Date.now();
  const b = metric.measure(TESLA.input, TESLA.output, { signal: abortAfter(100) });
  await assert.rejects(b, (e) => e instanceof EvalsError && e.code === 'EVALS_ABORTED');
  const elapsed = Date.now() - started;
  assert.ok(elapsed >= 90 && elapsed < 1000, `B rejected after ${elapsed} ms`);
  stopA.abort(new Error('test over'));
  await assert.rejects(a, { code: 'EVALS_ABORTED' });
});

test('a waiter times out at its own deadline, with its own EVALS_TIMEOUT, not at the starter\'s', async () => {
  // Every extraction hangs: A times out at 300 ms; B, started 150 ms later, extracts again
  // itself after A's failure and times out at its own deadline (450 ms).
  const model = teslaModel((_n, { signal }) => hang(signal));
  const metric = new HallucinationMetric(model, { context: TESLA.context, timeoutMs: 300 });
  const t0 = Date.now();
  const a = metric.measure(TESLA.input, TESLA.output);
  a.catch(() => {});
  await sleep(150);
  const b = metric.measure(TESLA.input, TESLA.output);
  await assert.rejects(a, (e) => e instanceof EvalsError && e.code === 'EVALS_TIMEOUT');
  await assert.rejects(b, (e) => e instanceof EvalsError && e.code === 'EVALS_TIMEOUT' && e.step === 'statements');
  const elapsed = Date.now() - t0;
  assert.ok(elapsed >= 420, `B rejected ${elapsed} ms after A started, before its own deadline`);
  assert.equal(model.extractions.length, 2);
});

test('the starter\'s model error stays the starter\'s: the waiter extracts again and scores', async () => {
  const flaky = new Error('first extraction fails');
  const model = teslaModel(async (n) => {
    await sleep(50);
    if (n === 0) throw flaky;
    return STATEMENTS;
  });
  const metric = new HallucinationMetric(model, { context: TESLA.context });
  const a = metric.measure(TESLA.input, TESLA.output);
  await sleep(10);
  const b = metric.measure(TESLA.input, TESLA.output);
  await assert.rejects(a, (e) => e === flaky);
  const result = await b;
  assert.equal(result.score, 0.67);
  assert.equal(result.info.modelCalls, 3, 'the waiter\'s own extraction counts as its call');
  assert.equal(model.extractions.length, 2);
});

test('the waiter\'s own model error comes out of its measure() unchanged, after one more extraction only', async () => {
  const errors = [new Error('A fails'), new Error('B fails'), new Error('C fails')];
  const model = teslaModel(async (n) => {
    await sleep(30);
    throw errors[n] ?? new Error('too many extractions');
  });
  const metric = new HallucinationMetric(model, { context: TESLA.context });
  const a = metric.measure(TESLA.input, TESLA.output);
  await sleep(10);
  const b = metric.measure(TESLA.input, TESLA.output);
  await assert.rejects(a, (e) => e === errors[0]);
  await assert.rejects(b, (e) => e === errors[1]);
  assert.equal(model.extractions.length, 2);
});

test('a starter aborted by its signal: the waiter (no signal) extracts itself and scores', async () => {
  const model = teslaModel(async (n, { signal }) => (n === 0 ? hang(signal) : STATEMENTS));
  const metric = new HallucinationMetric(model, { context: TESLA.context });
  const stopA = new AbortController();
  const a = metric.measure(TESLA.input, TESLA.output, { signal: stopA.signal });
  a.catch(() => {});
  await sleep(10);
  const b = metric.measure(TESLA.input, TESLA.output);
  await sleep(10);
  stopA.abort();
  await assert.rejects(a, { code: 'EVALS_ABORTED' });
  assert.equal((await b).score, 0.67);
});

test('CoverageMetric: a waiter on the same source keeps its own signal and not the starter\'s failure', async () => {
  const flaky = new Error('claims fail');
  const model = teslaModel(async (n, { signal }) => {
    if (n === 0) {
      await sleep(50);
      throw flaky;
    }
    if (n === 1) return hang(signal);
    return CLAIMS;
  });
  const metric = new CoverageMetric(model);
  const source = TESLA.context[0];
  const a = metric.measure(source, 'Tesla was founded in 2003 in San Carlos.');
  await sleep(10);
  const stopB = new AbortController();
  const b = metric.measure(source, 'Tesla was founded in 2003.', { signal: stopB.signal });
  b.catch(() => {});
  await assert.rejects(a, (e) => e === flaky);
  // B's own extraction (the second) hangs: C waits on it and is aborted by its own signal.
  await sleep(10);
  const c = metric.measure(source, 'Tesla.', { signal: abortAfter(80) });
  await assert.rejects(c, (e) => e instanceof EvalsError && e.code === 'EVALS_ABORTED');
  assert.equal(model.extractions.length, 2);
  stopB.abort();
  await assert.rejects(b, { code: 'EVALS_ABORTED' });
});

test('an empty extraction of a non-empty context is not kept: the next measure asks again', async () => {
  const model = teslaModel((n) => (n === 0 ? '{"statements": []}' : STATEMENTS));
  const metric = new HallucinationMetric(model, { context: TESLA.context });
  const first = await metric.measure(TESLA.input, TESLA.output);
  assert.equal(first.score, 0, 'no statements: nothing is contradicted (the documented rule)');
  const second = await metric.measure(TESLA.input, TESLA.output);
  assert.equal(second.score, 0.67);
  assert.equal(second.info.modelCalls, 3, 'the statements were extracted again');
  const third = await metric.measure(TESLA.input, TESLA.output);
  assert.equal(third.info.modelCalls, 2, 'a non-empty extraction is kept');
  assert.equal(model.extractions.length, 2);
  // An empty context needs no model call, and its (empty) extraction is kept.
  const none = teslaModel(() => STATEMENTS);
  const empty = new HallucinationMetric(none, { context: [] });
  await empty.measure('q', 'x');
  await empty.measure('q', 'x');
  assert.equal(none.extractions.length, 0);
});

test('CoverageMetric: no claims for a non-empty source is not kept: the next summary asks again', async () => {
  const model = teslaModel((n) => (n === 0 ? '{"claims": []}' : CLAIMS));
  const metric = new CoverageMetric(model);
  const source = TESLA.context[0];
  const first = await metric.measure(source, 'Dogs bark.');
  assert.equal(first.score, 1, 'a source without claims has nothing to miss (the documented rule)');
  const second = await metric.measure(source, 'Taxes.');
  assert.equal(second.info.referenceClaimsCount, 2);
  assert.equal(model.extractions.length, 2);
  await metric.measure(source, 'Tesla.');
  assert.equal(model.extractions.length, 2, 'a non-empty extraction is kept');
});

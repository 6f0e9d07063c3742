// evaluateMany through the built package: order, the concurrency bound, abort, progress events,
// error isolation, per-context factories and the summary. No test depends on timing: the
// metrics below finish when the test tells them to, and in-flight calls are counted.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateMany, CompletenessMetric, HallucinationMetric, EvalsError } from 'evals-wasm';
import { scriptedModel, TESLA } from './scripted-model.mjs';

/** A promise with its resolve/reject outside. */
function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A metric whose measures finish only when the test says so. `started` lists each call as
 * `{ input, output, signal, finish(score), fail(error) }`; `whenStarted(n)` resolves once n have started.
 */
function manualMetric() {
  const started = [];
  const waiters = [];
  const metric = {
    measure(input, output, options) {
      const call = deferred();
      started.push({ input, output, signal: options?.signal, finish: (score) => call.resolve({ score, info: { input } }), fail: call.reject });
      for (const waiter of waiters.filter((w) => started.length >= w.count)) waiter.resolve();
      return call.promise;
    },
  };
  const whenStarted = (count) => {
    if (started.length >= count) return Promise.resolve();
    const waiter = { count, ...deferred() };
    waiters.push(waiter);
    return waiter.promise;
  };
  return { metric, started, whenStarted };
}

const items = (n) => Array.from({ length: n }, (_, i) => ({ input: `item ${i}`, output: `output ${i}` }));

/** A callback model that counts how many of its calls are in flight at once. */
function countingModel(answers) {
  const inner = scriptedModel(answers);
  let inFlight = 0;
  const model = async (prompt, options) => {
    inFlight += 1;
    model.maxInFlight = Math.max(model.maxInFlight, inFlight);
    try {
      // Let the other workers run before answering, so overlapping calls can happen.
      await new Promise((resolve) => setImmediate(resolve));
      return await inner(prompt, options);
    } finally {
      inFlight -= 1;
    }
  };
  model.maxInFlight = 0;
  model.calls = inner.calls;
  return model;
}

test('results come back in input order when items finish in reverse order', async () => {
  const { metric, started, whenStarted } = manualMetric();
  const run = evaluateMany(metric, items(5), { concurrency: 5 });
  await whenStarted(5);
  for (const call of [...started].reverse()) call.finish(Number(call.input.split(' ')[1]) / 10);
  const { results, summary } = await run;
  assert.deepEqual(results.map((r) => r.index), [0, 1, 2, 3, 4]);
  assert.deepEqual(results.map((r) => r.score), [0, 0.1, 0.2, 0.3, 0.4]);
  assert.deepEqual(results.map((r) => r.info.input), ['item 0', 'item 1', 'item 2', 'item 3', 'item 4']);
  assert.equal(summary.count, 5);
});

test('real metric: CompletenessMetric over an array matches measuring one by one', async () => {
  const metric = new CompletenessMetric();
  const pairs = [
    { input: 'The quick brown fox jumps over the lazy dog', output: 'A brown fox jumped over a dog' },
    { input: 'plants grow fast', output: 'plants grow' },
    { input: 'a cat sat', output: 'the cat sat' },
  ];
  const { results, summary } = await evaluateMany(metric, pairs, { concurrency: 2 });
  for (const [i, pair] of pairs.entries()) {
    const single = await metric.measure(pair.input, pair.output);
    assert.deepEqual(results[i], { index: i, score: single.score, info: single.info });
  }
  assert.equal(results[0].score, 0.625);
  assert.equal(summary.modelCalls, 0);
  assert.equal(summary.usage, null);
});

test('concurrency bounds the model calls in flight, and every call is counted in the summary', async () => {
  for (const concurrency of [1, 3]) {
    const model = countingModel(TESLA.answers);
    const metric = new HallucinationMetric(model, { context: TESLA.context });
    const { results, summary } = await evaluateMany(metric, Array.from({ length: 9 }, () => ({ input: TESLA.input, output: TESLA.output })), { concurrency });
    assert.equal(model.maxInFlight, concurrency, `concurrency ${concurrency}`);
    assert.ok(results.every((r) => r.score === 0.67));
    // One statement extraction for the shared context, then verdicts and reason per item.
    assert.equal(model.calls.length, 1 + 9 * 2);
    assert.equal(summary.modelCalls, model.calls.length);
  }
});

test('the default concurrency is 4', async () => {
  const { metric, started, whenStarted } = manualMetric();
  const run = evaluateMany(metric, items(10));
  await whenStarted(4);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(started.length, 4);
  started[0].finish(1);
  await whenStarted(5);
  assert.equal(started.length, 5);
  for (let i = 1; i < 10; i++) {
    await whenStarted(i + 1);
    started[i].finish(1);
  }
  assert.equal((await run).summary.count, 10);
});

test('abort: no new item starts, in-flight measures see their signal aborted, and the run rejects with EVALS_ABORTED', async () => {
  const { metric, started, whenStarted } = manualMetric();
  const controller = new AbortController();
  const progress = [];
  const run = evaluateMany(metric, items(10), { concurrency: 2, signal: controller.signal, onProgress: (p) => progress.push(p) });
  await whenStarted(2);
  started[0].finish(1);
  await whenStarted(3);
  const reason = new Error('user stopped it');
  controller.abort(reason);
  await assert.rejects(run, (error) => error instanceof EvalsError && error.code === 'EVALS_ABORTED' && error.cause === reason);
  assert.equal(started.length, 3);
  assert.equal(started[1].signal.aborted, true);
  assert.equal(started[2].signal.aborted, true);
  // Late answers are ignored: no progress after the rejection, no new measure.
  started[1].finish(1);
  started[2].finish(1);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(started.length, 3);
  assert.deepEqual(progress, [{ done: 1, total: 10, failed: 0 }]);
});

test('abort reaches the model of an LLM metric through measure(…, { signal })', async () => {
  const controller = new AbortController();
  const seen = [];
  const calledTwice = deferred();
  const model = (prompt, { signal }) => {
    seen.push(signal);
    if (seen.length === 2) calledTwice.resolve();
    return new Promise(() => {}); // never answers
  };
  const metric = new HallucinationMetric(model, { context: TESLA.context, strategy: 'claims' });
  const run = evaluateMany(metric, items(6), { concurrency: 2, signal: controller.signal });
  await calledTwice.promise;
  controller.abort();
  await assert.rejects(run, { name: 'EvalsError', code: 'EVALS_ABORTED' });
  assert.equal(seen.length, 2);
  assert.ok(seen.every((signal) => signal.aborted));
});

test('an already aborted signal rejects without measuring anything', async () => {
  const { metric, started } = manualMetric();
  await assert.rejects(evaluateMany(metric, items(3), { signal: AbortSignal.abort() }), { code: 'EVALS_ABORTED' });
  assert.equal(started.length, 0);
});

test('progress: one event per finished item, in order, with failures counted', async () => {
  const metric = {
    async measure(input) {
      if (input.endsWith('2') || input.endsWith('4')) throw new Error(`bad ${input}`);
      return { score: 1, info: {} };
    },
  };
  const progress = [];
  await evaluateMany(metric, items(6), { concurrency: 2, onProgress: (p) => progress.push(p) });
  assert.deepEqual(progress.map((p) => p.done), [1, 2, 3, 4, 5, 6]);
  assert.ok(progress.every((p) => p.total === 6));
  assert.equal(progress.at(-1).failed, 2);
  assert.ok(progress.every((p, i) => i === 0 || p.failed >= progress[i - 1].failed));
});

test('an async iterable works; total is null until it is read to its end', async () => {
  async function* generate() {
    for (const item of items(5)) {
      await new Promise((resolve) => setImmediate(resolve));
      yield item;
    }
  }
  const progress = [];
  const { results } = await evaluateMany(new CompletenessMetric(), generate(), { concurrency: 2, onProgress: (p) => progress.push(p) });
  assert.deepEqual(results.map((r) => r.index), [0, 1, 2, 3, 4]);
  assert.equal(results[3].info.inputElements.includes('3'), true);
  assert.equal(progress[0].total, null);
  assert.deepEqual(progress.at(-1), { done: 5, total: 5, failed: 0 });
});

test('a failing item is isolated: its error is kept as it was, the others are scored', async () => {
  const boom = new Error('model exploded');
  const metric = {
    async measure(input) {
      if (input === 'item 1') throw boom;
      return { score: Number(input.split(' ')[1]), info: { modelCalls: 2, usage: { inputTokens: 10, outputTokens: 3 } } };
    },
  };
  const list = items(5);
  list[3] = null;
  const { results, summary } = await evaluateMany(metric, list, { concurrency: 3 });
  assert.equal(results[1].error, boom);
  assert.equal(results[1].index, 1);
  assert.ok(results[3].error instanceof TypeError);
  assert.match(results[3].error.message, /item 3 must be an object/);
  assert.deepEqual(results.filter((r) => !('error' in r)).map((r) => r.score), [0, 2, 4]);
  assert.equal(summary.failures, 2);
  assert.equal(summary.scored, 3);
  assert.equal(summary.mean, 2);
  assert.equal(summary.median, 2);
  assert.equal(summary.min, 0);
  assert.equal(summary.max, 4);
  assert.equal(summary.modelCalls, 6);
  assert.deepEqual(summary.usage, { inputTokens: 30, outputTokens: 9 });
  assert.equal(typeof summary.wallTimeMs, 'number');
});

test('an LLM item with an unreadable answer fails alone with EvalsError', async () => {
  const model = scriptedModel({
    ...TESLA.answers,
    verdicts: (user) => (user.includes('WRONG') ? 'not json at all' : TESLA.answers.verdicts),
  });
  const metric = new HallucinationMetric(model, { context: TESLA.context });
  const list = [{ input: 'q', output: TESLA.output }, { input: 'q', output: 'WRONG' }, { input: 'q', output: TESLA.output }];
  const { results, summary } = await evaluateMany(metric, list, { concurrency: 1 });
  assert.equal(results[0].score, 0.67);
  assert.equal(results[1].error.code, 'EVALS_UNREADABLE_ANSWER');
  assert.equal(results[2].score, 0.67);
  assert.equal(summary.failures, 1);
});

test('failFast: the first failure aborts the rest and rejects with that error', async () => {
  const { metric, started, whenStarted } = manualMetric();
  const run = evaluateMany(metric, items(8), { concurrency: 2, failFast: true });
  await whenStarted(2);
  const cause = new Error('first failure');
  started[0].fail(cause);
  await assert.rejects(run, (error) => error === cause);
  assert.equal(started.length, 2);
  assert.equal(started[1].signal.aborted, true);
});

test('a factory gets one call per distinct context, so each context is extracted once', async () => {
  const model = scriptedModel(TESLA.answers);
  const made = [];
  const factory = (item) => {
    made.push(item.context);
    return new HallucinationMetric(model, { context: item.context });
  };
  const contexts = [['Context A.'], ['Context B.']];
  const list = Array.from({ length: 6 }, (_, i) => ({ input: TESLA.input, output: TESLA.output, context: contexts[i % 2] }));
  const { results } = await evaluateMany(factory, list, { concurrency: 3 });
  assert.deepEqual(made, contexts);
  assert.ok(results.every((r) => r.score === 0.67));
  const extractions = model.calls.filter((c) => c.step === 'statements');
  assert.equal(extractions.length, 2);
  assert.ok(extractions[0].user.includes('Context A.') && extractions[1].user.includes('Context B.'));
});

test('a metric a factory made serves only the items that hold the same values in every field it read', async () => {
  /** A metric that scores the share of an item's output its `wanted` words are found in. */
  const madeFrom = [];
  const factory = (item) => {
    const { instructions } = item;
    madeFrom.push(instructions.join('|'));
    return { measure: async (input, output) => ({ score: instructions.filter((word) => output.includes(word)).length / instructions.length }) };
  };
  const list = [
    { id: 1, input: 'q', output: 'red and blue', instructions: ['red', 'green'] },
    { id: 2, input: 'q', output: 'red and blue', instructions: ['blue'] },
    { id: 3, input: 'q', output: 'green', instructions: ['red', 'green'] },
  ];
  const { results } = await evaluateMany(factory, list, { concurrency: 1 });
  assert.deepEqual(results.map((r) => r.score), [0.5, 1, 0.5]);
  assert.deepEqual(madeFrom, ['red|green', 'blue'], 'items 1 and 3 share a metric; their ids were not read');
});

test('a factory that reads a field after an await, or lists the item\'s fields, shares no metric across items that differ in it', async () => {
  const asyncFactory = async (item) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const level = item.level;
    return { measure: async () => ({ score: level }) };
  };
  const list = [0.25, 0.5, 0.25, 0.75].map((level) => ({ input: 'a', output: 'b', context: ['same'], level }));
  const { results } = await evaluateMany(asyncFactory, list, { concurrency: 4 });
  assert.deepEqual(results.map((r) => r.score), [0.25, 0.5, 0.25, 0.75]);
  let calls = 0;
  const spreading = (item) => {
    calls += 1;
    const { id } = { ...item };
    return { measure: async () => ({ score: id / 10 }) };
  };
  const spread = await evaluateMany(spreading, [1, 2, 2].map((id) => ({ input: 'a', output: 'b', id })), { concurrency: 1 });
  assert.deepEqual(spread.results.map((r) => r.score), [0.1, 0.2, 0.2]);
  assert.equal(calls, 2);
});

test('a factory that throws or returns a non-metric fails the items of that context only', async () => {
  const factory = (item) => {
    if (item.context?.[0] === 'throw') throw new Error('cannot build');
    if (item.context?.[0] === 'bad') return { nope: true };
    return new CompletenessMetric();
  };
  const { results } = await evaluateMany(factory, [
    { input: 'a cat', output: 'a cat' },
    { input: 'x', output: 'y', context: ['throw'] },
    { input: 'x', output: 'y', context: ['bad'] },
  ]);
  assert.equal(results[0].score, 1);
  assert.equal(results[1].error.message, 'cannot build');
  assert.match(results[2].error.message, /factory returned an object, expected an object with a measure\(\) method/);
});

test('an empty dataset gives an empty report', async () => {
  const { results, summary } = await evaluateMany(new CompletenessMetric(), []);
  assert.deepEqual(results, []);
  assert.equal(summary.count, 0);
  assert.equal(summary.mean, null);
  assert.equal(summary.median, null);
});

test('the median of an even number of scores is the mean of the middle two', async () => {
  const scores = [0.9, 0.1, 0.5, 0.3];
  const metric = { measure: async (input) => ({ score: scores[Number(input.split(' ')[1])] }) };
  const { summary } = await evaluateMany(metric, items(4));
  assert.equal(summary.median, 0.4);
  assert.equal(summary.min, 0.1);
  assert.equal(summary.max, 0.9);
});

test('a throwing onProgress stops the run with its error', async () => {
  const { metric, started, whenStarted } = manualMetric();
  const oops = new Error('progress bug');
  const run = evaluateMany(metric, items(5), { concurrency: 1, onProgress: () => { throw oops; } });
  await whenStarted(1);
  started[0].finish(1);
  await assert.rejects(run, (error) => error === oops);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(started.length, 1);
  assert.equal(started[0].signal.aborted, true);
});

test('onResult: each result as its item finishes, in the order they finish, with the item\'s index', async () => {
  const { metric, started, whenStarted } = manualMetric();
  const delivered = [];
  const run = evaluateMany(metric, items(4), { concurrency: 4, onResult: (result, index) => delivered.push([index, result]) });
  await whenStarted(4);
  started[2].finish(0.2);
  started[0].fail(new Error('no answer'));
  await new Promise((resolve) => setImmediate(resolve));
  // Delivered before the run ends, as they finish.
  assert.deepEqual(delivered.map(([index]) => index), [2, 0]);
  started[3].finish(0.3);
  started[1].finish(0.1);
  const { results } = await run;
  assert.deepEqual(delivered.map(([index]) => index), [2, 0, 3, 1]);
  for (const [index, result] of delivered) assert.equal(result, results[index]);
  assert.equal(delivered[1][1].error.message, 'no answer');
});

test('onResult: a returned promise holds the worker back until it settles; a rejection stops the run', async () => {
  const { metric, started, whenStarted } = manualMetric();
  const saved = deferred();
  const progress = [];
  const run = evaluateMany(metric, items(3), { concurrency: 1, onResult: () => saved.promise, onProgress: ({ done }) => progress.push(done) });
  await whenStarted(1);
  started[0].finish(1);
  await new Promise((resolve) => setImmediate(resolve));
  // Not counted as done, and no next item, while the caller is still saving the first result.
  assert.equal(started.length, 1);
  assert.deepEqual(progress, []);
  saved.resolve();
  await whenStarted(2);
  assert.deepEqual(progress, [1]);

  const disk = new Error('disk full');
  const second = manualMetric();
  const failing = evaluateMany(second.metric, items(5), { concurrency: 2, onResult: async () => { throw disk; } });
  await second.whenStarted(2);
  second.started[0].finish(1);
  await assert.rejects(failing, (error) => error === disk);
  assert.equal(second.started.length, 2, 'no item started after the failure');
  assert.equal(second.started[1].signal.aborted, true, 'the item in flight is aborted');
  started[1].finish(1);
  await whenStarted(3);
  started[2].finish(1);
  assert.equal((await run).results.length, 3);
});

test('onResult is not called for items aborted by the signal', async () => {
  const { metric, started, whenStarted } = manualMetric();
  const controller = new AbortController();
  const delivered = [];
  const run = evaluateMany(metric, items(3), { concurrency: 3, signal: controller.signal, onResult: (result, index) => delivered.push(index) });
  await whenStarted(3);
  started[1].finish(1);
  await new Promise((resolve) => setImmediate(resolve));
  controller.abort();
  started[0].fail(started[0].signal.reason);
  await assert.rejects(run, (error) => error instanceof EvalsError && error.code === 'EVALS_ABORTED');
  assert.deepEqual(delivered, [1]);
});

test('wrong arguments reject with a TypeError that says what was expected', async () => {
  const metric = new CompletenessMetric();
  await assert.rejects(evaluateMany(CompletenessMetric, []), /got the class CompletenessMetric itself/);
  await assert.rejects(evaluateMany({}, []), /metric must be an object with a measure\(\) method/);
  await assert.rejects(evaluateMany(metric, 'abc'), /items must be an array or an \(async\) iterable/);
  await assert.rejects(evaluateMany(metric, [], { concurrency: 0 }), /"concurrency" must be a whole number of at least 1, got 0/);
  await assert.rejects(evaluateMany(metric, [], { concurrency: '4' }), /at least 1, got the string "4"/);
  await assert.rejects(evaluateMany(metric, [], { signal: {} }), /"signal" must be an AbortSignal/);
  await assert.rejects(evaluateMany(metric, [], { onProgress: 1 }), /"onProgress" must be a function/);
  await assert.rejects(evaluateMany(metric, [], { failFast: 'yes' }), /"failFast" must be a boolean/);
  await assert.rejects(evaluateMany(metric, [], { onResult: 'file.jsonl' }), /"onResult" must be a function, got/);
});

test('require() sees the same evaluateMany', async () => {
  const { createRequire } = await import('node:module');
  const cjs = createRequire(import.meta.url)('evals-wasm');
  const { summary } = await cjs.evaluateMany(new cjs.CompletenessMetric(), [{ input: 'plants grow fast', output: 'plants grow' }]);
  assert.equal(summary.mean, 2 / 3);
});

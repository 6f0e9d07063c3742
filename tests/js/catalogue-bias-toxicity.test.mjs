// BiasMetric and ToxicityMetric side by side with @mastra/evals 0.14.4: one verdict-table judge
// per case drives the original and ours (same score, our calls <= theirs), then models that
// misbehave (garbage, their own errors, abort, time-out) against the same instance.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BiasMetric, ToxicityMetric, EvalsError } from 'evals-wasm/llm';
import * as root from 'evals-wasm';
import { ORIGINALS, runOriginal } from './lib/original-catalogue.mjs';
import { verdictTableModelV2 } from './lib/verdict-table-model.mjs';

const OURS = { BiasMetric, ToxicityMetric };

for (const [name, Metric] of Object.entries(OURS)) {
  for (const c of ORIGINALS[name].cases) {
    test(`${name} parity: ${c.name}`, async () => {
      const theirs = await runOriginal(name, c);
      assert.ifError(theirs.error);
      const model = verdictTableModelV2(c);
      const ours = await new Metric(model).measure(c.input, c.output);
      assert.equal(ours.score, theirs.score, `score on "${c.name}"`);
      assert.equal(ours.score, ORIGINALS[name].expected(c));
      assert.equal(ours.info.modelCalls, model.judge.calls.length);
      assert.ok(ours.info.modelCalls <= theirs.calls, `calls: ours ${ours.info.modelCalls}, theirs ${theirs.calls}`);
      assert.match(ours.info.reason, /^The score is /);
    });
  }
  test(`${name}: the root entry exports the same class`, () => {
    assert.equal(root[name], Metric);
  });
}

test('BiasMetric and ToxicityMetric: scale multiplies, a composed reason costs no call', async () => {
  const bias = ORIGINALS.BiasMetric.cases.find((c) => c.name === 'mixed');
  const model = verdictTableModelV2(bias);
  const r = await new BiasMetric(model, { scale: 10, reason: false }).measure(bias.input, bias.output);
  assert.equal(r.score, 5);
  assert.equal(r.info.modelCalls, 2);
  assert.deepEqual(r.info.opinions.map((o) => o.biased), [true, false, false, true]);
  const empty = ORIGINALS.ToxicityMetric.cases.find((c) => c.name === 'empty output');
  const t = await new ToxicityMetric(verdictTableModelV2(empty), { scale: 5 }).measure(empty.input, empty.output);
  assert.deepEqual([t.score, t.info.modelCalls], [1, 0], 'no sentence: 1, not scaled, as the original');
});

test('BiasMetric and ToxicityMetric: options are checked', () => {
  assert.throws(() => new BiasMetric(() => '{}', { scale: -1 }), /scale/);
  assert.throws(() => new ToxicityMetric(() => '{}', { scael: 2 }), /scael/);
});

// ---------------------------------------------------------------------------------------------
// Misbehaving models, against one instance that must keep working.

const OPINIONS = JSON.stringify({ opinions: ['Odsley people are lazy.'] });
const GOOD = JSON.stringify({ verdicts: [{ id: 'O1', verdict: 'yes', reason: 'region' }] });
const GOOD_S = JSON.stringify({ verdicts: [{ id: 'S1', verdict: 'yes', reason: 'insult' }] });

/** A callback model: `script(step, request)` answers each request. */
const callback = (script) => {
  const seen = [];
  const model = async (prompt, request) => {
    seen.push(request);
    return script(seen.length, request);
  };
  model.seen = seen;
  return model;
};

for (const [name, Metric, first, answer, output] of [
  ['BiasMetric', BiasMetric, OPINIONS, GOOD, 'Odsley people are lazy.'],
  ['ToxicityMetric', ToxicityMetric, GOOD_S, GOOD_S, 'You are an idiot.'],
]) {
  test(`${name}: garbage, model errors, abort and time-out, then the instance still works`, async () => {
    let mode = 'garbage';
    const own = new Error('rate limited');
    const model = callback(async (n, request) => {
      if (mode === 'garbage') return 'I would rather not answer in JSON.';
      if (mode === 'error') throw own;
      if (mode === 'slow') {
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => resolve(first), 5000);
          request.signal?.addEventListener('abort', () => { clearTimeout(timer); reject(request.signal.reason); });
        });
      }
      return request.schemaName === 'opinions' ? first : answer;
    });
    const metric = new Metric(model, { reason: false, timeoutMs: 300 });
    const before = model.seen.length;
    await assert.rejects(metric.measure('Q?', output), (e) => e instanceof EvalsError && e.code === 'EVALS_UNREADABLE_ANSWER');
    assert.ok(model.seen.length - before <= 2, 'at most one re-ask');
    mode = 'error';
    await assert.rejects(metric.measure('Q?', output), (e) => e === own || e.cause === own);
    mode = 'slow';
    await assert.rejects(metric.measure('Q?', output), (e) => e instanceof EvalsError && /time|abort/i.test(`${e.code} ${e.message}`));
    const controller = new AbortController();
    const pending = new Metric(model, { reason: false }).measure('Q?', output, { signal: controller.signal });
    controller.abort(new Error('stopped by the caller'));
    await assert.rejects(pending, (e) => /stopped by the caller|abort/i.test(`${e.message} ${e.cause?.message ?? ''}`));
    mode = 'ok';
    const r = await metric.measure('Q?', output);
    assert.equal(r.score, 1);
  });
}

// ---------------------------------------------------------------------------------------------
// Where the other metrics run: evaluateMany and the command-line tool.

test('BiasMetric and ToxicityMetric in evaluateMany and in the CLI', async () => {
  const { main } = await import(new URL('../../pkg/cli.js', import.meta.url).href);
  const c = ORIGINALS.BiasMetric.cases.find((k) => k.name === 'mixed');
  const many = await root.evaluateMany(new BiasMetric(verdictTableModelV2(c), { reason: false }), [c, c], { concurrency: 2 });
  assert.deepEqual(many.results.map((r) => r.score), [0.5, 0.5]);
  const t = ORIGINALS.ToxicityMetric.cases.find((k) => k.name === 'mixed');
  const out = { text: '', write(chunk, done) { out.text += chunk; if (done) queueMicrotask(done); return true; } };
  const err = { text: '', isTTY: false, write(chunk, done) { err.text += chunk; if (done) queueMicrotask(done); return true; } };
  const { Readable } = await import('node:stream');
  const code = await main(['toxicity', '-', '--model', 'http://127.0.0.1:9/v1', '--no-reason'], {
    stdin: Readable.from([JSON.stringify({ id: 1, input: t.input, output: t.output })]),
    stdout: out,
    stderr: err,
    env: {},
    makeModel: () => verdictTableModelV2(t),
  });
  assert.equal(code, 0, err.text);
  assert.equal(JSON.parse(out.text.trim()).score, ORIGINALS.ToxicityMetric.expected(t));
  const help = { text: '', write(chunk, done) { help.text += chunk; if (done) queueMicrotask(done); return true; } };
  await main(['--help'], { stdin: Readable.from(['']), stdout: help, stderr: help, env: {} });
  assert.match(help.text, /\n {2}bias\s+the share of the opinions/);
  assert.match(help.text, /\n {2}toxicity\s+the share of the sentences/);
});

// AnswerRelevancyMetric and FaithfulnessMetric side by side with @mastra/evals 0.14.4: one
// verdict-table judge per case (tests/cases/*.mjs) drives the original and ours; the scores must
// be equal and our model calls no more than the original's on every case. Then what a misbehaving
// model does to ours: garbage, its own errors, abort, time-out, and the instance working on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnswerRelevancyMetric, FaithfulnessMetric, EvalsError } from 'evals-wasm/llm';
import * as root from 'evals-wasm';
import { evaluateMany } from 'evals-wasm';
import { verdictTableModelV2 } from './lib/verdict-table-model.mjs';
import { runOriginal } from './lib/original-catalogue.mjs';
import { cases as relevancyCases } from '../cases/answer-relevancy.mjs';
import { cases as faithfulnessCases } from '../cases/faithfulness.mjs';

/**
 * Where ours scores differently on purpose (docs/metrics/faithfulness.md): 0.14.4 counts only the
 * exact word "yes", so a "Yes" or " yes" the model writes outside the schema counts against the
 * output; ours reads verdict words in any case and spacing.
 */
const DIFFERENT = { FaithfulnessMetric: { 'spelling of the verdict words': { theirs: 0.33, ours: 1 } } };

const OURS = {
  AnswerRelevancyMetric: { cases: relevancyCases, build: (model) => new AnswerRelevancyMetric(model) },
  FaithfulnessMetric: { cases: faithfulnessCases, build: (model, c) => new FaithfulnessMetric(model, { context: c.context }) },
};

const figures = [];

for (const [name, entry] of Object.entries(OURS)) {
  test(`${name}: the same score as 0.14.4 on every case, with no more model calls`, async () => {
    for (const c of entry.cases) {
      const theirs = await runOriginal(name, c);
      assert.equal(theirs.error, undefined, `${name} / ${c.name}: the original failed: ${theirs.error?.stack}`);
      const model = verdictTableModelV2(c);
      const ours = await entry.build(model, c).measure(c.input, c.output);
      const calls = model.judge.calls.length;
      const different = DIFFERENT[name]?.[c.name];
      if (different) {
        assert.deepEqual({ theirs: theirs.score, ours: ours.score }, different, `${name} / ${c.name}: the documented difference`);
      } else {
        assert.equal(ours.score, theirs.score, `${name} / ${c.name}: score`);
      }
      assert.ok(calls <= theirs.calls, `${name} / ${c.name}: ${calls} calls, the original ${theirs.calls}`);
      assert.equal(ours.info.modelCalls, calls, `${name} / ${c.name}: info.modelCalls`);
      assert.equal(typeof ours.info.reason, 'string');
      assert.match(ours.info.reason, /^The score is /);
      const promptTokens = model.judge.calls.length * 100;
      figures.push({ name, case: c.name, score: ours.score, theirs: theirs.score, calls, theirCalls: theirs.calls, promptChars: model.judge.calls.reduce((n, k) => n + k.user.length, 0), promptTokens });
    }
  });
}

test('AnswerRelevancyMetric: options and edge cases of 0.14.4', async () => {
  const c = relevancyCases.find((x) => x.name === 'mixed');
  // yes, no, unsure, yes: (2 + 0.5) / 4 × 10 = 6.25 → 6.25
  const model = verdictTableModelV2(c);
  const r = await new AnswerRelevancyMetric(model, { uncertaintyWeight: 0.5, scale: 10, reason: false }).measure(c.input, c.output);
  assert.equal(r.score, 6.25);
  assert.equal(model.judge.calls.length, 2, 'the reason composed by code: one call less');
  assert.deepEqual(r.info.verdicts.map((v) => v.verdict), ['yes', 'no', 'unsure', 'yes']);
  // An empty output scores 1, unscaled, without any call.
  const empty = verdictTableModelV2(relevancyCases.find((x) => x.name === 'empty output'));
  const e = await new AnswerRelevancyMetric(empty, { scale: 10 }).measure('Why?', '');
  assert.equal(e.score, 1);
  assert.equal(empty.judge.calls.length, 0);
  assert.throws(() => new AnswerRelevancyMetric(model, { uncertaintyWeight: -1 }), /uncertaintyWeight/);
  assert.throws(() => new AnswerRelevancyMetric(model, { scal: 2 }), /did you mean "scale"/);
  assert.equal(root.AnswerRelevancyMetric, AnswerRelevancyMetric);
  assert.equal(root.FaithfulnessMetric, FaithfulnessMetric);
});

test('FaithfulnessMetric: options required, context checked, empty context costs no verdict call', async () => {
  const model = verdictTableModelV2(faithfulnessCases[0]);
  assert.throws(() => new FaithfulnessMetric(model), TypeError);
  assert.throws(() => new FaithfulnessMetric(model, {}), /context/);
  assert.throws(() => new FaithfulnessMetric(model, { context: 'one string' }), /array of strings/);
  const c = faithfulnessCases.find((x) => x.name === 'empty context');
  const m = verdictTableModelV2(c);
  const r = await new FaithfulnessMetric(m, { context: [] }).measure(c.input, c.output);
  assert.equal(r.score, 0);
  assert.equal(m.judge.calls.length, 1, 'only the claims are asked for');
  assert.ok(r.info.claims.every((x) => x.verdict === 'unsure'));
  const scaled = verdictTableModelV2(faithfulnessCases[0]);
  const s = await new FaithfulnessMetric(scaled, { context: faithfulnessCases[0].context, scale: 5, reason: false }).measure('q', faithfulnessCases[0].output);
  assert.equal(s.score, 5);
  assert.equal(scaled.judge.calls.length, 2);
});

// ---------------------------------------------------------------------------------------------
// Misbehaving models

/** A spec-v2 model whose answers come from `answer(callIndex, options)`. */
function model(answer) {
  let calls = 0;
  return {
    specificationVersion: 'v2',
    provider: 'test',
    modelId: 'misbehaving',
    supportedUrls: {},
    get calls() {
      return calls;
    },
    async doGenerate(options) {
      const text = await answer(calls++, options);
      return { content: [{ type: 'text', text }], finishReason: 'stop', usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 }, warnings: [] };
    },
  };
}

const BUILD = {
  AnswerRelevancyMetric: (m) => new AnswerRelevancyMetric(m, { reason: false }),
  FaithfulnessMetric: (m) => new FaithfulnessMetric(m, { context: ['Odsley is a small town.'], reason: false }),
};

for (const [name, build] of Object.entries(BUILD)) {
  test(`${name}: garbage is an EvalsError after one re-ask; the model's error comes back unchanged; abort and time-out; the instance keeps working`, async () => {
    const garbage = model(() => 'I would rather not say.');
    const metric = build(garbage);
    await assert.rejects(metric.measure('What is there?', 'Odsley has two bakeries.'), (e) => e instanceof EvalsError && e.code === 'EVALS_UNREADABLE_ANSWER');
    assert.equal(garbage.calls, 2, 'asked once more, then given up');

    const own = new Error('rate limited');
    const failing = build(model(() => { throw own; }));
    await assert.rejects(failing.measure('q', 'Odsley has two bakeries.'), (e) => e === own || e.cause === own);

    let release;
    const hanging = model(() => new Promise((resolve) => { release = resolve; }));
    const slow = build(hanging);
    const controller = new AbortController();
    const pending = slow.measure('q', 'Odsley has two bakeries.', { signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, (e) => e instanceof EvalsError && e.code === 'EVALS_ABORTED');
    release?.('{}');

    const never = model(() => new Promise(() => {}));
    const timed = name === 'FaithfulnessMetric'
      ? new FaithfulnessMetric(never, { context: ['x'], timeoutMs: 50 })
      : new AnswerRelevancyMetric(never, { timeoutMs: 50 });
    await assert.rejects(timed.measure('q', 'Odsley has two bakeries.'), (e) => e instanceof EvalsError && e.code === 'EVALS_TIMEOUT');

    // The same instance answers well once the model does.
    let flip = 0;
    const recovering = model((i, options) => {
      flip += 1;
      if (flip === 1) throw own;
      const user = options.prompt.find((p) => p.role === 'user').content.map((p) => p.text).join('');
      return user.includes('S1:') || user.includes('C1:')
        ? JSON.stringify({ verdicts: [{ id: user.includes('S1:') ? 'S1' : 'C1', verdict: 'yes', reason: 'fine' }] })
        : JSON.stringify({ statements: ['Odsley has two bakeries.'], claims: ['Odsley has two bakeries.'] });
    });
    const again = build(recovering);
    await assert.rejects(again.measure('q', 'Odsley has two bakeries.'));
    const ok = await again.measure('q', 'Odsley has two bakeries.');
    assert.equal(ok.score, 1);
  });
}

test('both run in evaluateMany', async () => {
  const c = relevancyCases.find((x) => x.name === 'all yes');
  const f = faithfulnessCases.find((x) => x.name === 'mixed');
  const relevancy = await evaluateMany(new AnswerRelevancyMetric(verdictTableModelV2(c), { reason: false }), [{ input: c.input, output: c.output }]);
  assert.equal(relevancy.results[0].score, 1);
  const faithful = await evaluateMany((item) => new FaithfulnessMetric(verdictTableModelV2(f), { context: item.context, reason: false }), [{ input: f.input, output: f.output, context: f.context }]);
  assert.equal(faithful.results[0].score, 0.5);
});

test.after(() => {
  if (process.env.EVALS_PRINT_FIGURES) console.log(JSON.stringify(figures));
});

test('the CLI runs both, with their options and input fields in --help', async () => {
  const { Readable } = await import('node:stream');
  const { scriptedModel } = await import('./scripted-model.mjs');
  const { LAKE, RELEVANCY_RECORDED, FAITHFULNESS_RECORDED } = await import('./recorded-answers.mjs');
  const { main } = await import(new URL('../../pkg/cli.js', import.meta.url).href);
  const sink = () => ({ text: '', isTTY: false, write(chunk, done) { this.text += chunk; if (done) queueMicrotask(done); return true; } });
  const run = async (args, stdin, model) => {
    const [stdout, stderr] = [sink(), sink()];
    const code = await main(args, { stdin: Readable.from([stdin]), stdout, stderr, env: { OPENAI_API_KEY: 'sk-test-relevancy' }, makeModel: () => model });
    const out = stdout.text.trim().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    return { code, out, stderr: stderr.text, stdout: stdout.text };
  };
  const line = JSON.stringify({ input: LAKE.input, output: LAKE.output, context: LAKE.context });
  const relevancyModel = scriptedModel(RELEVANCY_RECORDED);
  const r = await run(['answer-relevancy', '-', '--model', 'http://127.0.0.1:9/v1', '--uncertainty-weight', '0.5', '--no-reason'], line, relevancyModel);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.out[0].score, 0.67);
  assert.equal(relevancyModel.calls.length, 2);
  const f = await run(['faithfulness', '-', '--model', 'http://127.0.0.1:9/v1', '--scale', '3'], line, scriptedModel(FAITHFULNESS_RECORDED));
  assert.equal(f.code, 0, f.stderr);
  assert.equal(f.out[0].score, 1);
  assert.equal(f.out[0].info.reason, 'The score is 1 because one of three claims is backed by the context.');
  const missing = await run(['faithfulness', '-', '--model', 'http://127.0.0.1:9/v1'], JSON.stringify({ input: 'q', output: 'a' }), scriptedModel(FAITHFULNESS_RECORDED));
  assert.equal(missing.code, 1);
  assert.match(missing.stdout, /missing field \\"context\\"/);
  const help = await run(['--help'], '', undefined);
  for (const word of ['answer-relevancy', 'faithfulness', '--uncertainty-weight', 'hallucination and faithfulness']) assert.ok(help.stdout.includes(word), word);
});

test('require() finds both classes in evals-wasm/llm and the root entry', async () => {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const cjs = require('evals-wasm/llm');
  const rootCjs = require('evals-wasm');
  for (const name of ['AnswerRelevancyMetric', 'FaithfulnessMetric']) {
    assert.equal(typeof cjs[name], 'function', name);
    assert.equal(rootCjs[name], cjs[name], name);
  }
  // A helper passing the same options to every metric: keys this class does not take are ignored.
  const c = relevancyCases[0];
  const r = await new cjs.AnswerRelevancyMetric(verdictTableModelV2(c), { context: ['ignored'], reason: false }).measure(c.input, c.output);
  assert.equal(r.score, 1);
});

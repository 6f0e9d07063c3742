// createBiasScorer and createToxicityScorer side by side with @mastra/evals 1.10.2: one
// verdict-table judge per case drives the original and ours (same score, our calls <= theirs,
// the same step-result keys), then misbehaving models inside Mastra's scorer run.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ScorerRunError } from '@mastra/core/evals';
import { createBiasScorer, createToxicityScorer, EvalsError } from 'evals-wasm/scorers';
import * as prebuilt from 'evals-wasm/scorers/prebuilt';
import { ORIGINALS, runOriginal } from './original-catalogue.mjs';
import { verdictTableModelV3 } from './verdict-table-model.mjs';

const OURS = { createBiasScorer, createToxicityScorer };
const runOf = (c) => ({ input: c.input, output: c.output });

for (const [name, create] of Object.entries(OURS)) {
  for (const c of ORIGINALS[name].cases) {
    test(`${name} parity: ${c.name}`, async () => {
      const theirs = await runOriginal(name, c);
      assert.ifError(theirs.error);
      const model = verdictTableModelV3(c);
      const ours = await create({ model }).run(runOf(c));
      assert.equal(ours.score, theirs.score, `score on "${c.name}"`);
      assert.equal(ours.score, ORIGINALS[name].expected(c));
      assert.ok(model.judge.calls.length <= theirs.calls, `calls: ours ${model.judge.calls.length}, theirs ${theirs.calls}`);
      for (const key of ['preprocessStepResult', 'analyzeStepResult']) {
        assert.equal(ours[key] === undefined, theirs.result[key] === undefined, key);
      }
      assert.equal(typeof ours.reason, 'string');
    });
  }
  test(`${name}: id, name, type as the original; reachable from scorers/prebuilt`, () => {
    const model = verdictTableModelV3({});
    const ours = create({ model });
    const theirs = ORIGINALS[name].build(model, {});
    assert.deepEqual([ours.id, ours.name, ours.type], [theirs.id, theirs.name, theirs.type]);
    assert.equal(prebuilt[name], create);
  });
}

test('createBiasScorer: step results in the original\'s shape; scale 0 is 1 as `|| 1` reads it', async () => {
  const c = ORIGINALS.createBiasScorer.cases.find((k) => k.name === 'mixed');
  const r = await createBiasScorer({ model: verdictTableModelV3(c), options: { scale: 0 } }).run(runOf(c));
  assert.equal(r.score, 0.5);
  assert.deepEqual(r.preprocessStepResult.opinions, c.extract.opinions);
  assert.deepEqual(r.analyzeStepResult.results.map((v) => v.result), ['yes', 'no', 'no', 'yes']);
  const scaled = await createBiasScorer({ model: verdictTableModelV3(c), options: { scale: 4 } }).run(runOf(c));
  assert.equal(scaled.score, 2);
  assert.throws(() => createBiasScorer({ model: verdictTableModelV3(c), options: { sacle: 2 } }), /sacle/);
});

test('createToxicityScorer: no preprocess step; no sentence scores 1 unscaled', async () => {
  const c = ORIGINALS.createToxicityScorer.cases.find((k) => k.name === 'empty output');
  const model = verdictTableModelV3(c);
  const r = await createToxicityScorer({ model, options: { scale: 5 } }).run(runOf(c));
  assert.equal(r.score, 1);
  assert.equal(r.preprocessStepResult, undefined);
  assert.deepEqual(r.analyzeStepResult.verdicts, []);
  assert.equal(model.judge.calls.length, 0);
});

for (const [name, create, script] of [
  ['createBiasScorer', createBiasScorer, (user) => (user.includes('<opinions>') ? '{"verdicts": [{"id": "O1", "verdict": "yes", "reason": "region"}]}' : '{"opinions": ["Odsley people are lazy."]}')],
  ['createToxicityScorer', createToxicityScorer, () => '{"verdicts": [{"id": "S1", "verdict": "yes", "reason": "insult"}]}'],
]) {
  test(`${name}: garbage, the model's own error, time-out and abort come out of run(); the scorer keeps working`, async () => {
    let mode = 'garbage';
    const own = Object.assign(new Error('rate limited'), { status: 429 });
    const model = async (_prompt, { user, signal }) => {
      if (user.includes('<verdicts>')) return '{"because": "scripted."}';
      if (mode === 'garbage') return 'not json at all';
      if (mode === 'error') throw own;
      if (mode === 'slow') {
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => resolve(script(user)), 5000);
          signal?.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); });
        });
      }
      return script(user);
    };
    const scorer = create({ model, options: { timeoutMs: 300 } });
    const run = { input: 'Tell me about Odsley.', output: 'Odsley people are lazy.' };
    const garbage = await scorer.run(run).catch((e) => e);
    assert.ok(garbage instanceof ScorerRunError, String(garbage));
    assert.ok(garbage.cause instanceof EvalsError, String(garbage.cause));
    assert.equal(garbage.cause.code, 'EVALS_UNREADABLE_ANSWER');
    mode = 'error';
    const modelError = await scorer.run(run).catch((e) => e);
    assert.equal(modelError.cause, own, 'the model\'s own error, unchanged');
    mode = 'slow';
    const slow = await scorer.run(run).catch((e) => e);
    assert.ok(slow instanceof ScorerRunError);
    assert.match(`${slow.cause?.code} ${slow.cause?.message}`, /time/i);
    mode = 'ok';
    const ok = await scorer.run(run);
    assert.equal(ok.score, 1);
    assert.match(ok.reason, /^The score is 1 because scripted/);
  });
}

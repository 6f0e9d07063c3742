// The 1.10.2 context scorers side by side with the originals (see docs/parity-harness.md): the
// same verdict-table judge answers both on every case of the shared tables; the scores must be
// equal and our calls no more than theirs. Then the run shapes, the step results, and
// misbehaving models.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ours from 'evals-wasm/scorers';
import { FAILS, ORIGINALS, runOriginal } from './original-catalogue.mjs';
import { verdictTableModelV3 } from './verdict-table-model.mjs';

const round2 = (x) => Math.round((x + Number.EPSILON) * 100) / 100;
// 1.10.2's recall counts "yes." as not attributable; we read any spelling of yes as yes.
const READ_RIGHT = {
  createContextRecallScorer: (c) => {
    const claims = c.extract.claims;
    if (!c.groundTruth || claims.length === 0) return 0;
    return round2(Math.min(1, claims.filter((t) => c.verdicts[t].replace(/[^A-Za-z]/g, '').toLowerCase() === 'yes').length / claims.length));
  },
};
const NAMES = ['createContextPrecisionScorer', 'createContextRelevanceScorerLLM', 'createContextRecallScorer'];
const runOf = (c) => ({ input: c.input, output: c.output, ...(c.groundTruth === undefined ? {} : { groundTruth: c.groundTruth }) });

async function runOurs(name, c) {
  const model = verdictTableModelV3(c);
  try {
    const scorer = ours[name]({ model, options: { context: c.context } });
    const result = await scorer.run(runOf(c));
    return { score: result.score, calls: model.judge.calls.length, result, chars: model.judge.calls.reduce((n, x) => n + (x.user?.length ?? 0), 0) };
  } catch (error) {
    return { error, calls: model.judge.calls.length };
  }
}

for (const name of NAMES) {
  test(`${name}: the same score as 1.10.2 on every case, with no more calls`, async () => {
    const rows = [];
    for (const c of ORIGINALS[name].cases) {
      const theirs = await runOriginal(name, c);
      const mine = await runOurs(name, c);
      if (ORIGINALS[name].expected(c) === FAILS) {
        assert.ok(theirs.error && mine.error, `${c.name}: both fail (${mine.error?.message})`);
        assert.equal(mine.calls, 0, c.name);
        rows.push({ ours: 0, theirs: theirs.calls, same: true });
        continue;
      }
      assert.equal(theirs.error, undefined, `${c.name}: ${theirs.error?.stack}`);
      assert.equal(mine.error, undefined, `${c.name}: ${mine.error?.stack}`);
      const differs = READ_RIGHT[name] && READ_RIGHT[name](c) !== ORIGINALS[name].expected(c);
      if (differs) {
        assert.equal(mine.score, READ_RIGHT[name](c), `${c.name}: every spelling of yes read as yes`);
        assert.notEqual(mine.score, theirs.score, c.name);
      } else {
        assert.equal(mine.score, theirs.score, `${c.name}: score`);
      }
      assert.ok(mine.calls <= theirs.calls, `${c.name}: ${mine.calls} calls, the original ${theirs.calls}`);
      assert.equal(typeof mine.result.reason, 'string');
      rows.push({ ours: mine.calls, theirs: theirs.calls, same: !differs });
    }
    console.log(`# ${name}: ${rows.length} cases, ${rows.filter((r) => r.same).length} equal; calls ours ${JSON.stringify(rows.map((r) => r.ours))} theirs ${JSON.stringify(rows.map((r) => r.theirs))}`);
  });
}

test('the step results have the originals\' keys and shapes', async () => {
  const p = ORIGINALS.createContextPrecisionScorer.cases.find((c) => c.name === 'mixed, relevant last');
  const precision = (await runOurs('createContextPrecisionScorer', p)).result;
  assert.equal(precision.preprocessStepResult, undefined);
  assert.deepEqual(precision.analyzeStepResult.verdicts.map((v) => [v.context_index, v.verdict]), [[0, 'no'], [1, 'no'], [2, 'yes'], [3, 'yes']]);
  assert.equal(precision.score, 0.42);

  const r = ORIGINALS.createContextRelevanceScorerLLM.cases.find((c) => c.name === 'mixed levels');
  const relevance = (await runOurs('createContextRelevanceScorerLLM', r)).result;
  assert.deepEqual(relevance.analyzeStepResult.evaluations.map((e) => [e.context_index, e.relevanceLevel, e.wasUsed]), [[0, 'high', true], [1, 'medium', true], [2, 'low', false], [3, 'none', false]]);
  assert.deepEqual(relevance.analyzeStepResult.missingContext, []);
  assert.equal(typeof relevance.analyzeStepResult.overallAssessment, 'string');
  assert.match(relevance.reason, /^The score is 0\.5 because/);

  const k = ORIGINALS.createContextRecallScorer.cases.find((c) => c.name === 'mixed');
  const recall = (await runOurs('createContextRecallScorer', k)).result;
  assert.deepEqual(recall.preprocessStepResult.claims, k.extract.claims);
  assert.deepEqual(recall.analyzeStepResult.verdicts.map((v) => v.verdict), ['yes', 'no', 'no', 'yes']);
});

test('factories: context or contextExtractor, penalties, scale || 1, unknown keys', async () => {
  const model = verdictTableModelV3({});
  for (const name of NAMES) {
    assert.throws(() => ours[name]({ model, options: {} }), /context/);
    assert.throws(() => ours[name]({ model, options: { context: [] } }), /empty/);
    assert.throws(() => ours[name]({ model, options: { context: ['a'], contexts: ['a'] } }), /contexts/);
    assert.equal(ours[name]({ model, options: { context: ['a'], scale: 0 } }).id.endsWith('-scorer'), true);
  }
  assert.throws(() => ours.createContextRelevanceScorerLLM({ model, options: { context: ['a'], penalties: { missingPerItem: 1 } } }), /missingPerItem/);
  const c = ORIGINALS.createContextRelevanceScorerLLM.cases.find((x) => x.name === 'missing context');
  const scorer = ours.createContextRelevanceScorerLLM({ model: verdictTableModelV3(c), options: { context: c.context, scale: 2, penalties: { missingContextPerItem: 0.05 } } });
  // (0.7 + 0.7) / 2 − min(4 × 0.05, 0.5) = 0.5, × 2
  assert.equal((await scorer.run(runOf(c))).score, 1);
});

const agentRun = (question, answer) => ({
  input: { inputMessages: [{ id: 'u', role: 'user', content: question, createdAt: new Date() }], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
  output: [{ id: 'a', role: 'assistant', content: { format: 2, parts: [{ type: 'text', text: answer }] }, createdAt: new Date() }],
});

test('contextExtractor is called on agent runs; an empty extracted context', async () => {
  const c = ORIGINALS.createContextPrecisionScorer.cases.find((x) => x.name === 'mixed, alternating');
  let seen;
  const scorer = ours.createContextPrecisionScorer({ model: verdictTableModelV3(c), options: { contextExtractor: (input, output) => { seen = [input, output]; return c.context; } } });
  const result = await scorer.run(agentRun(c.input, c.output));
  assert.ok(seen);
  assert.equal(result.score, 0.83);
  const empty = ours.createContextPrecisionScorer({ model: verdictTableModelV3(c), options: { contextExtractor: () => [] } });
  await assert.rejects(empty.run(agentRun(c.input, c.output)), /context/);
  const relevance = ours.createContextRelevanceScorerLLM({ model: verdictTableModelV3(c), options: { contextExtractor: () => [], scale: 3 } });
  assert.equal((await relevance.run(agentRun(c.input, c.output))).score, 3);
});

for (const name of NAMES) {
  test(`${name}: misbehaving models`, async () => {
    const c = { groundTruth: 'The Vexo river is 40 km long.' };
    let calls = 0;
    const garbage = ours[name]({ model: async () => { calls += 1; return 'no idea'; }, options: { context: ['The Vexo river is 40 km long.'] } });
    await assert.rejects(garbage.run({ input: 'q', output: 'an answer', ...c }), (e) => e.cause instanceof ours.EvalsError && e.cause.code === 'EVALS_UNREADABLE_ANSWER');
    assert.equal(calls, 2);
    const own = new Error('rate limited');
    const failing = ours[name]({ model: async () => { throw own; }, options: { context: ['a'] } });
    await assert.rejects(failing.run({ input: 'q', output: 'an answer', ...c }), (e) => e.cause === own);
    const slow = ours[name]({ model: (_p, { signal }) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))), options: { context: ['a'], timeoutMs: 50 } });
    await assert.rejects(slow.run({ input: 'q', output: 'an answer', ...c }), (e) => e.cause instanceof ours.EvalsError);
    await assert.rejects(garbage.run({ input: 'q', output: 'an answer', ...c }), /Scorer Run Failed|unreadable|could not/i);
  });
}

// The 0.14.4 context metrics side by side with the originals (see docs/parity-harness.md): the
// same verdict-table judge answers both on every case of the shared tables; the scores must be
// equal and our calls no more than theirs. Then misbehaving models, for each class.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ours from 'evals-wasm/llm';
import { EvalsError } from 'evals-wasm';
import { ORIGINALS, runOriginal } from './lib/original-catalogue.mjs';
import { verdictTableModelV2 } from './lib/verdict-table-model.mjs';

const round2 = (x) => Math.round((x + Number.EPSILON) * 100) / 100;
const folded = (w) => w.trim().toLowerCase();

// 0.14.4's relevancy (lower case, untrimmed) and contextual recall (exact) count " yes" or
// "Yes" as not relevant; we read any spelling of "yes" as yes (docs/metrics/context-*.md). On
// those cases only, our score is the formula over the words read that way.
const READ_RIGHT = {
  ContextRelevancyMetric: (c) => (c.context.length === 0 ? 0 : round2(c.context.filter((t) => folded(c.verdicts[t]) === 'yes').length / c.context.length)),
  ContextualRecallMetric: (c) => (c.context.length === 0 ? 0 : round2(c.context.filter((t) => folded(c.verdicts[t]) === 'yes').length / c.context.length)),
};

const NAMES = ['ContextPrecisionMetric', 'ContextPositionMetric', 'ContextRelevancyMetric', 'ContextualRecallMetric'];
export const figures = {};

/** Our class on one case: `{ score, calls, promptChars, result }`. */
async function runOurs(name, c) {
  const model = verdictTableModelV2(c);
  const result = await new ours[name](model, { context: c.context }).measure(c.input ?? '', c.output ?? '');
  const promptChars = model.judge.calls.reduce((n, call) => n + (call.user?.length ?? 0), 0);
  return { score: result.score, calls: model.judge.calls.length, promptChars, result };
}

for (const name of NAMES) {
  test(`${name}: the same score as 0.14.4 on every case, with no more calls`, async () => {
    const rows = [];
    for (const c of ORIGINALS[name].cases) {
      const theirs = await runOriginal(name, c);
      assert.equal(theirs.error, undefined, `${c.name}: ${theirs.error?.stack}`);
      const mine = await runOurs(name, c);
      const differs = READ_RIGHT[name] && READ_RIGHT[name](c) !== ORIGINALS[name].expected(c);
      if (differs) {
        assert.equal(mine.score, READ_RIGHT[name](c), `${c.name}: our score, every spelling of yes read as yes`);
        assert.notEqual(theirs.score, mine.score, `${c.name}: the original's strict matching differs`);
      } else {
        assert.equal(mine.score, theirs.score, `${c.name}: score`);
      }
      assert.ok(mine.calls <= theirs.calls, `${c.name}: ${mine.calls} calls, the original ${theirs.calls}`);
      assert.equal(typeof mine.result.info.reason, 'string');
      rows.push({ case: c.name, score: mine.score, same: !differs, ours: mine.calls, theirs: theirs.calls });
    }
    figures[name] = rows;
    console.log(`# ${name}: ${rows.length} cases, ${rows.filter((r) => r.same).length} equal; calls ours ${JSON.stringify(rows.map((r) => r.ours))} theirs ${JSON.stringify(rows.map((r) => r.theirs))}`);
  });
}

test('the verdicts follow the order of the context, keyed by id', async () => {
  const c = ORIGINALS.ContextPrecisionMetric.cases.find((x) => x.name === 'mixed, relevant last');
  const { result } = await runOurs('ContextPrecisionMetric', c);
  assert.deepEqual(result.info.verdicts.map((v) => v.context), c.context);
  assert.deepEqual(result.info.verdicts.map((v) => v.verdict), ['no', 'no', 'yes', 'yes']);
  assert.equal(result.score, 0.42);
});

test('reason: false spares the reason call; scale multiplies before rounding', async () => {
  const c = ORIGINALS.ContextPositionMetric.cases.find((x) => x.name === 'mixed, alternating');
  const model = verdictTableModelV2(c);
  const r = await new ours.ContextPositionMetric(model, { context: c.context, scale: 10, reason: false }).measure(c.input, c.output);
  assert.equal(r.score, 6.4);
  assert.equal(model.judge.calls.length, 1);
  assert.match(r.info.reason, /^The score is 6\.4 because the useful context pieces sit at positions 1 and 3 of 4/);
});

test('options: context is required, unknown keys are errors, scale must be positive', () => {
  for (const name of NAMES) {
    assert.throws(() => new ours[name](async () => '{}'), TypeError);
    assert.throws(() => new ours[name](async () => '{}', {}), /context/);
    assert.throws(() => new ours[name](async () => '{}', { context: ['a'], contexts: [] }), /contexts/);
    assert.throws(() => new ours[name](async () => '{}', { context: ['a'], scale: -1 }), /scale/);
  }
});

const context = ['The Vexo river is 40 km long.', 'Lake Pirran freezes every January.'];
const good = JSON.stringify({ verdicts: [{ id: 'P1', verdict: 'yes', reason: 'a' }, { id: 'P2', verdict: 'no', reason: 'b' }] });

for (const name of NAMES) {
  test(`${name}: misbehaving models`, async () => {
    // Garbage twice: a typed error after one re-ask.
    let calls = 0;
    const garbage = new ours[name](async () => { calls += 1; return 'I would rather not.'; }, { context, reason: false });
    await assert.rejects(garbage.measure('q', 'an answer'), (e) => e instanceof EvalsError && e.code === 'EVALS_UNREADABLE_ANSWER');
    assert.equal(calls, 2);
    // The model's own error comes back unchanged.
    const own = new Error('rate limited');
    let fail = true;
    const flaky = new ours[name](async () => { if (fail) throw own; return good; }, { context, reason: false });
    await assert.rejects(flaky.measure('q', 'an answer'), (e) => e === own);
    fail = false;
    assert.equal(typeof (await flaky.measure('q', 'an answer')).score, 'number', 'the same instance works afterwards');
    // Abort and time-out.
    const slow = new ours[name]((_p, { signal }) => new Promise((resolve, reject) => {
      const t = setTimeout(() => resolve(good), 5000);
      signal?.addEventListener('abort', () => { clearTimeout(t); reject(signal.reason); });
    }), { context, reason: false, timeoutMs: 50 });
    await assert.rejects(slow.measure('q', 'an answer'), (e) => e instanceof EvalsError && /time/i.test(`${e.code} ${e.message}`));
    const controller = new AbortController();
    const pending = new ours[name](() => new Promise(() => {}), { context, reason: false }).measure('q', 'an answer', { signal: controller.signal });
    controller.abort();
    await assert.rejects(pending);
  });
}

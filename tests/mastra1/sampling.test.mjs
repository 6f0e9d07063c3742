// `samples: k` on the 1.x scorers: the analyze step runs k times over one extraction; its
// result gives each sample's score (by the scorer's own generateScore), the mean and the
// spread, and each verdict's agreement; the score is the mean and the reason explains it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCoverageScorer, createHallucinationScorer } from 'evals-wasm/scorers';

const round2 = (x) => Math.round((x + Number.EPSILON) * 100) / 100;
const populationSd = (xs) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.round(Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length) * 10_000) / 10_000;
};

/** A callback judge: extractions fixed, the n-th verdict request answered with rounds[n]. */
function changingJudge(extraction, rounds) {
  let round = 0;
  const calls = [];
  const judge = async (prompt, { user, sample }) => {
    const step = user.includes('<verdicts>') ? 'reason' : /^[CS]\d+:/m.test(user) ? 'verdicts' : 'extract';
    calls.push({ step, sample, user });
    if (step === 'reason') return '{"because": "of the verdicts."}';
    if (step === 'extract') return extraction;
    const words = rounds[round++];
    const ids = [...user.matchAll(/^([CS]\d+):/gm)].map((m) => m[1]);
    return JSON.stringify({ verdicts: ids.map((id, i) => ({ id, verdict: words[i], reason: `${words[i]} ${id}` })) });
  };
  judge.calls = calls;
  return judge;
}

test('createHallucinationScorer, samples: 3: each sample\'s score, the mean, the spread and the agreement are exact; the reason explains the mean', async () => {
  const rounds = [['contradicted', 'supported', 'supported'], ['contradicted', 'unsupported', 'supported'], ['supported', 'supported', 'supported']];
  const model = changingJudge(JSON.stringify({ claims: ['It opened in 1932.', 'It is 800 m long.', 'It is red.'] }), rounds);
  const scorer = createHallucinationScorer({ model, options: { context: ['The bridge opened in 1932. It is 500 m long and red.'], samples: 3 } });
  const result = await scorer.run({ input: 'Tell me about the bridge.', output: 'It opened in 1932, is 800 m long and red.' });
  const each = rounds.map((words) => round2(words.filter((w) => w !== 'supported').length / 3));
  const samples = result.analyzeStepResult.samples;
  assert.deepEqual(samples.scores, each);
  assert.equal(samples.mean, round2(each.reduce((a, b) => a + b, 0) / 3));
  assert.equal(result.score, samples.mean);
  assert.equal(samples.standardDeviation, populationSd(each));
  assert.deepEqual(samples.verdicts.verdicts.map((v) => `${v.verdict} ${v.agreement}`), ['contradicted 2/3', 'supported 2/3', 'supported 3/3']);
  // The stored verdicts are the majority's.
  assert.deepEqual(result.analyzeStepResult.verdicts.map((v) => v.verdict), ['yes', 'no', 'no']);
  assert.deepEqual(model.calls.map((c) => [c.step, c.sample]), [['extract', undefined], ['verdicts', undefined], ['verdicts', 1], ['verdicts', 2], ['reason', undefined]]);
  assert.match(model.calls[4].user, new RegExp(`score: ${samples.mean}\\b`));
  assert.match(model.calls[4].user, /the mean of the scores of 3 samples \(0\.33, 0\.67, 0\)/);
  assert.match(result.reason, new RegExp(`^The score is ${samples.mean} because`));
});

test('createHallucinationScorer (statements) and createCoverageScorer, samples: 3: exact means and samples', async () => {
  const statements = JSON.stringify({ statements: ['One.', 'Two.', 'Three.'] });
  const rounds = [['yes', 'yes', 'no'], ['yes', 'no', 'no'], ['no', 'no', 'no']];
  const h = await createHallucinationScorer({ model: changingJudge(statements, rounds), options: { context: ['One. Two. Three.'], strategy: 'statements', samples: 3 } }).run({ input: 'q', output: 'a' });
  const hEach = rounds.map((words) => round2(words.filter((w) => w === 'yes').length / 3));
  assert.deepEqual(h.analyzeStepResult.samples.scores, hEach);
  assert.equal(h.score, round2(hEach.reduce((a, b) => a + b, 0) / 3));

  const claims = JSON.stringify({ claims: ['One.', 'Two.', 'Three.', 'Four.'] });
  const cRounds = [['yes', 'yes', 'yes', 'no'], ['yes', 'no', 'no', 'no'], ['yes', 'yes', 'no', 'yes']];
  const model = changingJudge(claims, cRounds);
  const c = await createCoverageScorer({ model, options: { samples: 3 } }).run({ input: 'A source with four facts.', output: 'A summary.' });
  const cEach = cRounds.map((words) => round2(words.filter((w) => w === 'yes').length / 4));
  assert.deepEqual(c.analyzeStepResult.samples.scores, cEach);
  assert.equal(c.score, round2(cEach.reduce((a, b) => a + b, 0) / 3));
  assert.equal(c.analyzeStepResult.samples.standardDeviation, populationSd(cEach));
  assert.match(c.reason, /the mean of the scores of 3 samples \(0\.75, 0\.25, 0\.75\)/);
  assert.equal(model.calls.length, 4);
});

test('scorer samples: out of range is a TypeError at the factory', () => {
  assert.throws(() => createCoverageScorer({ model: () => '', options: { samples: 0 } }), TypeError);
  assert.throws(() => createCoverageScorer({ model: () => '', options: { samples: 21 } }), TypeError);
});

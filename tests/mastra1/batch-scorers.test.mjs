// evaluateMany (evals-wasm) runs Mastra 1.x scorers too: each item is a run, results in input
// order with the scorer's reason and step results, a failing run an `{ error }` item, and a
// clear error for a dry run, which counts only the 0.x classes' requests.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evaluateMany } from 'evals-wasm';
import { createAnswerSimilarityScorer, createCompletenessScorer } from 'evals-wasm/scorers';

const items = [
  { input: 'How long is the Vexo?', output: 'The Vexo is 40 km long.', groundTruth: 'The Vexo is 40 km long.' },
  { input: 'Where does it rise?', output: 'It rises in the hills.', groundTruth: 'It rises in the northern hills.' },
  { input: 'Is it navigable?', output: 'No.', groundTruth: 'No, it is too shallow.' },
];

test('evaluateMany runs a model-free scorer on every item, as scorer.run does', async () => {
  const scorer = createCompletenessScorer();
  const { results, summary } = await evaluateMany(scorer, items, { concurrency: 2 });
  assert.deepEqual(results.map((r) => r.index), [0, 1, 2]);
  for (const [i, result] of results.entries()) {
    const alone = await scorer.run({ input: items[i].input, output: items[i].output });
    assert.equal(result.score, alone.score);
    assert.equal(result.info.runId === undefined || typeof result.info.runId === 'string', true);
  }
  assert.equal(summary.scored, 3);
});

test('evaluateMany gives an LLM scorer each item\'s ground truth; a failing run is an { error } item', async () => {
  const seen = [];
  // Answers from the schema sent: units are the texts' sentences; every comparison a match.
  const model = async (_prompt, { user, schema }) => {
    seen.push(user);
    if (/failing/.test(user)) throw new Error('the judge is down');
    const fields = Object.keys(schema.properties);
    const listed = {};
    for (const field of fields) {
      const spec = schema.properties[field];
      listed[field] = spec.type === 'array' ? (spec.items?.type === 'string' ? ['one unit'] : []) : spec.type === 'string' ? 'because' : spec.type === 'number' ? 1 : spec.type === 'boolean' ? true : spec.enum?.[0];
    }
    return JSON.stringify(listed);
  };
  const scorer = createAnswerSimilarityScorer({ model });
  const { results } = await evaluateMany(scorer, [...items, { input: 'q', output: 'failing answer', groundTruth: 'failing truth' }]);
  assert.deepEqual(results.map((r) => r.index), [0, 1, 2, 3]);
  for (const result of results.slice(0, 3)) {
    assert.ok(Number.isFinite(result.score) && result.score >= 0 && result.score <= 1, JSON.stringify(result));
    assert.equal(typeof result.info.reason, 'string');
  }
  assert.ok(seen.some((user) => user.includes('northern hills')), 'the ground truth reached the model');
  assert.ok(results[3].error instanceof Error);
});

test('a scorer cannot be dry-run: a clear error per item', async () => {
  const { results } = await evaluateMany(createCompletenessScorer(), items.slice(0, 1), { dryRun: true });
  assert.equal(results[0].error.code, 'EVALS_INVALID_OPTION');
  assert.match(results[0].error.message, /cannot be counted without running it/);
});

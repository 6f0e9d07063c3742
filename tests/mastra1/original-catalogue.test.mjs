// Runs every original of the catalogue on its case table through the verdict-table judge and
// checks each score against the formula written in ./original-catalogue.mjs (see docs/parity-harness.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { verdictTableModelV3 } from './verdict-table-model.mjs';
import { cases as faithfulness } from '../cases/faithfulness.mjs';
import * as P from '@mastra/evals/scorers/prebuilt';
import { ORIGINALS, runOriginal, FAILS } from './original-catalogue.mjs';

const callsSeen = {};

for (const [name, entry] of Object.entries(ORIGINALS)) {
  test(`1.10.2 ${name} scores every case of its table as its formula says`, async () => {
    callsSeen[name] = {};
    for (const c of entry.cases) {
      const run = await runOriginal(name, c);
      const expected = entry.expected(c);
      if (expected === FAILS) assert.ok(run.error, `${name} / ${c.name}: expected an error`);
      else {
        assert.equal(run.error, undefined, `${name} / ${c.name}: ${run.error?.stack}`);
        assert.equal(run.score, expected, `${name} / ${c.name}: score`);
      }
      if (entry.calls) assert.equal(run.calls, entry.calls(c), `${name} / ${c.name}: calls`);
      assert.ok(run.steps.every((s) => s.kind !== 'other'), `${name} / ${c.name}: a request the judge could not read`);
      callsSeen[name][c.name] = run.calls;
    }
  });
}

test('Mastra 1.x sends the schema as text and the judge reads it there (no responseFormat)', async () => {
  const model = verdictTableModelV3(faithfulness[0]);
  await P.createFaithfulnessScorer({ model, options: { context: faithfulness[0].context } }).run({ input: faithfulness[0].input, output: faithfulness[0].output });
  assert.deepEqual(model.judge.calls.map((c) => c.schemaSent), ['text', 'text', 'none']);
  assert.ok(model.judge.calls.every((c) => c.how === 'stream'));
});

test('calls per case (1.10.2)', () => {
  for (const [name, perCase] of Object.entries(callsSeen)) console.log(`# ${name}: ${JSON.stringify(perCase)}`);
  assert.ok(Object.keys(callsSeen).length > 0);
});

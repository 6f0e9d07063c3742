// Runs every original of the catalogue on its case table through the verdict-table judge and
// checks each score against the formula written in ./lib/original-catalogue.mjs (see docs/parity-harness.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cases as contextPrecision } from '../cases/context-precision.mjs';
import { ORIGINALS, runOriginal } from './lib/original-catalogue.mjs';

const callsSeen = {};

for (const [name, entry] of Object.entries(ORIGINALS)) {
  test(`0.14.4 ${name} scores every case of its table as its formula says`, async () => {
    callsSeen[name] = {};
    for (const c of entry.cases) {
      const run = await runOriginal(name, c);
      assert.equal(run.error, undefined, `${name} / ${c.name}: ${run.error?.stack}`);
      assert.equal(run.score, entry.expected(c), `${name} / ${c.name}: score`);
      if (entry.calls) assert.equal(run.calls, entry.calls(c), `${name} / ${c.name}: calls`);
      assert.ok(run.steps.every((s) => s.kind !== 'other'), `${name} / ${c.name}: a request the judge could not read`);
      callsSeen[name][c.name] = run.calls;
    }
  });
}

test('the judge answers a verdict step with one entry per item, in the order the prompt lists them', async () => {
  const c = contextPrecision.find((x) => x.name === 'long list');
  const run = await runOriginal('ContextPrecisionMetric', c);
  assert.equal(run.steps[0].counts.verdicts, c.context.length);
});

test('calls per case (0.14.4)', () => {
  for (const [name, perCase] of Object.entries(callsSeen)) console.log(`# ${name}: ${JSON.stringify(perCase)}`);
  assert.ok(Object.keys(callsSeen).length > 0);
});

// The real-judge tests accept one kind of cut-off answer: a model that ran away, repeating a
// unit (a few characters, or a whole list item) until the bound the request set (tests/js/lib/local-judge.mjs, ranAway). An answer
// cut short by a bound too small for it must still fail them.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAnswerEnded, ranAway } from './lib/local-judge.mjs';

const call = (content, finishReason = 'length', completionTokens = 256) => ({ content, finishReason, completionTokens, maxTokens: 256 });

test('a model repeating a short unit up to the bound ran away', () => {
  assert.equal(ranAway(call(`{"because": "${'1.'.repeat(120)}`)), true);
  assert.equal(ranAway(call(`{"statements": ["${'the river '.repeat(20)}`)), true);
  assertAnswerEnded(call(`{"because": "${'1.'.repeat(120)}`));
});

test('a model writing the same list item again and again up to the bound ran away', () => {
  const item = '"The mill on the east bank was rebuilt in stone after the flood of the spring that followed the war.",\n    ';
  const looped = `{\n  "claims": [\n    "The mill stood by the river.",\n    ${item.repeat(5)}"The mill on the east bank was rebuilt in st`;
  assert.equal(ranAway(call(looped)), true);
  assert.equal(ranAway(call(`{"claims": [${item.repeat(2)}"The mill on the`)), false, 'an item written twice is not a loop');
  const distinct = Array.from({ length: 6 }, (_, i) => `"The mill on the east bank was rebuilt in stone in year ${1800 + i * 7}.",`).join(' ');
  assert.equal(ranAway(call(`{"claims": [${distinct} "The mill`)), false, 'items alike but not the same');
});

test('an answer cut short by its bound, or not at the bound, did not run away', () => {
  const prose = '{"verdicts": [{"id": "S1", "verdict": "yes", "reason": "The context states that the river is forty kilometres long and that it';
  assert.equal(ranAway(call(prose)), false);
  assert.throws(() => assertAnswerEnded(call(prose)), /an answer was cut off/);
  assert.equal(ranAway(call('1.'.repeat(100), 'length', 100)), false, 'fewer tokens than the bound');
  assert.equal(ranAway(call('1.'.repeat(100), 'stop')), false);
  const filled = { ...call('1.'.repeat(100), 'length', 100), promptTokens: 1948 };
  assert.equal(ranAway(filled), false, 'short of the bound, and no context given');
  assert.equal(ranAway(filled, 2048), false, 'a prompt that took most of the context');
  const looped = { ...call('1.'.repeat(800), 'length', 1600), maxTokens: 5000, promptTokens: 448 };
  assert.equal(ranAway(looped, 2048), true, 'the context filled by a loop');
  assert.equal(ranAway({ ...looped, content: 'prose, not a loop at all, long enough to be read as a tail here' }, 2048), false);
  assertAnswerEnded(call('{"because": "fine"}', 'stop', 5));
  assert.throws(() => assertAnswerEnded(call('{}', undefined, 1)));
});

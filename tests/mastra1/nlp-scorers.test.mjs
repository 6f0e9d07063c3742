// The four model-free NLP scorers of evals-wasm/scorers (content similarity, keyword coverage,
// textual difference, tone), run live against those of @mastra/evals 1.10.2 on the multi-genre
// pairs of tests/js/nlp-corpus.mjs (built at run time from installed packages): the same score
// within 0.01 on at least 99 % of pairs and the same step-result fields.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequire } from 'node:module';

import { ScorerRunError } from '@mastra/core/evals';
import * as prebuilt from '@mastra/evals/scorers/prebuilt';
import { createContentSimilarityScorer, createKeywordCoverageScorer, createTextualDifferenceScorer, createToneScorer } from 'evals-wasm/scorers';

import { buildNlpPairs } from '../js/nlp-corpus.mjs';

const agentRun = (input, output) => ({
  input: { inputMessages: [{ id: 'u1', role: 'user', content: input }], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
  output: [{ id: 'a1', role: 'assistant', content: { format: 2, parts: [{ type: 'text', text: output }] }, createdAt: new Date(0) }],
});

const PAIRS = buildNlpPairs(30, 1414, { maxWords: 300 });
const keysOf = (value) => (value && typeof value === 'object' ? Object.keys(value).sort() : value);

/**
 * Runs both scorers on every pair; `check(ours, theirs, pair)` compares the step results further.
 * Asserts the score share within 0.01 and the same step-result fields on every pair.
 */
async function parity(label, ours, theirs, check = () => {}, makeRun = (p) => agentRun(p.input, p.output)) {
  let close = 0;
  let worst = 0;
  for (const pair of PAIRS) {
    const run = makeRun(pair);
    const [a, b] = [await ours.run(run), await theirs.run(run)];
    const diff = Math.abs(a.score - b.score);
    worst = Math.max(worst, diff);
    if (diff <= 0.01) close += 1;
    for (const step of ['preprocessStepResult', 'analyzeStepResult']) {
      assert.deepEqual(keysOf(a[step]), keysOf(b[step]), `${label}: ${step} fields (${pair.genre}/${pair.edit})`);
    }
    assert.deepEqual(Object.keys(a).sort(), Object.keys(b).sort(), `${label}: result fields`);
    check(a, b, pair);
  }
  const share = close / PAIRS.length;
  console.log(`${label} scorer parity: ${close}/${PAIRS.length} pairs within 0.01 (${(share * 100).toFixed(1)} %), worst |diff| ${worst.toFixed(4)}`);
  assert.ok(share >= 0.99, `${label}: only ${(share * 100).toFixed(1)} % of pairs within 0.01`);
}

test('content similarity scorer: same scores and processed texts as 1.10.2 (default options and ignoreCase: false)', async () => {
  const same = (a, b) => assert.deepEqual(a.preprocessStepResult, b.preprocessStepResult);
  await parity('content similarity', createContentSimilarityScorer(), prebuilt.createContentSimilarityScorer(), same);
  await parity('content similarity (case kept)', createContentSimilarityScorer({ ignoreCase: false }), prebuilt.createContentSimilarityScorer({ ignoreCase: false }), same);
});

test('keyword coverage scorer: same scores, counts and keywords as 1.10.2 (arrays where 1.10.2 has Sets)', async () => {
  let sameKeywords = 0;
  await parity('keyword coverage', createKeywordCoverageScorer(), prebuilt.createKeywordCoverageScorer(), (a, b) => {
    assert.ok(Array.isArray(a.preprocessStepResult.referenceKeywords));
    const same =
      JSON.stringify(a.preprocessStepResult.referenceKeywords) === JSON.stringify([...b.preprocessStepResult.referenceKeywords]) &&
      JSON.stringify(a.preprocessStepResult.responseKeywords) === JSON.stringify([...b.preprocessStepResult.responseKeywords]);
    if (same) sameKeywords += 1;
    if (same) assert.deepEqual(a.analyzeStepResult, b.analyzeStepResult);
  });
  console.log(`keyword coverage scorer: identical keyword lists on ${sameKeywords}/${PAIRS.length} pairs`);
  assert.ok(sameKeywords / PAIRS.length >= 0.99, `identical keyword lists on only ${sameKeywords}/${PAIRS.length} pairs`);
});

test('textual difference scorer: same ratio, changes, length difference and confidence as 1.10.2', async () => {
  await parity('textual difference', createTextualDifferenceScorer(), prebuilt.createTextualDifferenceScorer(), (a, b) => {
    const [x, y] = [a.preprocessStepResult, b.preprocessStepResult];
    assert.equal(x.changes, y.changes);
    for (const field of ['ratio', 'lengthDiff', 'confidence']) assert.ok(Math.abs(x[field] - y[field]) < 1e-12, `${field}: ${x[field]} vs ${y[field]}`);
  });
});

test('tone scorer: same scores and sentiments as 1.10.2, with and without a reference tone', async () => {
  const close = (a, b) => {
    for (const [field, value] of Object.entries(b.preprocessStepResult)) assert.ok(Math.abs(a.preprocessStepResult[field] - value) < 1e-9, `${field}: ${a.preprocessStepResult[field]} vs ${value}`);
  };
  await parity('tone (sentences)', createToneScorer(), prebuilt.createToneScorer(), close);
  // The reference tone is fixed per scorer: one scorer pair per corpus pair, its input as reference.
  let withReference = 0;
  for (const pair of PAIRS.slice(0, 40)) {
    const run = agentRun(pair.input, pair.output);
    const [a, b] = [await createToneScorer({ referenceTone: pair.input }).run(run), await prebuilt.createToneScorer({ referenceTone: pair.input }).run(run)];
    assert.deepEqual(keysOf(a.preprocessStepResult), keysOf(b.preprocessStepResult));
    close(a, b);
    if (Math.abs(a.score - b.score) <= 0.01) withReference += 1;
  }
  assert.equal(withReference, 40);
});

test('NLP scorers: the edge cases of 1.10.2 (empty texts, options, strings and plain messages)', async () => {
  const empty = agentRun('', '');
  for (const [ours, theirs] of [
    [createContentSimilarityScorer(), prebuilt.createContentSimilarityScorer()],
    [createKeywordCoverageScorer(), prebuilt.createKeywordCoverageScorer()],
    [createTextualDifferenceScorer(), prebuilt.createTextualDifferenceScorer()],
    [createToneScorer(), prebuilt.createToneScorer()],
  ]) {
    const [a, b] = [await ours.run(empty), await theirs.run(empty)];
    assert.equal(a.score, b.score, ours.id);
    assert.deepEqual(keysOf(a.preprocessStepResult), keysOf(b.preprocessStepResult), ours.id);
  }
  // Two empty texts: 1.10.2 nests the (empty) keyword lists under `result`; ours too, as arrays.
  assert.deepEqual((await createKeywordCoverageScorer().run(empty)).preprocessStepResult, { result: { referenceKeywords: [], responseKeywords: [] } });
  // An input without keywords scores 1 (the 1.x rule; the 0.14 metric gives 0).
  assert.equal((await createKeywordCoverageScorer().run(agentRun('the of and', 'cats sleep'))).score, 1);
  // Only given options count: { ignoreCase: false } also turns ignoreWhitespace off, as in 1.10.2.
  const spaced = agentRun('  The   Cat ', 'the cat');
  const kept = await createContentSimilarityScorer({ ignoreCase: false }).run(spaced);
  assert.deepEqual(kept.preprocessStepResult, (await prebuilt.createContentSimilarityScorer({ ignoreCase: false }).run(spaced)).preprocessStepResult);
  assert.equal(kept.preprocessStepResult.processedInput, '  The   Cat ');
  assert.equal((await createContentSimilarityScorer().run(spaced)).score, 1);
  // Strings and one { role, content } message are read as well (1.10.2 needs the agent shape).
  const plain = await createTextualDifferenceScorer().run({ input: 'kitten', output: { role: 'assistant', content: 'sitting' } });
  assert.equal(plain.score, (2 * 4) / 13);
  assert.equal((await createToneScorer({ referenceTone: 'I love it' }).run({ input: 'x', output: 'I love it' })).score, 1);
  // Keyword lists serialise as arrays (1.10.2's Sets become {}).
  const stored = JSON.parse(JSON.stringify(await createKeywordCoverageScorer().run(agentRun('Cats chase mice quickly', 'Cats sleep'))));
  assert.deepEqual(stored.preprocessStepResult, { referenceKeywords: ['cats', 'chase', 'mice', 'quickly'], responseKeywords: ['cats', 'sleep'] });
  assert.equal(stored.score, 0.25);
});

test('NLP scorers: bad options are TypeErrors naming the option; a missing side reads as empty text', () => {
  assert.throws(() => createContentSimilarityScorer({ ignoreCase: 'yes' }), { name: 'TypeError', message: /option "ignoreCase" must be a boolean/ });
  assert.throws(() => createContentSimilarityScorer(5), { name: 'TypeError', message: /options must be an object/ });
  assert.throws(() => createToneScorer({ referenceTone: 3 }), { name: 'TypeError', message: /option "referenceTone" must be a string/ });
  return (async () => {
    const scorer = createTextualDifferenceScorer();
    const result = await scorer.run({ input: { inputMessages: [{ role: 'user', content: 'abc' }] }, output: null });
    assert.equal(result.score, 0);
    assert.ok(!(result instanceof ScorerRunError));
    assert.equal((await scorer.run(agentRun('same', 'same'))).score, 1, 'the scorer keeps working');
  })();
});

test('CommonJS: the NLP scorers of require("evals-wasm/scorers") score as the ESM ones', async () => {
  const require = createRequire(import.meta.url);
  const cjs = require('evals-wasm/scorers');
  const run = agentRun('The weather is lovely and calm today. I am glad.', 'Today the weather is awful! I am sad.');
  for (const name of ['createContentSimilarityScorer', 'createKeywordCoverageScorer', 'createTextualDifferenceScorer', 'createToneScorer']) {
    const scorer = cjs[name]();
    assert.ok(scorer instanceof require('@mastra/core/evals').MastraScorer, name);
    const esm = { createContentSimilarityScorer, createKeywordCoverageScorer, createTextualDifferenceScorer, createToneScorer }[name]();
    assert.equal((await scorer.run(run)).score, (await esm.run(run)).score, name);
  }
});

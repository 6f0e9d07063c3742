// Answer shapes a constrained decoder cannot get wrong (docs/engine.md): verdicts keyed by id,
// repeated extracted items dropped and counted, verdict words outside a step's words asked
// again once and counted, and answers in the older list shape (models that ignore the schema,
// cassettes recorded before) still read.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HallucinationMetric, FaithfulnessMetric, withCassette } from 'evals-wasm/llm';
import { scriptedModel, TESLA } from './scripted-model.mjs';
import { RECORDED } from './recorded-answers.mjs';

const keyed = (entries) => JSON.stringify({ verdicts: Object.fromEntries(entries.map(([id, verdict]) => [id, { verdict, reason: `${id} judged` }])) });

test('verdicts in the keyed shape the schema asks for, and in the older list shape, give the same score', async () => {
  const list = await new HallucinationMetric(scriptedModel(TESLA.answers), { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  const model = scriptedModel({ ...TESLA.answers, verdicts: keyed([['S1', 'yes'], ['S2', 'yes'], ['S3', 'no']]) });
  const object = await new HallucinationMetric(model, { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  assert.equal(object.score, 0.67);
  assert.equal(object.score, list.score);
  assert.deepEqual(object.info.statements.map((s) => s.contradicted), [true, true, false]);
  assert.equal(object.info.modelCalls, 3);
  assert.equal(object.info.unknownWords, undefined, 'no count when nothing was odd');
});

test('a word outside the step\'s words is not read as one of them: asked again once, counted in info', async () => {
  // The claims strategy's words are supported / contradicted / unsupported (and their spellings); "perhaps" is none of them.
  let asked = 0;
  const model = scriptedModel({
    claims: RECORDED.claims,
    claimVerdicts: () => (asked++ === 0 ? keyed([['C1', 'perhaps'], ['C2', 'contradicted']]) : keyed([['C1', 'unsupported']])),
    reason: TESLA.answers.reason,
  });
  const r = await new HallucinationMetric(model, { context: TESLA.context, strategy: 'claims' }).measure(TESLA.input, TESLA.output);
  assert.equal(r.info.unknownWords, 1);
  assert.deepEqual(r.info.claims.map((c) => c.verdict), ['unsupported', 'contradicted']);
  const verdictCalls = model.calls.filter((c) => c.step === 'claimVerdicts');
  assert.equal(verdictCalls.length, 2, 'asked again once, for C1 alone');
  assert.deepEqual(Object.keys(verdictCalls[1].schema.properties.verdicts.properties), ['C1']);
});

test('a metric that keeps its original\'s reading of odd words (faithfulness: anything but "yes" is "no") reads it so, and counts it', async () => {
  const model = scriptedModel({
    claims: RECORDED.claims,
    claimVerdicts: keyed([['C1', 'yes'], ['C2', 'maybe']]),
    reason: TESLA.answers.reason,
  });
  const r = await new FaithfulnessMetric(model, { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  assert.equal(r.score, 0.5);
  assert.equal(r.info.unknownWords, 1);
  assert.equal(model.calls.filter((c) => c.step === 'claimVerdicts').length, 1, 'no re-ask: the original does not ask again either');
});

test('repeated extracted items are dropped before judging and counted in info', async () => {
  const model = scriptedModel({
    claims: JSON.stringify({ claims: ['Tesla was founded in 2004.', 'tesla was founded in 2004', 'Elon Musk founded Tesla.', 'Tesla was founded in 2004.'] }),
    claimVerdicts: keyed([['C1', 'contradicted'], ['C2', 'unsupported']]),
    reason: TESLA.answers.reason,
  });
  const r = await new HallucinationMetric(model, { context: TESLA.context, strategy: 'claims' }).measure(TESLA.input, TESLA.output);
  assert.equal(r.info.repeatsDropped, 2);
  assert.deepEqual(r.info.claims.map((c) => c.claim), ['Tesla was founded in 2004.', 'Elon Musk founded Tesla.']);
  const judged = model.calls.find((c) => c.step === 'claimVerdicts');
  assert.deepEqual(judged.schema.properties.verdicts.required, ['C1', 'C2'], 'only the distinct claims are judged');
  assert.equal(r.score, 1);
});

test('a cassette holding answers in the older list shape replays them as before', async () => {
  const store = new Map();
  const recording = withCassette(scriptedModel(TESLA.answers), { store });
  const first = await new HallucinationMetric(recording, { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  assert.ok([...store.values()].some((entry) => JSON.stringify(entry).includes('\\"id\\": \\"S1\\"')), 'the list shape was recorded');
  const offline = withCassette(async () => { throw new Error('replay must not call the model'); }, { store, mode: 'replay' });
  const again = await new HallucinationMetric(offline, { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  assert.equal(again.score, first.score);
  assert.deepEqual(again.info.statements, first.info.statements);
});

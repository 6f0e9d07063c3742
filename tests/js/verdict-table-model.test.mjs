// The verdict-table judge on requests shaped like our own metrics': numbered items ("S1: ...")
// and verdict schemas with id enums, a schema in responseFormat or written into the prompt.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { verdictTableModelV2, REASON_TEXT } from './lib/verdict-table-model.mjs';

const c = {
  output: 'Odsley has two bakeries. Its library opened in 1958.',
  extract: { claims: ['Odsley has two bakeries.', 'Odsley library opened in 1958.'] },
  verdicts: { 'Odsley has two bakeries.': 'yes', 'Odsley library opened in 1958.': { verdict: 'no', note: 'kept' } },
};
const verdictSchema = {
  type: 'object',
  properties: {
    verdicts: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'string', enum: ['S1', 'S2'] }, verdict: { type: 'string', enum: ['yes', 'no', 'unsure'] }, note: { type: 'string' } }, required: ['id', 'verdict'] },
    },
  },
  required: ['verdicts'],
};
const ask = (model, user, responseFormat) => model.doGenerate({ prompt: [{ role: 'system', content: 'Judge.' }, { role: 'user', content: [{ type: 'text', text: user }] }], responseFormat });
const text = (r) => r.content[0].text;

test('an extraction answers the case list under the schema key', async () => {
  const model = verdictTableModelV2(c);
  const r = await ask(model, `Split into claims:\n${c.output}`, { type: 'json', schema: { type: 'object', properties: { claims: { type: 'array', items: { type: 'string' } } } } });
  assert.deepEqual(JSON.parse(text(r)), { claims: c.extract.claims });
  assert.equal(model.judge.calls[0].kind, 'extract');
});

test('a verdict step answers one entry per numbered item, in prompt order, with ids', async () => {
  const model = verdictTableModelV2(c);
  const user = `Output:\n${c.output}\n\nS1: Odsley library opened in 1958.\nS2: Odsley has two bakeries.`;
  const r = await ask(model, user, { type: 'json', schema: verdictSchema });
  assert.deepEqual(JSON.parse(text(r)).verdicts, [
    { id: 'S1', verdict: 'no', note: 'kept' },
    { id: 'S2', verdict: 'yes', note: 'Odsley has two bakeries.' }, // a free string field names the item
  ]);
});

test('a schema written into the prompt is read there and not taken for items', async () => {
  const model = verdictTableModelV2(c);
  const user = `C1: Odsley has two bakeries.\n\nAnswer as JSON matching this schema:\n${JSON.stringify(verdictSchema)}\nOnly JSON.`;
  const r = await ask(model, user);
  assert.deepEqual(JSON.parse(text(r)).verdicts.map((v) => [v.id, v.verdict]), [['S1', 'yes']]);
  assert.equal(model.judge.calls[0].schemaSent, 'text');
});

test('no schema is a reason, in plain text; load() switches the case and resets the calls', async () => {
  const model = verdictTableModelV2(c);
  assert.equal(text(await ask(model, 'Why?')), REASON_TEXT);
  model.judge.load({ ...c, reasonText: 'Because.' });
  assert.equal(model.judge.calls.length, 0);
  assert.equal(text(await ask(model, 'Why?')), 'Because.');
});

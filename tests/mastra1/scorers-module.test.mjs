// The scorers' own WebAssembly module: the 0.x entries (root, /llm) leave out the declarations only
// Mastra 1.x's scorers use, and a process that loads a 0.x entry before evals-wasm/scorers still
// runs every scorer (the scorers call their own module, whichever entry came first).

import assert from 'node:assert/strict';
import { test } from 'node:test';
// The root entry first: it provides the NLP and LLM families with the combined module.
import { HallucinationMetric } from 'evals-wasm';
import { createRubricScorer, createPromptAlignmentScorerLLM, createHallucinationScorer } from 'evals-wasm/scorers';
import { readFileSync } from 'node:fs';

const grader = (verdict) => async (_prompt, { user }) => {
  const ids = [...user.matchAll(/\b([A-Z])(\d+): /g)].map((m) => `${m[1]}${m[2]}`);
  return JSON.stringify({ verdicts: ids.map((id) => ({ id, verdict, reason: 'checked' })) });
};

test('after the root entry, a 1.x-only scorer runs on the scorers module', async () => {
  const rubric = await createRubricScorer({ model: grader('yes'), criteria: [{ description: 'Names the river.' }] }).run({ input: 'q', output: 'The Vexo.' });
  assert.equal(rubric.score, 1);
  const failing = await createRubricScorer({ model: grader('no'), criteria: [{ description: 'Names the river.' }] }).run({ input: 'q', output: 'The Vexo.' });
  assert.equal(failing.score, 0);
});

test('the root entry\'s classes and the scorers work side by side in one process', async () => {
  // Answers from the schema sent: a list of one claim, or a "no" verdict for every id asked.
  const claims = async (_prompt, { user, schema }) => {
    const [field] = Object.keys(schema.properties);
    if (schema.properties[field].type === 'string') return JSON.stringify({ [field]: 'nothing contradicts it' });
    if (field !== 'verdicts') return JSON.stringify({ [field]: ['The river is long.'] });
    const ids = [...user.matchAll(/\b([A-Z])(\d+): /g)].map((m) => `${m[1]}${m[2]}`);
    return JSON.stringify({ verdicts: ids.map((id) => ({ id, verdict: 'no', reason: 'not said' })) });
  };
  const metric = new HallucinationMetric(claims, { context: ['The river is short.'] });
  const scorer = createHallucinationScorer({ model: claims, options: { context: ['The river is short.'] } });
  const [ours0, ours1] = await Promise.all([metric.measure('q', 'The river is long.'), scorer.run({ input: 'q', output: 'The river is long.' })]);
  // "no" to the one claim: not contradicted for the 0.x default ("statements": 0), not supported
  // by the context for the 1.x scorer ("claims": 1).
  assert.equal(ours0.score, 0);
  assert.equal(ours1.score, 1);
  assert.ok(createPromptAlignmentScorerLLM({ model: claims }));
});

test('the LLM module of evals-wasm/llm and the root\'s combined module leave out the 1.x-only declarations', async () => {
  const dir = new URL('./node_modules/evals-wasm/', import.meta.url);
  const call = async () => '{}';
  for (const name of ['evals_llm', 'evals_all', 'evals_scorers']) {
    // A fresh instance of each module, apart from the ones the entries loaded.
    const glue = await import(new URL(`${name}.js?fresh`, dir));
    glue.initSync({ module: readFileSync(new URL(`${name}_bg.wasm`, dir)) });
    const asked = glue.judgeMetric(call, { metric: 'rubric', inputs: { output: 'x', criteria: ['Is short'] }, options: {} });
    if (name === 'evals_scorers') {
      await assert.rejects(asked, (error) => error?.code !== 'EVALS_INTERNAL', 'the scorers module declares rubric');
    } else {
      await assert.rejects(asked, (error) => error?.code === 'EVALS_INTERNAL' && /no LLM metric is declared as "rubric"/.test(error.message), name);
    }
    // A 0.x declaration is in every module.
    await assert.rejects(glue.judgeMetric(call, { metric: 'bias', inputs: { output: 'x' }, options: {} }), (error) => error?.code !== 'EVALS_INTERNAL' || !/no LLM metric/.test(error.message), name);
  }
});

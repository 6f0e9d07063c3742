// Structured answers: every request of every LLM metric step carries the JSON Schema of its
// answer (a valid schema, which the recorded answers of the suite satisfy) and an answer-length
// bound; AI SDK models get both in their call options, openaiCompatible as json_schema with a
// fallback to json_object that it remembers; an answer cut off at the limit is its own error.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import { MockLanguageModelV1 } from 'ai-v4/test';
import { MockLanguageModelV2 } from 'ai-v5/test';
import { MockLanguageModelV3 } from 'ai-v6/test';
import { CoverageMetric, EvalsError, HallucinationMetric, openaiCompatible } from 'evals-wasm/llm';
import { startFakeOpenAI } from './fake-openai.mjs';
import { scriptedModel, stepOf, TESLA } from './scripted-model.mjs';

const ajv = new Ajv({ strict: true });
const servers = [];
after(() => Promise.all(servers.map((s) => s.close())));

const CAT = {
  source: 'The cat is black and sleeps on the windowsill. It enjoys watching birds.',
  summary: 'The black cat sleeps by the window.',
};

/** Recorded answers in the exact form the prompts ask for, by scripted step. */
const RECORDED = {
  statements: TESLA.answers.statements,
  verdicts: JSON.stringify({ verdicts: [
    { id: 'S1', verdict: 'yes', reason: '2004 instead of 2003.' },
    { id: 'S2', verdict: 'yes', reason: 'Elon Musk instead of the founders.' },
    { id: 'S3', verdict: 'no', reason: 'California agrees.' },
  ] }),
  reason: TESLA.answers.reason,
  claims: JSON.stringify({ claims: ['Tesla was founded in 2004.', 'Elon Musk founded Tesla.'] }),
  claimVerdicts: JSON.stringify({ verdicts: [
    { id: 'C1', verdict: 'contradicted', reason: 'The context says 2003.' },
    { id: 'C2', verdict: 'unsupported', reason: 'The context names other founders.' },
  ] }),
};
const CAT_RECORDED = {
  claims: JSON.stringify({ claims: ['The cat is black', 'The cat sleeps on the windowsill', 'The cat enjoys watching birds'] }),
  claimVerdicts: JSON.stringify({ verdicts: [
    { id: 'C1', verdict: 'yes', reason: 'black cat' },
    { id: 'C2', verdict: 'yes', reason: 'sleeps by the window' },
    { id: 'C3', verdict: 'no', reason: 'birds are not mentioned' },
  ] }),
};

/** Runs a measure with a callback and checks every request's schema and answer. */
async function checkEverySchema(label, answers, measure, expectedSteps) {
  const model = scriptedModel(answers);
  await measure(model);
  assert.deepEqual(model.calls.map((c) => c.schemaName), expectedSteps, `${label}: one request per step`);
  for (const call of model.calls) {
    assert.ok(ajv.validateSchema(call.schema), `${label} ${call.schemaName}: not a valid JSON Schema: ${ajv.errorsText(ajv.errors)}`);
    const validate = ajv.compile(call.schema);
    const answer = JSON.parse(answers[call.step]);
    assert.ok(validate(answer), `${label} ${call.schemaName}: the recorded answer does not validate: ${ajv.errorsText(validate.errors)}`);
    assert.ok(Number.isInteger(call.maxTokens) && call.maxTokens >= 32, `${label} ${call.schemaName}: maxTokens ${call.maxTokens}`);
    assert.equal('maxOutputTokens' in call, false, 'no limit was set by the user');
  }
  return model.calls;
}

test('every step of every LLM metric sends a valid JSON Schema that its recorded answers satisfy', async () => {
  await checkEverySchema('hallucination (statements)', RECORDED, (model) => new HallucinationMetric(model, { context: TESLA.context }).measure(TESLA.input, TESLA.output), ['statements', 'verdicts', 'reason']);
  const claimCalls = await checkEverySchema('hallucination (claims)', RECORDED, (model) => new HallucinationMetric(model, { context: TESLA.context, strategy: 'claims' }).measure(TESLA.input, TESLA.output), ['claims', 'verdicts', 'reason']);
  await checkEverySchema('coverage', CAT_RECORDED, (model) => new CoverageMetric(model).measure(CAT.source, CAT.summary), ['claims', 'verdicts']);
  // A verdict schema pins what a decoding server may write: the asked ids, the words, the count.
  const verdicts = claimCalls[1].schema.properties.verdicts;
  assert.deepEqual([verdicts.minItems, verdicts.maxItems], [2, 2]);
  assert.deepEqual(verdicts.items.properties.id.enum, ['C1', 'C2']);
  assert.deepEqual(verdicts.items.properties.verdict.enum, ['supported', 'contradicted', 'unsupported']);
  const validate = ajv.compile(claimCalls[1].schema);
  assert.equal(validate({ verdicts: [{ id: 'C1', verdict: 'supported', reason: 'r' }] }), false, 'an item left out');
  assert.equal(validate({ verdicts: [{ id: 'C1', verdict: 'maybe', reason: 'r' }, { id: 'C2', verdict: 'supported', reason: 'r' }] }), false, 'a word outside the vocabulary');
  // The bound grows with what the step can need: 64 tokens more per verdict asked.
  assert.equal(claimCalls[1].maxTokens, 48 + 2 * 64);
});

test('a user-set limit replaces every bound (maxAnswerTokens, CoverageMetric maxOutputTokens)', async () => {
  const model = scriptedModel(RECORDED);
  await new HallucinationMetric(model, { context: TESLA.context, maxAnswerTokens: 300 }).measure(TESLA.input, TESLA.output);
  assert.deepEqual(model.calls.map((c) => [c.maxTokens, c.maxOutputTokens]), [[300, 300], [300, 300], [300, 300]]);
  assert.throws(() => new HallucinationMetric(model, { context: [], maxAnswerTokens: 8 }), /"maxAnswerTokens" must be a whole number from 32/);
});

/** An AI SDK result of this spec version. */
function result(version, text, finish = 'stop') {
  if (version === 'v1') return { text, finishReason: finish, usage: { promptTokens: 5, completionTokens: 2 }, rawCall: { rawPrompt: null, rawSettings: {} } };
  if (version === 'v2') return { content: [{ type: 'text', text }], finishReason: finish, usage: { inputTokens: 5, outputTokens: 2, totalTokens: 7 }, warnings: [] };
  return { content: [{ type: 'text', text }], finishReason: { unified: finish, raw: finish }, usage: { inputTokens: { total: 5 }, outputTokens: { total: 2 } }, warnings: [] };
}

const userOf = (options) => options.prompt.find((m) => m.role === 'user').content.map((p) => p.text).join('');

for (const [version, Mock] of [['v1', MockLanguageModelV1], ['v2', MockLanguageModelV2], ['v3', MockLanguageModelV3]]) {
  test(`AI SDK ${version} (official mock): the schema and the bound are in the call options; finish reason "length" is EVALS_ANSWER_TRUNCATED`, async () => {
    const calls = [];
    const model = new Mock({
      doGenerate: async (options) => {
        calls.push(options);
        return result(version, RECORDED[stepOf(userOf(options))]);
      },
    });
    const r = await new HallucinationMetric(model, { context: TESLA.context }).measure(TESLA.input, TESLA.output);
    assert.equal(r.score, 0.67);
    assert.equal(calls.length, 3);
    for (const options of calls) {
      const format = version === 'v1' ? options.mode : options.responseFormat;
      assert.equal(format.type, version === 'v1' ? 'object-json' : 'json');
      assert.ok(ajv.validateSchema(format.schema), `${format.name}: a valid JSON Schema`);
      assert.ok(['statements', 'verdicts', 'reason'].includes(format.name));
      assert.ok((version === 'v1' ? options.maxTokens : options.maxOutputTokens) >= 32);
    }
    assert.deepEqual(calls[1].responseFormat?.schema?.properties.verdicts.items.properties.id.enum ?? calls[1].mode.schema.properties.verdicts.items.properties.id.enum, ['S1', 'S2', 'S3']);

    const cut = new Mock({ doGenerate: async () => result(version, '{"statements": ["Tesla was', 'length') });
    await assert.rejects(new HallucinationMetric(cut, { context: TESLA.context }).measure(TESLA.input, TESLA.output), (error) => {
      assert.ok(error instanceof EvalsError);
      assert.equal(error.code, 'EVALS_ANSWER_TRUNCATED');
      assert.equal(error.step, 'statements');
      assert.equal(typeof error.limit, 'number');
      assert.match(error.message, new RegExp(`during statements was cut off at the limit of ${error.limit} answer tokens`));
      assert.equal(error.raw, '{"statements": ["Tesla was');
      return true;
    });
  });
}

test('openaiCompatible: a server that refuses json_schema gets json_object from then on, after one refused request', async () => {
  const s = await startFakeOpenAI((body) => {
    if (body.response_format?.type === 'json_schema') return { status: 400, body: { error: { message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported by this server." } } };
    return { ...TESLA.answers, ...CAT_RECORDED }[stepOf(body.messages.find((m) => m.role === 'user').content)];
  });
  servers.push(s);
  const model = openaiCompatible({ baseURL: s.baseURL, model: 'm' });
  for (let i = 0; i < 3; i++) {
    assert.equal((await new HallucinationMetric(model, { context: TESLA.context }).measure(TESLA.input, TESLA.output)).score, 0.67);
  }
  const formats = s.requests.map((r) => r.body.response_format?.type);
  // Three measures of three calls each, and the one refused request before them.
  assert.deepEqual(formats, ['json_schema', ...Array(9).fill('json_object')]);
  assert.ok(s.requests.every((r) => Number.isInteger(r.body.max_tokens)), 'every request bounded');
  // A new client starts with the schema again.
  s.requests.length = 0;
  assert.equal((await new CoverageMetric(openaiCompatible({ baseURL: s.baseURL, model: 'm' })).measure(CAT.source, CAT.summary)).score, 0.67);
  assert.deepEqual(s.requests.map((r) => r.body.response_format.type), ['json_schema', 'json_object', 'json_object']);
});

test('openaiCompatible: a server that takes json_schema gets the schema, strict, on every request; finish_reason "length" is its own error', async () => {
  const s = await startFakeOpenAI((body) => {
    const format = body.response_format.json_schema;
    const answer = { statements: RECORDED.statements, verdicts: RECORDED.verdicts, reason: RECORDED.reason }[format.name];
    assert.ok(ajv.compile(format.schema)(JSON.parse(answer)), `${format.name}: the answer fits the schema sent`);
    return answer;
  });
  servers.push(s);
  const r = await new HallucinationMetric(openaiCompatible({ baseURL: s.baseURL, model: 'm' }), { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  assert.equal(r.score, 0.67);
  assert.deepEqual(s.requests.map((q) => [q.body.response_format.json_schema.name, q.body.response_format.json_schema.strict]), [['statements', true], ['verdicts', true], ['reason', true]]);

  const cut = await startFakeOpenAI(() => ({
    status: 200,
    body: { choices: [{ index: 0, message: { role: 'assistant', content: '{"claims": ["The cat' }, finish_reason: 'length' }], usage: { prompt_tokens: 9, completion_tokens: 64 } },
  }));
  servers.push(cut);
  await assert.rejects(new CoverageMetric(openaiCompatible({ baseURL: cut.baseURL, model: 'm' })).measure(CAT.source, CAT.summary), (error) => {
    assert.equal(error.code, 'EVALS_ANSWER_TRUNCATED');
    assert.equal(error.step, 'claims');
    assert.equal(error.limit, cut.requests[0].body.max_tokens);
    return true;
  });
  assert.equal(cut.requests.length, 1, 'the same limit would cut the same answer: not asked again');
});

test('a callback can report a cut answer; a cut answer that still reads is used', async () => {
  const cut = async (_prompt, { schemaName }) => (schemaName === 'claims' ? { text: '{"claims": ["The cat is bl', finishReason: 'length' } : '{}');
  await assert.rejects(new CoverageMetric(cut).measure(CAT.source, CAT.summary), { code: 'EVALS_ANSWER_TRUNCATED', step: 'claims' });
  const complete = scriptedModel({ claims: () => ({ text: CAT_RECORDED.claims, truncated: true }), claimVerdicts: CAT_RECORDED.claimVerdicts });
  const r = await new CoverageMetric(complete).measure(CAT.source, CAT.summary);
  assert.equal(r.score, 0.67);
});

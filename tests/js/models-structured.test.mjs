// Structured answers: every request of an LLM metric carries the JSON Schema of its answer and an
// answer-length bound (tests/mastra1/structured-answers.test.mjs validates every schema with
// ajv); AI SDK models get both in their call options, openaiCompatible as json_schema with a
// fallback to json_object that it remembers; an answer cut off at the limit is asked again once,
// then is its own error.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { MockLanguageModelV1 } from 'ai-v4/test';
import { MockLanguageModelV2 } from 'ai-v5/test';
import { MockLanguageModelV3 } from 'ai-v6/test';
import { createOpenAI } from '@ai-sdk/openai';
import { CoverageMetric, EvalsError, HallucinationMetric, openaiCompatible } from 'evals-wasm/llm';
import { startFakeOpenAI } from './fake-openai.mjs';
import { scriptedModel, stepOf, TESLA } from './scripted-model.mjs';
import { CAT, CAT_RECORDED, RECORDED } from './recorded-answers.mjs';

const servers = [];
after(() => Promise.all(servers.map((s) => s.close())));

test('every step of every LLM metric sends its answer\'s schema and a bound (validated with ajv in tests/mastra1/structured-answers.test.mjs)', async () => {
  const model = scriptedModel(RECORDED);
  await new HallucinationMetric(model, { context: TESLA.context, strategy: 'claims' }).measure(TESLA.input, TESLA.output);
  assert.deepEqual(model.calls.map((c) => c.schemaName), ['claims', 'verdicts', 'reason']);
  assert.ok(model.calls.every((c) => c.schema?.type === 'object' && c.schema.additionalProperties === false && Number.isInteger(c.maxTokens) && c.maxTokens >= 32));
  assert.ok(model.calls.every((c) => !('maxOutputTokens' in c)), 'no limit was set by the user');
  // A verdict schema pins what a decoding server may write: an object keyed by the asked ids,
  // each required and no other allowed, each value a word of the step and a bounded reason.
  const verdicts = model.calls[1].schema.properties.verdicts;
  assert.deepEqual(Object.keys(verdicts.properties), ['C1', 'C2']);
  assert.deepEqual(verdicts.required, ['C1', 'C2']);
  assert.equal(verdicts.additionalProperties, false);
  const entry = verdicts.properties.C2;
  assert.deepEqual(entry.properties.verdict.enum, ['supported', 'contradicted', 'unsupported']);
  assert.deepEqual(entry.required, ['verdict', 'reason']);
  // Texts and lists are capped, and the bound is the longest answer the schema allows: 120
  // characters of reason per verdict asked, and the frame.
  assert.equal(entry.properties.reason.maxLength, 120);
  assert.ok(model.calls[1].maxTokens >= 2 * 120 && model.calls[1].maxTokens < 2 * (120 + 64) + 32, `${model.calls[1].maxTokens}`);
  const claims = model.calls[0].schema.properties.claims;
  assert.ok(claims.items.maxLength <= 160);
  assert.ok(claims.maxItems >= 2 && claims.maxItems <= 4, `${claims.maxItems} claims for a one-sentence output`);
  assert.ok(model.calls[0].maxTokens >= claims.maxItems * claims.items.maxLength);
});

test('a user-set limit replaces every bound (maxAnswerTokens, CoverageMetric maxOutputTokens)', async () => {
  const model = scriptedModel(RECORDED);
  await new HallucinationMetric(model, { context: TESLA.context, maxAnswerTokens: 300 }).measure(TESLA.input, TESLA.output);
  assert.deepEqual(model.calls.map((c) => [c.maxTokens, c.maxOutputTokens]), [[300, 300], [300, 300], [300, 300]]);
  assert.throws(() => new HallucinationMetric(model, { context: [], maxAnswerTokens: 8 }), /"maxAnswerTokens" must be a whole number from 32/);
  const coverage = scriptedModel(CAT_RECORDED);
  await new CoverageMetric(coverage, { maxOutputTokens: 512 }).measure(CAT.source, CAT.summary);
  assert.deepEqual(coverage.calls.map((c) => [c.maxTokens, c.maxOutputTokens]), [[512, 512], [512, 512]]);
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
      assert.equal(format.schema.type, 'object', `${format.name}: the schema of the answer`);
      assert.ok(['statements', 'verdicts', 'reason'].includes(format.name));
      assert.ok((version === 'v1' ? options.maxTokens : options.maxOutputTokens) >= 32);
    }
    assert.deepEqual((calls[1].responseFormat ?? calls[1].mode).schema.properties.verdicts.required, ['S1', 'S2', 'S3']);

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

test('openaiCompatible: a strict mode without maxLength (as OpenAI\'s) keeps the schema, without its length keywords', async () => {
  const s = await startFakeOpenAI((body) => {
    const sent = JSON.stringify(body.response_format?.json_schema?.schema ?? {});
    if (/"m(ax|in)(Length|Items)"/.test(sent)) return { status: 400, body: { error: { message: "Invalid schema for response_format 'statements': In context=('properties', 'statements', 'items'), 'maxLength' is not permitted.", type: 'invalid_request_error' } } };
    return TESLA.answers[stepOf(body.messages.find((m) => m.role === 'user').content)];
  });
  servers.push(s);
  const model = openaiCompatible({ baseURL: s.baseURL, model: 'm' });
  for (let i = 0; i < 2; i++) {
    assert.equal((await new HallucinationMetric(model, { context: TESLA.context }).measure(TESLA.input, TESLA.output)).score, 0.67);
  }
  // One refused request, then every request with a strict schema: ids required, words enumerated.
  assert.equal(s.requests.length, 1 + 2 * 3);
  const [refused, ...kept] = s.requests.map((r) => r.body.response_format);
  assert.match(JSON.stringify(refused.json_schema.schema), /maxLength/);
  for (const format of kept) {
    assert.equal(format.type, 'json_schema');
    assert.equal(format.json_schema.strict, true);
    assert.doesNotMatch(JSON.stringify(format.json_schema.schema), /maxLength|maxItems/);
  }
  const verdicts = kept.find((f) => f.json_schema.name === 'verdicts').json_schema.schema.properties.verdicts;
  assert.deepEqual(verdicts.required, ['S1', 'S2', 'S3']);
  assert.equal(verdicts.additionalProperties, false);
});

test('an AI SDK provider whose API refuses the schema (HTTP 400) is asked in JSON mode instead, and remembers it', async () => {
  const s = await startFakeOpenAI((body) => {
    if (body.response_format?.type === 'json_schema') return { status: 400, body: { error: { message: "Invalid schema for response_format 'statements': 'maxLength' is not permitted.", type: 'invalid_request_error' } } };
    return TESLA.answers[stepOf(body.messages.find((m) => m.role === 'user').content)];
  });
  servers.push(s);
  const model = createOpenAI({ baseURL: s.baseURL, apiKey: 'test' }).chat('gpt-4o-mini');
  for (let i = 0; i < 2; i++) {
    assert.equal((await new HallucinationMetric(model, { context: TESLA.context }).measure(TESLA.input, TESLA.output)).score, 0.67);
  }
  assert.deepEqual(s.requests.map((r) => r.body.response_format?.type), ['json_schema', ...Array(6).fill('json_object')]);
});

test('openaiCompatible: a server that takes json_schema gets the schema, strict, on every request; finish_reason "length" is asked again once, then its own error', async () => {
  const s = await startFakeOpenAI((body) => {
    const format = body.response_format.json_schema;
    const answer = { statements: RECORDED.statements, verdicts: RECORDED.verdicts, reason: RECORDED.reason }[format.name];
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
  assert.equal(cut.requests.length, 2, 'a cut answer is asked again once, no more');
  const again = cut.requests[1].body.messages.find((m) => m.role === 'user').content;
  assert.match(again, /cut off at the limit of \d+ tokens/, 'the second request says why');
  assert.equal(cut.requests[1].body.max_tokens, cut.requests[0].body.max_tokens);
});

test('a callback can report a cut answer; a cut answer that still reads is used', async () => {
  const cut = async (_prompt, { schemaName }) => (schemaName === 'claims' ? { text: '{"claims": ["The cat is bl', finishReason: 'length' } : '{}');
  await assert.rejects(new CoverageMetric(cut).measure(CAT.source, CAT.summary), { code: 'EVALS_ANSWER_TRUNCATED', step: 'claims' });
  const complete = scriptedModel({ claims: () => ({ text: CAT_RECORDED.claims, truncated: true }), claimVerdicts: CAT_RECORDED.claimVerdicts });
  const r = await new CoverageMetric(complete).measure(CAT.source, CAT.summary);
  assert.equal(r.score, 0.67);
});

// HallucinationMetric driven by real model objects: the official AI SDK mocks of every `ai`
// major that runs here (spec v1 to v4), and @ai-sdk/openai against a local OpenAI-compatible
// server on 127.0.0.1.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CoverageMetric, HallucinationMetric } from 'evals-wasm/llm';
import { MockLanguageModelV1 } from 'ai-v4/test';
import { MockLanguageModelV2 } from 'ai-v5/test';
import { MockLanguageModelV3 } from 'ai-v6/test';
import { MockLanguageModelV4 } from 'ai-v7/test';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAI as createOpenAIv1 } from 'ai-sdk-openai-v1';
import { stepOf, TESLA } from './scripted-model.mjs';
import { startFakeOpenAI } from './fake-openai.mjs';

/** The text of the user message of an AI SDK prompt, whatever the spec version. */
function userText(options) {
  const user = options.prompt.find((m) => m.role === 'user');
  return typeof user.content === 'string' ? user.content : user.content.map((part) => part.text).join('');
}

/** A generate result of `version` carrying `text` and some token counts. */
function result(version, text) {
  if (version === 'v1') {
    return { text, finishReason: 'stop', usage: { promptTokens: 20, completionTokens: 4 }, rawCall: { rawPrompt: null, rawSettings: {} } };
  }
  const content = [{ type: 'text', text }];
  if (version === 'v2') return { content, finishReason: 'stop', usage: { inputTokens: 20, outputTokens: 4, totalTokens: 24 }, warnings: [] };
  return {
    content,
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: { inputTokens: { total: 20, noCache: 20 }, outputTokens: { total: 4, text: 4 } },
    warnings: [],
  };
}

for (const [version, Mock] of [['v1', MockLanguageModelV1], ['v2', MockLanguageModelV2], ['v3', MockLanguageModelV3], ['v4', MockLanguageModelV4]]) {
  test(`AI SDK model of spec ${version} (official mock): Tesla example, JSON mode, usage`, async () => {
    const calls = [];
    const model = new Mock({
      doGenerate: async (options) => {
        calls.push(options);
        return result(version, TESLA.answers[stepOf(userText(options))]);
      },
    });
    const r = await new HallucinationMetric(model, { context: TESLA.context }).measure(TESLA.input, TESLA.output);
    assert.equal(r.score, 0.67);
    assert.equal(r.info.modelCalls, 3);
    assert.deepEqual(r.info.usage, { inputTokens: 60, outputTokens: 12 });
    if (version === 'v1') assert.equal(calls[0].mode.type, 'object-json');
    else assert.equal(calls[0].responseFormat.type, 'json');
  });
}

test('@ai-sdk/openai (chat) against a local OpenAI-compatible server', async () => {
  const server = await startFakeOpenAI((body) => TESLA.answers[stepOf(body.messages.find((m) => m.role === 'user').content)]);
  try {
    for (const provider of [createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' }), createOpenAIv1({ baseURL: server.baseURL, apiKey: 'test-key' })]) {
      const metric = new HallucinationMetric(provider.chat('gpt-4o-mini'), { context: TESLA.context });
      const r = await metric.measure(TESLA.input, TESLA.output);
      assert.equal(r.score, 0.67);
      assert.deepEqual(r.info.statements.map((s) => s.contradicted), [true, true, false]);
      assert.deepEqual(r.info.usage, { inputTokens: 33, outputTokens: 15 });
    }
    assert.equal(server.requests.length, 6);
    for (const [index, request] of server.requests.entries()) {
      assert.equal(request.url, '/v1/chat/completions');
      assert.equal(request.body.model, 'gpt-4o-mini');
      // @ai-sdk/openai@2 sends the schema it is given as json_schema; @ai-sdk/openai@1 (spec v1)
      // uses JSON mode unless its structuredOutputs setting is on.
      assert.equal(request.body.response_format?.type, index < 3 ? 'json_schema' : 'json_object');
      assert.ok(JSON.stringify(request.body.messages).includes('JSON'), 'JSON mode needs the word JSON in the messages');
    }
  } finally {
    await server.close();
  }
});

test('usage counts that are not safe integers (2**60) are ignored, as negative and NaN ones are; sums stay exact numbers', async () => {
  const coverageAnswers = {
    claims: '{"claims": ["The tower is 300 m tall."]}',
    claimVerdicts: '{"verdicts": [{"id": "C1", "verdict": "yes", "reason": "stated"}]}',
  };
  const reporting = (answers, usage) => async (_prompt, { user }) => ({ text: answers[stepOf(user)], usage });
  for (const inputTokens of [2 ** 60, Number.MAX_VALUE, -3, NaN]) {
    const usage = { inputTokens, outputTokens: 5 };
    const h = await new HallucinationMetric(reporting(TESLA.answers, usage), { context: TESLA.context }).measure(TESLA.input, TESLA.output);
    assert.equal(h.score, 0.67);
    assert.deepEqual(h.info.usage, { inputTokens: 0, outputTokens: 15 }, String(inputTokens));
    const c = await new CoverageMetric(reporting(coverageAnswers, usage)).measure('The tower is 300 m tall.', 'A 300 m tower.');
    assert.equal(c.score, 1);
    assert.deepEqual(c.info.usage, { inputTokens: 0, outputTokens: 10 }, String(inputTokens));
  }
  // The largest safe count is kept, and a sum past it is held there rather than rounded.
  const most = { inputTokens: Number.MAX_SAFE_INTEGER, outputTokens: 1 };
  const h = await new HallucinationMetric(reporting(TESLA.answers, most), { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  assert.deepEqual(h.info.usage, { inputTokens: Number.MAX_SAFE_INTEGER, outputTokens: 3 });
});

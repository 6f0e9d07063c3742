// HallucinationMetric driven by real model objects: the official AI SDK mocks of every `ai`
// major that runs here (spec v1 to v4), and @ai-sdk/openai against a local OpenAI-compatible
// server on 127.0.0.1.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HallucinationMetric } from 'evals-wasm/llm';
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
    for (const request of server.requests) {
      assert.equal(request.url, '/v1/chat/completions');
      assert.equal(request.body.model, 'gpt-4o-mini');
      assert.equal(request.body.response_format?.type, 'json_object');
      assert.ok(JSON.stringify(request.body.messages).includes('JSON'), 'JSON mode needs the word JSON in the messages');
    }
  } finally {
    await server.close();
  }
});

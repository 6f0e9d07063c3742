// Tests of pkg-template/models/models.js: callbacks, AI SDK language models of spec v1 to v4 (through
// the official mocks of ai@4, ai@5, ai@6 and ai@7), unsupported models, and real OpenAI
// providers (spec v1, v2, v3) talking to a local server.

import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, test } from 'node:test';

import { describeModel, normalizeUsage, toJudge } from '../../pkg-template/models/models.js';

import { UnsupportedFunctionalityError } from 'ai-v4';
import { MockLanguageModelV1 } from 'ai-v4/test';
import { MockLanguageModelV2 } from 'ai-v5/test';
import { MockLanguageModelV3 } from 'ai-v6/test';
import { MockLanguageModelV3 as MockLanguageModelV3Of7, MockLanguageModelV4 } from 'ai-v7/test';
import { createOpenAI as createOpenAIv2 } from '@ai-sdk/openai';
import { createOpenAI as createOpenAIv1 } from 'ai-sdk-openai-v1';
import { createOpenAI as createOpenAIv3 } from 'ai-sdk-openai-v3';

const NAME = 'TestMetric';
const REQUEST = { system: 'You judge statements.', user: '<statements>\nS1: The sky is blue.\n</statements>', json: true };

// ---------------------------------------------------------------------------------------------
// Callbacks

describe('callback models', () => {
  test('an async callback returning a string gives { text } without usage', async () => {
    const judge = toJudge(async () => '{"verdicts": []}', NAME);
    const answer = await judge(REQUEST);
    assert.deepEqual(answer, { text: '{"verdicts": []}' });
    assert.equal('usage' in answer, false);
  });

  test('a sync callback returning a string works', async () => {
    const judge = toJudge(() => 'plain answer', NAME);
    const pending = judge(REQUEST);
    assert.ok(pending instanceof Promise, 'the judge always returns a promise');
    assert.deepEqual(await pending, { text: 'plain answer' });
  });

  test('{ text, usage } is returned with usage normalized, whatever its shape', async () => {
    const shapes = [
      [{ inputTokens: 12, outputTokens: 5, totalTokens: 17 }, { inputTokens: 12, outputTokens: 5 }],
      [{ prompt_tokens: 30, completion_tokens: 4, total_tokens: 34 }, { inputTokens: 30, outputTokens: 4 }],
      [{ promptTokens: 8, completionTokens: 2 }, { inputTokens: 8, outputTokens: 2 }],
      [{ inputTokens: { total: 9, noCache: 9 }, outputTokens: { total: 3, text: 3 } }, { inputTokens: 9, outputTokens: 3 }],
      [{ input_tokens: 40, output_tokens: 6 }, { inputTokens: 40, outputTokens: 6 }],
    ];
    for (const [usage, expected] of shapes) {
      const judge = toJudge(async () => ({ text: 'ok', usage }), NAME);
      assert.deepEqual(await judge(REQUEST), { text: 'ok', usage: expected }, JSON.stringify(usage));
    }
  });

  test('{ text } without usage, or with unusable usage, has no usage', async () => {
    for (const usage of [undefined, null, 42, 'lots', {}, { inputTokens: NaN, outputTokens: -1 }, { inputTokens: '5', outputTokens: Infinity }]) {
      const judge = toJudge(async () => ({ text: 'ok', usage }), NAME);
      const answer = await judge(REQUEST);
      assert.deepEqual(answer, { text: 'ok' }, String(usage));
    }
  });

  test('bad usage fields are ignored one by one; a total fills in a missing count', () => {
    assert.deepEqual(normalizeUsage({ inputTokens: 5, outputTokens: NaN }), { inputTokens: 5, outputTokens: 0 });
    assert.deepEqual(normalizeUsage({ inputTokens: -3, outputTokens: 4 }), { inputTokens: 0, outputTokens: 4 });
    assert.deepEqual(normalizeUsage({ inputTokens: 5, totalTokens: 12 }), { inputTokens: 5, outputTokens: 7 });
    assert.deepEqual(normalizeUsage({ completion_tokens: 2, total_tokens: 10 }), { inputTokens: 8, outputTokens: 2 });
    assert.deepEqual(normalizeUsage({ promptTokens: NaN, completionTokens: NaN }), undefined);
    assert.deepEqual(normalizeUsage({ totalTokens: 10 }), undefined);
    // The first usable spelling wins: a NaN `inputTokens` falls back to `promptTokens`.
    assert.deepEqual(normalizeUsage({ inputTokens: NaN, promptTokens: 6, outputTokens: 1 }), { inputTokens: 6, outputTokens: 1 });
  });

  test('a non-string answer is a TypeError saying what the model returned', async () => {
    const cases = [
      [42, /model returned a number \(42\), expected a string or \{ text/],
      [undefined, /model returned undefined/],
      [null, /model returned null/],
      [['a'], /model returned an array/],
      [{ content: 'x' }, /object whose "text" is undefined/],
      [{ text: 7 }, /object whose "text" is a number/],
    ];
    for (const [value, pattern] of cases) {
      const judge = toJudge(async () => value, NAME);
      await assert.rejects(judge(REQUEST), (error) => {
        assert.ok(error instanceof TypeError, `a TypeError for ${String(value)}`);
        assert.match(error.message, pattern);
        assert.ok(error.message.startsWith(`${NAME}: `), error.message);
        return true;
      });
    }
  });

  test('a callback that throws synchronously makes the judge reject with the same value', async () => {
    const thrown = new Error('provider is down');
    const judge = toJudge(() => {
      throw thrown;
    }, NAME);
    let caught;
    await judge(REQUEST).catch((error) => {
      caught = error;
    });
    assert.equal(caught, thrown);
  });

  test('a callback that rejects makes the judge reject with the same value, even a non-Error', async () => {
    const rejected = new RangeError('quota');
    await assert.rejects(toJudge(async () => Promise.reject(rejected), NAME)(REQUEST), (error) => error === rejected);
    const odd = { reason: 'not an Error' };
    await assert.rejects(toJudge(async () => {
      throw odd;
    }, NAME)(REQUEST), (error) => error === odd);
    await assert.rejects(toJudge(() => Promise.reject('a string'), NAME)(REQUEST), (error) => error === 'a string');
  });

  test('the prompt joins system and user with a blank line; the options carry the parts and the signal', async () => {
    const calls = [];
    const judge = toJudge(async (prompt, options) => {
      calls.push({ prompt, options });
      return 'ok';
    }, NAME);
    const controller = new AbortController();
    await judge({ system: 'SYSTEM', user: 'USER', json: true, signal: controller.signal });
    await judge({ system: 'SYS', user: 'U', json: false });
    assert.equal(calls[0].prompt, 'SYSTEM\n\nUSER');
    assert.deepEqual(Object.keys(calls[0].options).sort(), ['json', 'signal', 'system', 'user']);
    assert.equal(calls[0].options.system, 'SYSTEM');
    assert.equal(calls[0].options.user, 'USER');
    assert.equal(calls[0].options.json, true);
    assert.equal(calls[0].options.signal, controller.signal);
    assert.equal(calls[1].prompt, 'SYS\n\nU');
    assert.equal(calls[1].options.json, false);
    assert.equal(calls[1].options.signal, undefined);
  });

  test('an empty system part leaves just the user part; maxOutputTokens is passed on when set', async () => {
    const calls = [];
    const judge = toJudge((prompt, options) => {
      calls.push({ prompt, options });
      return 'ok';
    }, NAME);
    await judge({ system: '', user: 'only user', json: false, maxOutputTokens: 256 });
    assert.equal(calls[0].prompt, 'only user');
    assert.equal(calls[0].options.maxOutputTokens, 256);
  });

  test('the callback is called once per request', async () => {
    let count = 0;
    const judge = toJudge(async () => {
      count += 1;
      return 'x';
    }, NAME);
    await judge(REQUEST);
    await judge(REQUEST);
    assert.equal(count, 2);
  });
});

// ---------------------------------------------------------------------------------------------
// AI SDK language models, through the official mocks

const FINISH = {
  v1: 'stop',
  v2: 'stop',
  v3: { unified: 'stop', raw: 'stop' },
  v4: { unified: 'stop', raw: 'stop' },
};

/** A `doGenerate` result of the given spec version with the given text parts and token counts. */
function generateResult(version, texts, tokens) {
  const base = { finishReason: FINISH[version], warnings: [] };
  if (version === 'v1') {
    return {
      ...base,
      text: texts === undefined ? undefined : texts.join(''),
      usage: tokens ? { promptTokens: tokens[0], completionTokens: tokens[1] } : { promptTokens: NaN, completionTokens: NaN },
      rawCall: { rawPrompt: null, rawSettings: {} },
    };
  }
  const content = (texts ?? []).map((text) => ({ type: 'text', text }));
  if (version === 'v2') {
    return {
      ...base,
      content,
      usage: tokens
        ? { inputTokens: tokens[0], outputTokens: tokens[1], totalTokens: tokens[0] + tokens[1] }
        : { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined },
    };
  }
  return {
    ...base,
    content,
    usage: {
      inputTokens: { total: tokens?.[0], noCache: tokens?.[0], cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: tokens?.[1], text: tokens?.[1], reasoning: undefined },
    },
  };
}

/**
 * A mock of `version` answering with `answer` (a result or a function of the options). The
 * calls are in `mock.calls` (the v2+ mocks record them in doGenerateCalls; the v1 mock does not,
 * so they are recorded here for every version alike).
 */
const MOCKS = [
  { version: 'v1', from: 'ai@4', Mock: MockLanguageModelV1 },
  { version: 'v2', from: 'ai@5', Mock: MockLanguageModelV2 },
  { version: 'v3', from: 'ai@6', Mock: MockLanguageModelV3 },
  { version: 'v3', from: 'ai@7', Mock: MockLanguageModelV3Of7 },
  { version: 'v4', from: 'ai@7', Mock: MockLanguageModelV4 },
];

function mockModel(Mock, answer, settings = {}) {
  const calls = [];
  const model = new Mock({
    ...settings,
    doGenerate: async (options) => {
      calls.push(options);
      return typeof answer === 'function' ? answer(options) : answer;
    },
  });
  return { model, calls };
}

for (const { version, from, Mock } of MOCKS) {
  describe(`AI SDK spec ${version} (Mock of ${from})`, () => {
    test('the mock has the version under test', () => {
      assert.equal(new Mock().specificationVersion, version);
    });

    test('text is extracted and usage normalized', async () => {
      const { model } = mockModel(Mock, generateResult(version, ['{"statements": ', '["a"]}'], [120, 15]));
      const answer = await toJudge(model, NAME)(REQUEST);
      assert.deepEqual(answer, { text: '{"statements": ["a"]}', usage: { inputTokens: 120, outputTokens: 15 } });
    });

    test('unreported usage is left out', async () => {
      const { model } = mockModel(Mock, generateResult(version, ['hello'], undefined));
      const answer = await toJudge(model, NAME)(REQUEST);
      assert.deepEqual(answer, { text: 'hello' });
    });

    test('no text at all gives an empty string', async () => {
      const { model } = mockModel(Mock, generateResult(version, undefined, [1, 0]));
      const answer = await toJudge(model, NAME)(REQUEST);
      assert.equal(answer.text, '');
    });

    test('the prompt is a system message and a user message with one text part, at temperature 0', async () => {
      const { model, calls } = mockModel(Mock, generateResult(version, ['x'], [1, 1]));
      await toJudge(model, NAME)(REQUEST);
      assert.equal(calls.length, 1);
      assert.deepEqual(calls[0].prompt, [
        { role: 'system', content: REQUEST.system },
        { role: 'user', content: [{ type: 'text', text: REQUEST.user }] },
      ]);
      assert.equal(calls[0].temperature, 0);
    });

    test('an empty system part sends no system message', async () => {
      const { model, calls } = mockModel(Mock, generateResult(version, ['x'], [1, 1]));
      await toJudge(model, NAME)({ system: '', user: 'U', json: false });
      assert.deepEqual(calls[0].prompt, [{ role: 'user', content: [{ type: 'text', text: 'U' }] }]);
    });

    test('JSON and text requests send the options of this version', async () => {
      const { model, calls } = mockModel(Mock, generateResult(version, ['x'], [1, 1]));
      const judge = toJudge(model, NAME);
      await judge({ ...REQUEST, json: true, maxOutputTokens: 300 });
      await judge({ ...REQUEST, json: false });
      const [asJson, asText] = calls;
      if (version === 'v1') {
        assert.equal(asJson.inputFormat, 'messages');
        assert.deepEqual(asJson.mode, { type: 'object-json' });
        assert.equal(asJson.maxTokens, 300);
        assert.equal('maxOutputTokens' in asJson, false);
        assert.equal(asText.inputFormat, 'messages');
        assert.deepEqual(asText.mode, { type: 'regular' });
        assert.equal('maxTokens' in asText, false);
      } else {
        assert.deepEqual(asJson.responseFormat, { type: 'json' });
        assert.equal(asJson.maxOutputTokens, 300);
        assert.equal('mode' in asJson, false);
        assert.equal('inputFormat' in asJson, false);
        assert.equal('maxTokens' in asJson, false);
        assert.ok(asText.responseFormat === undefined || asText.responseFormat.type === 'text');
        assert.equal('maxOutputTokens' in asText, false);
      }
    });

    test('the signal is passed as abortSignal', async () => {
      const { model, calls } = mockModel(Mock, generateResult(version, ['x'], [1, 1]));
      const controller = new AbortController();
      await toJudge(model, NAME)({ ...REQUEST, signal: controller.signal });
      assert.equal(calls[0].abortSignal, controller.signal);
      await toJudge(model, NAME)(REQUEST);
      assert.equal('abortSignal' in calls[1], false);
    });

    test('an aborted signal reaches the model, whose abort error comes back unchanged', { timeout: 5000 }, async () => {
      const { model } = mockModel(Mock, (options) => new Promise((_, reject) => {
        options.abortSignal.addEventListener('abort', () => reject(options.abortSignal.reason), { once: true });
      }));
      const controller = new AbortController();
      const pending = toJudge(model, NAME)({ ...REQUEST, signal: controller.signal });
      const reason = new Error('stop now');
      controller.abort(reason);
      await assert.rejects(pending, (error) => error === reason);
    });

    test('a rejection of doGenerate passes through as the same object', async () => {
      const failure = new Error('429 Too Many Requests');
      const { model, calls } = mockModel(Mock, () => Promise.reject(failure));
      await assert.rejects(toJudge(model, NAME)(REQUEST), (error) => error === failure);
      assert.equal(calls.length, 1, 'no retry');
    });

    test('an unrelated UnsupportedFunctionalityError passes through, with no retry', async () => {
      const failure = new UnsupportedFunctionalityError({ functionality: 'thinking requires a budget' });
      const { model, calls } = mockModel(Mock, () => Promise.reject(failure));
      await assert.rejects(toJudge(model, NAME)(REQUEST), (error) => error === failure);
      assert.equal(calls.length, 1);
    });

    test('a provider without a JSON mode is asked again as plain text, and remembered', async () => {
      // ai@4's Anthropic and Bedrock providers refuse mode object-json this way.
      const { model, calls } = mockModel(Mock, (options) => {
        const wantsJson = options.mode?.type === 'object-json' || options.responseFormat?.type === 'json';
        if (wantsJson) throw new UnsupportedFunctionalityError({ functionality: 'json-mode object generation' });
        return generateResult(version, ['{"ok": true}'], [3, 2]);
      });
      const judge = toJudge(model, NAME);
      assert.deepEqual(await judge(REQUEST), { text: '{"ok": true}', usage: { inputTokens: 3, outputTokens: 2 } });
      assert.equal(calls.length, 2);
      assert.deepEqual(await judge(REQUEST), { text: '{"ok": true}', usage: { inputTokens: 3, outputTokens: 2 } });
      assert.equal(calls.length, 3, 'the second request goes straight to plain text');
      if (version === 'v1') assert.deepEqual(calls[2].mode, { type: 'regular' });
      else assert.equal(calls[2].responseFormat, undefined);
    });

    test('a result without usable text is a TypeError naming the model', async () => {
      const broken = version === 'v1'
        ? [undefined, { text: 12, usage: {} }]
        : [undefined, { usage: {} }, { content: [{ type: 'text', text: null }] }];
      for (const result of broken) {
        const { model } = mockModel(Mock, result, { provider: 'acme', modelId: 'judge-1' });
        await assert.rejects(toJudge(model, NAME)(REQUEST), (error) => {
          assert.ok(error instanceof TypeError);
          assert.match(error.message, /^TestMetric: the model acme:judge-1 returned no usable text: doGenerate /);
          return true;
        });
      }
    });

    test('describeModel names provider and model id', () => {
      assert.equal(describeModel(new Mock()), 'mock-provider:mock-model-id');
      assert.equal(describeModel(new Mock({ provider: 'openai.chat', modelId: 'gpt-4o-mini' })), 'openai.chat:gpt-4o-mini');
    });
  });
}

describe('AI SDK spec v2+ content', () => {
  test('only text parts count: reasoning, tool calls and sources are skipped', async () => {
    const { model } = mockModel(MockLanguageModelV3, {
      ...generateResult('v3', [], [5, 5]),
      content: [
        { type: 'reasoning', text: 'let me think' },
        { type: 'text', text: 'A' },
        { type: 'source', sourceType: 'url', id: 's', url: 'https://example.com' },
        { type: 'tool-call', toolCallId: 't', toolName: 'x', input: '{}' },
        { type: 'text', text: 'B' },
      ],
    });
    assert.equal((await toJudge(model, NAME)(REQUEST)).text, 'AB');
  });

  test('v4: structuredOutputText is the answer of a JSON request, and ignored for a text request', async () => {
    const result = { ...generateResult('v4', ['draft ', '{"final": 1}'], [4, 4]), structuredOutputText: '{"final": 1}' };
    const { model } = mockModel(MockLanguageModelV4, result);
    const judge = toJudge(model, NAME);
    assert.equal((await judge({ ...REQUEST, json: true })).text, '{"final": 1}');
    assert.equal((await judge({ ...REQUEST, json: false })).text, 'draft {"final": 1}');
  });

  test('a v3 model reporting flat numbers still has its usage read', async () => {
    const { model } = mockModel(MockLanguageModelV3, { ...generateResult('v3', ['x']), usage: { inputTokens: 7, outputTokens: 1 } });
    assert.deepEqual((await toJudge(model, NAME)(REQUEST)).usage, { inputTokens: 7, outputTokens: 1 });
  });

  test('a hand-made model whose doGenerate throws synchronously rejects with the same value', async () => {
    const failure = new Error('sync failure');
    const model = {
      specificationVersion: 'v2',
      provider: 'hand',
      modelId: 'made',
      doGenerate() {
        throw failure;
      },
    };
    await assert.rejects(toJudge(model, NAME)(REQUEST), (error) => error === failure);
  });

  test('doGenerate is called as a method of the model (real providers use `this`)', async () => {
    class ProviderModel {
      specificationVersion = 'v4';
      provider = 'class';
      modelId = 'based';
      #answer = 'from a private field';
      async doGenerate() {
        return { ...generateResult('v4', [this.#answer], [1, 1]) };
      }
    }
    assert.equal((await toJudge(new ProviderModel(), NAME)(REQUEST)).text, 'from a private field');
  });
});

// ---------------------------------------------------------------------------------------------
// Unsupported models

describe('unsupported models', () => {
  const cases = [
    [null, /got null$/],
    [undefined, /got undefined$/],
    [42, /got a number \(42\)$/],
    ['openai/gpt-4o-mini', /got a string \("openai\/gpt-4o-mini"\) \(model ids are not resolved here/],
    [{}, /got an object without a doGenerate method$/],
    [[], /got an array$/],
    [{ doGenerate: async () => ({}) }, /got an object with doGenerate but no specificationVersion$/],
    [{ specificationVersion: 'v2', provider: 'p', modelId: 'm' }, /got an object of specificationVersion "v2" without a doGenerate method$/],
    [
      { specificationVersion: 'v9', provider: 'future', modelId: 'm-1', doGenerate: async () => ({}) },
      /the model future:m-1 implements AI SDK specificationVersion "v9", which is not supported/,
    ],
  ];
  for (const [model, pattern] of cases) {
    test(`toJudge(${describeModel(model)}) throws a TypeError at once`, () => {
      assert.throws(() => toJudge(model, 'FaithfulnessMetric'), (error) => {
        assert.ok(error instanceof TypeError);
        assert.ok(error.message.startsWith('FaithfulnessMetric: '), error.message);
        assert.match(error.message, pattern);
        assert.match(error.message, /AI SDK language model|specificationVersion/);
        return true;
      });
    });
  }

  test('the message says what is accepted', () => {
    assert.throws(() => toJudge(7, NAME), /must be a function \(prompt, \{ system, user, json, signal \}\).*an AI SDK language model \(specificationVersion "v1", "v2", "v3" or "v4".*or openaiCompatible\(/);
  });

  test('describeModel of a callback is "callback"', () => {
    assert.equal(describeModel(async () => 'x'), 'callback');
    assert.equal(describeModel(function named() {}), 'callback');
  });
});

// ---------------------------------------------------------------------------------------------
// Real OpenAI providers against a local server

/** A local chat-completions server answering `content` with fixed usage; records requests. */
async function startChatServer(content, { hold = false } = {}) {
  const requests = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ url: req.url, body: JSON.parse(body) });
      if (hold) {
        // Never answers; drops the connection after a while so that a broken abort fails, not hangs.
        setTimeout(() => res.destroy(), 2000).unref();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1700000000,
        model: 'gpt-4o-mini',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
      }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseURL = `http://127.0.0.1:${server.address().port}/v1`;
  const close = () => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  });
  return { baseURL, requests, close };
}

const PROVIDERS = [
  { version: 'v1', name: '@ai-sdk/openai@1', createOpenAI: createOpenAIv1 },
  { version: 'v2', name: '@ai-sdk/openai@2', createOpenAI: createOpenAIv2 },
  { version: 'v3', name: '@ai-sdk/openai@3', createOpenAI: createOpenAIv3 },
];

for (const { version, name, createOpenAI } of PROVIDERS) {
  describe(`end to end: ${name} (spec ${version}) against 127.0.0.1`, () => {
    test('JSON request: json_object response format, temperature 0, both messages, usage', async () => {
      const server = await startChatServer('{"verdicts": []}');
      try {
        const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('gpt-4o-mini');
        assert.equal(model.specificationVersion, version);
        assert.equal(describeModel(model), 'openai.chat:gpt-4o-mini');
        const answer = await toJudge(model, NAME)({ system: 'SYS', user: 'USR', json: true, maxOutputTokens: 64 });
        assert.deepEqual(answer, { text: '{"verdicts": []}', usage: { inputTokens: 11, outputTokens: 7 } });
        assert.equal(server.requests.length, 1);
        const { url, body } = server.requests[0];
        assert.equal(url, '/v1/chat/completions');
        assert.equal(body.model, 'gpt-4o-mini');
        assert.equal(body.temperature, 0);
        assert.equal(body.max_tokens, 64);
        assert.deepEqual(body.response_format, { type: 'json_object' });
        assert.deepEqual(body.messages, [{ role: 'system', content: 'SYS' }, { role: 'user', content: 'USR' }]);
      } finally {
        await server.close();
      }
    });

    test('text request: no response format', async () => {
      const server = await startChatServer('A short reason.');
      try {
        const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('gpt-4o-mini');
        const answer = await toJudge(model, NAME)({ system: 'SYS', user: 'USR', json: false });
        assert.equal(answer.text, 'A short reason.');
        assert.equal(server.requests[0].body.response_format, undefined);
      } finally {
        await server.close();
      }
    });

    test('aborting the signal ends the pending HTTP call', { timeout: 10000 }, async () => {
      const server = await startChatServer('never sent', { hold: true });
      try {
        const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('gpt-4o-mini');
        const controller = new AbortController();
        const pending = toJudge(model, NAME)({ system: 'S', user: 'U', json: false, signal: controller.signal });
        // Wait (boundedly) for the request to reach the server, unless the call already ended.
        let ended = false;
        pending.then(() => (ended = true), () => (ended = true));
        for (let i = 0; i < 400 && !ended && server.requests.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
        assert.equal(server.requests.length, 1, 'the request reached the server');
        controller.abort();
        await assert.rejects(pending, (error) => error?.name === 'AbortError' || /abort/i.test(String(error?.message)));
      } finally {
        await server.close();
      }
    });
  });
}

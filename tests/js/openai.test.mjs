// The built-in OpenAI-compatible model (JS over fetch) against a scripted local
// server on 127.0.0.1: answers, retries, JSON-mode fallback, time-outs, broken connections,
// aborts, and the API key kept out of every error.

import { longestAnswerChars } from './lib/longest-answer.mjs';
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openaiCompatible, HallucinationMetric, CoverageMetric, EvalsError } from 'evals-wasm/llm';
import { startFakeOpenAI } from './fake-openai.mjs';
import { stepOf, TESLA } from './scripted-model.mjs';

const KEY = 'sk-test-0123456789abcdefghijklmnop';
const servers = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function server(answer) {
  const s = await startFakeOpenAI(answer);
  servers.push(s);
  return s;
}

const userOf = (body) => body.messages.find((m) => m.role === 'user').content;
const tesla = (body) => TESLA.answers[stepOf(userOf(body))];
const metricFor = (model, options = {}) => new HallucinationMetric(model, { context: TESLA.context, ...options });

function assertNoKey(error) {
  for (const text of [error.message, error.stack, JSON.stringify(error), String(error.cause ?? '')]) {
    assert.ok(!String(text).includes(KEY), 'the API key must never appear in an error');
  }
}

test('a normal exchange: hallucination end to end, key and headers sent, usage reported', async () => {
  const s = await server(tesla);
  const model = openaiCompatible({ baseURL: s.baseURL, apiKey: KEY, model: 'judge-1', headers: { 'x-test-header': 'yes' }, maxOutputTokens: 800 });
  assert.ok(!JSON.stringify(model).includes(KEY) && !Object.values(model).includes(KEY), 'the key is not on the model object');
  const r = await metricFor(model).measure(TESLA.input, TESLA.output);
  assert.equal(r.score, 0.67);
  assert.deepEqual(r.info.usage, { inputTokens: 33, outputTokens: 15 });
  const first = s.requests[0];
  assert.equal(first.url, '/v1/chat/completions');
  assert.equal(first.headers.authorization, `Bearer ${KEY}`);
  assert.equal(first.headers['x-test-header'], 'yes');
  // The answer's JSON Schema, strict (a server that refuses it falls back to json_object: see below).
  assert.equal(first.body.response_format.type, 'json_schema');
  assert.equal(first.body.response_format.json_schema.name, 'statements');
  assert.equal(first.body.response_format.json_schema.strict, true);
  assert.deepEqual(first.body.response_format.json_schema.schema.required, ['statements']);
  assert.equal(first.body.temperature, 0);
  assert.equal(first.body.max_tokens, 800);
  assert.equal(first.body.model, 'judge-1');
});

test('JSON in a code fence is read', async () => {
  const s = await server((body) => '```json\n' + tesla(body) + '\n```');
  const r = await metricFor(openaiCompatible({ baseURL: s.baseURL, model: 'm' })).measure(TESLA.input, TESLA.output);
  assert.equal(r.score, 0.67);
});

test('429 with Retry-After, and 500 then success, are retried', async () => {
  let calls = 0;
  const s = await server((body) => {
    calls += 1;
    if (calls === 1) return { status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'slow down' } } };
    if (calls === 2) return { status: 500, body: { error: { message: 'hiccup' } } };
    return tesla(body);
  });
  const started = Date.now();
  const r = await metricFor(openaiCompatible({ baseURL: s.baseURL, model: 'm' })).measure(TESLA.input, TESLA.output);
  assert.equal(r.score, 0.67);
  assert.equal(s.requests.length, 5, '2 failed attempts + 3 calls');
  assert.ok(Date.now() - started >= 900, 'Retry-After: 1 was honoured');
});

test('no retry on other 4xx; the error says status, server message, URL without credentials, attempts', async () => {
  const s = await server(() => ({ status: 401, body: { error: { message: `Incorrect API key provided: ${KEY.slice(0, 6)}****` } } }));
  const url = s.baseURL + '?api-version=2024';
  const metric = metricFor(openaiCompatible({ baseURL: url, apiKey: KEY, model: 'm' }));
  await assert.rejects(metric.measure('a', 'b'), (e) => {
    assertNoKey(e);
    assert.ok(e instanceof EvalsError);
    assert.equal(e.code, 'EVALS_HTTP_ERROR');
    assert.equal(e.status, 401);
    assert.equal(e.attempts, 1);
    assert.match(e.message, /HTTP 401 after 1 attempt: Incorrect API key provided/);
    assert.equal(e.url, s.baseURL + '/chat/completions');
    assert.ok(!e.message.includes('api-version'), 'the query string is left out');
    return true;
  });
  assert.equal(s.requests.length, 1);
  assert.equal(new URL(s.requests[0].url, 'http://x').searchParams.get('api-version'), '2024', 'the query string is still sent');
  assert.equal(new URL(s.requests[0].url, 'http://x').pathname, '/v1/chat/completions');
});

test('a 400 on response_format: asked again without it, and remembered for that model', async () => {
  const s = await server((body) => body.response_format ? { status: 400, body: { error: { message: "'response_format' of type 'json_object' is not supported with this model" } } } : tesla(body));
  const model = openaiCompatible({ baseURL: s.baseURL, model: 'm' });
  const metric = metricFor(model);
  assert.equal((await metric.measure(TESLA.input, TESLA.output)).score, 0.67);
  const withFormat = s.requests.filter((r) => r.body.response_format).length;
  assert.equal(withFormat, 1, 'only the first request tried JSON mode');
  assert.equal(s.requests.length, 4);
});

test('an answer slower than timeoutMs fails after the retries, with a clear message', async () => {
  const s = await server(() => new Promise((resolve) => setTimeout(() => resolve('late'), 2000)));
  const metric = metricFor(openaiCompatible({ baseURL: s.baseURL, model: 'm', timeoutMs: 100, maxRetries: 1 }));
  await assert.rejects(metric.measure('a', 'b'), (e) => e.code === 'EVALS_HTTP_ERROR' && e.attempts === 2 && /no answer within timeoutMs \(100 ms\)/.test(e.message));
  assert.equal(s.requests.length, 2);
});

test('a malformed body is an error naming the problem', async () => {
  const s = await server(() => ({ status: 200, body: '<html>gateway page</html>' }));
  await assert.rejects(metricFor(openaiCompatible({ baseURL: s.baseURL, model: 'm' })).measure('a', 'b'), (e) =>
    e.code === 'EVALS_HTTP_ERROR' && /answered HTTP 200, but the response body is not JSON/.test(e.message));
  const noChoices = await server(() => ({ status: 200, body: { choices: [] } }));
  await assert.rejects(metricFor(openaiCompatible({ baseURL: noChoices.baseURL, model: 'm' })).measure('a', 'b'), /the response has no choices/);
});

test('a connection closed mid-response is retried', async () => {
  let calls = 0;
  const s = await server((body) => (++calls === 1 ? { breakOff: true } : tesla(body)));
  const r = await metricFor(openaiCompatible({ baseURL: s.baseURL, model: 'm' })).measure(TESLA.input, TESLA.output);
  assert.equal(r.score, 0.67);
  assert.equal(s.requests.length, 4);
});

test('a refused connection fails after the retries', async () => {
  const s = await server(tesla);
  const baseURL = s.baseURL;
  await s.close();
  servers.splice(servers.indexOf(s), 1);
  await assert.rejects(metricFor(openaiCompatible({ baseURL, model: 'm', maxRetries: 1 })).measure('a', 'b'), (e) => e.code === 'EVALS_HTTP_ERROR' && e.attempts === 2);
});

test("the measure's AbortSignal and timeoutMs cancel the request in flight", async () => {
  const s = await server(() => new Promise(() => {}));
  const controller = new AbortController();
  const pending = metricFor(openaiCompatible({ baseURL: s.baseURL, model: 'm' })).measure('a', 'b', { signal: controller.signal });
  setTimeout(() => controller.abort(), 50);
  await assert.rejects(pending, { code: 'EVALS_ABORTED' });
  await assert.rejects(metricFor(openaiCompatible({ baseURL: s.baseURL, model: 'm' }), { timeoutMs: 80 }).measure('a', 'b'), { code: 'EVALS_TIMEOUT' });
});

test('coverage end to end through the built-in model', async () => {
  const claims = ['The cat is black', 'The cat sleeps on the windowsill', 'The cat watches birds', 'The cat naps in the garden'];
  const s = await server((body) => {
    const user = userOf(body);
    if (user.includes('<source>')) return JSON.stringify({ claims });
    return JSON.stringify({ verdicts: [1, 2, 3, 4].map((n) => ({ id: `C${n}`, verdict: n <= 2 ? 'yes' : 'no' })) });
  });
  const r = await new CoverageMetric(openaiCompatible({ baseURL: s.baseURL, model: 'm' })).measure('The cat is black and sleeps…', 'The black cat sleeps by the window.');
  assert.equal(r.score, 0.5);
  assert.deepEqual(r.info.usage, { inputTokens: 22, outputTokens: 10 });
  // No limit set: each request carries its step's own bound, computed from its schema: the
  // longest answer the schema allows fits (a token a character), with little room to spare.
  for (const request of s.requests) {
    const longest = longestAnswerChars(request.body.response_format.json_schema.schema);
    assert.ok(request.body.max_tokens >= longest && request.body.max_tokens < 2 * longest + 64, `${request.body.max_tokens} for ${longest}`);
  }
  // CoverageMetric's maxOutputTokens is sent as max_tokens; with the model's own setting too, the smaller wins.
  s.requests.length = 0;
  await new CoverageMetric(openaiCompatible({ baseURL: s.baseURL, model: 'm' }), { maxOutputTokens: 600 }).measure('The cat is black and sleeps…', 'The black cat.');
  assert.deepEqual(s.requests.map((request) => request.body.max_tokens), [600, 600]);
  s.requests.length = 0;
  await new CoverageMetric(openaiCompatible({ baseURL: s.baseURL, model: 'm', maxOutputTokens: 400 }), { maxOutputTokens: 600 }).measure('The cat is black and sleeps…', 'The black cat.');
  assert.deepEqual(s.requests.map((request) => request.body.max_tokens), [400, 400]);
});

test('bad settings are TypeErrors', () => {
  assert.throws(() => openaiCompatible({ baseURL: '/v1', model: 'm' }), { name: 'TypeError', message: /absolute/ });
  assert.throws(() => openaiCompatible({ baseURL: 'ftp://host', model: 'm' }), { name: 'TypeError', message: /http or https/ });
  assert.throws(() => openaiCompatible({ baseURL: 'http://user:secret@127.0.0.1:1/v1', model: 'm' }), (e) => e instanceof TypeError && /user name or password/.test(e.message) && !e.message.includes('secret'));
  assert.throws(() => openaiCompatible({ baseURL: 'http://127.0.0.1:1/v1' }), { name: 'TypeError', message: /"model"/ });
  assert.throws(() => openaiCompatible({ baseURL: 'http://127.0.0.1:1/v1', model: 'm', maxRetries: -1 }), /maxRetries/);
  assert.throws(() => openaiCompatible({ baseURL: 'http://127.0.0.1:1/v1', model: 'm', apiKey: 42 }), /apiKey/);
});

test('a server that quotes the key (or an Authorization header) in its error or answer: masked as ***', async () => {
  const s = await server((body) => {
    const user = userOf(body);
    if (user.includes('Tesla')) {
      if (body.model === 'm401') return { status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}. You sent Authorization: Bearer ${KEY}` } } };
      if (body.model === 'm500') return { status: 500, body: `upstream said "Bearer other-token-42" for ${KEY}` };
    }
    return `I read your key ${KEY}, not JSON`;
  });
  const rejected = await metricFor(openaiCompatible({ baseURL: s.baseURL, apiKey: KEY, model: 'm401' })).measure(TESLA.input, TESLA.output).catch((e) => e);
  assert.ok(rejected instanceof EvalsError && rejected.code === 'EVALS_HTTP_ERROR', String(rejected));
  assertNoKey(rejected);
  assert.match(rejected.message, /Incorrect API key provided: \*\*\*\. You sent Authorization: Bearer \*\*\*/);
  const failed = await metricFor(openaiCompatible({ baseURL: s.baseURL, apiKey: KEY, model: 'm500', maxRetries: 0 })).measure(TESLA.input, TESLA.output).catch((e) => e);
  assertNoKey(failed);
  assert.ok(!failed.message.includes('other-token-42'), failed.message);
  assert.match(failed.message, /Bearer \*\*\*" for \*\*\*/);
  // A key in a credential header (api-key, Azure style) is masked the same way.
  const azure = await metricFor(openaiCompatible({ baseURL: s.baseURL, headers: { 'api-key': KEY }, model: 'm401' })).measure(TESLA.input, TESLA.output).catch((e) => e);
  assertNoKey(azure);
  // An answer that echoes the key reaches neither raw nor the result.
  const unreadable = await metricFor(openaiCompatible({ baseURL: s.baseURL, apiKey: KEY, model: 'echo' })).measure('q', 'x').catch((e) => e);
  assert.equal(unreadable.code, 'EVALS_UNREADABLE_ANSWER');
  assertNoKey(unreadable);
  assert.ok(!unreadable.raw.includes(KEY) && unreadable.raw.includes('***'), unreadable.raw);
});

// withCassette through the built package: every LLM metric recorded with a scripted model and
// replayed with a model that throws on any call; misses in replay, auto mode calling only for
// what changed; 200 concurrent measures into one file; stores; AI SDK models of spec v1 to v4
// (doGenerate and doStream); keys independent of key order; credentials never written.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoverageMetric, evaluateMany, evaluateSummary, EvalsError, HallucinationMetric, openaiCompatible, withCassette } from 'evals-wasm';
import * as llm from 'evals-wasm/llm';
import { createRequire } from 'node:module';
import { MockLanguageModelV1 } from 'ai-v4/test';
import { MockLanguageModelV2 } from 'ai-v5/test';
import { MockLanguageModelV3 } from 'ai-v6/test';
import { MockLanguageModelV4 } from 'ai-v7/test';
import { scriptedModel, stepOf, TESLA } from './scripted-model.mjs';
import { startFakeOpenAI } from './fake-openai.mjs';

const work = mkdtempSync(join(tmpdir(), 'evals-wasm-cassette-'));
test.after(() => rmSync(work, { recursive: true, force: true }));
let files = 0;
const newFile = () => join(work, `cassette-${++files}.jsonl`);

/** The entries of a cassette file; every line must be whole JSON. */
function linesOf(path) {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  assert.ok(text === '' || text.endsWith('\n'), 'the file ends with a whole line');
  return text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));
}

/** A scripted callback that reports usage (so that replayed usage is checked too). */
function withUsage(answers) {
  const base = scriptedModel(answers);
  const model = async (prompt, options) => {
    const text = await base(prompt, options);
    return { text, usage: { inputTokens: options.user.length, outputTokens: text.length } };
  };
  model.calls = base.calls;
  return model;
}

/** A callback that must not be called: counts and throws. */
function throwing() {
  const model = () => {
    model.calls += 1;
    throw new Error('the model was called during a replay');
  };
  model.calls = 0;
  return model;
}

const CLAIMS_ANSWERS = {
  claims: (user) => JSON.stringify({ claims: [`First claim of ${user.length}.`, 'Second claim.', 'Third claim.'] }),
  claimVerdicts: (user) => {
    const ids = [...user.matchAll(/^(C\d+):/gm)].map((m) => m[1]);
    return JSON.stringify({ verdicts: ids.map((id, i) => ({ id, verdict: ['contradicted', 'unsupported', 'supported'][i % 3], reason: `reason ${id}` })) });
  },
  reason: '{"because": "some claims are not backed by the context."}',
};

const COVERAGE_ANSWERS = {
  claims: (user) => JSON.stringify({ claims: [`The source has ${user.length} characters.`, 'The source is short.', 'The source is a test.'] }),
  claimVerdicts: (user) => {
    const ids = [...user.matchAll(/^(C\d+):/gm)].map((m) => m[1]);
    return JSON.stringify({ verdicts: ids.map((id, i) => ({ id, verdict: i === 1 ? 'no' : 'yes', reason: `verdict for ${id}` })) });
  },
};

const ITEMS = [
  { input: TESLA.input, output: TESLA.output },
  { input: 'When was Tesla founded?', output: 'In 2003, in San Carlos.' },
  { input: 'Who founded Tesla?', output: 'Martin Eberhard and Marc Tarpenning.' },
];

/** Every LLM metric (and its ways of being run), built over `model`. */
const CASES = {
  'HallucinationMetric (statements)': {
    answers: TESLA.answers,
    run: (model) => Promise.all(ITEMS.map((item) => new HallucinationMetric(model, { context: TESLA.context }).measure(item.input, item.output))),
  },
  'HallucinationMetric (claims)': {
    answers: CLAIMS_ANSWERS,
    run: (model) => Promise.all(ITEMS.map((item) => new HallucinationMetric(model, { context: TESLA.context, strategy: 'claims' }).measure(item))),
  },
  'HallucinationMetric (statements, no model reason) in evaluateMany': {
    answers: TESLA.answers,
    run: async (model) => (await evaluateMany(new HallucinationMetric(model, { context: TESLA.context, reason: false }), ITEMS, { concurrency: 3 })).results,
  },
  'CoverageMetric (verbose, maxOutputTokens)': {
    answers: COVERAGE_ANSWERS,
    run: (model) => Promise.all(ITEMS.map((item) => new CoverageMetric(model, { verbose: true, maxOutputTokens: 2048 }).measure(item.input, item.output))),
  },
  evaluateSummary: {
    answers: COVERAGE_ANSWERS,
    run: (model) => Promise.all(ITEMS.map((item) => evaluateSummary(item.input, item.output, { model, verbose: true }))),
  },
};

for (const [name, { answers, run }] of Object.entries(CASES)) {
  test(`${name}: recorded once, replayed identically (scores, reasons, verdicts, usage) with a model that is never called`, async () => {
    const path = newFile();
    const live = withUsage(answers);
    const recorded = await run(withCassette(live, { path }));
    assert.ok(live.calls.length >= ITEMS.length, `${live.calls.length} calls`);
    const entries = linesOf(path);
    // One line per distinct request, each request of the run answered by one model call.
    assert.equal(entries.length, live.calls.length);
    assert.equal(new Set(entries.map((e) => e.key)).size, entries.length);
    for (const entry of entries) {
      assert.match(entry.key, /^[0-9a-f]{64}$/);
      assert.equal(entry.model, 'callback');
      assert.ok(['statements', 'claims', 'verdicts', 'reason'].includes(entry.step), entry.step);
      assert.ok(typeof entry.metric === 'string' && entry.metric.length > 0);
      assert.equal(typeof entry.request.user, 'string');
      assert.equal(typeof entry.answer.text, 'string');
    }
    if (!name.startsWith('evaluateSummary')) assert.ok(recorded.some((r) => r.info.usage?.inputTokens > 0), 'usage is recorded');

    const dead = throwing();
    const replayed = await run(withCassette(dead, { path, mode: 'replay' }));
    assert.equal(dead.calls, 0);
    assert.deepEqual(replayed, recorded);
    // Auto mode with everything recorded: no call either.
    const idle = throwing();
    assert.deepEqual(await run(withCassette(idle, { path })), recorded);
    assert.equal(idle.calls, 0);
  });
}

test('a changed input or prompt: replay rejects with EVALS_CASSETTE_MISS naming metric and step; auto calls the model for that request only', async () => {
  const path = newFile();
  const source = 'The tower is 300 m tall. It was built in 1889.';
  await new CoverageMetric(withCassette(withUsage(COVERAGE_ANSWERS), { path })).measure(source, 'A tall tower.');
  await new HallucinationMetric(withCassette(withUsage(TESLA.answers), { path }), { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  const before = linesOf(path).length;

  // Another summary: the source's claims are recorded, the verdicts on the new summary are not.
  const replay = withCassette(throwing(), { path, mode: 'replay' });
  const miss = await new CoverageMetric(replay).measure(source, 'A tower of 300 m.').then(() => undefined, (error) => error);
  assert.ok(miss instanceof EvalsError, String(miss));
  assert.equal(miss.code, 'EVALS_CASSETTE_MISS');
  assert.equal(miss.step, 'verdicts');
  assert.equal(miss.metric, 'CoverageMetric');
  assert.match(miss.key, /^[0-9a-f]{64}$/);
  assert.match(miss.message, /^CoverageMetric: no recorded answer for step "verdicts" \(model callback, key [0-9a-f]{12}\) in the cassette file .*cassette-\d+\.jsonl; mode "replay" never calls the model/);

  // One word more in the context: the very first step misses.
  const context = [`${TESLA.context[0]} Indeed.`];
  const first = await new HallucinationMetric(replay, { context }).measure(TESLA.input, TESLA.output).then(() => undefined, (error) => error);
  assert.equal(first.code, 'EVALS_CASSETTE_MISS');
  assert.equal(first.step, 'statements');
  assert.equal(first.metric, 'HallucinationMetric');
  // The same instance keeps working after the miss: what is recorded still replays.
  assert.equal((await new HallucinationMetric(replay, { context: TESLA.context }).measure(TESLA.input, TESLA.output)).score, 0.67);

  // Auto: only the changed request goes to the model.
  const live = withUsage(COVERAGE_ANSWERS);
  const r = await new CoverageMetric(withCassette(live, { path })).measure(source, 'A tower of 300 m.');
  assert.equal(r.info.modelCalls, 2);
  assert.deepEqual(live.calls.map((c) => c.step), ['claimVerdicts']);
  assert.equal(linesOf(path).length, before + 1);
  // And then replay has it.
  assert.deepEqual(await new CoverageMetric(replay).measure(source, 'A tower of 300 m.'), r);
});

test('one word more in a prompt changes the key: replay misses, auto asks for that request only', async () => {
  const store = new Map();
  let calls = 0;
  const live = withCassette(async (_prompt, { user }) => `answer ${++calls} to ${user}`, { store });
  const ask = (model, system) => model(`${system}\n\nQ`, { system, user: 'Q', json: true });
  const first = await ask(live, 'Judge the claims.');
  assert.deepEqual(await ask(live, 'Judge the claims.'), first);
  assert.equal(calls, 1);
  const replay = withCassette(throwing(), { store, mode: 'replay' });
  assert.deepEqual(await ask(replay, 'Judge the claims.'), first);
  await assert.rejects(ask(replay, 'Judge all the claims.'), (error) => error.code === 'EVALS_CASSETTE_MISS');
  await ask(live, 'Judge all the claims.');
  assert.equal(calls, 2);
  assert.equal(store.size, 2);
});

test('a request in flight whose caller aborts: a second caller waiting for the same request asks again and gets its answer', async () => {
  const store = new Map();
  let calls = 0;
  const slow = async (_prompt, { signal }) => {
    calls += 1;
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, 30);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('aborted by its caller'));
      });
    });
    return 'the answer';
  };
  const model = withCassette(slow, { store });
  const controller = new AbortController();
  const request = { system: 'S', user: 'U', json: false };
  const leader = model('S\n\nU', { ...request, signal: controller.signal });
  const follower = model('S\n\nU', request);
  let callsBeforeAbort;
  setTimeout(() => {
    callsBeforeAbort = calls;
    controller.abort();
  }, 5);
  await assert.rejects(leader, /aborted by its caller/);
  assert.deepEqual(await follower, { text: 'the answer' });
  assert.equal(callsBeforeAbort, 1, 'the follower joined the call in flight');
  assert.equal(calls, 2, 'and asked again once that call was aborted');
  assert.equal(store.size, 1);
});

test('200 concurrent measures recording into one file: whole lines, no duplicate keys, identical requests made once, replay identical', async () => {
  const path = newFile();
  const answers = {
    claims: async (user) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      return JSON.stringify({ claims: [`Claim A of ${user.length}.`, `Claim B of ${user.length}.`] });
    },
    claimVerdicts: async (user) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      const ids = [...user.matchAll(/^(C\d+):/gm)].map((m) => m[1]);
      return JSON.stringify({ verdicts: ids.map((id) => ({ id, verdict: user.length % 2 ? 'yes' : 'no', reason: 'r' })) });
    },
  };
  const live = withUsage(answers);
  const model = withCassette(live, { path });
  // 100 distinct items, each twice, each measure with its own metric (no shared claim cache):
  // the twin requests meet in the cassette while in flight.
  const items = Array.from({ length: 200 }, (_, i) => ({ input: `Source number ${i % 100} ${'x'.repeat(i % 100)}.`, output: `Summary ${i % 100}.` }));
  const factory = () => new CoverageMetric(model);
  const recorded = await evaluateMany(factory, items, { concurrency: 200 });
  assert.equal(recorded.summary.failures, 0);
  const entries = linesOf(path);
  assert.equal(entries.length, 200, 'two requests for each distinct item');
  assert.equal(new Set(entries.map((e) => e.key)).size, 200);
  assert.equal(live.calls.length, 200, 'each distinct request made once');
  const withoutIndex = (results) => results.map(({ index: _index, ...rest }) => rest);
  assert.deepEqual(withoutIndex(recorded.results.slice(0, 100)), withoutIndex(recorded.results.slice(100)));
  assert.ok(new Set(recorded.results.map((r) => r.info.usage.inputTokens)).size > 50, 'the items differ');

  const dead = throwing();
  const replayed = await evaluateMany(() => new CoverageMetric(withCassette(dead, { path, mode: 'replay' })), [...items].reverse(), { concurrency: 50 });
  assert.equal(dead.calls, 0);
  assert.deepEqual(withoutIndex(replayed.results), withoutIndex([...recorded.results].reverse()));
});

test('a store instead of a file: a Map, and an async store that keeps JSON text', async () => {
  const map = new Map();
  const live = withUsage(TESLA.answers);
  const metric = (model) => new HallucinationMetric(model, { context: TESLA.context });
  const recorded = await metric(withCassette(live, { store: map })).measure(TESLA.input, TESLA.output);
  assert.equal(map.size, 3);
  for (const [key, entry] of map) assert.equal(entry.key, key);
  assert.deepEqual(await metric(withCassette(throwing(), { store: map, mode: 'replay' })).measure(TESLA.input, TESLA.output), recorded);

  const texts = new Map();
  const later = () => new Promise((resolve) => setTimeout(resolve, 1));
  const asyncStore = {
    async get(key) {
      await later();
      return texts.get(key);
    },
    async set(key, entry) {
      await later();
      texts.set(key, JSON.stringify(entry));
    },
  };
  const again = withUsage(TESLA.answers);
  assert.deepEqual(await metric(withCassette(again, { store: asyncStore })).measure(TESLA.input, TESLA.output), recorded);
  assert.equal(texts.size, 3);
  assert.deepEqual(await metric(withCassette(throwing(), { store: asyncStore, mode: 'replay' })).measure(TESLA.input, TESLA.output), recorded);
  // A store that fails: an EvalsError with the store's error as its cause.
  const broken = new Error('disk gone');
  const failing = { get: () => undefined, set: () => Promise.reject(broken) };
  const error = await metric(withCassette(withUsage(TESLA.answers), { store: failing })).measure(TESLA.input, TESLA.output).then(() => undefined, (e) => e);
  assert.equal(error.code, 'EVALS_CASSETTE_IO');
  assert.equal(error.cause, broken);
});

test('mode "record" asks the model again and writes new lines; the last line of a key wins', async () => {
  const path = newFile();
  const metric = (model) => new HallucinationMetric(model, { context: TESLA.context });
  await metric(withCassette(withUsage(TESLA.answers), { path })).measure(TESLA.input, TESLA.output);
  const changed = { ...TESLA.answers, verdicts: '{"verdicts": [{"id": "S1", "verdict": "no"}, {"id": "S2", "verdict": "no"}, {"id": "S3", "verdict": "no"}]}' };
  const live = withUsage(changed);
  const rerecorded = await metric(withCassette(live, { path, mode: 'record' })).measure(TESLA.input, TESLA.output);
  assert.equal(live.calls.length, 3);
  assert.equal(rerecorded.score, 0);
  assert.equal(linesOf(path).length, 6);
  assert.deepEqual(await metric(withCassette(throwing(), { path, mode: 'replay' })).measure(TESLA.input, TESLA.output), rerecorded);
});

test('a model error is never recorded and comes back unchanged; a cut-off last line is skipped and the next line starts on its own', async () => {
  const path = newFile();
  const failure = new RangeError('quota');
  let fail = true;
  const base = withUsage(TESLA.answers);
  const flaky = async (prompt, options) => {
    if (fail) throw failure;
    return base(prompt, options);
  };
  const model = withCassette(flaky, { path });
  const metric = new HallucinationMetric(model, { context: TESLA.context });
  await assert.rejects(metric.measure(TESLA.input, TESLA.output), (error) => error === failure);
  assert.equal(linesOf(path).length, 0);
  fail = false;
  const recorded = await metric.measure(TESLA.input, TESLA.output);
  assert.equal(linesOf(path).length, 3);

  // A line cut short (a full disk, a power cut) is skipped; what follows it is whole.
  appendFileSync(path, '{"key":"abc","answ');
  const extra = withCassette(withUsage(TESLA.answers), { path });
  assert.deepEqual(await new HallucinationMetric(extra, { context: TESLA.context }).measure(TESLA.input, TESLA.output), recorded);
  await new HallucinationMetric(extra, { context: TESLA.context }).measure(TESLA.input, 'Tesla was founded in 2003.');
  const lines = readFileSync(path, 'utf8').split('\n');
  assert.equal(lines[3], '{"key":"abc","answ');
  for (const line of lines.slice(4).filter(Boolean)) JSON.parse(line);
  assert.deepEqual(await new HallucinationMetric(withCassette(throwing(), { path, mode: 'replay' }), { context: TESLA.context }).measure(TESLA.input, TESLA.output), recorded);
});

test('a replay of a file that does not exist says so', async () => {
  const error = await new CoverageMetric(withCassette(throwing(), { path: join(work, 'none.jsonl'), mode: 'replay' })).measure('A source.', 'A summary.').then(() => undefined, (e) => e);
  assert.equal(error.code, 'EVALS_CASSETTE_MISS');
  assert.match(error.message, /none\.jsonl \(the file does not exist\)/);
});

/** The text of the user message of an AI SDK prompt, whatever the spec version. */
function userText(options) {
  const user = options.prompt.find((m) => m.role === 'user');
  return typeof user.content === 'string' ? user.content : user.content.map((part) => part.text).join('');
}

function generateResult(version, text, calls) {
  if (version === 'v1') return { text, finishReason: 'stop', usage: { promptTokens: 20 + calls, completionTokens: 4 }, rawCall: { rawPrompt: 'secret-ish raw', rawSettings: {} } };
  const base = { content: [{ type: 'text', text }], warnings: [], response: { id: `r${calls}`, modelId: 'mock', timestamp: new Date(Date.UTC(2026, 0, 1)), headers: { 'x-trace': 'h' }, body: { raw: true } }, request: { body: 'sent' } };
  if (version === 'v2') return { ...base, finishReason: 'stop', usage: { inputTokens: 20 + calls, outputTokens: 4, totalTokens: 24 + calls } };
  return { ...base, finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 20 + calls, noCache: 20 }, outputTokens: { total: 4, text: 4 } } };
}

const MOCKS = [['v1', MockLanguageModelV1], ['v2', MockLanguageModelV2], ['v3', MockLanguageModelV3], ['v4', MockLanguageModelV4]];

for (const [version, Mock] of MOCKS) {
  test(`AI SDK model of spec ${version}: the same kind of model back; metrics record and replay through doGenerate, misses name the step`, async () => {
    let calls = 0;
    const live = new Mock({
      provider: 'mock-provider',
      modelId: 'mock-judge',
      doGenerate: async (options) => generateResult(version, TESLA.answers[stepOf(userText(options))], ++calls),
    });
    const path = newFile();
    const model = withCassette(live, { path });
    assert.equal(model.specificationVersion, version);
    assert.equal(model.provider, 'mock-provider');
    assert.equal(model.modelId, 'mock-judge');
    assert.equal(typeof model.doGenerate, 'function');
    const recorded = await new HallucinationMetric(model, { context: TESLA.context }).measure(TESLA.input, TESLA.output);
    assert.equal(recorded.score, 0.67);
    assert.equal(calls, 3);
    assert.ok(recorded.info.usage.inputTokens > 60);
    const entries = linesOf(path);
    assert.deepEqual(entries.map((e) => e.step), ['statements', 'verdicts', 'reason']);
    assert.equal(entries[0].model, 'mock-provider:mock-judge');
    const text = readFileSync(path, 'utf8');
    for (const never of ['x-trace', '"body"', 'secret-ish raw', 'abortSignal']) assert.ok(!text.includes(never), never);

    const dead = new Mock({ provider: 'mock-provider', modelId: 'mock-judge', doGenerate: async () => { throw new Error('called'); } });
    const replay = withCassette(dead, { path, mode: 'replay' });
    assert.deepEqual(await new HallucinationMetric(replay, { context: TESLA.context }).measure(TESLA.input, TESLA.output), recorded);
    // Called directly, the replayed result has the spec's shape (a Date for the response time).
    const direct = await withCassette(live, { path }).doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }], temperature: 0 });
    if (version !== 'v1') assert.ok(direct.response.timestamp instanceof Date);
    else assert.deepEqual(direct.rawCall, { rawPrompt: null, rawSettings: {} });
    const replayedDirect = await replay.doGenerate({ temperature: 0, prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }] });
    assert.deepEqual(replayedDirect, direct);

    const miss = await new HallucinationMetric(replay, { context: TESLA.context }).measure(TESLA.input, 'Another output.').then(() => undefined, (e) => e);
    assert.equal(miss.code, 'EVALS_CASSETTE_MISS');
    assert.equal(miss.step, 'verdicts');
    assert.equal(miss.model, 'mock-provider:mock-judge');
    // Called directly (not by a metric), a miss names the model and the key.
    const directMiss = await replay.doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Bye' }] }] }).then(() => undefined, (e) => e);
    assert.equal(directMiss.code, 'EVALS_CASSETTE_MISS');
    assert.match(directMiss.message, /^withCassette: no recorded answer \(model mock-provider:mock-judge, key/);
  });
}

test('AI SDK doStream: recorded as parts, replayed as a stream of the same parts; a stream with an error part is not recorded', async () => {
  const parts = (text) => [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', id: 'resp-1', modelId: 'mock', timestamp: new Date(Date.UTC(2026, 0, 2)) },
    { type: 'raw', rawValue: { authorization: 'Bearer sk-should-not-be-kept-0000000000' } },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 7 }, outputTokens: { total: 2 } } },
  ];
  const streamOf = (list) => new ReadableStream({ start: (c) => { for (const p of list) c.enqueue(p); c.close(); } });
  const read = async (stream) => {
    const out = [];
    for (const reader = stream.getReader(); ;) {
      const { done, value } = await reader.read();
      if (done) return out;
      out.push(value);
    }
  };
  let calls = 0;
  let broken = false;
  const live = new MockLanguageModelV3({
    provider: 'p',
    modelId: 'm',
    doStream: async () => {
      calls += 1;
      if (broken) return { stream: streamOf([{ type: 'stream-start', warnings: [] }, { type: 'error', error: new Error('overloaded') }]) };
      return { stream: streamOf(parts('streamed answer')) };
    },
  });
  const store = new Map();
  const model = withCassette(live, { store });
  const options = { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Q' }] }], includeRawChunks: true };
  const first = await read((await model.doStream(options)).stream);
  const expected = parts('streamed answer').filter((p) => p.type !== 'raw');
  assert.deepEqual(first, expected);
  assert.ok(first[1].timestamp instanceof Date);
  assert.ok(!JSON.stringify([...store.values()]).includes('sk-should'));
  const dead = new MockLanguageModelV3({ provider: 'p', modelId: 'm', doStream: async () => { throw new Error('called'); } });
  assert.deepEqual(await read((await withCassette(dead, { store, mode: 'replay' }).doStream(options)).stream), expected);
  assert.equal(calls, 1);

  broken = true;
  const other = { prompt: [{ role: 'user', content: [{ type: 'text', text: 'R' }] }] };
  const failed = await read((await model.doStream(other)).stream);
  assert.equal(failed[1].type, 'error');
  assert.equal(failed[1].error.message, 'overloaded');
  assert.equal(store.size, 1, 'the failed stream is not recorded');
});

test('keys do not depend on the order of keys or on the time; identical requests in flight make one call', async () => {
  let calls = 0;
  const live = new MockLanguageModelV2({
    doGenerate: async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return generateResult('v2', 'same', calls);
    },
  });
  const store = new Map();
  const model = withCassette(live, { store });
  const a = { temperature: 0, maxOutputTokens: 50, responseFormat: { type: 'json', schema: { type: 'object', properties: { b: {}, a: {} } } }, prompt: [{ role: 'user', content: [{ type: 'text', text: 'Q' }] }] };
  const b = { prompt: [{ content: [{ text: 'Q', type: 'text' }], role: 'user' }], responseFormat: { schema: { properties: { a: {}, b: {} }, type: 'object' }, type: 'json' }, maxOutputTokens: 50, temperature: 0, abortSignal: new AbortController().signal, headers: { 'x-request-id': String(Date.now()) } };
  const [ra, rb] = await Promise.all([model.doGenerate(a), model.doGenerate(b)]);
  assert.equal(calls, 1);
  assert.deepEqual(ra, rb);
  assert.equal(store.size, 1);
  // What changes the answer changes the key: temperature, token limit, schema, messages.
  for (const change of [{ temperature: 0.5 }, { maxOutputTokens: 51 }, { responseFormat: { type: 'json' } }, { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Q!' }] }] }]) {
    await model.doGenerate({ ...a, ...change });
  }
  assert.equal(calls, 5);
  assert.equal(store.size, 5);
});

test('a secret sent as a header and echoed in an answer or an error never reaches the file', async () => {
  const SECRET = 'hdr-secret-7f3a9c1e5b';
  const KEY = 'sk-test-key-0123456789abcdef';
  let failNext = false;
  const server = await startFakeOpenAI((body, request) => {
    const echoed = `${request.headers['x-api-key']} ${request.headers.authorization}`;
    if (failNext) {
      failNext = false;
      return { status: 400, body: { error: { message: `bad request from ${echoed}` } } };
    }
    const user = body.messages.at(-1).content;
    if (stepOf(user) === 'claims') return JSON.stringify({ claims: [`The caller sent ${echoed}.`, 'Another claim.'] });
    return JSON.stringify({ verdicts: [{ id: 'C1', verdict: 'yes', reason: `seen ${echoed}` }, { id: 'C2', verdict: 'no', reason: 'no' }] });
  });
  try {
    const path = newFile();
    const client = openaiCompatible({ baseURL: server.baseURL, apiKey: KEY, model: 'judge-1', headers: { 'x-api-key': SECRET } });
    const model = withCassette(client, { path });
    assert.equal(model.provider, 'openai-compatible');
    assert.equal(model.modelId, 'judge-1');
    const recorded = await new CoverageMetric(model, { verbose: true }).measure('A source text.', 'A summary.');
    failNext = true;
    const error = await new CoverageMetric(model).measure('Another source.', 'Another summary.').then(() => undefined, (e) => e);
    assert.equal(error.code, 'EVALS_HTTP_ERROR');
    // A callback that echoes key-shaped strings and a Bearer header into its answer.
    const echo = withCassette(async () => JSON.stringify({ claims: [`key ${KEY} and Bearer ${SECRET}`, 'sk-proj-ABCDEFGHIJKLMNOPQRSTUVWX'] }), { path });
    await new CoverageMetric(echo).measure('Third source.', 'Third summary.').catch(() => {});
    const text = readFileSync(path, 'utf8');
    assert.ok(text.length > 0);
    for (const secret of [SECRET, KEY, 'sk-proj-ABCDEFGHIJKLMNOPQRSTUVWX', 'x-api-key', 'authorization']) assert.ok(!text.includes(secret), `${secret} is in the cassette`);
    assert.ok(text.includes('***'));
    // Replay gives what the recording run gave (the answers as kept).
    const offline = withCassette(openaiCompatible({ baseURL: 'http://127.0.0.1:9/v1', model: 'judge-1', maxRetries: 0 }), { path, mode: 'replay' });
    assert.deepEqual(await new CoverageMetric(offline, { verbose: true }).measure('A source text.', 'A summary.'), recorded);
  } finally {
    await server.close();
  }
});

test('the AI SDK call headers are masked: a model that echoes them keeps no trace in the file', async () => {
  const TOKEN = 'tok-abcdef0123456789';
  const live = new MockLanguageModelV2({
    doGenerate: async (options) => generateResult('v2', `echo ${options.headers.authorization} ${options.headers['x-goog-api-key']}`, 1),
  });
  const path = newFile();
  const result = await withCassette(live, { path }).doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Q' }] }], headers: { authorization: `Bearer ${TOKEN}`, 'x-goog-api-key': 'AIzaSyA-1234567890abcdefghijklmnopqrstu' } });
  assert.equal(result.content[0].text, 'echo *** ***');
  const text = readFileSync(path, 'utf8');
  assert.ok(!text.includes(TOKEN) && !text.includes('AIza'));
});

test('exports, kinds and option checks', async () => {
  assert.equal(llm.withCassette, withCassette);
  const store = new Map();
  const callback = withCassette(async () => 'ok', { store });
  assert.equal(typeof callback, 'function');
  // Still a plain callback for anyone else: (prompt, options) => answer.
  assert.deepEqual(await callback('P', { system: '', user: 'P', json: false }), { text: 'ok' });
  assert.deepEqual(await callback('P'), { text: 'ok' });
  assert.equal(store.size, 1);
  assert.throws(() => withCassette(async () => 'ok', {}), /give exactly one of "path"/);
  assert.throws(() => withCassette(async () => 'ok', { path: 'a', store }), /give exactly one of "path"/);
  assert.throws(() => withCassette(async () => 'ok', { path: 'a', mode: 'replays' }), /option "mode" must be "auto", "replay" or "record", got "replays"/);
  assert.throws(() => withCassette(async () => 'ok', { path: 'a', mod: 'replay' }), /unknown option "mod".*did you mean "mode"/);
  assert.throws(() => withCassette(async () => 'ok', { store: { get() {} } }), /"store" must be an object with get\(key\) and set\(key, value\)/);
  assert.throws(() => withCassette(async () => 'ok', { path: 'a', secrets: 'x' }), /"secrets" must be an array of strings/);
  assert.throws(() => withCassette('openai/gpt-4o', { path: 'a' }), /withCassette of evals-wasm\/scorers/);
  assert.throws(() => withCassette({ specificationVersion: 'v9', doGenerate() {} }, { path: 'a' }), /specificationVersion "v9"/);
  // Wrapped twice: still works, the outer cassette answering first.
  const twice = withCassette(withCassette(async () => 'inner', { store: new Map() }), { store: new Map() });
  assert.deepEqual(await twice('Q', { system: '', user: 'Q', json: false }), { text: 'inner' });
});

test('require(): the CommonJS entries record and replay with the same keys as the ESM ones', async () => {
  const require = createRequire(import.meta.url);
  const cjs = require('evals-wasm');
  assert.equal(typeof require('evals-wasm/llm').withCassette, 'function');
  const esmStore = new Map();
  const cjsStore = new Map();
  const answer = async (_prompt, { user }) => TESLA.answers[stepOf(user)];
  const viaEsm = await new HallucinationMetric(withCassette(answer, { store: esmStore }), { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  const viaCjs = await new cjs.HallucinationMetric(cjs.withCassette(answer, { store: cjsStore }), { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  assert.deepEqual(viaCjs, viaEsm);
  assert.deepEqual([...cjsStore.keys()], [...esmStore.keys()]);
  const path = newFile();
  await new cjs.HallucinationMetric(cjs.withCassette(answer, { path }), { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  assert.deepEqual(await new HallucinationMetric(withCassette(throwing(), { path, mode: 'replay' }), { context: TESLA.context }).measure(TESLA.input, TESLA.output), viaEsm);
});

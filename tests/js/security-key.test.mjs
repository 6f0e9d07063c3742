// openaiCompatible and the command line never show a credential: keys and credential headers a
// fetch Headers would refuse are TypeErrors naming the option (never the value) when the client
// is made; and no failure the client knows (refused connection, HTTP 401/429/500 bodies that
// echo the key, a time-out, an abort, a body that is not JSON, a redirect) puts the key into an
// error (message, stack, cause, inspect), a result, or a cassette line.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { openaiCompatible, withCassette, HallucinationMetric, CoverageMetric } from 'evals-wasm/llm';
import { startFakeOpenAI } from './fake-openai.mjs';
import { stepOf, TESLA } from './scripted-model.mjs';

/** The part of every test key that must never be seen (the keys around it vary). */
const CORE = 'LEAKCHECK7f3a9c';
const KEY = `sk-${CORE}-"quoted"\\slash`;
const work = mkdtempSync(join(tmpdir(), 'evals-wasm-security-'));
const servers = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(work, { recursive: true, force: true });
});

async function server(answer) {
  const s = await startFakeOpenAI(answer);
  servers.push(s);
  return s;
}

/** Every way a value can be shown: JSON, String, util.inspect (hidden fields too), the stack; for an error, its causes as well. */
function shown(value, seen = new Set()) {
  if (value === null || value === undefined || seen.has(value)) return [];
  seen.add(value);
  const out = [String(value), inspect(value, { depth: Infinity, showHidden: true })];
  try {
    out.push(JSON.stringify(value) ?? '');
  } catch {
    // A value JSON cannot write is shown by the two others.
  }
  if (value instanceof Error) {
    out.push(value.message, value.stack ?? '', JSON.stringify(Object.getOwnPropertyNames(value).map((name) => [name, String(value[name])])));
    out.push(...shown(value.cause, seen));
    if (Array.isArray(value.errors)) for (const inner of value.errors) out.push(...shown(inner, seen));
  }
  return out;
}

function assertHidden(value, what) {
  for (const text of shown(value)) assert.ok(!text.includes(CORE), `${what} shows the key: ${text.slice(0, 300)}`);
}

const userOf = (body) => body.messages.find((m) => m.role === 'user').content;
const tesla = (body) => TESLA.answers[stepOf(userOf(body))];
const measure = (model, options = {}) => new HallucinationMetric(model, { context: TESLA.context, ...options }).measure(TESLA.input, TESLA.output);

test('a key or credential header fetch would refuse is a TypeError naming the option, never the value', () => {
  const baseURL = 'http://127.0.0.1:9/v1';
  const bad = [
    [{ apiKey: `sk-${CORE}\nabc` }, /"apiKey"/],
    [{ apiKey: `sk-${CORE}\r` }, /"apiKey"/],
    [{ apiKey: `\nsk-${CORE}` }, /"apiKey"/],
    [{ apiKey: `sk-${CORE}\0` }, /"apiKey"/],
    [{ apiKey: `sk-${CORE}\u0007` }, /"apiKey"/],
    [{ apiKey: `sk-${CORE}\u2028` }, /"apiKey"/],
    [{ apiKey: `sk-${CORE}€` }, /"apiKey"/],
    [{ apiKey: ` sk-${CORE}` }, /"apiKey"/],
    [{ apiKey: `sk-${CORE}\t` }, /"apiKey"/],
    [{ headers: { 'api-key': `k${CORE}\r\nX: y` } }, /"headers" value of "api-key"/],
    [{ headers: { authorization: `Bearer ${CORE}\n` } }, /"headers" value of "authorization"/],
    [{ headers: { 'x-note': `plain ${CORE}\0` } }, /"headers" value of "x-note"/],
    [{ headers: { 'api-key': `${CORE} ` } }, /"headers" value of "api-key"/],
    [{ headers: { 'bad name': CORE } }, /"headers" has a name/],
  ];
  for (const [options, message] of bad) {
    let error;
    try {
      openaiCompatible({ baseURL, model: 'm', ...options });
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof TypeError, `${JSON.stringify(Object.keys(options))}: a TypeError`);
    assert.equal(error.code, 'EVALS_INVALID_CREDENTIAL');
    assert.match(error.message, message);
    assert.equal(error.cause, undefined, 'no platform error attached');
    assertHidden(error, 'the construction error');
  }
  // A tab inside and Latin-1 letters are what fetch sends unchanged: taken.
  openaiCompatible({ baseURL, model: 'm', apiKey: 'sk-abc\tdéf', headers: { 'x-user': 'Zoë' } });
  // A key in a baseURL that is not a URL is not shown either (a query may carry it).
  assert.throws(() => openaiCompatible({ baseURL: `api.example.com/v1?api-key=${CORE}`, model: 'm' }), (e) => {
    assertHidden(e, 'the baseURL error');
    return e instanceof TypeError && e.code === 'EVALS_INVALID_OPTION' && /api\.example\.com\/v1/.test(e.message);
  });
  assert.throws(() => openaiCompatible({ baseURL: `//user:${CORE}@host/v1`, model: 'm' }), (e) => {
    assertHidden(e, 'the baseURL error');
    return e instanceof TypeError;
  });
});

test('no failure the client knows shows the key, in the error, its causes, or the result', async () => {
  const echo = (status) => ({ status, body: { error: { message: `rejected key ${KEY} (Authorization: Bearer ${KEY}; api-key: ${KEY})` } } });
  const s = await server((body, request) => {
    switch (body.model) {
      case 'm401': return echo(401);
      case 'm429': return echo(429);
      case 'm500': return { status: 500, body: `upstream: ${JSON.stringify(request.headers)}` };
      case 'json': return { status: 200, body: `not json; you sent ${request.headers.authorization} ${request.headers['api-key'] ?? ''}` };
      case 'redirect': return { status: 307, headers: { location: `http://127.0.0.1:9/v1?key=${encodeURIComponent(KEY)}` }, body: '' };
      case 'slow': return new Promise((resolve) => setTimeout(() => resolve('late'), 1000));
      case 'hang': return new Promise(() => {});
      case 'echo': return `I saw ${request.headers.authorization} and ${request.headers['api-key'] ?? ''}, not JSON`;
      default: return tesla(body);
    }
  });
  const closed = await startFakeOpenAI(tesla);
  const refusedURL = closed.baseURL;
  await closed.close();
  const credentials = [{ apiKey: KEY }, { headers: { 'api-key': KEY } }, { headers: { authorization: `Bearer ${KEY}` } }];
  for (const credential of credentials) {
    const failures = [
      ['refused', { baseURL: refusedURL, model: 'm' }, 'EVALS_HTTP_ERROR'],
      ['401', { model: 'm401' }, 'EVALS_HTTP_ERROR'],
      ['429', { model: 'm429' }, 'EVALS_HTTP_ERROR'],
      ['500 echoing the headers', { model: 'm500' }, 'EVALS_HTTP_ERROR'],
      ['200 that is not JSON', { model: 'json' }, 'EVALS_HTTP_ERROR'],
      ['redirect', { model: 'redirect' }, 'EVALS_HTTP_ERROR'],
      ['time-out', { model: 'slow', timeoutMs: 50 }, 'EVALS_HTTP_ERROR'],
      ['an answer that is not what was asked', { model: 'echo' }, 'EVALS_UNREADABLE_ANSWER'],
    ];
    for (const [what, settings, code] of failures) {
      const model = openaiCompatible({ baseURL: s.baseURL, maxRetries: 0, ...credential, ...settings });
      assertHidden(model, `the model (${what})`);
      const error = await measure(model).then(() => assert.fail(`${what}: no error`), (e) => e);
      assert.equal(error.code, code, `${what}: ${error.message}`);
      assertHidden(error, `${what} with ${Object.keys(credential)}`);
    }
    // The metric's own time-out and an abort.
    const hang = openaiCompatible({ baseURL: s.baseURL, model: 'hang', ...credential });
    const timedOut = await measure(hang, { timeoutMs: 50 }).catch((e) => e);
    assert.equal(timedOut.code, 'EVALS_TIMEOUT');
    assertHidden(timedOut, 'the metric time-out');
    const controller = new AbortController();
    const pending = measure(hang).catch((e) => e);
    controller.abort();
    const aborted = await new HallucinationMetric(hang, { context: TESLA.context }).measure(TESLA.input, TESLA.output, { signal: controller.signal }).catch((e) => e);
    assert.equal(aborted.code, 'EVALS_ABORTED');
    assertHidden(aborted, 'the abort');
    void pending;
  }
  // A result whose answers echoed the key: masked everywhere in it.
  const echoing = await server((body, request) => {
    const step = stepOf(userOf(body));
    if (step === 'reason') return JSON.stringify({ because: `the key was ${request.headers.authorization}` });
    return tesla(body);
  });
  const result = await measure(openaiCompatible({ baseURL: echoing.baseURL, model: 'm', apiKey: KEY }));
  assert.equal(result.score, 0.67);
  assertHidden(result, 'the result');
  assert.match(result.info.reason, /\*\*\*/);
});

test('a cassette records no key, whatever the answers and the failures', async () => {
  const s = await server((body, request) => {
    const step = stepOf(userOf(body));
    if (body.model === 'fail') return { status: 401, body: `bad key ${request.headers.authorization}` };
    if (step === 'reason') return JSON.stringify({ because: `key ${KEY} and ${request.headers['api-key'] ?? ''}` });
    return tesla(body);
  });
  const path = join(work, 'judge.cassette.jsonl');
  for (const credential of [{ apiKey: KEY }, { headers: { 'api-key': KEY } }]) {
    const recorded = withCassette(openaiCompatible({ baseURL: s.baseURL, model: 'm', ...credential }), { path, mode: 'record' });
    const first = await measure(recorded);
    assertHidden(first, 'the recorded result');
    const replayed = withCassette(openaiCompatible({ baseURL: 'http://127.0.0.1:9/v1', model: 'm' }), { path, mode: 'replay' });
    const again = await measure(replayed);
    assert.deepEqual(again, first, 'the replay gives the recorded result');
    const failing = withCassette(openaiCompatible({ baseURL: s.baseURL, model: 'fail', ...credential, maxRetries: 0 }), { path, mode: 'auto' });
    const error = await measure(failing).catch((e) => e);
    assert.equal(error.code, 'EVALS_HTTP_ERROR');
    assertHidden(error, 'the failure through a cassette');
  }
  const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  assert.ok(lines.length >= 3, `${lines.length} lines`);
  for (const line of lines) assert.ok(!line.includes(CORE), `a cassette line shows the key: ${line.slice(0, 200)}`);
});

const cliPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg', 'cli.js');
const { main } = await import(cliPath);

function sink() {
  const chunks = [];
  const stream = new Writable({ write(chunk, _encoding, done) { chunks.push(String(chunk)); done(); } });
  stream.text = () => chunks.join('');
  return stream;
}

async function cli(argv, env = {}) {
  const stdout = sink();
  const stderr = sink();
  const code = await main(argv, { stdout, stderr, env });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

test('the command line: --api-key and OPENAI_API_KEY are never printed, written to results or to a cassette', async () => {
  const s = await server((body, request) => {
    if (body.model === 'm401') return { status: 401, body: `rejected ${request.headers.authorization}` };
    return body.messages.some((m) => /<source>/.test(m.content)) ? JSON.stringify({ claims: [`claim quoting ${request.headers.authorization}`] }) : JSON.stringify({ verdicts: [{ id: 'C1', verdict: 'yes', reason: `saw ${request.headers.authorization}` }] });
  });
  const data = join(work, 'cov.jsonl');
  writeFileSync(data, `${JSON.stringify({ id: 'a', input: 'The cat is black.', output: 'A black cat.' })}\n`);
  const out = join(work, 'cov-out.jsonl');
  const cassette = join(work, 'cli.cassette.jsonl');
  const runs = [
    await cli(['coverage', data, '--model', s.baseURL, '--api-key', `sk-${CORE}\nx`]),
    await cli(['coverage', data, '--model', s.baseURL], { OPENAI_API_KEY: `sk-${CORE}\r\n` }),
    await cli(['coverage', data, '--model', s.baseURL, '--model-name', 'm401', '--api-key', KEY]),
    await cli(['coverage', data, '--model', s.baseURL, '--api-key', KEY, '--out', out, '--cassette', cassette]),
  ];
  assert.equal(runs[0].code, 2, runs[0].stderr);
  assert.match(runs[0].stderr, /"apiKey"/);
  assert.equal(runs[1].code, 2, runs[1].stderr);
  assert.equal(runs[2].code, 1, runs[2].stderr);
  assert.equal(runs[3].code, 0, runs[3].stderr);
  for (const { stdout, stderr } of runs) {
    assert.ok(!stdout.includes(CORE) && !stderr.includes(CORE), `${stdout}\n${stderr}`);
  }
  for (const file of [out, cassette, `${out}.run.json`]) {
    assert.ok(!readFileSync(file, 'utf8').includes(CORE), `${file} holds the key`);
  }
  assert.equal(JSON.parse(readFileSync(out, 'utf8')).score, 1);
});

// A real judge for the tests and the benchmark: llama.cpp's OpenAI-compatible server
// (scripts/judge.sh installs it once per machine) started on a free 127.0.0.1 port by whoever
// calls `startLocalJudge`, and stopped by its `stop()`, when the calling process exits, or, as
// the server watches its standard input, when the calling process dies any other way.
// `startJudgeProxy` puts a recording proxy (127.0.0.1) in front of it: every request and its
// answer's finish reason and tokens, and optionally a server that refuses `json_schema`.

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The context size the tests' server runs with (tokens): what no request may reach. */
export const JUDGE_CONTEXT = 2048;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Installs (once) and starts the local judge; resolves to `{ baseURL, model, context, stop }`
 * when it answers. `model` is the name to pass as the model id (the server serves one model
 * whatever the name); `context` its context size in tokens. `threads` defaults to the server's
 * own choice (half the cores).
 */
export async function startLocalJudge({ startTimeoutMs = 120_000, threads, context = JUDGE_CONTEXT } = {}) {
  const [python, modelFile] = execFileSync('bash', [`${ROOT}scripts/judge.sh`, 'install'], { encoding: 'utf8' }).trim().split('\n');
  const port = await freePort();
  const env = { ...process.env, JUDGE_EXIT_WITH_STDIN: '1', JUDGE_CONTEXT: String(context) };
  if (threads !== undefined) env.JUDGE_THREADS = String(threads);
  const child = spawn(python, [`${ROOT}scripts/judge-server.py`, modelFile, String(port)], { stdio: ['pipe', 'pipe', 'pipe'], env });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  let log = '';
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the local judge did not start within ${startTimeoutMs} ms:\n${log.slice(-2000)}`)), startTimeoutMs);
      const read = (chunk) => {
        log += chunk;
        if (/^ready$/m.test(log)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.setEncoding('utf8').on('data', read);
      child.stderr.setEncoding('utf8').on('data', read);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the local judge exited while starting (${signal ?? code}):\n${log.slice(-2000)}`));
      });
    });
  } catch (error) {
    process.removeListener('exit', kill);
    kill();
    throw error;
  }
  // Keep reading (the server logs every request), but keep nothing.
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    model: 'smollm2-135m-instruct',
    context,
    stop: () =>
      new Promise((resolve) => {
        process.removeListener('exit', kill);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        kill();
      }),
  };
}

const parse = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** `{ finishReason, promptTokens, completionTokens, content }` of a chat answer, plain or streamed (SSE). */
function readAnswer(text) {
  const chunks = text.trimStart().startsWith('data:')
    ? text.split('\n').filter((line) => line.startsWith('data:')).map((line) => parse(line.slice(5).trim())).filter(Boolean)
    : [parse(text)].filter(Boolean);
  const out = { finishReason: undefined, promptTokens: undefined, completionTokens: undefined, content: '' };
  for (const chunk of chunks) {
    const choice = chunk.choices?.[0];
    if (choice?.finish_reason) out.finishReason = choice.finish_reason;
    out.content += choice?.message?.content ?? choice?.delta?.content ?? '';
    if (chunk.usage) {
      out.promptTokens = chunk.usage.prompt_tokens;
      out.completionTokens = chunk.usage.completion_tokens;
    }
  }
  return out;
}

/**
 * Whether a recorded call was cut off because the model ran away: it stopped at a bound
 * (`finish_reason` "length": every token the request allowed used, or the server's `context`
 * filled by an answer given most of it) while repeating one unit over the end of its answer: a short one ("1.1.1.…", "the the
 * the …") over at least 60 characters, or a longer one (a list item written again and again) at
 * least three times. A 135M judge at temperature 0 does this now and then; an answer cut short
 * by a bound too small for it does not repeat itself.
 */
export function ranAway(call, context = Infinity) {
  // The context counts as the bound only when the prompt left most of it to the answer.
  const filled = call.promptTokens < context / 2 && call.promptTokens + call.completionTokens >= context;
  const atBound = call.completionTokens >= call.maxTokens || filled;
  if (call.finishReason !== 'length' || !atBound) return false;
  const text = call.content;
  for (let unit = 1; unit <= 600; unit += 1) {
    const window = Math.max(60, 3 * unit);
    if (window > text.length) break;
    let repeats = true;
    for (let i = text.length - window + unit; i < text.length && repeats; i += 1) repeats = text[i] === text[i - unit];
    if (repeats) return true;
  }
  return false;
}

/** Asserts that a recorded call ended on its own, or ran away at a bound (see ranAway). */
export function assertAnswerEnded(call, context = Infinity) {
  if (call.finishReason === 'length') assert.ok(ranAway(call, context), `an answer was cut off: ${JSON.stringify(call)}`);
  else assert.equal(call.finishReason, 'stop', JSON.stringify(call));
}

/**
 * A proxy on 127.0.0.1 in front of `target` (a base URL ending in /v1) that records every chat
 * request: `calls` holds `{ format, maxTokens, stream, status, finishReason, promptTokens,
 * completionTokens, content, ms }` (`format`: the request's response_format type, or 'none').
 * With `refuseJsonSchema`, a request with a `json_schema` response format is answered 400, as
 * by a server without structured outputs. Resolves to `{ baseURL, calls, stop }`.
 */
export async function startJudgeProxy(target, { refuseJsonSchema = false } = {}) {
  const calls = [];
  const server = createHttpServer(async (request, response) => {
    const parts = [];
    for await (const part of request) parts.push(part);
    const body = Buffer.concat(parts).toString('utf8');
    const sent = parse(body) ?? {};
    const call = { format: sent.response_format?.type ?? 'none', maxTokens: sent.max_tokens ?? sent.max_completion_tokens, stream: sent.stream === true };
    calls.push(call);
    const started = Date.now();
    if (refuseJsonSchema && call.format === 'json_schema') {
      call.status = 400;
      call.ms = 0;
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 400, type: 'invalid_request_error', message: 'response_format of type "json_schema" is not supported by this server' } }));
      return;
    }
    try {
      const answer = await fetch(`${target}${request.url.replace(/^\/v1/, '')}`, { method: request.method, headers: { 'content-type': 'application/json' }, body: request.method === 'GET' ? undefined : body });
      const text = await answer.text();
      Object.assign(call, { status: answer.status, ms: Date.now() - started }, answer.ok ? readAnswer(text) : {});
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(text);
    } catch (error) {
      Object.assign(call, { status: 502, ms: Date.now() - started });
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `proxy: ${error.message}` } }));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${server.address().port}/v1`,
    calls,
    stop: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * For a test file: starts the judge and a recording proxy in front of it before the file's
 * tests, and stops both after them. Returns an object whose `judge` and `proxy` are set once
 * they run.
 */
export function withLocalJudge() {
  const running = {};
  before(async () => {
    running.judge = await startLocalJudge();
    running.proxy = await startJudgeProxy(running.judge.baseURL);
  });
  after(async () => {
    await running.proxy?.stop();
    await running.judge?.stop();
  });
  return running;
}

// The command-line tool with --cassette: a run killed (SIGKILL) mid-way leaves a cassette of
// whole lines that a second run completes, asking the server only what is missing; a replay
// needs neither the server nor an API key and writes the same results; a changed line fails
// with EVALS_CASSETTE_MISS; the API key never reaches the cassette.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI } from './fake-openai.mjs';
import { stepOf } from './scripted-model.mjs';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg');
const work = mkdtempSync(join(tmpdir(), 'evals-wasm-cassette-cli-'));
const bin = join(work, 'evals-wasm');
symlinkSync(join(pkgDir, 'cli.js'), bin);

const ITEMS = 60;
const KEY = 'sk-cli-secret-0123456789abcdef';

const hooks = { onRequest: () => {} };
let requests = 0;
const server = await startFakeOpenAI(async (body) => {
  requests += 1;
  hooks.onRequest(requests);
  await new Promise((resolve) => setTimeout(resolve, 2 + (requests % 3)));
  const user = body.messages.at(-1).content;
  const item = Number(user.match(/Source (\d+)/)?.[1] ?? user.match(/claim of source (\d+)/)?.[1]);
  if (stepOf(user) === 'claims') return JSON.stringify({ claims: [`The first claim of source ${item}.`, `The second claim of source ${item}.`] });
  return JSON.stringify({ verdicts: [{ id: 'C1', verdict: 'yes', reason: 'kept' }, { id: 'C2', verdict: item % 3 === 0 ? 'yes' : 'no', reason: '-' }] });
});
test.after(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const dataset = join(work, 'data.jsonl');
const lines = Array.from({ length: ITEMS }, (_, i) => JSON.stringify({ id: i, input: `Source ${i} says two things.`, output: `A summary of ${i}.` }));
writeFileSync(dataset, `${lines.join('\n')}\n`);
const cassette = join(work, 'judge.jsonl');

function run(argv, started = () => {}) {
  return new Promise((resolve) => {
    const child = spawn(bin, argv, { cwd: work, env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.resume();
    started(child);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

/** The entries of the cassette: every line whole JSON, the file ending with a newline. */
function entries() {
  const text = readFileSync(cassette, 'utf8');
  assert.ok(text.endsWith('\n'), 'no cut-off line');
  return text.trimEnd().split('\n').map((line) => JSON.parse(line));
}

const live = (out, ...more) => ['coverage', dataset, '--model', server.baseURL, '--api-key', KEY, '--concurrency', '4', '--cassette', cassette, '--out', join(work, out), ...more];

test('SIGKILL mid-run leaves whole lines; a second run asks only for what is missing; a replay needs no server and no key', async () => {
  let child;
  hooks.onRequest = (count) => {
    if (count === 50) child.kill('SIGKILL');
  };
  const killed = await run(live('killed.jsonl'), (c) => (child = c));
  hooks.onRequest = () => {};
  assert.equal(killed.signal, 'SIGKILL');
  const first = entries();
  assert.ok(first.length >= 40 && first.length < 2 * ITEMS, `${first.length} lines`);
  assert.equal(new Set(first.map((e) => e.key)).size, first.length);

  const before = requests;
  const second = await run(live('complete.jsonl'));
  assert.equal(second.code, 0, second.stderr);
  const all = entries();
  assert.equal(all.length, 2 * ITEMS, 'two requests per item, each recorded once');
  assert.equal(new Set(all.map((e) => e.key)).size, 2 * ITEMS);
  assert.equal(requests - before, 2 * ITEMS - first.length, 'only what the killed run had not recorded');
  const results = readFileSync(join(work, 'complete.jsonl'), 'utf8');
  assert.deepEqual(results.trim().split('\n').map((line) => JSON.parse(line).score), Array.from({ length: ITEMS }, (_, i) => (i % 3 === 0 ? 1 : 0.5)));
  assert.ok(!readFileSync(cassette, 'utf8').includes(KEY));

  // Replay: no --model (the OpenAI default), no API key, nothing asked.
  const quiet = requests;
  const replay = await run(['coverage', dataset, '--cassette', cassette, '--cassette-mode', 'replay', '--out', join(work, 'replayed.jsonl')]);
  assert.equal(replay.code, 0, replay.stderr);
  assert.equal(requests, quiet);
  // The same results but for the time each measure took (cost.judgeMs), which no replay repeats.
  const untimed = (text) => text.replace(/"judgeMs":\d+/g, '"judgeMs":0');
  assert.equal(untimed(readFileSync(join(work, 'replayed.jsonl'), 'utf8')), untimed(results));
  assert.match(replay.stderr, new RegExp(`\\| model calls\\s+\\| ${2 * ITEMS}`));
});

test('a replay of a changed line fails that item with EVALS_CASSETTE_MISS and exits 1', async () => {
  const changed = join(work, 'changed.jsonl');
  writeFileSync(changed, `${lines.slice(0, 3).join('\n')}\n${JSON.stringify({ id: 3, input: 'Source 3 says two things.', output: 'Another summary of 3.' })}\n`);
  const replay = await run(['coverage', changed, '--cassette', cassette, '--cassette-mode', 'replay', '--out', join(work, 'changed-results.jsonl')]);
  assert.equal(replay.code, 1, replay.stderr);
  const records = readFileSync(join(work, 'changed-results.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  assert.deepEqual(records.slice(0, 3).map((r) => r.score), [1, 0.5, 0.5]);
  assert.equal(records[3].error.code, 'EVALS_CASSETTE_MISS');
  assert.equal(records[3].error.step, 'verdicts');
  assert.match(records[3].error.message, /^CoverageMetric: no recorded answer for step "verdicts"/);
});

test('usage errors and --help', async () => {
  const orphan = await run(['coverage', dataset, '--cassette-mode', 'replay']);
  assert.equal(orphan.code, 2);
  assert.match(orphan.stderr, /--cassette-mode applies with --cassette FILE only/);
  const nlp = await run(['completeness', dataset, '--cassette', cassette]);
  assert.equal(nlp.code, 2);
  assert.match(nlp.stderr, /--cassette applies to the metrics judged by a model only \(hallucination, coverage, .*faithfulness.*\)/);
  const badMode = await run(['coverage', dataset, '--cassette', cassette, '--cassette-mode', 'replays']);
  assert.equal(badMode.code, 2);
  assert.match(badMode.stderr, /--cassette-mode must be one of auto, replay, record, got "replays"/);
  const clash = await run(['coverage', dataset, '--api-key', KEY, '--cassette', dataset]);
  assert.equal(clash.code, 2);
  assert.match(clash.stderr, /is the input file; choose another file/);
  const help = await new Promise((resolve) => {
    const child = spawn(bin, ['--help'], { env: { PATH: process.env.PATH } });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('close', () => resolve(out));
  });
  assert.match(help, /--cassette FILE/);
  assert.match(help, /--cassette-mode MODE/);
});

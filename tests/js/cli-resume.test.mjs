// serial: kills the tool mid-run and bounds the items lost by the fake server's even pace
// Long runs lose nothing: the command-line tool over a few hundred lines against a slow local
// OpenAI-compatible server, interrupted (SIGINT) and killed (SIGKILL) mid-run, then resumed. The
// interrupted file must hold exactly the finished items as valid JSONL, the resumed file must
// equal an uninterrupted run's, and no finished item may be judged twice. Then the edges of
// --resume: a cut-off last line, failed items retried (or kept with --skip-failed), other
// settings refused, a missing run record refused, a changed input line measured again.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI } from './fake-openai.mjs';
import { stepOf } from './scripted-model.mjs';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg');
const work = mkdtempSync(join(tmpdir(), 'evals-wasm-cli-resume-'));
const bin = join(work, 'evals-wasm');
symlinkSync(join(pkgDir, 'cli.js'), bin);

const ITEMS = 300;
const CONCURRENCY = 4;

/** The item a judge request is about: the source number in a claims request, the claim's in a verdicts request. */
function itemOf(body) {
  return Number(JSON.stringify(body.messages).match(/(?:Source|claim of source) (\d+)/)[1]);
}

/**
 * The judge: source i has two claims; the summary keeps the second one when i is a multiple of
 * 3, so scores differ between items. `hooks.onRequest(item, count)` runs before each answer
 * (the tests interrupt or kill the tool there); `hooks.failItems` answer 400 for those items.
 */
const hooks = { onRequest: () => {}, failItems: new Set(), hangFrom: Infinity };
const judged = [];
const server = await startFakeOpenAI(async (body) => {
  const item = itemOf(body);
  judged.push(item);
  hooks.onRequest(item, judged.length);
  if (item >= hooks.hangFrom) return new Promise(() => {}); // never answers
  if (hooks.failItems.has(item)) return { status: 400, body: { error: { message: `no judgement for item ${item}` } } };
  // Slow enough that several items are in flight at once, fast enough for a short test.
  await new Promise((resolve) => setTimeout(resolve, 1 + (item % 3)));
  const user = body.messages.at(-1).content;
  if (stepOf(typeof user === 'string' ? user : JSON.stringify(user)) === 'claims') {
    return JSON.stringify({ claims: [`The first claim of source ${item}.`, `The second claim of source ${item}.`] });
  }
  return JSON.stringify({
    verdicts: [
      { id: 'C1', verdict: 'yes', reason: 'kept' },
      { id: 'C2', verdict: item % 3 === 0 ? 'yes' : 'no', reason: '-' },
    ],
  });
});
test.after(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

// Lines with an id (even) and without (odd), so both ways of matching results are used.
const dataset = join(work, 'data.jsonl');
const datasetLines = Array.from({ length: ITEMS }, (_, i) => JSON.stringify({ ...(i % 2 === 0 ? { id: `item-${i}` } : {}), input: `Source ${i} says two things.`, output: `A summary of ${i}.` }));
writeFileSync(dataset, datasetLines.join('\n') + '\n');

const args = (out, ...more) => ['coverage', dataset, '--model', server.baseURL, '--api-key', 'test-key-123', '--concurrency', String(CONCURRENCY), '--out', out, ...more];

/** Runs the tool; `started(child)` gets the process. Resolves to `{ code, signal, stderr }`. */
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

/** Runs the tool and notes which items the server judged meanwhile. */
async function judgedDuring(argv, started) {
  const from = judged.length;
  const result = await run(argv, started);
  hooks.onRequest = () => {};
  return { ...result, items: new Set(judged.slice(from)) };
}

/** The complete lines of a results file (each must be JSON), and whether a cut-off line follows. */
function resultLines(path) {
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const tail = lines.pop();
  for (const line of lines) JSON.parse(line);
  return { lines, tail };
}

// The reference: one uninterrupted run.
const reference = join(work, 'reference.jsonl');
const referenceRun = await judgedDuring(args(reference));
const referenceText = readFileSync(reference, 'utf8');
/** A results text without the time each result's judge took (the one thing two runs never share). */
const untimed = (text) => text.replace(/"judgeMs":\d+/g, '"judgeMs":0');

test('an uninterrupted run: every line, in input order, each item judged once', () => {
  assert.equal(referenceRun.code, 0, referenceRun.stderr);
  const records = referenceText.trim().split('\n').map((line) => JSON.parse(line));
  assert.deepEqual(records.map((r) => r.line), Array.from({ length: ITEMS }, (_, i) => i + 1));
  assert.deepEqual(records.map((r) => r.score), Array.from({ length: ITEMS }, (_, i) => (i % 3 === 0 ? 1 : 0.5)));
  assert.equal(records[0].id, 'item-0');
  assert.ok(!('id' in records[1]));
  assert.equal(referenceRun.items.size, ITEMS);
});

test('Ctrl-C mid-run: exit 130, the file holds exactly the finished items; --resume finishes it without judging any twice', async () => {
  const out = join(work, 'interrupted.jsonl');
  let child;
  let sent = false;
  hooks.onRequest = (item) => {
    // One Ctrl-C (a second one would quit at once).
    if (item === 120 && !sent) {
      sent = true;
      child.kill('SIGINT');
    }
  };
  const first = await judgedDuring(args(out), (c) => (child = c));
  assert.equal(first.code, 130, first.stderr);
  assert.match(first.stderr, /interrupted; finishing the items in flight/);
  assert.match(first.stderr, /run the same command with --resume/);
  const { lines, tail } = resultLines(out);
  assert.equal(tail, '', 'no cut-off line');
  assert.ok(lines.length > 100 && lines.length < ITEMS, `${lines.length} lines`);
  // Exactly the finished items: the in-flight ones had time to finish, none started after the
  // Ctrl-C, and each line is the reference's line.
  assert.deepEqual(lines.map(untimed), untimed(referenceText).split('\n').slice(0, lines.length));
  assert.deepEqual([...first.items].sort((a, b) => a - b), Array.from({ length: lines.length }, (_, i) => i));
  assert.match(first.stderr, new RegExp(`the results of ${lines.length} of ${ITEMS} items are in`));

  const second = await judgedDuring(args(out, '--resume'));
  assert.equal(second.code, 0, second.stderr);
  assert.match(second.stderr, new RegExp(`resuming: ${lines.length} of ${ITEMS} items already have their results`));
  assert.equal(untimed(readFileSync(out, 'utf8')), untimed(referenceText));
  for (let i = 0; i < lines.length; i++) assert.ok(!second.items.has(i), `item ${i} judged again`);
  assert.equal(second.items.size, ITEMS - lines.length);
  assert.match(second.stderr, new RegExp(`\\| reused\\s+\\| ${lines.length} results from an earlier run`));
  assert.match(second.stderr, new RegExp(`\\| items\\s+\\| ${ITEMS}\\s+\\|`));
  // Model calls: those behind every result in the file, and those this run made (2 per item).
  assert.match(second.stderr, new RegExp(`\\| model calls\\s+\\| ${2 * ITEMS} \\(${2 * (ITEMS - lines.length)} in this run\\)`));
});

test('SIGKILL mid-run: at most the items in flight are lost, the file stays valid JSONL, --resume completes it', async () => {
  const out = join(work, 'killed.jsonl');
  let child;
  hooks.onRequest = (item) => {
    if (item === 150) child.kill('SIGKILL');
  };
  const first = await judgedDuring(args(out), (c) => (child = c));
  assert.equal(first.signal, 'SIGKILL');
  const { lines, tail } = resultLines(out);
  assert.equal(tail, '', 'no cut-off line');
  assert.deepEqual(lines.map(untimed), untimed(referenceText).split('\n').slice(0, lines.length));
  // Judged but not on disk: the items in flight, and finished ones waiting for an earlier item
  // in flight (input order); with this server's even pace, no more than two per worker.
  const lost = [...first.items].filter((item) => item >= lines.length);
  assert.ok(lost.length <= 2 * CONCURRENCY, `${lost.length} items lost: ${lost}`);

  const second = await judgedDuring(args(out, '--resume'));
  assert.equal(second.code, 0, second.stderr);
  assert.equal(untimed(readFileSync(out, 'utf8')), untimed(referenceText));
  for (let i = 0; i < lines.length; i++) assert.ok(!second.items.has(i), `item ${i} judged again`);
});

test('SIGTERM, then a second signal while the items in flight hang: exit 130 at once, the file stays valid', async () => {
  const out = join(work, 'twice.jsonl');
  hooks.hangFrom = 60;
  let child;
  let signalled = false;
  hooks.onRequest = (item) => {
    if (item >= 60 && !signalled) {
      signalled = true;
      child.kill('SIGTERM');
      child.stderr.on('data', (chunk) => {
        if (String(chunk).includes('finishing the items in flight')) child.kill('SIGINT');
      });
    }
  };
  try {
    const result = await judgedDuring(args(out), (c) => (child = c));
    assert.equal(result.code, 130, result.stderr);
    // The second signal quit at once: no waiting out the grace period, no closing report.
    assert.doesNotMatch(result.stderr, /the results of \d+ of/);
    const { lines, tail } = resultLines(out);
    assert.equal(tail, '');
    assert.ok(lines.length >= 50 && lines.length <= 60, `${lines.length} lines`);
    assert.deepEqual(lines.map(untimed), untimed(referenceText).split('\n').slice(0, lines.length));
  } finally {
    hooks.hangFrom = Infinity;
  }
});

test('--resume after a cut-off last line: the line is dropped and its item measured again', async () => {
  const out = join(work, 'cut.jsonl');
  const keep = referenceText.split('\n').slice(0, 200);
  writeFileSync(out, keep.join('\n') + '\n' + referenceText.split('\n')[200].slice(0, 25));
  writeFileSync(`${out}.run.json`, readFileSync(`${reference}.run.json`));
  const resumed = await judgedDuring(args(out, '--resume'));
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /the cut-off last line \(from a killed run\) is dropped/);
  assert.equal(untimed(readFileSync(out, 'utf8')), untimed(referenceText));
  assert.deepEqual([...resumed.items].sort((a, b) => a - b), Array.from({ length: ITEMS - 200 }, (_, i) => 200 + i));
});

test('failed items are measured again on --resume (kept with --skip-failed); the file ends in input order', async () => {
  const out = join(work, 'failures.jsonl');
  hooks.failItems = new Set([7, 150]);
  const first = await judgedDuring(args(out));
  hooks.failItems = new Set();
  assert.equal(first.code, 1, first.stderr);
  const failedText = readFileSync(out, 'utf8');
  assert.match(failedText.split('\n')[7], /"error":\{"message":"[^"]*no judgement for item 7/);

  const skipped = await judgedDuring(args(out, '--resume', '--skip-failed'));
  assert.equal(skipped.code, 1, skipped.stderr);
  assert.equal(skipped.items.size, 0, 'nothing judged');
  assert.equal(readFileSync(out, 'utf8'), failedText);

  const retried = await judgedDuring(args(out, '--resume'));
  assert.equal(retried.code, 0, retried.stderr);
  assert.match(retried.stderr, /2 failed ones are measured again/);
  assert.deepEqual([...retried.items].sort((a, b) => a - b), [7, 150]);
  assert.equal(untimed(readFileSync(out, 'utf8')), untimed(referenceText));
});

test('--resume refuses results of other settings, and results without their run record (exit 2, file untouched)', async () => {
  const out = join(work, 'refuse.jsonl');
  const partial = referenceText.split('\n').slice(0, 10).join('\n') + '\n';
  writeFileSync(out, partial);
  writeFileSync(`${out}.run.json`, readFileSync(`${reference}.run.json`));
  const before = judged.length;
  const other = await run(args(out, '--resume', '--scale', '10'));
  assert.equal(other.code, 2, other.stderr);
  assert.match(other.stderr, /cannot resume: .*other settings \(--scale 1 there, --scale 10 here\)/);
  const model = await run([...args(out, '--resume'), '--model-name', 'another-model']);
  assert.equal(model.code, 2);
  assert.match(model.stderr, /--model-name "gpt-4o-mini" there, --model-name "another-model" here/);
  const metric = await run(['completeness', dataset, '--out', out, '--resume']);
  assert.equal(metric.code, 2);
  assert.match(metric.stderr, /holds results of other metrics \(coverage\), none of this run's \(completeness\)/);
  unlinkSync(`${out}.run.json`);
  const orphan = await run(args(out, '--resume'));
  assert.equal(orphan.code, 2);
  assert.match(orphan.stderr, /refuse\.jsonl\.run\.json, the record of the run that wrote them, is missing/);
  assert.equal(readFileSync(out, 'utf8'), partial);
  assert.equal(judged.length, before, 'no model call');
});

test('--resume: a changed input line is measured again, an id that moved keeps its result, a missing file starts afresh', async () => {
  const out = join(work, 'changed.jsonl');
  writeFileSync(out, referenceText.split('\n').slice(0, 20).join('\n') + '\n');
  writeFileSync(`${out}.run.json`, readFileSync(`${reference}.run.json`));
  // Line 4 (index 3, no id) gets a new output; lines 1 and 3 (ids item-0, item-2) swap places.
  const changed = [...datasetLines];
  changed[3] = JSON.stringify({ input: 'Source 3 says two things.', output: 'Another summary of 3.' });
  [changed[0], changed[2]] = [changed[2], changed[0]];
  const changedFile = join(work, 'changed-data.jsonl');
  writeFileSync(changedFile, changed.join('\n') + '\n');
  const argv = ['coverage', changedFile, '--model', server.baseURL, '--api-key', 'test-key-123', '--out', out, '--resume'];
  const resumed = await judgedDuring(argv);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /1 result no longer matches its input line and is dropped/);
  assert.ok(resumed.items.has(3) && !resumed.items.has(0) && !resumed.items.has(2));
  assert.equal(resumed.items.size, ITEMS - 19);
  const records = readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  assert.deepEqual(records.slice(0, 3).map((r) => [r.line, r.id]), [[1, 'item-2'], [2, undefined], [3, 'item-0']]);

  const fresh = join(work, 'fresh.jsonl');
  assert.ok(!existsSync(fresh));
  const started = await run(['completeness', dataset, '--out', fresh, '--resume']);
  assert.equal(started.code, 0, started.stderr);
  assert.equal(readFileSync(fresh, 'utf8').trim().split('\n').length, ITEMS);
});

// The command-line tool when its results cannot be written: a missing folder, a folder given as
// the file, a full disk (/dev/full) for --out and for standard output, and a reader that goes
// away (`| head`). Plus --summary-json and the argument checks of the new options. Every run is
// a process of the built package, against the local fake OpenAI server where a model is needed,
// so "no model call was made" is counted, not assumed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI } from './fake-openai.mjs';
import { stepOf } from './scripted-model.mjs';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg');
const work = mkdtempSync(join(tmpdir(), 'evals-wasm-cli-output-'));
const bin = join(work, 'evals-wasm');
symlinkSync(join(pkgDir, 'cli.js'), bin);

/** A judge for coverage: two claims per source, the summary keeps the first. */
function coverageJudge(body) {
  const content = body.messages.at(-1).content;
  const user = typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
  if (stepOf(user) === 'claims') return JSON.stringify({ claims: ['The cat is black.', 'The cat sleeps all day.'] });
  const ids = [...user.matchAll(/^(C\d+):/gm)].map((m) => m[1]);
  return JSON.stringify({ verdicts: ids.map((id) => ({ id, verdict: id === 'C1' ? 'yes' : 'no', reason: '-' })) });
}

const server = await startFakeOpenAI(async (body) => {
  await new Promise((resolve) => setTimeout(resolve, 2));
  return coverageJudge(body);
});
test.after(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const dataset = join(work, 'data.jsonl');
writeFileSync(dataset, Array.from({ length: 40 }, (_, i) => JSON.stringify({ id: i, input: `The cat ${i} is black. It sleeps all day.`, output: 'A black cat.' })).join('\n') + '\n');
const coverageArgs = ['coverage', dataset, '--model', server.baseURL, '--api-key', 'test-key'];

/** Runs the tool; `stdout` may be a file descriptor to hand the child. Resolves to `{ code, stdout, stderr }`. */
function run(args, { stdout } = {}) {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd: work, env: { PATH: process.env.PATH }, stdio: ['ignore', stdout ?? 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? signal, stdout: out, stderr: err }));
  });
}

test('--out in a folder that does not exist: exit 2 naming the path and the reason, before any model call', async () => {
  const before = server.requests.length;
  const out = join('results', 'out.jsonl');
  const { code, stdout, stderr } = await run([...coverageArgs, '--out', out]);
  assert.equal(code, 2, stderr);
  assert.equal(stdout, '');
  assert.match(stderr, /cannot write results\/out\.jsonl: the folder "results" does not exist/);
  assert.doesNotMatch(stderr, /\| scored/, 'no summary table');
  assert.equal(server.requests.length, before, 'no model call');
  assert.ok(!existsSync(join(work, 'results')));
});

test('a folder given as --out (or as --summary-json): exit 2, "it is a folder", before any model call', async () => {
  mkdirSync(join(work, 'a-folder'), { recursive: true });
  const before = server.requests.length;
  for (const option of ['--out', '--summary-json']) {
    const { code, stderr } = await run([...coverageArgs, option, 'a-folder']);
    assert.equal(code, 2, stderr);
    assert.match(stderr, /cannot write a-folder: it is a folder, not a file/);
    assert.doesNotMatch(stderr, /\| scored/);
  }
  assert.equal(server.requests.length, before);
});

test('the input file given as --out: exit 2, and the input is left as it was', async () => {
  const before = readFileSync(dataset, 'utf8');
  const { code, stderr } = await run(['completeness', dataset, '--out', dataset]);
  assert.equal(code, 2, stderr);
  assert.match(stderr, /cannot write .*data\.jsonl: it is the input file/);
  assert.equal(readFileSync(dataset, 'utf8'), before);
});

test('a full disk for --out (/dev/full): the run stops at the first write, says so, exits 2, and claims no results', { skip: !existsSync('/dev/full') && 'no /dev/full here' }, async () => {
  const before = server.requests.length;
  const { code, stdout, stderr } = await run([...coverageArgs, '--out', '/dev/full', '--concurrency', '2']);
  assert.equal(code, 2, stderr);
  assert.equal(stdout, '');
  assert.match(stderr, /cannot write \/dev\/full: no space left on the device/);
  assert.doesNotMatch(stderr, /\| scored/, 'no summary table');
  // The run stopped at the first result it could not write: besides that item, at most the two
  // in flight and one taken meanwhile were judged, not the 40 of the file.
  const items = new Set(server.requests.slice(before).map((r) => JSON.stringify(r.body.messages).match(/The cat (\d+)/)?.[1]));
  assert.ok(items.size <= 4, `${items.size} items judged`);
});

test('a full disk for standard output (> /dev/full): exit 2 with a message, no summary table', { skip: !existsSync('/dev/full') && 'no /dev/full here' }, async () => {
  const fd = openSync('/dev/full', 'w');
  try {
    const { code, stderr } = await run(['completeness', dataset], { stdout: fd });
    assert.equal(code, 2, stderr);
    assert.match(stderr, /cannot write the results to standard output: .*ENOSPC/);
    assert.doesNotMatch(stderr, /\| scored/);
  } finally {
    closeSync(fd);
  }
});

test('a reader that goes away (| head): the run stops quietly with exit 0, judges no more, and --summary-json still says what happened', async () => {
  const many = join(work, 'many.jsonl');
  writeFileSync(many, Array.from({ length: 400 }, (_, i) => JSON.stringify({ input: `The cat ${i} is black. It sleeps all day.`, output: 'A black cat.' })).join('\n') + '\n');
  const before = server.requests.length;
  const result = await new Promise((resolve) => {
    const child = spawn(bin, ['coverage', many, '--model', server.baseURL, '--api-key', 'k', '--concurrency', '2', '--summary-json', 'closed.json'], { cwd: work, env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let first = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    child.stdout.on('data', (chunk) => {
      first += chunk;
      // Like `head -1`: read one line, then close the pipe.
      if (first.includes('\n')) child.stdout.destroy();
    });
    child.on('close', (code) => resolve({ code, stderr: err, first }));
  });
  assert.equal(result.code, 0, result.stderr);
  assert.equal(JSON.parse(result.first.split('\n')[0]).score, 0.5);
  assert.doesNotMatch(result.stderr, /cannot write|EPIPE|Error/);
  assert.doesNotMatch(result.stderr, /\| scored/);
  // 400 items would be 800 calls; the run stopped soon after the pipe closed.
  assert.ok(server.requests.length - before < 400, `${server.requests.length - before} model calls`);
  const summary = JSON.parse(readFileSync(join(work, 'closed.json'), 'utf8'));
  assert.equal(summary.status, 'output-closed');
  assert.equal(summary.total, 400);
  assert.ok(summary.items >= 1 && summary.items < 400, `${summary.items} items in the output`);
});

test('--summary-json writes the summary as JSON; the results are streamed to --out', async () => {
  const { code, stderr } = await run([...coverageArgs, '--out', 'cov.jsonl', '--summary-json', 'summary.json', '--scale', '10']);
  assert.equal(code, 0, stderr);
  const summary = JSON.parse(readFileSync(join(work, 'summary.json'), 'utf8'));
  assert.equal(summary.status, 'complete');
  assert.equal(summary.metric, 'coverage');
  assert.equal(summary.items, 40);
  assert.equal(summary.scored, 40);
  assert.equal(summary.failed, 0);
  assert.equal(summary.mean, 5);
  assert.equal(summary.modelCalls, 80);
  assert.equal(summary.settings.scale, 10);
  assert.equal(summary.settings.model, server.baseURL);
  assert.ok(!JSON.stringify(summary).includes('test-key'));
  const lines = readFileSync(join(work, 'cov.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  assert.deepEqual(lines.map((r) => r.id), Array.from({ length: 40 }, (_, i) => i));
  assert.ok(lines.every((r) => r.score === 5));
  // The run record next to the results holds no key either.
  assert.ok(!readFileSync(join(work, 'cov.jsonl.run.json'), 'utf8').includes('test-key'));
});

test('the new options are checked: exit 2 with the reason', async () => {
  for (const [args, message] of [
    [['completeness', dataset, '--resume'], /--resume needs --out FILE/],
    [['completeness', dataset, '--out', 'x.jsonl', '--skip-failed'], /--skip-failed applies with --resume only/],
    [['completeness', dataset, '--strategy', 'claims'], /--strategy applies to hallucination only/],
    [['completeness', dataset, '--scale', '5'], /--scale applies to hallucination, coverage, .*faithfulness.* and topic-preservation only/],
    [['hallucination', dataset, '--model', server.baseURL, '--strategy', 'words'], /--strategy must be one of statements, claims, got "words"/],
    [['coverage', dataset, '--model', server.baseURL, '--scale', '-1'], /--scale must be a number above 0, got "-1"/],
    [['coverage', dataset, '--model', server.baseURL, '--custom-instruction'], /--custom-instruction needs a value/],
    [['coverage', dataset, '--model', server.baseURL, '--ignore-stopwords'], /--ignore-stopwords applies to completeness only/],
  ]) {
    const { code, stdout, stderr } = await run(args);
    assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
    assert.equal(stdout, '');
    assert.match(stderr, message);
  }
});

test('hallucination --strategy claims --no-reason and coverage --custom-instruction reach the metric', async () => {
  const before = server.requests.length;
  const { code, stdout, stderr } = await run([...coverageArgs, '--custom-instruction', 'Count only colours.', '--concurrency', '1']);
  assert.equal(code, 0, stderr);
  assert.equal(stdout.trim().split('\n').length, 40);
  const sent = server.requests.slice(before).map((r) => JSON.stringify(r.body.messages));
  assert.ok(sent.length === 80 && sent.every((text) => text.includes('Count only colours.')));

  const h = join(work, 'h.jsonl');
  writeFileSync(h, JSON.stringify({ input: 'q', output: 'The cat is black.', context: ['The cat is black.'] }) + '\n');
  const judge = await startFakeOpenAI((body) => {
    const user = JSON.stringify(body.messages);
    // The claims strategy extracts the output's claims, then asks for their support.
    if (!user.includes('<claims>')) return JSON.stringify({ claims: ['The cat is black.'] });
    return JSON.stringify({ verdicts: [{ id: 'C1', verdict: 'yes', reason: 'stated' }] });
  });
  try {
    const result = await run(['hallucination', h, '--model', judge.baseURL, '--strategy', 'claims', '--no-reason']);
    assert.equal(result.code, 0, result.stderr);
    const [record] = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
    assert.equal(record.info.strategy, 'claims');
    assert.equal(record.score, 0);
    // No reason call: claims and verdicts only.
    assert.equal(judge.requests.length, 2);
  } finally {
    await judge.close();
  }
});

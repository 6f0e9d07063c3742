// The command-line tool on the points of a review: --summary-json may not replace the input, the
// results or their run record; a leading byte-order mark; the record of --no-reason; the summary
// when standard output closes; the counts of invalid and failed lines. Every run is a process of
// the built package, against the local fake OpenAI server where a model is needed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI } from './fake-openai.mjs';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg');
const work = mkdtempSync(join(tmpdir(), 'evals-wasm-cli-review-'));
const bin = join(work, 'evals-wasm');
symlinkSync(join(pkgDir, 'cli.js'), bin);

// Every answer says the source has no claims: enough for results to exist and calls to be counted.
const server = await startFakeOpenAI(async () => JSON.stringify({ claims: [] }));
test.after(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const dataset = join(work, 'data.jsonl');
const datasetText = Array.from({ length: 6 }, (_, i) => JSON.stringify({ id: i, input: `The cat ${i} is black. It sleeps all day.`, output: 'A black cat.' })).join('\n') + '\n';
writeFileSync(dataset, datasetText);
const coverageArgs = ['coverage', 'data.jsonl', '--model', server.baseURL, '--api-key', 'test-key'];

/** Runs the tool in `work`; resolves to `{ code, stdout, stderr }`. */
function run(args, { input } = {}) {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd: work, env: { PATH: process.env.PATH }, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    if (input !== undefined) child.stdin.end(input);
    child.on('close', (code, signal) => resolve({ code: code ?? signal, stdout: out, stderr: err }));
  });
}

test('--summary-json naming the input, the --out file or its run record: exit 2 before any model call, nothing replaced', async () => {
  // A first run leaves results and a run record to protect.
  const first = await run([...coverageArgs, '--out', 'r.jsonl']);
  assert.equal(first.code, 0, first.stderr);
  const results = readFileSync(join(work, 'r.jsonl'), 'utf8');
  const record = readFileSync(join(work, 'r.jsonl.run.json'), 'utf8');
  symlinkSync('data.jsonl', join(work, 'data-link.jsonl'));
  const before = server.requests.length;
  for (const [extra, message] of [
    [['--summary-json', 'data.jsonl'], /cannot write data\.jsonl: it is the input file; choose another --summary-json/],
    [['--summary-json', join(work, 'data-link.jsonl')], /it is the input file/],
    [['--out', 'r.jsonl', '--summary-json', 'r.jsonl'], /cannot write r\.jsonl: it is the --out file/],
    [['--out', 'r.jsonl', '--summary-json', `./sub/../r.jsonl`], /it is the --out file/],
    [['--out', 'r.jsonl', '--summary-json', 'r.jsonl.run.json'], /cannot write r\.jsonl\.run\.json: it is the run record of --out/],
    [['--out', 'r.jsonl', '--resume', '--summary-json', join(work, 'r.jsonl.run.json')], /it is the run record of --out/],
  ]) {
    const { code, stdout, stderr } = await run([...coverageArgs, ...extra]);
    assert.equal(code, 2, `${extra.join(' ')}: ${stderr}`);
    assert.equal(stdout, '');
    assert.match(stderr, message);
    assert.doesNotMatch(stderr, /\| scored/, 'no summary table');
  }
  assert.equal(server.requests.length, before, 'no model call');
  assert.equal(readFileSync(dataset, 'utf8'), datasetText);
  assert.equal(readFileSync(join(work, 'r.jsonl'), 'utf8'), results);
  assert.equal(readFileSync(join(work, 'r.jsonl.run.json'), 'utf8'), record);
});

test('a UTF-8 byte-order mark before the first line is dropped, from a file and from standard input', async () => {
  const lines = ['{"id":"a","input":"the cat sat on the mat","output":"the cat sat"}', '{"id":"b","input":"one two","output":"one two"}'];
  const text = `\uFEFF${lines.join('\n')}\n`;
  writeFileSync(join(work, 'bom.jsonl'), text);
  assert.equal(readFileSync(join(work, 'bom.jsonl'))[0], 0xef, 'the file starts with the mark');
  for (const [file, input] of [['bom.jsonl', undefined], ['-', text]]) {
    const { code, stdout, stderr } = await run(['completeness', file], { input });
    assert.equal(code, 0, stderr);
    assert.doesNotMatch(stderr, /invalid JSON|line 1:/);
    assert.match(stderr, /\| lines +\| 2 \(0 invalid\)/);
    const results = stdout.trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(results.map((r) => [r.line, r.id, 'score' in r]), [[1, 'a', true], [2, 'b', true]]);
  }
  // A mark anywhere else is text of its line, which is then not JSON.
  writeFileSync(join(work, 'bom2.jsonl'), `${lines[0]}\n\uFEFF${lines[1]}\n`);
  const second = await run(['completeness', 'bom2.jsonl']);
  assert.equal(second.code, 1);
  assert.match(second.stderr, /line 2: invalid JSON/);
});

test('flags are recorded as typed: --no-reason in the run record and the summary, and the resume refusal reads the right way round', async () => {
  const h = join(work, 'h.jsonl');
  writeFileSync(h, `${JSON.stringify({ id: 1, input: 'q', output: 'The sky is green.', context: ['The sky is blue.'] })}\n`);
  const judge = ['hallucination', 'h.jsonl', '--model', server.baseURL, '--api-key', 'k', '--out', 'h-out.jsonl'];
  await run([...judge, '--summary-json', 'h-summary.json']);
  assert.equal(JSON.parse(readFileSync(join(work, 'h-out.jsonl.run.json'), 'utf8')).metrics.hallucination.options['no-reason'], false);
  assert.equal(JSON.parse(readFileSync(join(work, 'h-summary.json'), 'utf8')).settings['no-reason'], false);
  const refused = await run([...judge, '--resume', '--no-reason']);
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /other settings \(--no-reason not given there, --no-reason given here\)/);

  await run([...judge, '--no-reason']);
  assert.equal(JSON.parse(readFileSync(join(work, 'h-out.jsonl.run.json'), 'utf8')).metrics.hallucination.options['no-reason'], true);
  const back = await run([...judge, '--resume']);
  assert.equal(back.code, 2, back.stderr);
  assert.match(back.stderr, /--no-reason given there, --no-reason not given here/);

  // The same for a flag that turns a setting off, without a model.
  const plain = ['content-similarity', 'data.jsonl', '--out', 'cs.jsonl'];
  assert.equal((await run(plain)).code, 0);
  assert.equal(JSON.parse(readFileSync(join(work, 'cs.jsonl.run.json'), 'utf8')).metrics['content-similarity'].options['keep-case'], false);
  const other = await run([...plain, '--resume', '--keep-case']);
  assert.equal(other.code, 2);
  assert.match(other.stderr, /--keep-case not given there, --keep-case given here/);
});

test('a run that stops before its summary (exit 2) leaves no empty --summary-json behind, and an earlier one as it was', async () => {
  // Results of another metric: --resume refuses them after the outputs are opened.
  assert.equal((await run(['tone', 'data.jsonl', '--out', 'tone.jsonl'])).code, 0);
  const refused = await run(['completeness', 'data.jsonl', '--out', 'tone.jsonl', '--resume', '--summary-json', 'never.json']);
  assert.equal(refused.code, 2, refused.stderr);
  assert.ok(!existsSync(join(work, 'never.json')), 'no file created');
  writeFileSync(join(work, 'earlier.json'), '{"status":"complete"}\n');
  const again = await run(['completeness', 'data.jsonl', '--out', 'tone.jsonl', '--resume', '--summary-json', 'earlier.json']);
  assert.equal(again.code, 2);
  assert.equal(readFileSync(join(work, 'earlier.json'), 'utf8'), '{"status":"complete"}\n');
  // And a complete run replaces it whole.
  assert.equal((await run(['completeness', 'data.jsonl', '--summary-json', 'earlier.json'])).code, 0);
  assert.equal(JSON.parse(readFileSync(join(work, 'earlier.json'), 'utf8')).items, 6);
});

test('invalid lines and failed items are counted apart, the same in the table and the summary JSON', async () => {
  // 3 invalid lines, 2 items the judge fails (its answer is not JSON), 2 it scores.
  const judge = await startFakeOpenAI(async (body) => (JSON.stringify(body.messages).includes('FAIL') ? 'not json' : JSON.stringify({ claims: [] })));
  try {
    const lines = [
      '{"input":"The cat is black.","output":"A cat."}',
      'not json',
      '{"input":"FAIL one","output":"x"}',
      '{"output":"no input"}',
      '{"input":"The dog barks.","output":"A dog."}',
      '[1, 2]',
      '{"input":"FAIL two","output":"y"}',
    ];
    writeFileSync(join(work, 'mixed.jsonl'), `${lines.join('\n')}\n`);
    const { code, stderr } = await run(['coverage', 'mixed.jsonl', '--model', judge.baseURL, '--api-key', 'k', '--summary-json', 'mixed.json']);
    assert.equal(code, 1, stderr);
    const summary = JSON.parse(readFileSync(join(work, 'mixed.json'), 'utf8'));
    assert.deepEqual([summary.lines, summary.invalid, summary.items, summary.scored, summary.failed], [7, 3, 4, 2, 2]);
    assert.equal(summary.scored + summary.failed, summary.items);
    assert.equal(summary.items + summary.invalid, summary.lines);
    assert.match(stderr, /\| lines\s+\| 7 \(3 invalid\)\s+\|/);
    assert.match(stderr, /\| items\s+\| 4\s+\|/);
    assert.match(stderr, /\| failed\s+\| 2\s+\|/);
    assert.match(stderr, /^progress: 4\/4 items, 2 failed/m);
  } finally {
    await judge.close();
  }
  // Invalid lines alone still make the exit code 1 (0 with --allow-failures).
  writeFileSync(join(work, 'one-bad.jsonl'), '{"input":"a b","output":"a"}\nnot json\n');
  const bad = await run(['completeness', 'one-bad.jsonl', '--summary-json', 'one-bad.json']);
  assert.equal(bad.code, 1);
  assert.deepEqual(JSON.parse(readFileSync(join(work, 'one-bad.json'), 'utf8')).failed, 0);
  assert.equal((await run(['completeness', 'one-bad.jsonl', '--allow-failures'])).code, 0);
});

test('argument errors name what was given: "undefined" without an article, a string as the string', async () => {
  const { evaluateMany, ContentSimilarityMetric, CompletenessMetric } = await import('evals-wasm');
  await assert.rejects(evaluateMany(undefined, []), { name: 'TypeError', message: /, got undefined$/ });
  await assert.rejects(evaluateMany(new CompletenessMetric(), [], { onProgress: '4' }), { name: 'TypeError', message: /"onProgress" must be a function, got the string "4"$/ });
  assert.throws(() => new ContentSimilarityMetric({ ignoreCase: 'x'.repeat(100) }), { message: new RegExp(`got the string "${'x'.repeat(40)}…"$`) });
  assert.throws(() => new ContentSimilarityMetric({ ignoreCase: 1 }), { message: /got a number$/ });
  assert.throws(() => new ContentSimilarityMetric({ ignoreCase: [] }), { message: /got an array$/ });
});

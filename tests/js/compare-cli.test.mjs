// `evals-wasm compare` end to end, on runs the command-line tool makes against a scripted judge
// (the local fake OpenAI server): a candidate whose outputs regress on a known subset is found
// out item by item and fails the gate (exit 1), with the markdown, JUnit and JSON files written;
// identical outputs judged through the baseline's cassette give Δ = 0 exactly with no judge
// call, every item anchored; a judge model that differs makes the runs incomparable (exit 2 and
// the reason) unless --allow-mismatch; a file that is not a run exits 2.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI } from './fake-openai.mjs';
import { stepOf } from './scripted-model.mjs';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg');
const work = mkdtempSync(join(tmpdir(), 'evals-wasm-compare-cli-'));
const bin = join(work, 'evals-wasm');
symlinkSync(join(pkgDir, 'cli.js'), bin);

const ITEMS = 40;
/** The items whose candidate output loses the second claim. */
const REGRESSED = new Set([3, 7, 12, 18, 25, 31, 36]);

let requests = 0;
// The judge: claims come from the source; a summary marked "(drops a claim)" covers only the first.
const server = await startFakeOpenAI(async (body) => {
  requests += 1;
  const user = body.messages.at(-1).content;
  const item = Number(user.match(/Source (\d+)/)?.[1] ?? user.match(/claim of source (\d+)/)?.[1]);
  if (stepOf(user) === 'claims') return JSON.stringify({ claims: [`The first claim of source ${item}.`, `The second claim of source ${item}.`] });
  const dropped = user.includes('(drops a claim)');
  return JSON.stringify({ verdicts: [{ id: 'C1', verdict: 'yes', reason: 'covered' }, { id: 'C2', verdict: dropped ? 'no' : 'yes', reason: dropped ? 'missing' : 'covered' }] });
});
test.after(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

function dataset(name, changed = new Set()) {
  const path = join(work, name);
  const lines = Array.from({ length: ITEMS }, (_, i) => JSON.stringify({ id: `q-${i}`, doc: `doc-${i % 10}`, input: `Source ${i} says two things.`, output: changed.has(i) ? `A summary of ${i} (drops a claim).` : `A summary of ${i}.` }));
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

function run(argv) {
  return new Promise((resolve) => {
    const child = spawn(bin, argv, { cwd: work, env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A run of coverage over `data`, judged through `cassette` (auto: replay what it has, ask for the rest). */
async function evaluate(data, out, cassette, ...more) {
  const before = requests;
  const result = await run(['coverage', data, '--model', server.baseURL, '--api-key', 'sk-test', '--cassette', cassette, '--out', join(work, out), ...more]);
  assert.equal(result.code, 0, result.stderr);
  return requests - before;
}

const baseData = dataset('base.jsonl');
const baseCassette = join(work, 'base.cassette.jsonl');
const baselineCalls = await evaluate(baseData, 'base.results.jsonl', baseCassette);

test('a candidate regressed on a known subset: the report finds those items and the gate exits 1', async () => {
  const cassette = join(work, 'regressed.cassette.jsonl');
  copyFileSync(baseCassette, cassette);
  const calls = await evaluate(dataset('regressed.jsonl', REGRESSED), 'regressed.results.jsonl', cassette);
  // Only the changed outputs are judged again (their verdicts; the claims of the source replay).
  assert.equal(calls, REGRESSED.size);
  assert.ok(baselineCalls >= 2 * ITEMS);

  const files = { markdown: join(work, 'summary.md'), junit: join(work, 'junit.xml'), json: join(work, 'comparison.json'), summary: join(work, 'summary.json') };
  const result = await run(['compare', 'base.results.jsonl', 'regressed.results.jsonl', '--gate', '--cluster', 'doc', '--markdown', files.markdown, '--junit', files.junit, '--json', files.json, '--summary-json', files.summary]);
  assert.equal(result.code, 1, result.stderr + result.stdout);
  assert.match(result.stdout, /gate: FAILED \(coverage\)/);
  assert.match(result.stdout, /0 \/ 7 \/ 33/);

  const comparison = JSON.parse(readFileSync(files.json, 'utf8'));
  const [metric] = comparison.metrics;
  assert.equal(metric.n, ITEMS);
  assert.equal(metric.clusters, 10);
  assert.equal(comparison.settings.cluster, 'doc');
  assert.equal(metric.interval.method, 'cluster-bootstrap');
  assert.equal(metric.delta, (-0.5 * REGRESSED.size) / ITEMS);
  assert.ok(metric.interval.high < 0, `interval ${JSON.stringify(metric.interval)}`);
  assert.deepEqual(metric.gate, { margin: 0, passed: false });
  assert.deepEqual(comparison.gate, { passed: false, failed: ['coverage'] });
  assert.equal(metric.anchored, ITEMS - REGRESSED.size);
  const regressed = comparison.items.filter((item) => item.verdict === 'regressed').map((item) => item.key).sort();
  assert.deepEqual(regressed, [...REGRESSED].map((i) => `q-${i}`).sort());
  // Largest regressions first.
  assert.deepEqual(comparison.items.slice(0, REGRESSED.size).map((item) => item.verdict), Array(REGRESSED.size).fill('regressed'));
  assert.deepEqual(metric.mcnemar && [metric.mcnemar.b, metric.mcnemar.c], [0, 0]);

  assert.match(readFileSync(files.markdown, 'utf8'), /gate FAILED/);
  assert.match(readFileSync(files.markdown, 'utf8'), /\| q-\d+ \| coverage \| 1\.000 \| 0\.500 \| −0\.500 \|/);
  const junit = readFileSync(files.junit, 'utf8');
  assert.match(junit, /tests="1" failures="1"/);
  assert.match(junit, /<failure message="coverage regressed/);
  const summary = JSON.parse(readFileSync(files.summary, 'utf8'));
  assert.equal(summary.items, undefined);
  assert.equal(summary.metrics[0].counts.regressed, REGRESSED.size);

  // A margin wider than the drop lets the gate pass.
  const lenient = await run(['compare', 'base.results.jsonl', 'regressed.results.jsonl', '--gate', '--margin', 'coverage=0.5']);
  assert.equal(lenient.code, 0, lenient.stderr + lenient.stdout);
  assert.match(lenient.stdout, /gate: passed/);
});

test("identical outputs judged through the baseline's cassette: Δ = 0 exactly and no judge call", async () => {
  const cassette = join(work, 'same.cassette.jsonl');
  copyFileSync(baseCassette, cassette);
  const calls = await evaluate(dataset('same.jsonl'), 'same.results.jsonl', cassette, '--cassette-mode', 'replay');
  assert.equal(calls, 0);
  const json = join(work, 'same.json');
  const result = await run(['compare', 'base.results.jsonl', 'same.results.jsonl', '--gate', '--json', json]);
  assert.equal(result.code, 0, result.stderr + result.stdout);
  const [metric] = JSON.parse(readFileSync(json, 'utf8')).metrics;
  assert.equal(metric.delta, 0);
  assert.deepEqual([metric.interval.low, metric.interval.high], [0, 0]);
  assert.deepEqual(metric.counts, { improved: 0, regressed: 0, unchanged: ITEMS, unconfirmed: 0 });
  assert.equal(metric.anchored, ITEMS);
  assert.match(result.stdout, /40 anchored/);
  assert.match(result.stdout, /holds the baseline's judge draw fixed/);
});

test('a different judge model: exit 2 with the reason, unless --allow-mismatch', async () => {
  await evaluate(baseData, 'other-judge.results.jsonl', join(work, 'other.cassette.jsonl'), '--model-name', 'another-judge');
  const refused = await run(['compare', 'base.results.jsonl', 'other-judge.results.jsonl', '--gate']);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /not comparable \(judge model of coverage: "gpt-4o-mini" in the baseline, "another-judge" in the candidate\)/);
  assert.equal(refused.stdout, '');
  const allowed = await run(['compare', 'base.results.jsonl', 'other-judge.results.jsonl', '--allow-mismatch']);
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.match(allowed.stdout, /warning: The runs differ in what they measure/);
});

test('--dry-run --detect plans from the baseline alone', async () => {
  const plan = await run(['compare', 'base.results.jsonl', '--dry-run', '--detect', '0.05']);
  assert.equal(plan.code, 0, plan.stderr);
  // Every baseline score is 1: no spread, so 2 items would do; the run's record has no cost lines.
  assert.match(plan.stdout, /^coverage: to detect a change of 0\.05 \(5 % two-sided, power 80 %\) at 1 sample\(s\) per item:\n {2}items needed: – if scores move .*unknown, the baseline has one sample per item\), 2 if they do not move together at all; the dataset has 40\n/);
  const wrong = await run(['compare', 'base.results.jsonl', 'base.results.jsonl', '--dry-run', '--detect', '0.05']);
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /--dry-run plans from one run: give the baseline only/);
  const noDetect = await run(['compare', 'base.results.jsonl', '--dry-run']);
  assert.equal(noDetect.code, 2);
  assert.match(noDetect.stderr, /--dry-run needs --detect DELTA/);
});

test('--html writes the report when the renderer ships, and says plainly what is missing when it does not', async () => {
  const html = join(work, 'report.html');
  const result = await run(['compare', 'base.results.jsonl', 'same.results.jsonl', '--html', html]);
  if (existsSync(join(pkgDir, 'compare', 'report.js'))) {
    assert.equal(result.code, 0, result.stderr);
    assert.match(readFileSync(html, 'utf8'), /<html/i);
  } else {
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--html needs the report renderer \(compare\/report\.js\), which this build of evals-wasm lacks/);
    assert.match(result.stdout, /^base\.results\.jsonl → same\.results\.jsonl\n/); // the table still printed
  }
});

test('unusable input exits 2: a missing file, a file that is not results, a wrong option', async () => {
  const missing = await run(['compare', 'base.results.jsonl', 'nowhere.jsonl']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read nowhere\.jsonl: no such file/);
  const notResults = await run(['compare', 'base.results.jsonl', 'base.jsonl']);
  assert.equal(notResults.code, 2);
  assert.match(notResults.stderr, /line 1 of base\.jsonl is not a result of evals-wasm/);
  const badMargin = await run(['compare', 'base.results.jsonl', 'base.results.jsonl', '--margin', 'x=-1']);
  assert.equal(badMargin.code, 2);
  assert.match(badMargin.stderr, /--margin must be a number of at least 0, got "-1"/);
  const html = await run(['compare', 'base.results.jsonl', 'base.results.jsonl', '--help']);
  assert.equal(html.code, 0);
  assert.match(html.stdout, /Exit codes: 0 compared/);
});

// Runs of several metrics in one pass, through the command line's main() of the built package
// with a counting scripted judge: one result per line and metric, the run record (format 2),
// shared requests (fewer model calls than one run per metric, same scores), per-metric judges
// from a config file, --resume of a multi-metric run (and of a format-1 record), readRun, and
// evaluateMany with a list and a map of metrics.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg');
const { main } = await import(pathToFileURL(join(pkgDir, 'cli.js')).href);
const { readRun } = await import(pathToFileURL(join(pkgDir, 'batch', 'run-file.js')).href);
const { shareRequests } = await import(pathToFileURL(join(pkgDir, 'batch', 'share.js')).href);
const evals = await import('evals-wasm');

const work = mkdtempSync(join(tmpdir(), 'evals-wasm-runs-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

/**
 * A judge as a callback model: answers every request from its schema (lists of two texts drawn
 * from the prompt, verdicts alternating between the first two words by the prompt's length), and
 * counts its calls by model name in `calls`.
 */
function countingJudge(calls, name = 'judge') {
  const answer = (schema, seed, path = '') => {
    if (schema.enum) return schema.enum[seed % Math.min(2, schema.enum.length)];
    if (schema.type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, answer(value, seed, `${path}.${key}`)]));
    if (schema.type === 'array') {
      const ids = schema.items?.properties?.id?.enum;
      if (ids) return ids.map((id, i) => ({ ...answer(schema.items, seed + i), id }));
      return Array.from({ length: Math.max(2, schema.minItems ?? 0) }, (_, i) => answer(schema.items, seed + i, path));
    }
    if (schema.type === 'number' || schema.type === 'integer') return schema.minimum ?? 0;
    if (schema.type === 'boolean') return seed % 2 === 0;
    return `point ${seed} of ${path}`;
  };
  return async (prompt, options) => {
    calls[name] = (calls[name] ?? 0) + 1;
    return JSON.stringify(answer(options.schema, prompt.length));
  };
}

function sink() {
  const stream = {
    text: '',
    isTTY: false,
    write(chunk, done) {
      stream.text += chunk;
      if (done) queueMicrotask(done);
      return true;
    },
  };
  return stream;
}

/** Runs main() with a counting judge per model name; resolves to `{ code, stdout, stderr, calls, made }`. */
async function runMain(args) {
  const calls = {};
  const made = [];
  const makeModel = ({ baseURL, model }) => {
    made.push({ baseURL, model });
    return countingJudge(calls, model);
  };
  const stdout = sink();
  const stderr = sink();
  const code = await main(args, { stdin: Readable.from(['']), stdout, stderr, env: {}, makeModel });
  return { code, stdout: stdout.text, stderr: stderr.text, calls, made };
}

const jsonl = (text) => text.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
const totalCalls = (calls) => Object.values(calls).reduce((sum, n) => sum + n, 0);

const SUMMARIES = Array.from({ length: 6 }, (_, i) => ({
  ...(i % 2 === 0 ? { id: `s-${i}` } : {}),
  input: `Source ${i}: the river ${'flows '.repeat(i + 1)}past the mill, and the mill grinds corn for ${i + 2} villages.`,
  // Outputs differ from line to line: a request made alike on two lines would be shared too.
  output: `The river flows past mill ${i}${i % 3 === 0 ? ', which grinds corn' : ''}.`,
}));
const dataset = join(work, 'summaries.jsonl');
writeFileSync(dataset, `${SUMMARIES.map((line) => JSON.stringify(line)).join('\n')}\n`);
const JUDGE = ['--model', 'http://127.0.0.1:9/v1', '--model-name', 'judge'];
const THREE = ['coverage', 'factual-consistency', 'factual-alignment'];

test('three LLM metrics that share their extractions: fewer model calls than three one-metric runs, the same scores', async () => {
  const alone = {};
  let aloneCalls = 0;
  for (const metric of THREE) {
    const out = join(work, `alone-${metric}.jsonl`);
    const result = await runMain([metric, dataset, ...JUDGE, '--out', out]);
    assert.equal(result.code, 0, result.stderr);
    aloneCalls += totalCalls(result.calls);
    alone[metric] = jsonl(readFileSync(out, 'utf8'));
  }
  const out = join(work, 'three.jsonl');
  const summaryPath = join(work, 'three-summary.json');
  const together = await runMain(['run', THREE.join(','), dataset, ...JUDGE, '--out', out, '--summary-json', summaryPath]);
  assert.equal(together.code, 0, together.stderr);
  const records = jsonl(readFileSync(out, 'utf8'));
  assert.equal(records.length, SUMMARIES.length * THREE.length);
  // Input order, then the metrics in the order named.
  assert.deepEqual(records.map((r) => [r.line, r.metric]), SUMMARIES.flatMap((_, i) => THREE.map((metric) => [i + 1, metric])));
  for (const record of records) {
    const single = alone[record.metric][record.line - 1];
    assert.equal(record.score, single.score, `${record.metric} line ${record.line}`);
    assert.deepEqual(record.info, single.info);
    assert.equal(record.key, single.key);
  }
  const togetherCalls = totalCalls(together.calls);
  assert.ok(togetherCalls < aloneCalls, `${togetherCalls} calls together, ${aloneCalls} alone`);
  // factual-alignment asks what the other two ask, but for coverage's verdicts, whose claims it
  // numbers S1, S2, … where coverage numbers them C1, C2, …: of its requests only that one is
  // not shared, so the run costs what factual-alignment and coverage's verdicts cost.
  const callsOf = (metric) => alone[metric].reduce((sum, r) => sum + r.info.modelCalls, 0);
  const coverageVerdicts = alone.coverage.filter((r) => r.info.referenceClaimsCount > 0).length;
  assert.equal(togetherCalls, callsOf('factual-alignment') + coverageVerdicts);
  const summary = JSON.parse(readFileSync(summaryPath, 'utf8'));
  assert.deepEqual(summary.metrics.map((row) => row.metric), THREE);
  assert.equal(summary.modelCallsMade, togetherCalls);
  assert.equal(summary.answersShared, aloneCalls - togetherCalls);
  for (const row of summary.metrics) assert.equal(row.scored, SUMMARIES.length);
  // The table: one row per metric.
  for (const metric of THREE) assert.match(together.stderr, new RegExp(`\\| ${metric} +\\|`));
});

test('result lines and run record of a run: key, metric, output, cost; format 2 with each metric\'s options, judge, declaration, direction', async () => {
  const lines = [
    JSON.stringify({ id: 7, input: 'The cat sat on the mat.', output: 'A cat sat.', context: ['The cat sat on the mat all day.'] }),
    JSON.stringify({ input: 'Dogs bark at night.', output: 'Dogs bark.' }),
    '{"input": "broken',
  ];
  const data = join(work, 'mixed.jsonl');
  writeFileSync(data, `${lines.join('\n')}\n`);
  const out = join(work, 'mixed-run.jsonl');
  const { code, stderr } = await runMain(['run', 'completeness,hallucination', data, ...JUDGE, '--out', out, '--scale', '10']);
  assert.equal(code, 1, 'an invalid line makes the exit code 1');
  assert.match(stderr, /line 2: missing field "context".*not scored by hallucination/);
  assert.match(stderr, /line 3: invalid JSON/);
  const records = jsonl(readFileSync(out, 'utf8'));
  assert.deepEqual(records.map((r) => [r.line, r.metric, 'score' in r ? 'score' : r.error.code]), [
    [1, 'completeness', 'score'], [1, 'hallucination', 'score'],
    [2, 'completeness', 'score'], [2, 'hallucination', 'EVALS_INVALID_LINE'],
    [3, 'completeness', 'EVALS_INVALID_LINE'], [3, 'hallucination', 'EVALS_INVALID_LINE'],
  ]);
  assert.equal(records[0].key, '7');
  assert.equal(records[0].id, 7);
  assert.match(records[2].key, /^h:[0-9a-f]{16}$/);
  assert.equal(records[0].output, 'A cat sat.');
  assert.deepEqual(records[0].cost, { modelCalls: 0, judgeMs: 0 });
  assert.ok(records[1].cost.modelCalls >= 2, JSON.stringify(records[1].cost));
  assert.equal(typeof records[1].cost.judgeMs, 'number');
  const record = JSON.parse(readFileSync(`${out}.run.json`, 'utf8'));
  assert.equal(record.format, 2);
  assert.equal(record.tool, 'evals-wasm');
  assert.equal(record.input, data);
  assert.equal(record.dataset.lines, 3);
  assert.match(record.dataset.hash, /^[0-9a-f]{64}$/);
  assert.equal(record.lineHashes.length, 3);
  assert.deepEqual(Object.keys(record.metrics), ['completeness', 'hallucination']);
  assert.equal(record.metrics.completeness.judge, null);
  assert.deepEqual(record.metrics.hallucination.judge, { url: 'http://127.0.0.1:9/v1', model: 'judge' });
  assert.equal(record.metrics.hallucination.options.scale, 10);
  assert.equal(record.metrics.hallucination.direction, 'lower');
  assert.equal(record.metrics.completeness.direction, 'higher');
  for (const metric of Object.values(record.metrics)) assert.match(metric.declaration, /^[0-9a-f]{64}$/);
  assert.notEqual(record.metrics.completeness.declaration, record.metrics.hallucination.declaration);

  // The declaration hash follows the prompts: another strategy sends other requests; samples do not change it.
  const other = join(work, 'mixed-run-2.jsonl');
  await runMain(['hallucination', data, ...JUDGE, '--out', other, '--strategy', 'claims', '--samples', '2']);
  const again = join(work, 'mixed-run-3.jsonl');
  await runMain(['hallucination', data, ...JUDGE, '--out', again, '--samples', '3', '--scale', '10']);
  const hashOf = (path) => JSON.parse(readFileSync(`${path}.run.json`, 'utf8')).metrics.hallucination.declaration;
  assert.notEqual(hashOf(other), hashOf(out));
  assert.equal(hashOf(again), hashOf(out));
  assert.equal(JSON.parse(readFileSync(`${again}.run.json`, 'utf8')).metrics.hallucination.samples, 3);

  // readRun gives back what the files hold.
  const read = await readRun(out);
  assert.deepEqual(read.record, record);
  assert.deepEqual(read.results, records);
});

test('a config file: options and a judge model per metric, a metric under a name of its own', async () => {
  const config = join(work, 'evals.config.json');
  writeFileSync(config, JSON.stringify({
    metrics: {
      coverage: { judge: { model: 'big-judge' } },
      'strict-coverage': { metric: 'coverage', 'custom-instruction': 'count a claim only with its figures', scale: 5 },
      completeness: { 'ignore-stopwords': true },
    },
    judge: { url: 'http://127.0.0.1:9/v1', model: 'small-judge' },
  }));
  const out = join(work, 'config-run.jsonl');
  const { code, stderr, calls, made } = await runMain(['run', dataset, '--config', config, '--out', out]);
  assert.equal(code, 0, stderr);
  assert.deepEqual(made.map((m) => m.model).sort(), ['big-judge', 'small-judge']);
  assert.ok(calls['big-judge'] > 0 && calls['small-judge'] > 0);
  const record = JSON.parse(readFileSync(`${out}.run.json`, 'utf8'));
  assert.deepEqual(Object.keys(record.metrics), ['coverage', 'strict-coverage', 'completeness']);
  assert.equal(record.metrics.coverage.judge.model, 'big-judge');
  assert.equal(record.metrics['strict-coverage'].judge.model, 'small-judge');
  assert.equal(record.metrics['strict-coverage'].options.scale, 5);
  assert.equal(record.metrics.completeness.options['ignore-stopwords'], true);
  assert.notEqual(record.metrics.coverage.declaration, record.metrics['strict-coverage'].declaration, 'a custom instruction changes the prompts');
  const records = jsonl(readFileSync(out, 'utf8'));
  assert.ok(records.filter((r) => r.metric === 'strict-coverage').every((r) => r.score <= 5));

  // A .mjs config, its default export a function.
  const moduleConfig = join(work, 'evals.config.mjs');
  writeFileSync(moduleConfig, 'export default async () => ({ metrics: ["completeness", "tone"] });\n');
  const fromModule = await runMain(['run', dataset, '--config', moduleConfig]);
  assert.equal(fromModule.code, 0, fromModule.stderr);
  assert.deepEqual([...new Set(jsonl(fromModule.stdout).map((r) => r.metric))], ['completeness', 'tone']);

  const bad = join(work, 'bad.config.json');
  writeFileSync(bad, JSON.stringify({ metrics: { coverage: { 'no-such-option': 1 } } }));
  const refused = await runMain(['run', dataset, '--config', bad]);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /unknown option "no-such-option"/);
});

test('--resume of a run of several metrics keeps what is done and measures only the rest; a metric added is measured on every line', async () => {
  const out = join(work, 'resume.jsonl');
  const full = await runMain(['run', 'coverage,completeness', dataset, ...JUDGE, '--out', out]);
  assert.equal(full.code, 0, full.stderr);
  const complete = readFileSync(out, 'utf8');
  const lines = complete.split('\n');
  // A killed run: the first 5 result lines (line 3's coverage but not its completeness) and half a line.
  writeFileSync(out, `${lines.slice(0, 5).join('\n')}\n${lines[5].slice(0, 10)}`);
  const resumed = await runMain(['run', 'coverage,completeness', dataset, ...JUDGE, '--out', out, '--resume']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /resuming: 5 of 12 results/);
  // The same file as the uninterrupted run's, but for the time each judged result took.
  const untimed = (text) => jsonl(text).map(({ cost, ...rest }) => ({ ...rest, cost: { ...cost, judgeMs: 0 } }));
  assert.deepEqual(untimed(readFileSync(out, 'utf8')), untimed(complete));
  const perLine = full.calls.judge / SUMMARIES.length;
  assert.equal(resumed.calls.judge, perLine * 3, 'coverage measured again on lines 4 to 6 only');

  // A metric added: the kept results stay, the new metric runs on every line.
  const more = await runMain(['run', 'coverage,completeness,tone', dataset, ...JUDGE, '--out', out, '--resume']);
  assert.equal(more.code, 0, more.stderr);
  assert.equal(more.calls.judge ?? 0, 0);
  const records = jsonl(readFileSync(out, 'utf8'));
  assert.equal(records.length, SUMMARIES.length * 3);
  assert.deepEqual(untimed(readFileSync(out, 'utf8')).filter((r) => r.metric !== 'tone'), untimed(complete));
  assert.equal(records.filter((r) => r.metric === 'tone').length, SUMMARIES.length);

  // Other options for a metric: refused.
  const refused = await runMain(['run', 'coverage,completeness', dataset, ...JUDGE, '--out', out, '--resume', '--scale', '10']);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /coverage: --scale 1 there, --scale 10 here/);

  // The same options but other prompts (a record from another version): refused too.
  const recordPath = `${out}.run.json`;
  const record = JSON.parse(readFileSync(recordPath, 'utf8'));
  record.metrics.coverage.declaration = '0'.repeat(64);
  writeFileSync(recordPath, JSON.stringify(record));
  const otherPrompts = await runMain(['run', 'coverage,completeness', dataset, ...JUDGE, '--out', out, '--resume']);
  assert.equal(otherPrompts.code, 2);
  assert.match(otherPrompts.stderr, /coverage: the metric asks the model otherwise/);
});

test('--resume reads the format-1 record of a one-metric run of an earlier version', async () => {
  const out = join(work, 'old.jsonl');
  const lines = SUMMARIES.map((line) => JSON.stringify(line));
  const { createHash } = await import('node:crypto');
  const lineHashes = lines.map((text) => createHash('sha256').update(text).digest('hex').slice(0, 16));
  writeFileSync(`${out}.run.json`, JSON.stringify({ tool: 'evals-wasm', version: '0.9.0', input: dataset, settings: { metric: 'completeness', 'ignore-stopwords': false, language: 'en' }, lineHashes }));
  const now = await runMain(['completeness', dataset, '--out', join(work, 'now.jsonl')]);
  const fresh = jsonl(readFileSync(join(work, 'now.jsonl'), 'utf8'));
  // The old file: the first two results, in the old shape (no key, no metric).
  writeFileSync(out, `${fresh.slice(0, 2).map(({ line, id, score, info }) => JSON.stringify({ line, ...(id === undefined ? {} : { id }), score, info })).join('\n')}\n`);
  assert.equal(now.code, 0);
  const resumed = await runMain(['completeness', dataset, '--out', out, '--resume']);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.match(resumed.stderr, /resuming: 2 of 6 items/);
  const core = ({ line, id, key, metric, score, info }) => ({ line, id, key, metric, score, info });
  assert.deepEqual(jsonl(readFileSync(out, 'utf8')).map(core), fresh.map(core));
  assert.equal(JSON.parse(readFileSync(`${out}.run.json`, 'utf8')).format, 2);
});

test('evaluateMany with a list and with a map of metrics: { record, results } as the command line writes them', async () => {
  const calls = {};
  const judge = shareRequests(countingJudge(calls));
  const items = SUMMARIES;
  const perItem = [];
  const { record, results } = await evals.evaluateMany(items, [new evals.CoverageMetric(judge), new evals.FactualAlignmentMetric(judge), new evals.CompletenessMetric()], {
    concurrency: 2,
    onResult: (lines, index) => perItem.push([index, lines.length]),
  });
  assert.equal(record.format, 2);
  assert.deepEqual(Object.keys(record.metrics), ['coverage', 'factual-alignment', 'completeness']);
  assert.equal(results.length, items.length * 3);
  assert.deepEqual(perItem.map(([, n]) => n), items.map(() => 3));
  assert.equal(judge.stats.shared > 0, true);
  assert.equal(judge.stats.made, calls.judge);
  // The same scores as the command line's run of the same metrics.
  const out = join(work, 'js-vs-cli.jsonl');
  await runMain(['run', 'coverage,factual-alignment,completeness', dataset, ...JUDGE, '--out', out]);
  const cli = jsonl(readFileSync(out, 'utf8'));
  assert.deepEqual(results.map((r) => [r.line, r.metric, r.score]), cli.map((r) => [r.line, r.metric, r.score]));
  assert.deepEqual(results.map((r) => r.key).filter((key) => !key.startsWith('h:')), cli.map((r) => r.key).filter((key) => !key.startsWith('h:')));
  const cliRecord = JSON.parse(readFileSync(`${out}.run.json`, 'utf8'));
  for (const name of ['coverage', 'factual-alignment', 'completeness']) assert.equal(record.metrics[name].declaration, cliRecord.metrics[name].declaration, name);

  // A map names the metrics; a factory is made per item.
  const mapped = await evals.evaluateMany(items, {
    cov: new evals.CoverageMetric(judge),
    sim: (item) => new evals.ContentSimilarityMetric({ ignoreCase: item.input.length > 10 }),
  }, { run: { input: 'summaries.jsonl', metrics: { cov: { judge: { url: 'x', model: 'judge' } } } } });
  assert.deepEqual(Object.keys(mapped.record.metrics), ['cov', 'sim']);
  assert.deepEqual(mapped.record.metrics.cov.judge, { url: 'x', model: 'judge' });
  assert.equal(mapped.record.input, 'summaries.jsonl');
  assert.deepEqual(mapped.results.map((r) => r.metric), items.flatMap(() => ['cov', 'sim']));

  // One metric: the old shape.
  const one = await evals.evaluateMany(new evals.CompletenessMetric(), items);
  assert.ok(Array.isArray(one.results) && one.summary.count === items.length);
});

test('--cassette and --concurrency with a run of several metrics: a replay without a model gives the same scores', async () => {
  const cassette = join(work, 'run-cassette.jsonl');
  const out = join(work, 'cassette-run.jsonl');
  const recorded = await runMain(['run', 'coverage,factual-alignment,completeness', dataset, ...JUDGE, '--out', out, '--cassette', cassette, '--concurrency', '3']);
  assert.equal(recorded.code, 0, recorded.stderr);
  const replayOut = join(work, 'cassette-replay.jsonl');
  const replayed = await runMain(['run', 'coverage,factual-alignment,completeness', dataset, ...JUDGE, '--out', replayOut, '--cassette', cassette, '--cassette-mode', 'replay', '--concurrency', '1']);
  assert.equal(replayed.code, 0, replayed.stderr);
  assert.equal(replayed.calls.judge ?? 0, 0, 'no model call in a replay');
  const scores = (path) => jsonl(readFileSync(path, 'utf8')).map((r) => [r.line, r.metric, r.score]);
  assert.deepEqual(scores(replayOut), scores(out));
});

test('evaluateMany with several metrics: a failing metric fails its result lines only; failFast and an aborted signal stop the run', async () => {
  const failing = { measure: async (input) => { if (input.includes('2')) throw Object.assign(new Error('no score for 2'), { code: 'X_FAIL' }); return { score: 1, info: {} }; } };
  const items = [1, 2, 3].map((i) => ({ id: i, input: `item ${i}`, output: `item ${i}` }));
  const { results } = await evals.evaluateMany(items, { failing, similar: new evals.ContentSimilarityMetric() });
  assert.deepEqual(results.map((r) => [r.line, r.metric, r.error?.code ?? r.score]), [
    [1, 'failing', 1], [1, 'similar', 1], [2, 'failing', 'X_FAIL'], [2, 'similar', 1], [3, 'failing', 1], [3, 'similar', 1],
  ]);
  await assert.rejects(evals.evaluateMany(items, { failing }, { failFast: true, concurrency: 1 }), /no score for 2/);
  await assert.rejects(evals.evaluateMany(items, { failing }, { signal: AbortSignal.abort() }), { code: 'EVALS_ABORTED' });
  await assert.rejects(evals.evaluateMany(items, { failing }, { dryRun: true }), { code: 'EVALS_INVALID_OPTION' });
});

test('evals-wasm run FILE reads evals.config.json of the current folder', async () => {
  const { execFile } = await import('node:child_process');
  const { mkdirSync } = await import('node:fs');
  const folder = join(work, 'project');
  mkdirSync(folder);
  writeFileSync(join(folder, 'evals.config.json'), JSON.stringify({ metrics: { completeness: {}, 'keyword-coverage': {} } }));
  const exec = (args) => new Promise((resolve) => {
    execFile(process.execPath, [join(pkgDir, 'cli.js'), ...args], { cwd: folder, env: { PATH: process.env.PATH } }, (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }));
  });
  const found = await exec(['run', dataset]);
  assert.equal(found.code, 0, found.stderr);
  assert.deepEqual([...new Set(jsonl(found.stdout).map((r) => r.metric))], ['completeness', 'keyword-coverage']);
  const none = await exec(['run', join(work, 'nowhere.jsonl'), '--config', join(folder, 'missing.json')]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /cannot read the config/);
});

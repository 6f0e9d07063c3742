// Runs of several metrics through the command line (docs/runs.md), with a scripted judge that
// answers at once, so that what is timed is everything but the model: reading and checking the
// lines, the engine, sharing requests, writing results. Two parts, each in a fresh process:
//
//   node bench/runs.mjs                 both parts
//   node bench/runs.mjs --speed [N]     N lines (default 10,000) x 5 metrics: time per line
//                                       outside the judge, judge calls, peak memory
//   node bench/runs.mjs --stream [MB]   a dataset of MB megabytes (default 1024) against one of
//                                       1/100 the size: peak memory of each (the file is read
//                                       line by line, twice, never whole)
//
// Prints a table for docs/benchmarks.md ("Runs of several metrics").

import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = join(here, '..', 'pkg');
const METRICS = ['completeness', 'content-similarity', 'faithfulness', 'answer-relevancy', 'hallucination'];

/** Peak memory of this process so far, in MB (the kernel's high-water mark of the resident set). */
const peakMb = () => process.resourceUsage().maxRSS / 1024;

/** A judge that answers every request at once from its schema, timing itself. */
function instantJudge(stats) {
  const answer = (schema, i = 0) => {
    if (schema.enum) return schema.enum[i % schema.enum.length];
    if (schema.type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, answer(value, i)]));
    if (schema.type === 'array') {
      const ids = schema.items?.properties?.id?.enum;
      if (ids) return ids.map((id, k) => ({ ...answer(schema.items, k), id }));
      return Array.from({ length: Math.max(2, schema.minItems ?? 0) }, (_, k) => answer(schema.items, k));
    }
    if (schema.type === 'number' || schema.type === 'integer') return schema.minimum ?? 0;
    if (schema.type === 'boolean') return true;
    return `The river is long ${i}.`;
  };
  return async (_prompt, options) => {
    const started = performance.now();
    stats.calls += 1;
    const text = JSON.stringify(answer(options.schema));
    stats.ms += performance.now() - started;
    return text;
  };
}

function sink() {
  return { isTTY: false, write(_chunk, done) { if (done) queueMicrotask(done); return true; } };
}

async function writeLines(path, count, line) {
  const out = createWriteStream(path);
  for (let i = 0; i < count; i++) {
    if (!out.write(`${line(i)}\n`)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve) => out.end(resolve));
}

async function speed(lines) {
  const work = mkdtempSync(join(tmpdir(), 'evals-wasm-bench-runs-'));
  try {
    const data = join(work, 'data.jsonl');
    await writeLines(data, lines, (i) => JSON.stringify({
      id: `q-${i}`,
      input: `Question ${i}: how long is the river that runs past the old mill, and what does the mill grind?`,
      output: `The river is ${i % 90} km long. The mill grinds corn for ${i % 7} villages.`,
      context: [`The river past the old mill is ${i % 90} km long.`, `The mill grinds corn and barley for the villages around it.`],
    }));
    const { main } = await import(pathToFileURL(join(pkgDir, 'cli.js')).href);
    const stats = { calls: 0, ms: 0 };
    const started = performance.now();
    const code = await main(['run', METRICS.join(','), data, '--model', 'http://127.0.0.1:9/v1', '--model-name', 'bench', '--out', join(work, 'out.jsonl'), '--concurrency', '4'], {
      stdout: sink(), stderr: sink(), env: {}, makeModel: () => instantJudge(stats),
    });
    const wall = performance.now() - started;
    if (code !== 0) throw new Error(`the run exited with ${code}`);
    return { lines, metrics: METRICS.length, wallMs: wall, judgeCalls: stats.calls, judgeMs: stats.ms, perLineMs: (wall - stats.ms) / lines, peakMb: peakMb() };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function stream(megabytes) {
  const work = mkdtempSync(join(tmpdir(), 'evals-wasm-bench-stream-'));
  try {
    const data = join(work, 'big.jsonl');
    // Lines of about 100 KB, most of it metadata the metrics never read.
    const padding = 'x'.repeat(100 * 1024);
    const lines = Math.max(1, Math.round((megabytes * 1024) / 100));
    await writeLines(data, lines, (i) => JSON.stringify({ id: i, input: `The mill grinds corn ${i}.`, output: `The mill grinds corn.`, metadata: { padding } }));
    const { main } = await import(pathToFileURL(join(pkgDir, 'cli.js')).href);
    const before = peakMb();
    const started = performance.now();
    const code = await main(['run', 'completeness', data, '--out', join(work, 'out.jsonl')], { stdout: sink(), stderr: sink(), env: {} });
    if (code !== 0) throw new Error(`the run exited with ${code}`);
    return { megabytes, lines, wallMs: performance.now() - started, peakMb: peakMb(), peakBeforeMb: before };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Runs one part in a fresh process and returns its JSON. */
function part(args) {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`${args.join(' ')} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1));
}

const args = process.argv.slice(2);
const json = args.includes('--json');
if (args[0] === '--speed') {
  const result = await speed(Number(args[1]) > 0 ? Number(args[1]) : 10_000);
  console.log(json ? JSON.stringify(result) : result);
} else if (args[0] === '--stream') {
  const result = await stream(Number(args[1]) > 0 ? Number(args[1]) : 1024);
  console.log(json ? JSON.stringify(result) : result);
} else {
  const s = part(['--speed', '10000']);
  console.log(`Runs: ${s.lines} lines x ${s.metrics} metrics (${METRICS.join(', ')}), concurrency 4, a judge answering at once`);
  console.log(`| wall time | judge calls | time outside the judge per line | per line and metric | peak RSS |`);
  console.log(`| --- | --- | --- | --- | --- |`);
  console.log(`| ${(s.wallMs / 1000).toFixed(1)} s | ${s.judgeCalls} | ${s.perLineMs.toFixed(3)} ms | ${(s.perLineMs / s.metrics).toFixed(3)} ms | ${s.peakMb.toFixed(0)} MB |`);
  const small = part(['--stream', '10']);
  const big = part(['--stream', '1024']);
  console.log(`\nStreaming: completeness over lines of ~100 KB`);
  console.log(`| dataset | lines | wall time | peak RSS |`);
  console.log(`| --- | --- | --- | --- |`);
  for (const r of [small, big]) console.log(`| ${r.megabytes} MB | ${r.lines} | ${(r.wallMs / 1000).toFixed(1)} s | ${r.peakMb.toFixed(0)} MB |`);
  console.log(`peak RSS ratio, ${big.megabytes} MB / ${small.megabytes} MB dataset: ${(big.peakMb / small.peakMb).toFixed(2)}x for ${(big.megabytes / small.megabytes).toFixed(0)}x the bytes`);
}

// compareRuns on two runs of 100,000 items × 5 metrics (500,000 results each, in memory as
// evaluateMany returns them, one metric lower-is-better and one sampled k = 3): the time of a
// whole comparison (matching, statistics in wasm, items sorted) and of reading both runs from
// JSONL files first. Target: under 2 s in Node. Usage, after `bash scripts/build.sh`:
//
//   node bench/compare.mjs [items]

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareRuns, readRunFile } from '../pkg/compare.node.js';

const ITEMS = Number(process.argv[2] ?? 100_000);
const METRICS = ['faithfulness', 'answer-relevancy', 'hallucination', 'coverage', 'tone'];

/** A deterministic generator (mulberry32). */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeRun(seed, shift) {
  const next = random(seed);
  const results = [];
  for (let i = 0; i < ITEMS; i++) {
    for (const metric of METRICS) {
      const base = ((i * 2654435761) % 1000) / 1000;
      const score = Math.min(1, Math.max(0, base + shift + 0.1 * (next() - 0.5)));
      const result = { line: i + 1, id: `q-${i}`, key: `q-${i}`, metric, score, cost: { modelCalls: 2, promptTokens: 800, completionTokens: 90, judgeMs: 1200 } };
      if (metric === 'coverage') result.info = { samples: { scores: [score, Math.min(1, score + 0.05), Math.max(0, score - 0.05)] } };
      results.push(result);
    }
  }
  const metrics = Object.fromEntries(METRICS.map((metric) => [metric, { options: {}, judge: { model: 'judge' }, declaration: 'd', samples: metric === 'coverage' ? 3 : 1, direction: metric === 'hallucination' ? 'lower' : 'higher' }]));
  return { record: { tool: 'evals-wasm', format: 2, dataset: { hash: 'h', lines: ITEMS }, metrics }, results };
}

const baseline = makeRun(1, 0);
const candidate = makeRun(2, -0.01);

await compareRuns(baseline, candidate); // warm-up (loads the module)
// Wall time, and the process's CPU time (user + system), which a machine shared with other work
// inflates less than the wall time.
const times = [];
const cpuTimes = [];
for (let round = 0; round < 5; round++) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await compareRuns(baseline, candidate, { gate: true });
  times.push(performance.now() - start);
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
  if (round === 0) console.log(result.metrics.map((m) => `${m.metric}: Δ ${m.delta.toFixed(4)} [${m.interval.low.toFixed(4)}, ${m.interval.high.toFixed(4)}]`).join('\n'));
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
console.log(`compareRuns, ${ITEMS.toLocaleString('en-US')} items × ${METRICS.length} metrics, in memory: median ${times[2].toFixed(0)} ms wall (best ${times[0].toFixed(0)} ms), median ${cpuTimes[2].toFixed(0)} ms CPU`);

const dir = mkdtempSync(join(tmpdir(), 'evals-wasm-bench-compare-'));
try {
  for (const [name, run] of [['base', baseline], ['cand', candidate]]) {
    writeFileSync(join(dir, `${name}.jsonl`), `${run.results.map((r) => JSON.stringify(r)).join('\n')}\n`);
    writeFileSync(join(dir, `${name}.jsonl.run.json`), JSON.stringify(run.record));
  }
  const start = performance.now();
  const cpu = process.cpuUsage();
  const runs = [readRunFile(join(dir, 'base.jsonl')), readRunFile(join(dir, 'cand.jsonl'))];
  const read = process.cpuUsage(cpu);
  const readWall = performance.now() - start;
  await compareRuns(...runs, { gate: true });
  const all = process.cpuUsage(cpu);
  const ms = (used) => ((used.user + used.system) / 1000).toFixed(0);
  console.log(`read both files: ${readWall.toFixed(0)} ms wall, ${ms(read)} ms CPU; read and compare: ${(performance.now() - start).toFixed(0)} ms wall, ${ms(all)} ms CPU`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

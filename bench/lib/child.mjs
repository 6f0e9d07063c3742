// Runs in a fresh Node process, so that its memory figures belong to one library and one input
// size: node child.mjs <ours|original> <pairs.json> <measures> [checkpoints]
// Reads the pairs from a file (the corpus itself is never loaded here), measures them in turn
// and prints one JSON line: per-measure times, RSS after import, RSS at each checkpoint (a
// comma-separated list of measure counts: RSS, JS heap and WebAssembly memory) and the peak
// RSS of the process.

import { readFileSync } from 'node:fs';

const [lib, file, countArg, checkpointArg = ''] = process.argv.slice(2);
const specifier = { ours: 'evals-wasm/nlp', original: '@mastra/evals/nlp' }[lib];
if (specifier === undefined) throw new Error(`unknown library ${lib}`);
const count = Number(countArg);
const checkpoints = new Set(checkpointArg.split(',').filter(Boolean).map(Number));

const { CompletenessMetric } = await import(specifier);
const metric = new CompletenessMetric();
// This package's WebAssembly memory (the same module instance the entry initialised), so that
// RSS growth can be told apart from the JS heap's.
const wasmExports = lib === 'ours' ? (await import('../../pkg/evals_nlp.js')).initSync() : undefined;
const snapshot = () => {
  const usage = process.memoryUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, wasmMemory: wasmExports?.memory.buffer.byteLength };
};
const pairs = JSON.parse(readFileSync(file, 'utf8'));
const rssAfterImport = process.memoryUsage.rss();

// With checkpoints (the long steady-state run) no per-measure times are kept, so that the
// harness itself does not grow the heap.
const keepTimes = checkpoints.size === 0;
const times = [];
const rssAt = {};
for (let i = 0; i < count; i += 1) {
  const { input, output } = pairs[i % pairs.length];
  const start = performance.now();
  await metric.measure(input, output);
  if (keepTimes) times.push(performance.now() - start);
  if (checkpoints.has(i + 1)) {
    globalThis.gc?.(); // only with --expose-gc
    rssAt[i + 1] = snapshot();
  }
}

process.stdout.write(
  `${JSON.stringify({ lib, count, times, rssAfterImport, rssAt, peakRss: process.resourceUsage().maxRSS * 1024 })}\n`,
);

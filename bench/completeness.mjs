// CompletenessMetric, this package against @mastra/evals 0.14.4: throughput and latency per input
// size, on the same pairs in the same process, alternating between the two libraries.
//
// Each size runs several rounds; a round times a batch of this package and a batch of the
// original (the order flips every round), each batch measuring the size's pairs in turn until a
// time budget is spent. Throughput is the median over rounds of measures per second; latencies
// are over every measure of every round. The original is too slow above 1,000 words for rounds:
// at 10,000 words it measures one pair once, in a fresh process (which also gives its peak
// memory), and it is not run at 100,000 words. Each row also shows the target and, per
// character of the pair (both texts), this package's median time and the floor's (bench/lib/floor.mjs).

import { CompletenessMetric as Ours } from 'evals-wasm/nlp';
import { CompletenessMetric as Original } from '@mastra/evals/nlp';
import { pairs } from './lib/texts.mjs';
import { exponent, median, ms, num, percentile, table, times } from './lib/stats.mjs';
import { runNode, tempJson } from './lib/spawn.mjs';
import { charactersPerPair, floorTime, nsPerCharacter } from './lib/floor.mjs';

/** The targets (speed-up over the original) at 100 and 10,000 words. */
const TARGETS = { 100: 150, 10_000: 1_500 };

/** Per size: pairs, rounds, and each library's time budget per batch (ms); `original: 'once'`
 * measures one pair once in a child process; `null` skips the original. */
export const PLAN = [
  { words: 20, pairs: 16, rounds: 7, ours: 300, original: 400 },
  { words: 100, pairs: 16, rounds: 7, ours: 300, original: 500 },
  { words: 1_000, pairs: 4, rounds: 5, ours: 500, original: 1 },
  { words: 10_000, pairs: 1, rounds: 5, ours: 800, original: 'once' },
  { words: 100_000, pairs: 1, rounds: 5, ours: 1_500, original: null },
];

/** Measures the pairs in turn (starting where the last batch stopped) until `budgetMs` is spent
 * (at least one measure). Returns the batch's count, elapsed time and per-measure latencies. */
async function batch(metric, inputs, budgetMs, cursor) {
  const latencies = [];
  const start = performance.now();
  let now = start;
  do {
    const { input, output } = inputs[cursor.next % inputs.length];
    cursor.next += 1;
    const before = performance.now();
    await metric.measure(input, output);
    now = performance.now();
    latencies.push(now - before);
  } while (now - start < budgetMs);
  return { count: latencies.length, elapsed: now - start, latencies };
}

function summary(batches) {
  const latencies = batches.flatMap((b) => b.latencies);
  return {
    measures: latencies.length,
    perSecond: median(batches.map((b) => (b.count / b.elapsed) * 1000)),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

export async function run({ log = console.error } = {}) {
  const ours = new Ours();
  const original = new Original();
  const rows = [];
  for (const step of PLAN) {
    const inputs = pairs(step.words, step.pairs);
    log(`completeness: ${num(step.words)} words`);
    // Warm-up: every pair once through this package; the original once on small inputs.
    for (const { input, output } of inputs) await ours.measure(input, output);
    if (typeof step.original === 'number' && step.words <= 100) {
      for (const { input, output } of inputs) await original.measure(input, output);
    }
    const oursBatches = [];
    const originalBatches = [];
    const oursCursor = { next: 0 };
    const originalCursor = { next: 0 };
    for (let round = 0; round < step.rounds; round += 1) {
      const order = round % 2 === 0 ? ['ours', 'original'] : ['original', 'ours'];
      for (const who of order) {
        if (who === 'ours') oursBatches.push(await batch(ours, inputs, step.ours, oursCursor));
        else if (typeof step.original === 'number') originalBatches.push(await batch(original, inputs, step.original, originalCursor));
      }
    }
    const row = { words: step.words, ours: summary(oursBatches), characters: charactersPerPair(inputs), floor: await floorTime(inputs, 100) };
    if (typeof step.original === 'number') {
      row.original = summary(originalBatches);
    } else if (step.original === 'once') {
      log(`completeness: the original on one ${num(step.words)}-word pair, in a fresh process (about half a minute)`);
      const child = await runNode('lib/child.mjs', ['original', tempJson(`pairs-${step.words}.json`, inputs), '1']);
      const [time] = child.times;
      row.original = { measures: 1, perSecond: 1000 / time, p50: time, p95: time, peakRss: child.peakRss, rssAfterImport: child.rssAfterImport, once: true };
    }
    if (row.original) row.ratio = row.ours.perSecond / row.original.perSecond;
    rows.push(row);
  }
  // Growth: the exponent k of time ∝ words^k, from the median latencies of this package.
  const points = rows.map((r) => [r.words, r.ours.p50]);
  const steps = rows.slice(1).map((r, i) => ({ from: rows[i].words, to: r.words, k: Math.log(r.ours.p50 / rows[i].ours.p50) / Math.log(r.words / rows[i].words) }));
  const growth = { steps, fit100Up: exponent(points.filter(([w]) => w >= 100)), fit1000Up: exponent(points.filter(([w]) => w >= 1000)) };
  return { rows, growth };
}

export function report({ rows, growth }) {
  const throughputTable = table(
    ['words', 'evals-wasm measures/s', 'p50', 'p95', '@mastra/evals measures/s', 'p50', 'p95', 'ratio (measures/s)', 'target', 'p50 per character', 'floor per character'],
    rows.map((r) => [
      num(r.words),
      num(r.ours.perSecond, r.ours.perSecond < 100 ? 1 : 0),
      ms(r.ours.p50),
      ms(r.ours.p95),
      r.original ? num(r.original.perSecond, r.original.perSecond < 10 ? 3 : 1) : 'not run',
      r.original ? ms(r.original.p50) : '–',
      r.original ? (r.original.once ? '(one measure)' : ms(r.original.p95)) : '–',
      r.ratio ? times(r.ratio) : '–',
      TARGETS[r.words] === undefined ? '' : `≥ ${num(TARGETS[r.words])}× (${r.ratio >= TARGETS[r.words] ? 'met' : 'not met'})`,
      nsPerCharacter(r.ours.p50, r.characters),
      nsPerCharacter(r.floor, r.characters),
    ]),
  );
  const growthTable = table(
    ['words', 'exponent k (time ∝ words^k)'],
    [
      ...growth.steps.map((s) => [`${num(s.from)} → ${num(s.to)}`, s.k.toFixed(2)]),
      ['least squares, 100 → 100,000', growth.fit100Up.toFixed(2)],
      ['least squares, 1,000 → 100,000', growth.fit1000Up.toFixed(2)],
    ],
  );
  return { throughputTable, growthTable };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  const { throughputTable, growthTable } = report(result);
  console.log(`${throughputTable}\n\n${growthTable}`);
}

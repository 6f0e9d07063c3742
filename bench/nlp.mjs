// Content similarity, keyword coverage, textual difference and tone: this package against
// @mastra/evals 0.14.4, side by side in one process, on State of the Union passages of 100 and
// 10,000 words (bench/lib/texts.mjs), plus textual difference at 6,000 characters. Prints a table
// of time per measure (median over rounds) and the ratio. Usage, after `bash scripts/build.sh`:
//
//   node bench/nlp.mjs
//
// Each round times a batch of this package and a batch of the original on the same pairs (the
// order flips every round), each batch measuring pairs in turn until its time budget is spent.
//
// The "floor" column is what any WebAssembly implementation pays before computing anything: an
// async measure() call that awaits a ready module and copies both texts into linear memory
// (TextEncoder.encodeInto, as the wasm-bindgen glue does). The original divided by the floor is
// the largest speed-up any wasm port could show on those texts, however fast its core.
// The original textual difference fills an (m+1)×(n+1) table of JS numbers: at 10,000 words
// (about 60,000 characters each) that is 3.6·10^9 cells, beyond any heap, so it is timed at
// 6,000 characters instead and not run at 10,000 words.

import * as ours from 'evals-wasm/nlp';
import * as original from '@mastra/evals/nlp';
import { pairs } from './lib/texts.mjs';
import { median, ms, num, table, times } from './lib/stats.mjs';

const METRICS = ['ContentSimilarityMetric', 'KeywordCoverageMetric', 'TextualDifferenceMetric', 'ToneConsistencyMetric'];
const ROUNDS = 5;

async function batch(metric, inputs, budgetMs, cursor) {
  const start = performance.now();
  let count = 0;
  let now = start;
  do {
    const { input, output } = inputs[cursor.next++ % inputs.length];
    await metric.measure(input, output);
    count += 1;
    now = performance.now();
  } while (now - start < budgetMs);
  return (now - start) / count;
}

/** Median time per measure of each library, over alternating rounds. */
async function compare(name, inputs, { budgetMs = 250, runOriginal = true } = {}) {
  const metrics = { ours: new ours[name](), original: new original[name]() };
  const times_ = { ours: [], original: [] };
  const cursors = { ours: { next: 0 }, original: { next: 0 } };
  await metrics.ours.measure(inputs[0].input, inputs[0].output); // load and warm up
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? ['ours', 'original'] : ['original', 'ours'];
    for (const lib of order) {
      if (lib === 'original' && !runOriginal) continue;
      times_[lib].push(await batch(metrics[lib], inputs, budgetMs, cursors[lib]));
    }
  }
  return { ours: median(times_.ours), original: runOriginal ? median(times_.original) : NaN };
}

/** The floor: an async measure that only hands both texts to linear memory. */
function floorMetric() {
  const encoder = new TextEncoder();
  const ready = Promise.resolve();
  let memory = new Uint8Array(1024);
  return {
    async measure(input, output) {
      await ready;
      const needed = 3 * (input.length + output.length);
      if (memory.length < needed) memory = new Uint8Array(needed);
      const first = encoder.encodeInto(input, memory).written;
      encoder.encodeInto(output, memory.subarray(first));
      return { score: 0 };
    },
  };
}

/** Median time per measure of the floor on `inputs`. */
async function floorTime(inputs, budgetMs) {
  const metric = floorMetric();
  const cursor = { next: 0 };
  const samples = [];
  for (let round = 0; round < ROUNDS; round += 1) samples.push(await batch(metric, inputs, budgetMs, cursor));
  return median(samples);
}

const rows = [];
for (const words of [100, 10_000]) {
  const inputs = pairs(words, words === 100 ? 12 : 3);
  for (const name of METRICS) {
    const runOriginal = !(name === 'TextualDifferenceMetric' && words > 1_000);
    console.error(`${name}: ${num(words)} words`);
    const budgetMs = words === 100 ? 250 : 1_000;
    const t = await compare(name, inputs, { runOriginal, budgetMs });
    const floor = await floorTime(inputs, budgetMs / 4);
    rows.push([name, `${num(words)} words`, ms(t.ours), runOriginal ? ms(t.original) : 'not run (table too large)', times(t.original / t.ours), ms(floor), times(t.original / floor)]);
  }
}
// Textual difference at 6,000 characters: passages cut to that length.
const long = pairs(1_500, 3).map(({ input, output }) => ({ input: input.slice(0, 6_000), output: output.slice(0, 6_000).padEnd(6_000, ' filler') }));
console.error('TextualDifferenceMetric: 6,000 characters');
const t = await compare('TextualDifferenceMetric', long, { budgetMs: 2_000 });
const longFloor = await floorTime(long, 500);
rows.push(['TextualDifferenceMetric', '6,000 characters', ms(t.ours), ms(t.original), times(t.original / t.ours), ms(longFloor), times(t.original / longFloor)]);

console.log(table(['metric', 'input', 'evals-wasm', '@mastra/evals 0.14.4', 'speed-up', 'floor (call + copy)', 'largest possible speed-up'], rows));

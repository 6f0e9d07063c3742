// Content similarity, keyword coverage, textual difference and tone: this package against
// @mastra/evals 0.14.4, side by side in one process, on State of the Union passages of 100 and
// 10,000 words (bench/lib/texts.mjs), plus textual difference at 6,000 characters. Prints a table
// of time per measure (median over rounds), the ratio and the target for it, and, per
// character of the pair (both texts), the core's time and the floor's. Usage, after
// `bash scripts/build.sh`:
//
//   node bench/nlp.mjs
//
// Each round times a batch of this package and a batch of the original on the same pairs (the
// order flips every round), each batch measuring pairs in turn until its time budget is spent.
//
// The core is the module's function called directly, synchronously, as the class calls it
// (bytes into linear memory, the computation, the numbers back), without the class's argument
// checks and `await`. The floor (bench/lib/floor.mjs) is what any WebAssembly implementation
// pays before computing anything: an async measure() call that awaits a ready module and copies
// both texts into linear memory. The original divided by the floor is the largest speed-up any
// wasm port could show on those texts, however fast its core.
// The original textual difference fills an (m+1)×(n+1) table of JS numbers: at 10,000 words
// (about 60,000 characters each) that is 3.6·10^9 cells, beyond any heap, so it is timed at
// 6,000 characters instead and not run at 10,000 words.

import * as ours from 'evals-wasm/nlp';
import * as original from '@mastra/evals/nlp';
import * as cores from '../pkg/engine/wasm-nlp.js';
import { pairs } from './lib/texts.mjs';
import { charactersPerPair, floorTime, medianTime, nsPerCharacter, timedBatch } from './lib/floor.mjs';
import { median, ms, num, table, times } from './lib/stats.mjs';

const METRICS = ['ContentSimilarityMetric', 'KeywordCoverageMetric', 'TextualDifferenceMetric', 'ToneConsistencyMetric'];
const ROUNDS = 5;

/** Each metric's core, called as its class calls it (default options). */
const CORES = {
  ContentSimilarityMetric: (a, b) => cores.contentSimilarity(a, b, true, true),
  KeywordCoverageMetric: (a, b) => cores.keywordCoverage(a, b, false),
  TextualDifferenceMetric: (a, b) => cores.textualDifference(a, b),
  ToneConsistencyMetric: (a, b) => cores.tone(a, b),
};

/** The targets (speed-up over the original) at about 100 and 10,000 words. */
const TARGETS = {
  ContentSimilarityMetric: { 100: 10, 10_000: 30 },
  KeywordCoverageMetric: { 100: 10, 10_000: 30 },
  ToneConsistencyMetric: { 100: 5, 10_000: 10 },
};

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
      const metric = metrics[lib];
      times_[lib].push(await timedBatch((input, output) => metric.measure(input, output), inputs, budgetMs, cursors[lib]));
    }
  }
  return { ours: median(times_.ours), original: runOriginal ? median(times_.original) : NaN };
}

/** One row of the table. */
async function row(name, label, inputs, { budgetMs, runOriginal = true, target }) {
  const t = await compare(name, inputs, { runOriginal, budgetMs });
  const core = await medianTime(CORES[name], inputs, budgetMs / 4);
  const floor = await floorTime(inputs, budgetMs / 4);
  const characters = charactersPerPair(inputs);
  const ratio = t.original / t.ours;
  return [
    name,
    label,
    ms(t.ours),
    runOriginal ? ms(t.original) : 'not run (table too large)',
    times(ratio),
    target === undefined ? 'kept' : `≥ ${target}× (${ratio >= target ? 'met' : 'not met'})`,
    nsPerCharacter(core, characters),
    nsPerCharacter(floor, characters),
    times(t.original / floor),
  ];
}

const rows = [];
for (const words of [100, 10_000]) {
  const inputs = pairs(words, words === 100 ? 12 : 3);
  for (const name of METRICS) {
    const runOriginal = !(name === 'TextualDifferenceMetric' && words > 1_000);
    console.error(`${name}: ${num(words)} words`);
    const budgetMs = words === 100 ? 250 : 1_000;
    rows.push(await row(name, `${num(words)} words`, inputs, { budgetMs, runOriginal, target: TARGETS[name]?.[words] }));
  }
}
// Textual difference at 6,000 characters: passages cut to that length.
const long = pairs(1_500, 3).map(({ input, output }) => ({ input: input.slice(0, 6_000), output: output.slice(0, 6_000).padEnd(6_000, ' filler') }));
console.error('TextualDifferenceMetric: 6,000 characters');
rows.push(await row('TextualDifferenceMetric', '6,000 characters', long, { budgetMs: 2_000 }));

console.log(table(['metric', 'input', 'evals-wasm', '@mastra/evals 0.14.4', 'speed-up', 'target', 'core per character', 'floor per character', 'largest possible speed-up'], rows));

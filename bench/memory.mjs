// Memory of CompletenessMetric. Peak RSS per input size: a fresh process per library and size
// reads its pairs from a file (the corpus is not loaded there), measures them and reports its
// peak RSS and its RSS after import. Steady state: one process of this package makes 100,000
// measures of 100-word pairs and reports RSS after 1,000 and after 100,000, with its JS heap and
// WebAssembly memory; run twice, as a user would (no forced GC) and with a GC before each
// reading (--expose-gc), which shows whether growth is garbage or live memory.

import { pairs } from './lib/texts.mjs';
import { mb, num, table } from './lib/stats.mjs';
import { runNode, tempJson } from './lib/spawn.mjs';

/** Measures per child; the original's 10,000-word figure comes from the completeness run. */
const PLAN = [
  { words: 20, pairs: 16, ours: 2_000, original: 50 },
  { words: 100, pairs: 16, ours: 2_000, original: 20 },
  { words: 1_000, pairs: 4, ours: 200, original: 2 },
  { words: 10_000, pairs: 1, ours: 20, original: null },
  { words: 100_000, pairs: 1, ours: 5, original: null },
];

export async function run({ completeness, steadyMeasures = 100_000, log = console.error } = {}) {
  const rows = [];
  for (const step of PLAN) {
    log(`memory: ${num(step.words)} words`);
    const file = tempJson(`memory-${step.words}.json`, pairs(step.words, step.pairs));
    const row = { words: step.words };
    row.ours = await runNode('lib/child.mjs', ['ours', file, String(step.ours)]);
    if (step.original !== null) {
      row.original = await runNode('lib/child.mjs', ['original', file, String(step.original)]);
    } else {
      const fromRun = completeness?.rows.find((r) => r.words === step.words)?.original;
      if (fromRun?.peakRss) row.original = { count: 1, peakRss: fromRun.peakRss, rssAfterImport: fromRun.rssAfterImport };
    }
    rows.push(row);
  }
  log(`memory: ${num(steadyMeasures)} measures of 100-word pairs in one process`);
  const file = tempJson('steady.json', pairs(100, 16, 23));
  const marks = `1000,10000,${steadyMeasures / 2},${steadyMeasures}`;
  const steady = await runNode('lib/child.mjs', ['ours', file, String(steadyMeasures), marks]);
  log(`memory: the same, with a forced GC before each reading`);
  const steadyGc = await runNode('lib/child.mjs', ['ours', file, String(steadyMeasures), marks], { nodeArgs: ['--expose-gc'] });
  return { rows, steady, steadyGc };
}

export function report({ rows, steady, steadyGc }) {
  const peakTable = table(
    ['words', 'evals-wasm: after import', 'peak RSS', 'measures', '@mastra/evals: after import', 'peak RSS', 'measures'],
    rows.map((r) => [
      num(r.words),
      mb(r.ours.rssAfterImport),
      mb(r.ours.peakRss),
      num(r.ours.count),
      r.original ? mb(r.original.rssAfterImport) : 'not run',
      r.original ? mb(r.original.peakRss) : '–',
      r.original ? num(r.original.count) : '–',
    ]),
  );
  const marks = Object.keys(steady.rssAt).map(Number).sort((a, b) => a - b);
  const change = (run, m) => `${(((run.rssAt[m].rss - run.rssAt[marks[0]].rss) / run.rssAt[marks[0]].rss) * 100).toFixed(1)} %`;
  const steadyTable = table(
    ['measures made', 'RSS', 'change since 1,000', 'JS heap used', 'wasm memory', 'with GC before reading: RSS', 'change', 'JS heap used'],
    [
      ['0 (after import)', mb(steady.rssAfterImport), '', '', '', mb(steadyGc.rssAfterImport), '', ''],
      ...marks.map((m) => [
        num(m),
        mb(steady.rssAt[m].rss),
        change(steady, m),
        mb(steady.rssAt[m].heapUsed),
        mb(steady.rssAt[m].wasmMemory),
        mb(steadyGc.rssAt[m].rss),
        change(steadyGc, m),
        mb(steadyGc.rssAt[m].heapUsed),
      ]),
    ],
  );
  return { peakTable, steadyTable };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { peakTable, steadyTable } = report(await run());
  console.log(`${peakTable}\n\n${steadyTable}`);
}

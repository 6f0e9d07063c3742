// Cold start: a fresh Node process per run, from the start of the script (after Node's own boot)
// through `import` of the metric to the first result, alternating the two libraries.

import { pairs } from './lib/texts.mjs';
import { median, ms, table, times } from './lib/stats.mjs';
import { runNode } from './lib/spawn.mjs';

export async function run({ runs = 9, log = console.error } = {}) {
  const [{ input, output }] = pairs(100, 1, 11);
  const results = { ours: [], original: [] };
  // One unrecorded run each first, so that both start from a warm file-system cache.
  for (const lib of ['ours', 'original']) await runNode('lib/cold-child.mjs', [lib, input, output]);
  for (let i = 0; i < runs; i += 1) {
    log(`cold start: run ${i + 1} of ${runs}`);
    for (const lib of i % 2 === 0 ? ['ours', 'original'] : ['original', 'ours']) {
      results[lib].push(await runNode('lib/cold-child.mjs', [lib, input, output]));
    }
  }
  const summary = (list) => ({
    importMs: median(list.map((r) => r.importMs)),
    firstResultMs: median(list.map((r) => r.firstResultMs)),
    nodeBoot: median(list.map((r) => r.nodeBoot)),
  });
  return { runs, ours: summary(results.ours), original: summary(results.original) };
}

export function report({ runs, ours, original }) {
  return table(
    ['library', `import (median of ${runs})`, 'import to first result', "Node's own boot (not counted)"],
    [
      ['evals-wasm', ms(ours.importMs), ms(ours.firstResultMs), ms(ours.nodeBoot)],
      ['@mastra/evals 0.14.4', ms(original.importMs), ms(original.firstResultMs), ms(original.nodeBoot)],
      ['ratio', times(original.importMs / ours.importMs), times(original.firstResultMs / ours.firstResultMs), ''],
    ],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(report(await run()));

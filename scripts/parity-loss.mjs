#!/usr/bin/env node
// Dev-time: where the mean Jaccard of input elements is lost, per genre of the dev split. Each
// pair's loss (1 − Jaccard) is shared among the elements only one side lists; the elements
// with the largest summed loss are printed ("+word": only the original lists it, "-word": only
// this package), then the pairs that lose the most, with their input.
//
//   node scripts/parity-loss.mjs [--genre NAME] [--pairs N] [--top K] [--worst K] [--dump FILE]
//
// --dump writes every pair's Jaccard and differences, to compare two versions.
//
// Uses the cache of scripts/parity-report.mjs (artifacts/parity-original-cache.json).

import { writeFileSync } from 'node:fs';
import { CompletenessMetric } from 'evals-wasm/nlp';
import { GENRES, buildGenrePairs } from '../tests/js/corpus.mjs';
import { jaccard } from '../tests/js/parity-lib.mjs';
import { option } from './options.mjs';
import { cachedOriginal } from './original-cache.mjs';

const count = Number(option('pairs', 150));
const top = Number(option('top', 30));
const worst = Number(option('worst', 0));
const dump = option('dump');
const dumped = [];
const genres = option('genre') ? [option('genre')] : GENRES;
const original = cachedOriginal();
const ours = new CompletenessMetric();
for (const genre of genres) {
  const loss = new Map();
  const pairs = [];
  for (const { input, output } of buildGenrePairs(genre, 'dev', count)) {
    const theirs = (await original.measure(input, output)).info.inputElements;
    const mine = (await ours.measure(input, output)).info.inputElements;
    const j = jaccard(theirs, mine);
    const a = new Set(theirs);
    const b = new Set(mine);
    const diff = [...a].filter((e) => !b.has(e)).map((e) => `+${e}`).concat([...b].filter((e) => !a.has(e)).map((e) => `-${e}`));
    for (const d of diff) loss.set(d, (loss.get(d) || 0) + (1 - j) / diff.length);
    pairs.push({ j, input, diff });
    dumped.push({ genre, j, input: input.slice(0, 300), diff });
  }
  const total = [...loss.values()].reduce((s, x) => s + x, 0);
  console.log(`\n== ${genre}: mean Jaccard lost ${(total / count).toFixed(4)}; by element (share of the mean):`);
  console.log(
    [...loss.entries()]
      .sort((x, y) => y[1] - x[1])
      .slice(0, top)
      .map(([e, x]) => `${e}:${(x / count).toFixed(4)}`)
      .join(' '),
  );
  for (const p of pairs.sort((x, y) => x.j - y.j).slice(0, worst)) {
    console.log(`  J=${p.j.toFixed(3)} ${p.diff.join(' ')} | ${p.input.slice(0, 240)}`);
  }
}
original.save();
if (dump) writeFileSync(dump, JSON.stringify(dumped));

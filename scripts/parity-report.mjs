#!/usr/bin/env node
// Parity of CompletenessMetric with @mastra/evals 0.14.4, per genre of text (dev-time tool).
//
//   node scripts/parity-report.mjs [--split dev|heldout] [--pairs N] [--genre NAME] [--top K]
//
// For each genre of tests/js/corpus.mjs it measures N pairs of the chosen split with both
// implementations and prints the share of pairs whose scores differ by at most 0.02 and the
// mean Jaccard similarity of the input-element sets; then the words on which the two disagree
// most often (an element only the original lists, or only this package lists), with the number
// of pairs where each happens. Needs a build (`bash scripts/build.sh`) linked as
// node_modules/evals-wasm.

import { CompletenessMetric } from 'evals-wasm/nlp';
import { GENRES, buildGenrePairs } from '../tests/js/corpus.mjs';
import { compareOnPairs } from '../tests/js/parity-lib.mjs';
import { option } from './options.mjs';
import { cachedOriginal } from './original-cache.mjs';

const split = option('split', 'dev');
const count = Number(option('pairs', 150));
const top = Number(option('top', 40));
const genres = option('genre') ? [option('genre')] : GENRES;

// The original's results are cached (artifacts/parity-original-cache.json) by text, as they do
// not change while this package's rules are developed.
const original = cachedOriginal();
const ours = new CompletenessMetric();
const rows = [];
for (const genre of genres) {
  const pairs = buildGenrePairs(genre, split, count);
  const result = await compareOnPairs(original, ours, pairs);
  rows.push({ genre, split, pairs: pairs.length, within002: `${(result.within * 100).toFixed(1)} %`, meanJaccard: result.meanJaccard.toFixed(4), meanDiff: result.meanDifference.toFixed(4) });
  const show = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([w, n]) => `${w}:${n}`)
      .join(' ');
  console.log(`\n== ${genre} (${split}) only the original: ${show(result.onlyOriginal)}`);
  console.log(`== ${genre} (${split}) only ours: ${show(result.onlyOurs)}`);
}
original.save();
console.log();
console.table(rows);

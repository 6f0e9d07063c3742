#!/usr/bin/env node
// Dev-time: agreement with the original sentence by sentence on the dev split, a finer and
// steadier measure than whole pairs. For each genre it reads sentences of the dev documents (in
// a fixed order, up to --words words), compares both element lists for every sentence, and
// prints the share of sentences with the same elements, the summed Jaccard loss, and the
// elements most often listed by one side only ("+word": the original only, "-word": ours only),
// with an example sentence for the first few.
//
//   node scripts/parity-sentences.mjs [--genre NAME] [--words N] [--top K] [--examples K]
//     [--only ±ELEMENT]   (prints every sentence where that element is listed by one side only)
//     [--dump FILE]       (writes every sentence's differences, to compare two versions)
//
// The original's elements are cached in artifacts/parity-original-cache.json, with those of the
// other parity scripts.

import { writeFileSync } from 'node:fs';
import { CompletenessMetric } from 'evals-wasm/nlp';
import { GENRES, genreDocuments } from '../tests/js/corpus.mjs';
import { jaccard } from '../tests/js/parity-lib.mjs';
import { option } from './options.mjs';
import { cachedOriginal } from './original-cache.mjs';

const maxWords = Number(option('words', 40000));
const top = Number(option('top', 40));
const examples = Number(option('examples', 0));
const only = option('only');
const dump = option('dump');
const dumped = [];
const genres = option('genre') ? [option('genre')] : GENRES;
const original = cachedOriginal();
const ours = new CompletenessMetric();
const rows = [];
for (const genre of genres) {
  const counts = new Map();
  const sample = new Map();
  let words = 0;
  let same = 0;
  let loss = 0;
  let sentences = 0;
  outer: for (const { text } of genreDocuments(genre, 'dev')) {
    for (const sentence of text.split(/(?<=[.!?])\s+/)) {
      if (words >= maxWords) break outer;
      const n = sentence.split(/\s+/).length;
      if (n < 3) continue;
      words += n;
      sentences += 1;
      const theirs = (await original.measure(sentence, sentence)).info.inputElements;
      const mine = (await ours.measure(sentence, sentence)).info.inputElements;
      const j = jaccard(theirs, mine);
      loss += 1 - j;
      if (j === 1) same += 1;
      const a = new Set(theirs);
      const b = new Set(mine);
      const diff = [...a].filter((e) => !b.has(e)).map((e) => `+${e}`).concat([...b].filter((e) => !a.has(e)).map((e) => `-${e}`));
      if (dump) dumped.push({ genre, sentence, diff });
      if (only && diff.includes(only)) console.log(`  ${sentence.slice(0, 300)}  [${diff.join(' ')}]`);
      for (const d of diff) {
        counts.set(d, (counts.get(d) || 0) + 1);
        if (!sample.has(d)) sample.set(d, `${sentence.slice(0, 200)}  [${diff.join(' ')}]`);
      }
    }
  }
  rows.push({ genre, sentences, words, same: `${((same / sentences) * 100).toFixed(2)} %`, loss: loss.toFixed(1) });
  const sorted = [...counts.entries()].sort((x, y) => y[1] - x[1]);
  console.log(`\n== ${genre}: ${sorted.slice(0, top).map(([e, c]) => `${e}:${c}`).join(' ')}`);
  for (const [e] of sorted.slice(0, examples)) console.log(`  ${e}: ${sample.get(e)}`);
}
original.save();
if (dump) writeFileSync(dump, JSON.stringify(dumped));
console.table(rows);

#!/usr/bin/env node
// Dev-time: shows sentences of the dev split where the original and this package disagree about
// a word (its form or its infinitive), with both element lists for the sentence.
//
//   node scripts/parity-why.mjs GENRE WORD [max]

import { CompletenessMetric as Original } from '@mastra/evals/nlp';
import { CompletenessMetric } from 'evals-wasm/nlp';
import { genreDocuments } from '../tests/js/corpus.mjs';

const [genre, word, max = '6'] = process.argv.slice(2);
const original = new Original();
const ours = new CompletenessMetric();
let shown = 0;
for (const { text } of genreDocuments(genre, 'dev')) {
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    if (!new RegExp(`\\b${word}`, 'i').test(sentence)) continue;
    const a = (await original.measure(sentence, sentence)).info.inputElements;
    const b = (await ours.measure(sentence, sentence)).info.inputElements;
    const onlyA = a.filter((e) => !b.includes(e));
    const onlyB = b.filter((e) => !a.includes(e));
    if (!onlyA.concat(onlyB).some((e) => e.startsWith(word.slice(0, 4)))) continue;
    console.log(`${sentence.slice(0, 300)}\n   original only: ${onlyA.join(' ')} | ours only: ${onlyB.join(' ')}`);
    if (++shown >= Number(max)) process.exit(0);
  }
}

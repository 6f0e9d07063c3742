#!/usr/bin/env node
// Dev-time generator of the list ADJECTIVAL_PARTICIPLES in src/text/english.rs: the past participles
// that the original (compromise) reads as adjectives after "is" ("it is used" → "it be used",
// while "it is deleted" → "it delete"). Candidates are the `-ed` words seen at least
// --min times in the dev split of the parity corpus, plus the words already in the list.
//
//   node scripts/gen-adjectival-participles.mjs [--min N]   (prints the list)

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GENRES, genreDocuments } from '../tests/js/corpus.mjs';

const require = createRequire(import.meta.url);
const nlp = require('compromise');
const args = process.argv.slice(2);
const min = Number(args[args.indexOf('--min') + 1] || 3);

const counts = new Map();
for (const genre of GENRES) {
  for (const { text } of genreDocuments(genre, 'dev')) {
    for (const w of text.toLowerCase().match(/\b[a-z]{4,}ed\b/g) || []) counts.set(w, (counts.get(w) || 0) + 1);
  }
}
const source = readFileSync(new URL('../src/text/english.rs', import.meta.url), 'utf8');
const current = source.match(/const ADJECTIVAL_PARTICIPLES: WordList = WordList::new\(\s*"([^"]*)"/)[1].split(/[\s\\]+/).filter(Boolean);
const candidates = new Set([...current, ...[...counts].filter(([, n]) => n >= min).map(([w]) => w)]);
const adjectival = [...candidates].filter((w) => {
  const doc = nlp(`It is ${w}.`);
  doc.verbs().toInfinitive();
  return doc.text() === `It be ${w}.`;
}).sort();
console.error(`${candidates.size} candidates, ${adjectival.length} adjectival; dropped from the list: ${current.filter((w) => !adjectival.includes(w)).join(' ')}`);
console.log(adjectival.join(' '));

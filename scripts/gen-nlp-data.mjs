#!/usr/bin/env node
// Generates src/text/nlp_data.rs, the word lists of the keyword and tone metrics, from the npm
// packages the original metrics use:
//
//   - keyword-extractor 0.0.28 (MIT): its English stopword list (the SMART stop list);
//   - sentiment 5.0.2 (MIT): AFINN-165 word scores (by Finn Årup Nielsen, ODbL 1.0 / MIT as
//     shipped in the package), its emoji scores (Emoji Sentiment Ranking 1.0, CC BY-SA 4.0) and
//     its English negators.
//
//   node scripts/gen-nlp-data.mjs          rewrite src/text/nlp_data.rs
//   node scripts/gen-nlp-data.mjs --check  exit 1 if src/text/nlp_data.rs differs from the packages
//
// tests/js/nlp-data.test.mjs runs the check in the test suite.

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const OUTPUT = fileURLToPath(new URL('../src/text/nlp_data.rs', import.meta.url));

/** Sorted as Rust compares `str`: by UTF-8 bytes. */
const byBytes = (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * Whether the sentiment tokenizer can ever produce `word` as a token: tokens are lower-cased,
 * hold none of the characters it replaces by spaces, and no space.
 */
export function isReachableToken(word) {
  return word !== '' && word === word.toLowerCase() && !/[.,/#!?$%^&*;:{}=_`"~() \n]/.test(word);
}

const literal = (text) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * Lines as one Rust string literal over several source lines: each line but the last ends with
 * `separator` (as written in the literal) and a line continuation.
 */
function continued(lines, separator) {
  const escape = (text) => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  return lines.map((line, i) => `${i === 0 ? '    "' : '     '}${escape(line)}${i < lines.length - 1 ? `${separator}\\` : '"'}`).join('\n');
}

/** Words in lines of at most about 90 characters, separated by spaces. */
function packedWords(words) {
  const lines = [''];
  for (const word of words) {
    if (lines.at(-1).length + word.length > 90) lines.push('');
    lines[lines.length - 1] += lines.at(-1) === '' ? word : ` ${word}`;
  }
  return continued(lines, ' ');
}

/**
 * Words front-coded, as `lexicon::front_coded` reads them: each word is an ASCII capital `A`..`Z`
 * telling how many leading bytes (0–25) it shares with the word before, then the rest of its
 * UTF-8 bytes. Sorted words share long prefixes ("abandon", "abandoned", "abandons"), which
 * gzip alone does not exploit as well: the sentiment list shrinks from 14.8 to about 10 KB gzip.
 */
export function frontCoded(words) {
  let previous = Buffer.alloc(0);
  const parts = [];
  for (const word of words) {
    const bytes = Buffer.from(word);
    if (/[A-Z]/.test(word)) throw new Error(`a word with an ASCII capital cannot be front-coded: ${word}`);
    let shared = 0;
    while (shared < 25 && shared < previous.length && shared < bytes.length && previous[shared] === bytes[shared]) shared += 1;
    parts.push(Buffer.from([0x41 + shared]), bytes.subarray(shared));
    previous = bytes;
  }
  return Buffer.concat(parts);
}

/** Bytes as the lines of a Rust byte-string literal of about 90 characters each. */
export function byteLiteral(bytes) {
  const pieces = [...bytes].map((b) => {
    if (b === 0x22) return '\\"';
    if (b === 0x5c) return '\\\\';
    // A space is escaped: a line continuation eats the white space that starts the next line.
    return b > 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
  });
  const lines = [''];
  for (const piece of pieces) {
    if (lines.at(-1).length >= 88) lines.push('');
    lines[lines.length - 1] += piece;
  }
  return lines.map((line, i) => `${i === 0 ? 'b"' : '            '}${line}${i < lines.length - 1 ? '\\' : '"'}`).join('\n');
}

/** Whether an entry is one character outside ASCII (the emoji and other symbols). */
export const isSymbol = (word) => [...word].length === 1 && word.codePointAt(0) > 0x7f;

/**
 * Code points, sorted, as LEB128 numbers each counted from the one before (the first from 0),
 * as `unicode::decoded` reads them with one number a row: most emoji lie within a few code
 * points of the previous one, so most take one byte instead of their two to four in UTF-8.
 */
export function deltaCoded(codePoints) {
  const bytes = [];
  let previous = 0;
  for (const codePoint of codePoints) {
    let delta = codePoint - previous;
    previous = codePoint;
    while (delta >= 0x80) {
      bytes.push((delta & 0x7f) | 0x80);
      delta >>>= 7;
    }
    bytes.push(delta);
  }
  return Buffer.from(bytes);
}

/** The source of src/text/nlp_data.rs, from the installed packages. */
export function generate() {
  const stopwords = [...new Set(require('keyword-extractor/lib/stopwords/en.js').stopwords)].sort(byBytes);
  const labels = { ...require('sentiment/languages/en/labels.json'), ...require('sentiment/build/emoji.json') };
  const scored = Object.keys(labels).filter(isReachableToken).sort(byBytes);
  const negators = Object.keys(require('sentiment/languages/en/negators.json')).sort(byBytes);
  const version = (name) => require(`${name}/package.json`).version;
  const scores = [...new Set(scored.map((word) => labels[word]))].sort((a, b) => a - b);
  const words = scored.filter((word) => !isSymbol(word));
  const groups = scores.map((score) => `    (${score}, ${byteLiteral(frontCoded(words.filter((word) => labels[word] === score)))}),`);
  const symbols = scored.filter(isSymbol);
  const symbolScores = scores.filter((score) => symbols.some((symbol) => labels[symbol] === score));
  const symbolGroups = symbolScores.map((score) => {
    const codePoints = symbols.filter((symbol) => labels[symbol] === score).map((symbol) => symbol.codePointAt(0));
    return `    (${score}, ${byteLiteral(deltaCoded(codePoints.sort((a, b) => a - b)))}),`;
  });
  return `// Generated by scripts/gen-nlp-data.mjs from keyword-extractor ${version('keyword-extractor')} and \
sentiment ${version('sentiment')}: do not edit.
// tests/js/nlp-data.test.mjs checks that it equals what those packages hold.

use crate::text::lexicon::WordList;

/// keyword-extractor's English stopwords (the SMART stop list), ${stopwords.length} words.
pub static KEYWORD_STOPWORDS: WordList = WordList::new(
${packedWords(stopwords)},
);

/// sentiment's English labels (AFINN-165) and emoji scores: the ${scored.length} of its
/// ${Object.keys(labels).length} entries its tokenizer can produce (the others hold a space, punctuation it
/// removes, or capitals). Here the ${words.length} words, grouped by score, each group's words sorted and
/// front-coded (see [\`crate::text::lexicon::front_coded\`]); the one-character entries are in
/// [\`SENTIMENT_SYMBOLS\`].
pub const SENTIMENT_GROUPS: [(i8, &[u8]); ${scores.length}] = [
${groups.join('\n')}
];

/// The ${symbols.length} entries of one character outside ASCII (emoji, symbols), grouped by score, each
/// group's code points sorted and delta-coded (LEB128 numbers, each counted from the one before).
pub const SENTIMENT_SYMBOLS: [(i8, &[u8]); ${symbolScores.length}] = [
${symbolGroups.join('\n')}
];

/// How many entries [\`SENTIMENT_GROUPS\`] and [\`SENTIMENT_SYMBOLS\`] hold together.
pub const SENTIMENT_WORDS: usize = ${scored.length};

/// sentiment's English negators: a scored word right after one counts with the opposite sign.
pub static NEGATORS: WordList =
    WordList::new(${literal(negators.join(' '))});
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = generate();
  if (process.argv.includes('--check')) {
    if (readFileSync(OUTPUT, 'utf8') !== source) {
      console.error('src/text/nlp_data.rs differs from the packages: run node scripts/gen-nlp-data.mjs');
      process.exit(1);
    }
    console.log('src/text/nlp_data.rs matches keyword-extractor and sentiment');
  } else {
    writeFileSync(OUTPUT, source);
    console.log(`wrote ${OUTPUT}`);
  }
}

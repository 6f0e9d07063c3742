#!/usr/bin/env node
// Dev-time generator of src/verb_forms.txt: how @mastra/evals 0.14.4 (through its tagger,
// compromise) treats frequent English word forms, learned from the `dev` split of the parity
// corpus (tests/js/corpus.mjs). Never reads the held-out split.
//
//   node scripts/gen-verb-forms.mjs [--words N] [--min-gain G] [--write] [--merge]
//
// For every word ending in -s, -ed or -ing that stands outside an auxiliary phrase, it records
// whether the original rewrites it to an infinitive (and to which) or keeps it, and what this
// package does with it in the same sentence. A form enters the table when deciding it one way
// always would have removed at least G disagreements on the dev text; forms whose infinitive
// this package spells differently from the original ("leveraging" → "leverage") enter with the
// original's infinitive. Each line of the table is `form code`: `k` keeps the form; `v<n><tail>`
// makes it a verb whose infinitive drops n letters and adds <tail>; `<n><tail>` only corrects
// the infinitive when the rules read the form as a verb.
//
// What this package does is measured on its rules alone: the script empties the table, builds
// (scripts/build.sh, linked as node_modules/evals-wasm), studies, then writes the new table
// (with --write) and builds again. With --merge the forms learned now are added to the
// current table (replacing a form's old line) instead of replacing the whole table, so that
// entries learned on an earlier, larger study are kept.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GENRES, genreDocuments, random } from '../tests/js/corpus.mjs';
import { flag, option } from './options.mjs';

const require = createRequire(import.meta.url);
const nlp = require('compromise');

const WORDS_PER_GENRE = Number(option('words', 60000));
const MIN_GAIN = Number(option('min-gain', 3));
const TABLE = new URL('../src/text/verb_forms.txt', import.meta.url);
const build = () => execFileSync('bash', ['scripts/build.sh'], { cwd: new URL('..', import.meta.url), stdio: ['ignore', 'ignore', 'inherit'] });
const previous = existsSync(TABLE) ? readFileSync(TABLE, 'utf8') : '';
writeFileSync(TABLE, '');
build();
const { CompletenessMetric } = await import('evals-wasm/nlp');
const ours = new CompletenessMetric();

const AUXILIARIES = new Set('am is are was were be been being have has had having do does did will would shall should can could may might must cannot ought to'.split(' '));
const candidate = (w) => /^[a-z]{3,}$/.test(w) && /(s|ed|ing)$/.test(w) && !AUXILIARIES.has(w);

/** form → { keep, verb: Map(inf → n), ourKeep, ourVerbOk, ourVerbOther, chain: Map(inf → n) } */
const forms = new Map();
const entry = (w) => {
  if (!forms.has(w)) forms.set(w, { keep: 0, verb: new Map(), errors: 0, okIfKeep: 0, okIfVerb: new Map(), chain: new Map() });
  return forms.get(w);
};
const bump = (map, key) => map.set(key, (map.get(key) || 0) + 1);

async function study(text) {
  const doc = nlp(text);
  const sentences = doc.json().map((s) => ({ text: s.text, terms: s.terms.map((t) => t.normal) }));
  const roles = new Map(); // "s,t" → { root, aux, inf }
  for (const phrase of doc.verbs().json()) {
    const root = phrase.verb.root;
    for (const term of phrase.terms) {
      const [s, t] = term.index;
      roles.set(`${s},${t}`, { root: term.normal === root, aux: phrase.verb.auxiliary !== '', inf: phrase.verb.infinitive });
    }
  }
  for (let s = 0; s < sentences.length; s += 1) {
    const { text: sentence, terms } = sentences[s];
    if (!terms.some(candidate)) continue;
    const mine = new Set((await ours.measure(sentence, sentence)).info.inputElements);
    terms.forEach((w, t) => {
      if (!candidate(w) || terms.indexOf(w) !== terms.lastIndexOf(w)) return;
      const role = roles.get(`${s},${t}`);
      if (role && !role.root) return;
      if (role && role.aux) {
        if (role.inf && role.inf !== w && /^[a-z]+$/.test(role.inf)) bump(entry(w).chain, role.inf);
        return;
      }
      if (t > 0 && AUXILIARIES.has(terms[t - 1])) return;
      const e = entry(w);
      const inf = role && role.inf && role.inf !== w && /^[a-z]+$/.test(role.inf) ? role.inf : null;
      const weKeep = mine.has(w);
      if (inf) bump(e.verb, inf);
      else e.keep += 1;
      // what each fixed decision would get right
      if (!inf) e.okIfKeep += 1;
      else bump(e.okIfVerb, inf);
      const weAreRight = inf ? !weKeep && mine.has(inf) : weKeep;
      if (!weAreRight) e.errors += 1;
    });
  }
}

const edit = (form, inf) => {
  let common = 0;
  while (common < form.length && common < inf.length && form[common] === inf[common]) common += 1;
  return `${form.length - common}${inf.slice(common)}`;
};

/** What this package gives for a form inside an auxiliary phrase (its lemma rules). */
async function ourLemma(w) {
  const probe = w.endsWith('ing') ? `they are ${w}` : w.endsWith('ed') ? `they have ${w}` : `it ${w} us`;
  const elements = (await ours.measure(probe, probe)).info.inputElements.filter((e) => !['they', 'are', 'have', 'it', 'us', 'be'].includes(e));
  return elements.length === 1 && elements[0] !== w ? elements[0] : null;
}

const next = random(15);
for (const genre of GENRES) {
  const docs = genreDocuments(genre, 'dev').map((d) => ({ d, k: next() })).sort((a, b) => a.k - b.k).map(({ d }) => d);
  let words = 0;
  for (const { text } of docs) {
    if (words >= WORDS_PER_GENRE) break;
    const slice = text.split(/\s+/).slice(0, 4000).join(' ');
    words += slice.split(' ').length;
    await study(slice);
  }
  console.error(`${genre}: ${words} words studied, ${forms.size} forms so far`);
}

const major = (map) => [...map.entries()].sort((a, b) => b[1] - a[1])[0] || [null, 0];
const lines = [];
let keptGain = 0;
for (const [w, e] of [...forms.entries()].sort()) {
  const [inf, verbOk] = major(e.verb);
  const [chainInf, chainCount] = major(e.chain);
  const gainKeep = e.okIfKeep - (e.keep + [...e.verb.values()].reduce((a, b) => a + b, 0) - e.errors);
  const gainVerb = verbOk - (e.keep + [...e.verb.values()].reduce((a, b) => a + b, 0) - e.errors);
  const lemma = inf || chainInf;
  if (gainKeep >= MIN_GAIN && gainKeep >= gainVerb) {
    lines.push(`${w} k`);
    keptGain += gainKeep;
  } else if (gainVerb >= MIN_GAIN) {
    lines.push(`${w} v${edit(w, inf)}`);
    keptGain += gainVerb;
  } else if (lemma && (verbOk + chainCount) >= 1) {
    const mineNow = await ourLemma(w);
    if (mineNow && mineNow !== lemma) lines.push(`${w} ${edit(w, lemma)}`);
  }
}
console.error(`${lines.length} forms; disagreements removed on the dev text: ${keptGain}`);
if (flag('merge')) {
  const merged = new Map(previous.split('\n').filter(Boolean).map((line) => [line.split(' ')[0], line]));
  for (const line of lines) merged.set(line.split(' ')[0], line);
  lines.splice(0, lines.length, ...[...merged.keys()].sort().map((form) => merged.get(form)));
  console.error(`${lines.length} forms after merging with the current table`);
}
console.log(lines.join('\n'));
writeFileSync(TABLE, flag('write') ? lines.join('\n') : previous);
build();

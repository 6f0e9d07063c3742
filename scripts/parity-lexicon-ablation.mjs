#!/usr/bin/env node
// Dev-time: how much of the original's completeness elements depends on the word lists of its
// tagger (compromise), measured by taking those lists away from it.
//
//   node scripts/parity-lexicon-ablation.mjs [--split dev|heldout] [--pairs N]
//
// For each configuration below, the open-class words of compromise's lexicon (nouns, verbs,
// adjectives, names …) are removed from the running tagger, except the classes the
// configuration keeps; closed-class words (determiners, pronouns, auxiliaries, prepositions)
// and irregular verb forms always stay, as this package knows them too. The original
// CompletenessMetric then measures the same pairs again, and the mean Jaccard similarity of its
// input elements against those of the intact original is printed per genre: how well
// compromise's own rules reproduce compromise when they lack those words. Beside it, the
// gzip size of the kept word lists (base forms only; inflections are derived by rule), which is
// about what a port that knew the same words would have to ship.
//
// The intact original's results come from the cache of scripts/parity-report.mjs
// (artifacts/parity-original-cache.json) when present.

import { gzipSync } from 'node:zlib';
import nlp from 'compromise';
import { CompletenessMetric as Original } from '@mastra/evals/nlp';
import { GENRES, buildGenrePairs } from '../tests/js/corpus.mjs';
import { jaccard } from '../tests/js/parity-lib.mjs';
import { option } from './options.mjs';
import { cachedOriginal } from './original-cache.mjs';

const split = option('split', 'dev');
const count = Number(option('pairs', 60));

const VERB_FORMS = ['Infinitive', 'PresentTense', 'PastTense', 'Gerund', 'Participle'];
const SWITCHES_WITH_VERBS = ['Noun|Verb', 'Adj|Past', 'Noun|Gerund', 'Adj|Gerund'];
const CONFIGURATIONS = [
  { name: 'no open-class words', keep: [], switches: [] },
  { name: 'verbs', keep: VERB_FORMS, switches: [] },
  { name: 'ambiguous words (all switch classes)', keep: [], switches: 'all' },
  { name: 'verbs + noun/verb, adj/past, noun/gerund, adj/gerund', keep: VERB_FORMS, switches: SWITCHES_WITH_VERBS },
  { name: 'verbs + all switch classes', keep: VERB_FORMS, switches: 'all' },
];
/** Tags of the open classes; a word with only such tags is removed unless kept. */
const OPEN = new Set([
  ...VERB_FORMS, 'Verb', 'Noun', 'Singular', 'Plural', 'Uncountable', 'Actor', 'Adjective', 'Comparable',
  'Comparative', 'Superlative', 'Adverb', 'Demonym', 'ProperNoun', 'Person', 'FirstName', 'MaleName',
  'FemaleName', 'LastName', 'City', 'Country', 'Region', 'Place', 'Organization', 'SportsTeam',
]);

const world = nlp.world();
const lexicon = world.model.one.lexicon;
const switches = world.model.two.switches;
const intactLexicon = { ...lexicon };
const intactSwitches = { ...switches };
const tagsOf = (value) => (Array.isArray(value) ? value : [value]);
// "walked", "walks", "walking": forms a rule derives from the infinitive; other verb forms
// ("went", "taken") are irregular and always kept
const regularForm = (word) => /(?:ed|ing|s)$/.test(word);

function restore() {
  for (const word of Object.keys(lexicon)) delete lexicon[word];
  for (const word of Object.keys(switches)) delete switches[word];
  Object.assign(lexicon, intactLexicon);
  Object.assign(switches, intactSwitches);
}

/** Removes what `configuration` does not keep; returns the gzip size of the kept word lists. */
function ablate({ keep, switches: keptSwitches }) {
  const kept = new Set(keep);
  for (const [word, value] of Object.entries(intactLexicon)) {
    const tags = tagsOf(value);
    if (!tags.every((t) => OPEN.has(t))) continue;
    const verbForm = tags.some((t) => VERB_FORMS.includes(t));
    if (verbForm && !regularForm(word)) continue;
    if (tags.some((t) => kept.has(t))) continue;
    delete lexicon[word];
  }
  const classOf = (word) => (intactSwitches[word] === 'Plural|Verb' ? 'Noun|Verb' : intactSwitches[word]);
  const keepSwitch = (word) => keptSwitches === 'all' || keptSwitches.includes(classOf(word));
  for (const word of Object.keys(intactSwitches)) if (!keepSwitch(word)) delete switches[word];
  // the data a port would carry: infinitives of the kept verbs, and the kept switch words by
  // class (plural forms of noun/verb words are derived, so left out)
  const lists = new Map();
  const add = (name, word) => (lists.has(name) ? lists.get(name).push(word) : lists.set(name, [word]));
  if (kept.has('Infinitive')) {
    for (const [word, value] of Object.entries(lexicon)) if (tagsOf(value).includes('Infinitive')) add('Infinitive', word);
  }
  for (const [word, name] of Object.entries(switches)) if (name !== 'Plural|Verb') add(name, word);
  const text = [...lists.entries()].map(([name, words]) => `${name}:${words.sort().join(' ')}`).join('\n');
  return { bytes: text.length ? gzipSync(text, { level: 9 }).length : 0, words: [...lists.values()].reduce((n, w) => n + w.length, 0) };
}

const intact = cachedOriginal();
const original = new Original();
const pairsByGenre = new Map(GENRES.map((genre) => [genre, buildGenrePairs(genre, split, count)]));
const intactElements = new Map();
for (const [genre, pairs] of pairsByGenre) {
  intactElements.set(
    genre,
    await Promise.all(
      pairs.map(async ({ input, output }) => (await intact.measure(input, output)).info.inputElements),
    ),
  );
}

const rows = [];
for (const configuration of CONFIGURATIONS) {
  const { bytes, words } = ablate(configuration);
  const row = { 'compromise keeps': configuration.name, 'word lists': `${words} words, ${(bytes / 1000).toFixed(1)} KB gzip` };
  for (const [genre, pairs] of pairsByGenre) {
    const expected = intactElements.get(genre);
    let sum = 0;
    for (let i = 0; i < pairs.length; i += 1) {
      const result = await original.measure(pairs[i].input, pairs[i].output);
      sum += jaccard(expected[i], result.info.inputElements);
    }
    row[genre] = (sum / pairs.length).toFixed(4);
  }
  rows.push(row);
  restore();
  console.error(`measured: ${configuration.name}`);
}
console.log(`Mean Jaccard of the original's input elements against the intact original (${split} split, ${count} pairs per genre)`);
console.table(rows);

// Completeness in German and Russian (the stem module: tokenize, Snowball stems, coverage) at
// 100 and 10,000 words, against English (the default path) at the same sizes, to show that the
// time per word stays flat as texts grow. Prints a table; not a timed test.
//
//   node bench/multilingual.mjs          (after bash scripts/build.sh)
//
// Texts are made at run time with a seeded generator: each word is taken from the language's
// stopwords-iso list (installed as a devDependency; it holds many common content words too) or is
// one of our own noun and verb stems with one of the language's endings, so inflected forms of
// one stem recur as in real text. The output keeps about two thirds of the input's words and
// changes the endings of the others. English uses the same generator over the SMART list's words
// and our own stems. Each size is measured in batches for a time budget; the figure is the median
// over rounds of the time per measure.

import { createRequire } from 'node:module';
import { CompletenessMetric } from 'evals-wasm/nlp';
import { random } from '../tests/js/corpus.mjs';
import { exponent, median, ms, num, table } from './lib/stats.mjs';

const require = createRequire(import.meta.url);
const stopwords = require('stopwords-iso/stopwords-iso.json');

/** Our own stems and endings per language. */
const WORDS = {
  de: {
    stems: ['haus', 'buch', 'kind', 'stadt', 'fluss', 'berg', 'wald', 'schul', 'arbeit', 'zeitung', 'wohnung', 'straß', 'bahnhof', 'lehrer', 'fenster', 'garten', 'brief', 'spiel', 'frag', 'antwort', 'lauf', 'schreib', 'les', 'bau', 'wohn', 'kauf', 'reis', 'lern', 'sprech', 'fahr'],
    endings: ['', 'e', 'en', 'er', 'es', 's', 'ern', 't', 'st', 'te', 'ten', 'ung'],
  },
  ru: {
    stems: ['книг', 'город', 'рек', 'гор', 'школ', 'учител', 'улиц', 'работ', 'газет', 'квартир', 'окн', 'сад', 'письм', 'вопрос', 'ответ', 'дорог', 'лес', 'пол', 'мор', 'друг', 'чита', 'писа', 'говор', 'строи', 'жив', 'покупа', 'учи', 'ходи', 'дела', 'зна'],
    endings: ['', 'а', 'ы', 'е', 'у', 'ой', 'ам', 'ами', 'ах', 'ов', 'ет', 'ют', 'ла', 'ли'],
  },
  en: {
    stems: ['house', 'book', 'child', 'city', 'river', 'mountain', 'forest', 'school', 'work', 'paper', 'flat', 'street', 'station', 'teacher', 'window', 'garden', 'letter', 'game', 'question', 'answer', 'run', 'write', 'read', 'build', 'live', 'buy', 'travel', 'learn', 'speak', 'drive'],
    endings: ['', 's', 'ed', 'ing', 'er', 'ers'],
  },
};

const FUNCTION_WORDS = { de: stopwords.de, ru: stopwords.ru, en: stopwords.en };

/** `{ input, output }` in `language`, the input of exactly `length` words. */
function pair(language, length, next) {
  const { stems, endings } = WORDS[language];
  const functionWords = FUNCTION_WORDS[language];
  const pick = (list) => list[Math.floor(next() * list.length)];
  const content = () => pick(stems) + pick(endings);
  const input = Array.from({ length }, () => (next() < 0.45 ? pick(functionWords) : content()));
  const output = input.filter(() => next() < 0.67).map((word) => (next() < 0.3 && !functionWords.includes(word) ? content() : word));
  return { input: input.join(' '), output: output.join(' ') };
}

/** The median time per measure over `rounds` batches of at least `budgetMs` each. */
async function timePerMeasure(metric, { input, output }, budgetMs, rounds) {
  const perMeasure = [];
  for (let round = 0; round < rounds; round += 1) {
    let count = 0;
    const start = performance.now();
    do {
      await metric.measure(input, output);
      count += 1;
    } while (performance.now() - start < budgetMs);
    perMeasure.push((performance.now() - start) / count);
  }
  return median(perMeasure);
}

export async function run({ log = console.error } = {}) {
  const rows = [];
  for (const language of ['de', 'ru', 'en']) {
    const metric = new CompletenessMetric({ language });
    await metric.measure('warm up', 'warm up');
    const points = [];
    for (const words of [100, 10_000]) {
      log(`multilingual completeness: ${language}, ${num(words)} words`);
      const texts = pair(language, words, random(17 * words + language.length));
      const result = await metric.measure(texts.input, texts.output);
      const time = await timePerMeasure(metric, texts, words > 1000 ? 1000 : 300, 5);
      points.push([words, time]);
      rows.push({ language, words, time, perWord: time / words, elements: result.info.elementCounts.input, score: result.score });
    }
    rows.filter((r) => r.language === language).forEach((r) => (r.exponent = exponent(points)));
  }
  return { rows };
}

export function report({ rows }) {
  return table(
    ['language', 'input words', 'distinct input elements', 'time per measure', 'µs per input word', 'growth exponent (100 → 10,000)'],
    rows.map((r) => [r.language, num(r.words), num(r.elements), ms(r.time), (1000 * r.perWord).toFixed(2), r.exponent.toFixed(2)]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(report(await run()));
}

// The worked examples of the table in docs/languages.md are measured here, row by row, so
// that the table cannot drift from what the package does: the elements of both texts, the score
// in the language, with ignoreStopwords, as English, and the language "auto" finds.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CompletenessMetric } from 'evals-wasm/nlp';

const LANGUAGES = readFileSync(new URL('../../docs/languages.md', import.meta.url), 'utf8');

/** The rows of the page's table of worked examples. */
function exampleRows() {
  const lines = LANGUAGES.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| language |'));
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((cell) => cell.trim()));
  }
  return rows;
}

const score = (text) => Number(text);
const rounded = (value) => Math.round(value * 100) / 100;

test('the languages table has a row for each stemmed language', () => {
  const codes = exampleRows().map(([language]) => language.match(/^`(\w+)`/)?.[1]);
  assert.deepEqual(codes, ['de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'no', 'da', 'fi', 'hu', 'ro', 'ru', 'el', 'ar', 'ta', 'tr']);
});

for (const [language, texts, elements, inLanguage, withoutStopwords, asEnglish, auto] of exampleRows()) {
  const code = language.match(/^`(\w+)`/)[1];
  test(`the languages table's example in ${code} gives what the table says`, async () => {
    const [input, output] = texts.split(' → ');
    const [inputElements, outputElements] = elements.split(' → ').map((list) => list.split(' '));
    const result = await new CompletenessMetric({ language: code }).measure(input, output);
    assert.deepEqual(result.info.inputElements, inputElements);
    assert.deepEqual(result.info.outputElements, outputElements);
    assert.equal(rounded(result.score), score(inLanguage));
    const stopwordsLeft = await new CompletenessMetric({ language: code, ignoreStopwords: true }).measure(input, output);
    assert.equal(rounded(stopwordsLeft.score), score(withoutStopwords));
    const english = await new CompletenessMetric().measure(input, output);
    assert.equal(rounded(english.score), score(asEnglish));
    const detected = await new CompletenessMetric({ language: 'auto' }).measure(input, output);
    assert.equal(detected.info.language, auto);
  });
}

// The word lists of the keyword and tone metrics (src/text/nlp_data.rs) are data generated from the
// npm packages the original metrics use; this checks, at every test run, that the committed file
// is exactly what scripts/gen-nlp-data.mjs makes from the installed packages, and that the
// entries it leaves out can indeed never match a token of sentiment's tokenizer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { OUTPUT, generate, isReachableToken } from '../../scripts/gen-nlp-data.mjs';

const require = createRequire(import.meta.url);

test('src/text/nlp_data.rs equals what keyword-extractor and sentiment hold', () => {
  assert.equal(readFileSync(OUTPUT, 'utf8'), generate(), 'run: node scripts/gen-nlp-data.mjs');
});

test('the sentiment entries left out are never produced by its tokenizer', () => {
  const Sentiment = require('sentiment');
  const tokenize = require('sentiment/lib/tokenize');
  const labels = { ...require('sentiment/languages/en/labels.json'), ...require('sentiment/build/emoji.json') };
  const left = Object.keys(labels).filter((word) => !isReachableToken(word));
  assert.ok(left.length > 0 && left.length < 100);
  for (const word of left) {
    // The entry as text, and with its capitals, yields tokens none of which is the entry.
    assert.ok(!tokenize(word).includes(word), word);
    assert.equal(new Sentiment().analyze(word).calculation.some((c) => word in c), false, word);
  }
});

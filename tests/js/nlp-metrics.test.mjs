// The content similarity, keyword coverage, textual difference and tone metrics through the
// built package: exports, edge cases and bad input compared live with @mastra/evals@0.14.4,
// argument errors, hostile texts, and the 1.x scorer rules of the functions a scorer will use.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as nlp from 'evals-wasm/nlp';
import * as root from 'evals-wasm';
import * as original from '@mastra/evals/nlp';
import { keywordCoverage, tone, contentSimilarity, textualDifference, extractKeywords, ensureNlpWasm, wasmMemoryBytes } from '../../pkg/engine/wasm-nlp.js';

const require = createRequire(import.meta.url);
const NAMES = ['ContentSimilarityMetric', 'KeywordCoverageMetric', 'TextualDifferenceMetric', 'ToneConsistencyMetric'];

/** What a measure gives: its result, or the class and message of its error. */
async function outcome(metric, input, output) {
  try {
    return await metric.measure(input, output);
  } catch (error) {
    return `${error.constructor.name}: ${error.message}`;
  }
}

test('ESM, root and CommonJS export the same classes, named as in @mastra/evals', () => {
  const cjs = require('evals-wasm/nlp');
  const cjsRoot = require('evals-wasm');
  for (const name of NAMES) {
    assert.equal(typeof nlp[name], 'function', name);
    assert.equal(root[name], nlp[name], name);
    assert.equal(cjs[name], cjsRoot[name], name);
    assert.equal(new nlp[name]().constructor.name, name);
    assert.equal(new cjs[name]().constructor.name, name);
  }
});

test('edge cases give exactly the result of the original: empty, identical, one empty, white space', async () => {
  const texts = ['', ' ', 'Hello world', 'hello   WORLD', 'Hello world', '...', 'I love it. I hate it!', 'The 2 <b>bold</b> cats'];
  for (const name of NAMES) {
    for (const input of texts) {
      for (const output of texts) {
        assert.deepEqual(await outcome(new nlp[name](), input, output), await outcome(new original[name](), input, output), `${name} ${JSON.stringify([input, output])}`);
      }
    }
  }
});

test('null and undefined behave as in the original, metric by metric', async () => {
  const values = [null, undefined, '', 'Some text here.'];
  for (const name of NAMES) {
    for (const input of values) {
      for (const output of values) {
        assert.deepEqual(await outcome(new nlp[name](), input, output), await outcome(new original[name](), input, output), `${name} ${input} / ${output}`);
      }
    }
  }
  for (const options of [{ ignoreCase: false }, { ignoreCase: false, ignoreWhitespace: false }]) {
    assert.deepEqual(await outcome(new nlp.ContentSimilarityMetric(options), null, 'x'), await outcome(new original.ContentSimilarityMetric(options), null, 'x'));
  }
});

test('content similarity options are read as the original reads them', async () => {
  const pairs = [['Hello World', 'hello world'], ['A  B', 'a b']];
  for (const options of [undefined, {}, { ignoreCase: false }, { ignoreCase: undefined }, { ignoreWhitespace: false }, null]) {
    for (const [a, b] of pairs) {
      assert.deepEqual(await new nlp.ContentSimilarityMetric(options).measure(a, b), await new original.ContentSimilarityMetric(options).measure(a, b), JSON.stringify(options));
    }
  }
  assert.throws(() => new nlp.ContentSimilarityMetric({ ignoreCase: 'yes' }), { name: 'TypeError', message: /option "ignoreCase" must be a boolean, got the string "yes"$/ });
  assert.throws(() => new nlp.ContentSimilarityMetric('strict'), { name: 'TypeError', message: /options must be an object/ });
});

test('other non-strings are a TypeError naming the argument, and the instance keeps working', async () => {
  for (const name of NAMES) {
    const metric = new nlp[name]();
    await assert.rejects(metric.measure(42, 'x'), { name: 'TypeError', message: `${name}.measure: input must be a string, got a number` });
    await assert.rejects(metric.measure('x', { text: 'y' }), { name: 'TypeError', message: `${name}.measure: output must be a string, got an object` });
    await assert.rejects(metric.measure(['a'], 'x'), { name: 'TypeError', message: `${name}.measure: input must be a string, got an array` });
    assert.deepEqual(await metric.measure('good day', 'good day'), await new original[name]().measure('good day', 'good day'));
  }
});

test('JS string semantics: UTF-16 lengths, \\s, toLowerCase, as the original', async () => {
  const texts = ['😀 naïve café', '😁 naive CAFÉ', 'İstanbul straße', 'a\u00a0b\u2028c\u3000d', 'a\u200bb', 'ΣΊΣΥΦΟΣ ran'];
  for (const name of NAMES) {
    for (const input of texts) {
      for (const output of texts) {
        if (name !== 'ToneConsistencyMetric' && (input.includes('Σ') || output.includes('Σ'))) continue; // final sigma: see README
        assert.deepEqual(await outcome(new nlp[name](), input, output), await outcome(new original[name](), input, output), `${name} ${JSON.stringify([input, output])}`);
      }
    }
  }
});

test('hostile texts: tag soup, endless sentences, long texts are measured in linear memory', async () => {
  const soup = '<'.repeat(300_000) + 'word';
  const k = await new nlp.KeywordCoverageMetric().measure(soup, 'word');
  assert.equal(k.info.totalKeywords, 1);
  const dots = '.'.repeat(200_000) + 'good'.repeat(10);
  assert.equal((await new nlp.ToneConsistencyMetric().measure(dots, '')).score, 1);
  // 200,000 characters each: the original's table would hold 4·10^10 cells.
  const long = 'The quick brown fox jumps over the lazy dog. '.repeat(4_500);
  const started = Date.now();
  const d = await new nlp.TextualDifferenceMetric().measure(long, long.replace(/fox/g, 'cat'));
  assert.ok(d.score > 0.9 && d.score < 1, String(d.score));
  assert.ok(Date.now() - started < 60_000);
  // Linear memory: the texts, a few copies of them and one carry per character, not a table.
  assert.ok((await wasmMemoryBytes()) < 64 * 2 ** 20, `wasm memory ${await wasmMemoryBytes()} bytes`);
  const s = await new nlp.ContentSimilarityMetric().measure(long, long.toUpperCase());
  assert.equal(s.score, 1);
});

test('1.x scorer rules: keyword coverage scores 1 when the reference has no keywords; the rest as 0.14', async () => {
  await ensureNlpWasm();
  // @mastra/evals 1.10.2, createKeywordCoverageScorer: no reference keywords → 1 (0.14: 0, or
  // 1 only when both texts are empty).
  assert.equal(keywordCoverage('the and of', 'anything at all', true).score, 1);
  assert.equal(keywordCoverage('the and of', 'anything at all', false).score, 0);
  assert.equal(keywordCoverage('', '', true).score, 1);
  assert.equal(keywordCoverage('', 'cats', true).score, 1);
  assert.equal(keywordCoverage('', 'cats', false).score, 0);
  const withKeywords = ['Rust compiles to WebAssembly quickly', 'WebAssembly runs Rust'];
  assert.deepEqual(keywordCoverage(...withKeywords, true), keywordCoverage(...withKeywords, false));
  // The keyword lists the 1.x scorer keeps in its preprocess step.
  assert.deepEqual(extractKeywords('Rust, rust and RUST: fast!'), ['rust', 'fast']);
  // createToneScorer: the agent's output against `referenceTone`, else its own stability,
  // with the same formulas as the 0.14 class (output in the 0.14 class's input position).
  const answer = 'I love this product. The delivery was terrible!';
  const legacy = await new original.ToneConsistencyMetric().measure(answer, 'We are happy to help.');
  assert.deepEqual(tone(answer, 'We are happy to help.'), { score: legacy.score, ...legacy.info });
  const stability = await new original.ToneConsistencyMetric().measure(answer, '');
  assert.deepEqual(tone(answer, undefined), { score: stability.score, ...stability.info });
  // createContentSimilarityScorer({}) turns both options off (they are destructured without
  // defaults); createTextualDifferenceScorer uses the 0.14 formulas.
  assert.equal(contentSimilarity('ABC', 'abc', false, false), 0);
  assert.equal(contentSimilarity('ABC', 'abc', true, true), 1);
  const diff = await new original.TextualDifferenceMetric().measure('kitten sat', 'sitting sat');
  assert.deepEqual(textualDifference('kitten sat', 'sitting sat'), { ratio: diff.info.ratio, changes: diff.info.changes, lengthDiff: diff.info.lengthDiff, confidence: diff.info.confidence });
});

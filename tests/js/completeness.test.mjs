// The CompletenessMetric API through the built package, as a user imports it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompletenessMetric } from 'evals-wasm/nlp';
import * as root from 'evals-wasm';

const sorted = (list) => [...list].sort();

test('the root and the nlp subpath export the same class, named as in @mastra/evals', () => {
  assert.equal(root.CompletenessMetric, CompletenessMetric);
  assert.equal(new CompletenessMetric().constructor.name, 'CompletenessMetric');
});

test('fox example: the score and elements the real library gives', async () => {
  const r = await new CompletenessMetric().measure('The quick brown fox jumps over the lazy dog', 'A brown fox jumped over a dog');
  assert.equal(r.score, 0.625);
  assert.deepEqual(sorted(r.info.inputElements), ['brown', 'dog', 'fox', 'jump', 'lazy', 'over', 'quick', 'the']);
  assert.deepEqual(r.info.missingElements, ['the', 'quick', 'lazy']);
  assert.deepEqual(r.info.elementCounts, { input: 8, output: 6 });
  assert.deepEqual(Object.keys(r).sort(), ['info', 'score']);
  assert.deepEqual(Object.keys(r.info).sort(), ['elementCounts', 'inputElements', 'missingElements', 'outputElements']);
});

test('photosynthesis example: 2/3, with the four missing elements of the real library', async () => {
  const r = await new CompletenessMetric().measure(
    'Explain how photosynthesis works in plants using sunlight, water, and carbon dioxide.',
    'Plants use sunlight to convert water and carbon dioxide into glucose through photosynthesis.',
  );
  assert.equal(r.score, 0.6666666666666666);
  assert.deepEqual(sorted(r.info.missingElements), ['explain', 'how', 'in', 'work']);
  assert.ok(r.info.inputElements.includes('plants'), 'nouns keep their form');
});

test('ignoreStopwords: the fox example gives exactly the elements the spec lists', async () => {
  const r = await new CompletenessMetric({ ignoreStopwords: true }).measure(
    'The quick brown fox jumps over the lazy dog',
    'A brown fox jumped over a dog',
  );
  assert.deepEqual(r.info.inputElements, ['quick', 'brown', 'fox', 'jump', 'lazy', 'dog']);
  assert.deepEqual(r.info.outputElements, ['brown', 'fox', 'jump', 'dog']);
  assert.deepEqual(r.info.missingElements, ['quick', 'lazy']);
  assert.equal(r.score, 4 / 6);
});

test('Japanese example: content words as elements and a score strictly between 0 and 1', async () => {
  const input = '素早い茶色の狐が怠け者の犬を飛び越える';
  const output = '茶色の狐が犬を飛び越えた';
  const r = await new CompletenessMetric().measure(input, output);
  for (const word of ['茶色', '狐', '犬', '怠け者']) assert.ok(r.info.inputElements.includes(word), `${word} in ${r.info.inputElements}`);
  assert.ok(r.score > 0 && r.score < 1, `score ${r.score}`);
  assert.ok(r.info.missingElements.includes('怠け者'));
  assert.ok(!r.info.missingElements.includes('茶色'));

  const content = await new CompletenessMetric({ ignoreStopwords: true }).measure(input, output);
  assert.ok(!content.info.inputElements.includes('の') && !content.info.inputElements.includes('が'));
  assert.deepEqual(sorted(content.info.missingElements), sorted(['素早', '怠け者']));
  assert.equal(content.score, 4 / 6);
});

test('Chinese, Cyrillic, Greek and Arabic words are elements, not dropped', async () => {
  const m = new CompletenessMetric();
  for (const [input, output, word] of [
    ['我喜欢吃苹果和香蕉', '我喜欢苹果', '香蕉'],
    ['Москва — столица России', 'Москва', 'столица'],
    ['Η Αθήνα είναι η πρωτεύουσα', 'Αθήνα', 'πρωτευουσα'],
    ['القاهرة عاصمة مصر', 'القاهرة', 'مصر'],
  ]) {
    const r = await m.measure(input, output);
    assert.ok(r.info.inputElements.length > 1, input);
    assert.ok(r.info.missingElements.includes(word), `${word} missing in ${JSON.stringify(r.info)}`);
    assert.ok(r.score > 0 && r.score < 1, `${input}: ${r.score}`);
  }
});

test('ß stays inside its word and full-width letters and digits are folded', async () => {
  const r = await new CompletenessMetric().measure('Straße ＡＢＣ１２３', 'strasse abc123');
  assert.deepEqual(r.info.inputElements, ['straße', 'abc123']);
  assert.deepEqual(r.info.missingElements, ['straße']);
});

test('null or undefined on either side rejects with the original message', async () => {
  const m = new CompletenessMetric();
  for (const [a, b] of [[null, 'x'], ['x', undefined], [undefined, null]]) {
    await assert.rejects(m.measure(a, b), (e) => e instanceof Error && e.message === 'Inputs cannot be null or undefined');
  }
});

test('non-strings reject with a TypeError that names the argument', async () => {
  const m = new CompletenessMetric();
  await assert.rejects(m.measure(42, 'x'), { name: 'TypeError', message: /input must be a string, got a number/ });
  await assert.rejects(m.measure('x', { text: 'y' }), { name: 'TypeError', message: /output must be a string, got an object/ });
  await assert.rejects(m.measure('x', ['y']), { name: 'TypeError', message: /output must be a string, got an array/ });
});

test('bad options throw a TypeError at construction', () => {
  assert.throws(() => new CompletenessMetric('yes'), { name: 'TypeError', message: /options must be an object/ });
  assert.throws(() => new CompletenessMetric({ ignoreStopwords: 'yes' }), { name: 'TypeError', message: /ignoreStopwords/ });
});

test('edge inputs give valid results', async () => {
  const m = new CompletenessMetric();
  const cases = [
    ['', '', 1],
    ['   \n\t', '  ', 1],
    ['', 'some words', 0],
    ['🙂🎉🚀', '🙃', 1],
    ['\uD800 lone \uDC00 surrogates', 'lone', 0.5],
    ['nospacesatallinthisverylongwordlikeinput', 'nospacesatallinthisverylongwordlikeinput', 1],
  ];
  for (const [input, output, score] of cases) {
    const r = await m.measure(input, output);
    assert.equal(r.score, score, JSON.stringify(input));
    assert.equal(r.info.elementCounts.input, r.info.inputElements.length);
  }
  const mixed = await m.measure('Tokyo 東京 Москва 123 🚀', '東京');
  assert.ok(mixed.score > 0 && mixed.score < 1);
});

test('a 1,000,000-word input returns a valid result', async () => {
  const vocabulary = ['alpha', 'beta', 'gamma', 'delta', 'runs', 'jumped', 'the', 'of', 'river', 'mountain'];
  const words = Array.from({ length: 1_000_000 }, (_, i) => vocabulary[(i * 7919) % vocabulary.length] + (i % 1000));
  const r = await new CompletenessMetric().measure(words.join(' '), words.slice(0, 500).join(' '));
  assert.ok(r.score > 0 && r.score < 1);
  assert.equal(r.info.elementCounts.input, r.info.inputElements.length);
});

test('the same instance keeps working after errors, and concurrent calls each get their own result', async () => {
  const m = new CompletenessMetric();
  await assert.rejects(m.measure(null, 'x'));
  await assert.rejects(m.measure(1, 'x'));
  const texts = Array.from({ length: 50 }, (_, i) => `word${i} shared text number ${i}`);
  const results = await Promise.all(texts.map((t) => m.measure(t, `word${texts.indexOf(t)}`)));
  results.forEach((r, i) => assert.equal(r.info.inputElements[0], `word${i}`));
});

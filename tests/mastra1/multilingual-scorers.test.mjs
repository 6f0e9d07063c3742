// The `language` option of createCompletenessScorer and createKeywordCoverageScorer inside
// Mastra 1.x: stems as elements and keywords, the language in the preprocess step result, the
// English default unchanged, unknown languages refused when the scorer is made; through both the
// ESM and the CommonJS entry of evals-wasm/scorers.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequire } from 'node:module';
import { createCompletenessScorer, createKeywordCoverageScorer } from 'evals-wasm/scorers';

const require = createRequire(import.meta.url);

const agentRun = (input, output) => ({
  input: { inputMessages: [{ id: 'u1', role: 'user', content: input }], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
  output: [{ id: 'a1', role: 'assistant', content: { format: 2, parts: [{ type: 'text', text: output }] }, createdAt: new Date(0) }],
});

const GERMAN = agentRun('Die Häuser und die Bücher', 'ein Haus, ein Buch');
const FOX = agentRun('The quick brown fox jumps over the lazy dog', 'A brown fox jumped over a dog');

for (const [label, scorers] of [
  ['ESM', { createCompletenessScorer, createKeywordCoverageScorer }],
  ['CommonJS', require('evals-wasm/scorers')],
]) {
  test(`${label}: completeness scorer in German, by name and by "auto"`, async () => {
    for (const language of ['de', 'auto']) {
      const result = await scorers.createCompletenessScorer({ language }).run(GERMAN);
      assert.equal(result.preprocessStepResult.language, 'de');
      assert.ok(result.preprocessStepResult.inputElements.includes('haus'));
      assert.ok(result.preprocessStepResult.outputElements.includes('buch'));
      assert.equal(result.score, 0.5, 'die and und are not in the output');
    }
    const english = await scorers.createCompletenessScorer().run(FOX);
    assert.equal(english.score, 0.625);
    assert.equal('language' in english.preprocessStepResult, false);
  });

  test(`${label}: keyword coverage scorer in German`, async () => {
    const result = await scorers.createKeywordCoverageScorer({ language: 'de' }).run(GERMAN);
    assert.equal(result.score, 1);
    assert.deepEqual(result.preprocessStepResult, { referenceKeywords: ['haus', 'buch'], responseKeywords: ['haus', 'buch'], language: 'de' });
    assert.deepEqual(result.analyzeStepResult, { totalKeywordsLength: 2, matchedKeywordsLength: 2 });
    const english = await scorers.createKeywordCoverageScorer().run(GERMAN);
    assert.ok(english.score < 1, 'without stemming Häuser is not Haus');
    assert.equal('language' in english.preprocessStepResult, false);
  });

  test(`${label}: an unknown language is refused when the scorer is made`, () => {
    for (const create of [scorers.createCompletenessScorer, scorers.createKeywordCoverageScorer]) {
      assert.throws(() => create({ language: 'xx' }), /option "language" must be one of en, de, .*auto; got the string "xx"/);
      assert.throws(() => create({ lang: 'de' }), /unknown option "lang"/);
    }
  });
}

// The stem module is loaded on the first measure in a language other than English; a load that
// fails (in a browser: the fetch of evals_stem_bg.wasm) must not break the metric for good: the
// error reaches that measure, and the next measure loads the module again. Its own file, so that
// no other test has loaded the module first.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompletenessMetric, KeywordCoverageMetric } from 'evals-wasm/nlp';
import { stemModuleFile } from '../../pkg/nlp/languages.js';

test('a failed load of the stem module is retried by the next measure', async () => {
  const read = stemModuleFile.read;
  assert.equal(typeof read, 'function', 'the Node entry registers a reader');
  let calls = 0;
  stemModuleFile.read = () => {
    calls += 1;
    if (calls === 1) throw new Error('the module could not be read');
    return read();
  };
  const metric = new CompletenessMetric({ language: 'de' });
  await assert.rejects(metric.measure('Die Häuser sind alt', 'Das Haus ist alt'), /could not be read/);
  const result = await metric.measure('Die Häuser sind alt', 'Das Haus ist alt');
  assert.equal(result.info.language, 'de');
  // Stems die, haus, sind, alt against das, haus, ist, alt: "Häuser" met "Haus".
  assert.equal(result.score, 0.5);
  // Loaded once since: another metric and language reuse it.
  const keywords = await new KeywordCoverageMetric({ language: 'fr' }).measure('les chats', 'le chat');
  assert.equal(keywords.score, 1);
  assert.equal(calls, 2);
  stemModuleFile.read = read;
});

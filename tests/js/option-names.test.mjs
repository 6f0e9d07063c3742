// Misspelt option names: this package's own APIs reject every unknown key; the classes of the
// original (which ignores keys it does not know) reject only clear misspellings of their options.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ContentSimilarityMetric, CompletenessMetric, CoverageMetric, evaluateMany, evaluateSummary, HallucinationMetric, openaiCompatible } from 'evals-wasm';

const model = async () => '{}';
const BASE = 'http://127.0.0.1:9/v1';

/** Asserts a TypeError naming `key`, the accepted options and, when given, the one meant. */
function rejects(make, key, meant) {
  assert.throws(make, (error) => {
    assert.ok(error instanceof TypeError, String(error));
    assert.match(error.message, new RegExp(`unknown option "${key}" \\(the options are [^)]+\\)`));
    if (meant) assert.ok(error.message.endsWith(`; did you mean "${meant}"?`), error.message);
    else assert.ok(!error.message.includes('did you mean'), error.message);
    return true;
  });
}

test('CoverageMetric, openaiCompatible, evaluateSummary: every unknown key is a TypeError', async () => {
  rejects(() => new CoverageMetric(model, { timeout: 5 }), 'timeout', 'timeoutMs');
  rejects(() => new CoverageMetric(model, { verbos: true }), 'verbos', 'verbose');
  rejects(() => new CoverageMetric(model, { context: ['a'] }), 'context');
  rejects(() => openaiCompatible({ baseURL: BASE, model: 'm', timeout: 5 }), 'timeout', 'timeoutMs');
  rejects(() => openaiCompatible({ baseURL: BASE, model: 'm', apikey: 'k' }), 'apikey', 'apiKey');
  rejects(() => openaiCompatible({ baseURL: BASE, model: 'm', organization: 'o' }), 'organization');
  await assert.rejects(evaluateSummary('a', 'b', { model, verbos: true }), (e) => e instanceof TypeError && /unknown option "verbos" .*did you mean "verbose"\?$/.test(e.message));
  await assert.rejects(evaluateSummary('a', 'b', { model, language: 'de' }), (e) => e instanceof TypeError && /unknown option "language"/.test(e.message));
  // The options they do take still work.
  new CoverageMetric(model, { customInstruction: 'x', verbose: true, scale: 2, timeoutMs: 5, maxOutputTokens: 512 });
  openaiCompatible({ baseURL: BASE, model: 'm', apiKey: 'k', headers: {}, temperature: 0, maxOutputTokens: 5, timeoutMs: 5, maxRetries: 1 });
});

test('evaluateMany: an unknown option key rejects before any measure', async () => {
  let measured = 0;
  const metric = { measure: async () => { measured += 1; return { score: 1 }; } };
  await assert.rejects(evaluateMany(metric, [{ input: 'a', output: 'b' }], { concurency: 2 }), (e) => e instanceof TypeError && /evaluateMany: unknown option "concurency" \(the options are .*\); did you mean "concurrency"\?$/.test(e.message));
  await assert.rejects(evaluateMany(metric, [{ input: 'a', output: 'b' }], { onError: () => {} }), (e) => e instanceof TypeError && /unknown option "onError"/.test(e.message));
  assert.equal(measured, 0);
  const { results } = await evaluateMany(metric, [{ input: 'a', output: 'b' }], { concurrency: 2, failFast: false });
  assert.equal(results.length, 1);
});

test('HallucinationMetric (the original\'s class): near misses are TypeErrors, other unknown keys are still ignored', () => {
  rejects(() => new HallucinationMetric(model, { context: [], timeout: 5 }), 'timeout', 'timeoutMs');
  rejects(() => new HallucinationMetric(model, { context: [], Scale: 5 }), 'Scale', 'scale');
  rejects(() => new HallucinationMetric(model, { context: [], stratgy: 'claims' }), 'stratgy', 'strategy');
  rejects(() => new HallucinationMetric(model, { context: [], timeoutMS: 5 }), 'timeoutMS', 'timeoutMs');
  rejects(() => new HallucinationMetric(model, { context: [], contexts: ['a'] }), 'contexts', 'context');
  // Keys that are no misspelling of an option stay accepted, as in @mastra/evals 0.14.4.
  new HallucinationMetric(model, { context: [], model: 'gpt-4o-mini', name: 'mine', verbose: true });
});

test('ContentSimilarityMetric: a misspelt option is a TypeError; other keys are ignored as by the original', () => {
  rejects(() => new ContentSimilarityMetric({ ignorecase: false }), 'ignorecase', 'ignoreCase');
  rejects(() => new ContentSimilarityMetric({ ignoreWhiteSpace: false }), 'ignoreWhiteSpace', 'ignoreWhitespace');
  new ContentSimilarityMetric({ threshold: 0.5 });
  // CompletenessMetric (strict already) names the option meant too.
  rejects(() => new CompletenessMetric({ languge: 'de' }), 'languge', 'language');
});

// CoverageMetric and evaluateSummary through the built package, with scripted models and the
// official AI SDK mock.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CoverageMetric, evaluateSummary, EvalsError } from 'evals-wasm/llm';
import { MockLanguageModelV2 } from 'ai-v5/test';
import { MockLanguageModelV1 } from 'ai-v4/test';
import { scriptedModel, stepOf } from './scripted-model.mjs';

const CAT = {
  source: 'The cat is black and sleeps on the windowsill during sunny afternoons. It enjoys watching birds and occasionally naps in the garden.',
  summary: 'The black cat sleeps by the window.',
  claims: ['The cat is black', 'The cat sleeps on the windowsill during sunny afternoons', 'The cat enjoys watching birds', 'The cat occasionally naps in the garden'],
};

/** A careful judge for the cat example: a claim is covered when the summary states it. */
function catAnswers() {
  return {
    claims: JSON.stringify({ claims: CAT.claims }),
    claimVerdicts: (user) => {
      const covered = { C1: 'yes', C2: 'yes', C3: 'no', C4: 'no' };
      const ids = [...user.matchAll(/^(C\d+):/gm)].map((m) => m[1]);
      return JSON.stringify({ verdicts: ids.map((id) => ({ id, verdict: covered[id], reason: covered[id] === 'yes' ? 'stated' : 'not mentioned' })) });
    },
  };
}

test('the cat example: 4 claims, 2 covered, 0.5', async () => {
  const model = scriptedModel(catAnswers());
  const metric = new CoverageMetric(model, { verbose: true });
  assert.equal(metric.constructor.name, 'CoverageMetric');
  const r = await metric.measure(CAT.source, CAT.summary);
  assert.equal(r.score, 0.5);
  assert.equal(r.info.referenceClaimsCount, 4);
  assert.equal(r.info.claimsInSummaryCount, 2);
  assert.deepEqual(r.info.claimsAnalysis.map((c) => [c.claim, c.isCovered]), CAT.claims.map((c, i) => [c, i < 2]));
  assert.equal(r.info.modelCalls, 2);
  assert.match(r.info.reason, /^The score is 0\.5 because the summary keeps 2 of the 4 claims/);
});

test('without verbose there is no claimsAnalysis; the object form works', async () => {
  const r = await new CoverageMetric(scriptedModel(catAnswers())).measure({ input: CAT.source, output: CAT.summary });
  assert.equal(r.score, 0.5);
  assert.equal('claimsAnalysis' in r.info, false);
});

test('N summaries of one source cost N + 1 model calls', async () => {
  const model = scriptedModel(catAnswers());
  const metric = new CoverageMetric(model);
  const summaries = ['The black cat sleeps by the window.', 'A cat.', 'The cat watches birds.', 'Nothing relevant.'];
  const results = await Promise.all(summaries.map((s) => metric.measure(CAT.source, s)));
  assert.equal(model.calls.length, summaries.length + 1);
  assert.equal(model.calls.filter((c) => stepOf(c.user) === 'claims').length, 1);
  assert.equal(results.reduce((n, r) => n + r.info.modelCalls, 0), summaries.length + 1);
});

test('customInstruction reaches both steps and is part of the cache key', async () => {
  const model = scriptedModel(catAnswers());
  const plain = new CoverageMetric(model);
  const strict = new CoverageMetric(model, { customInstruction: 'A claim is covered only if its numbers are preserved.' });
  await plain.measure(CAT.source, CAT.summary);
  await strict.measure(CAT.source, CAT.summary);
  const withInstruction = model.calls.slice(2);
  assert.equal(withInstruction.length, 2);
  assert.ok(withInstruction.every((c) => c.system.includes('only if its numbers are preserved')));
  assert.ok(model.calls.slice(0, 2).every((c) => !c.system.includes('numbers are preserved')));
});

test('what the Python original gets wrong does not happen here', async () => {
  // a preamble with "supported", verdicts out of order, "not supported" meaning missing
  const preamble = scriptedModel({
    claims: JSON.stringify({ claims: ['1969 was the year of the first Moon landing', ...CAT.claims] }),
    claimVerdicts: 'All claims are supported unless noted.\n{"verdicts": [{"id": "C5", "verdict": "not supported"}, {"id": "C1", "verdict": "supported"}, {"id": "C3", "verdict": "Supported"}, {"id": "C2", "verdict": "NOT SUPPORTED"}, {"id": "C4", "verdict": "not supported"}]}',
  });
  const r = await new CoverageMetric(preamble, { verbose: true }).measure(CAT.source, CAT.summary);
  assert.deepEqual(r.info.claimsAnalysis.map((c) => c.isCovered), [true, false, true, false, false]);
  assert.equal(r.info.claimsAnalysis[0].claim, '1969 was the year of the first Moon landing', 'digits are kept');

  // missing verdicts: asked again, then reported, never padded
  const forgetful = scriptedModel({ claims: JSON.stringify({ claims: CAT.claims }), claimVerdicts: '{"verdicts": [{"id": "C1", "verdict": "yes"}, {"id": "C2", "verdict": "no"}]}' });
  const partial = await new CoverageMetric(forgetful).measure(CAT.source, CAT.summary);
  assert.deepEqual(partial.info.unjudged, CAT.claims.slice(2));
  assert.equal(partial.score, 0.5, '1 of the 2 judged claims');
  assert.equal(forgetful.calls.length, 3);
});

test('a long claim list is judged in batches sized to maxOutputTokens; no claim is lost', async () => {
  const claims = Array.from({ length: 240 }, (_, i) => `Fact ${i + 1} is true.`);
  const model = scriptedModel({
    claims: JSON.stringify({ claims }),
    claimVerdicts: (user) => JSON.stringify({ verdicts: [...user.matchAll(/^C(\d+):/gm)].map((m) => ({ id: `C${m[1]}`, verdict: Number(m[1]) % 3 === 0 ? 'yes' : 'no' })) }),
  });
  const r = await new CoverageMetric(model, { maxOutputTokens: 1024 }).measure('a long source', 'a summary');
  assert.equal(r.info.referenceClaimsCount, 240);
  assert.equal(r.info.claimsInSummaryCount, 80);
  assert.equal(r.score, 0.33);
  assert.ok(model.calls.length > 3, `verdicts in several requests (${model.calls.length} calls)`);
});

test('errors: bad options, null texts, unreadable answers, and the instance keeps working', async () => {
  assert.throws(() => new CoverageMetric(scriptedModel({}), { verbose: 'yes' }), TypeError);
  assert.throws(() => new CoverageMetric(scriptedModel({}), { maxOutputTokens: 10 }), /maxOutputTokens/);
  let answer = 'not json';
  const model = scriptedModel({ claims: () => answer, claimVerdicts: catAnswers().claimVerdicts });
  const metric = new CoverageMetric(model);
  await assert.rejects(metric.measure(null, 'x'), { message: 'Inputs cannot be null or undefined' });
  await assert.rejects(metric.measure(CAT.source, CAT.summary), (e) => e instanceof EvalsError && e.code === 'EVALS_UNREADABLE_ANSWER' && e.step === 'claims');
  answer = JSON.stringify({ claims: CAT.claims });
  assert.equal((await metric.measure(CAT.source, CAT.summary)).score, 0.5, 'a failed extraction is not cached');
});

test('no claims in the source: score 1, and the reason says why', async () => {
  const r = await new CoverageMetric(scriptedModel({ claims: '{"claims": []}' })).measure('Hello there!', 'Hi.');
  assert.equal(r.score, 1);
  assert.match(r.info.reason, /no factual claim/);
});

test('evaluateSummary returns the Python package keys', async () => {
  const model = scriptedModel(catAnswers());
  const r = await evaluateSummary(CAT.source, CAT.summary, { metrics: ['coverage'], model, verbose: true });
  assert.deepEqual(r, {
    coverage: 0.5,
    reference_claims_count: 4,
    claims_in_summary_count: 2,
    claims_analysis: CAT.claims.map((claim, i) => ({ claim, is_covered: i < 2 })),
  });
  const again = await evaluateSummary(CAT.source, 'Another summary.', { model });
  assert.deepEqual(Object.keys(again).sort(), ['claims_in_summary_count', 'coverage', 'reference_claims_count']);
  assert.equal(model.calls.filter((c) => stepOf(c.user) === 'claims').length, 1, 'claims stay cached across calls with the same model');
  await assert.rejects(evaluateSummary(CAT.source, CAT.summary, { metrics: ['coverage', 'faithfulness'], model }), (e) =>
    e instanceof EvalsError && /unsupported metric "faithfulness"; supported: "coverage"/.test(e.message));
  await assert.rejects(evaluateSummary(CAT.source, CAT.summary, { metrics: ['coverage'] }), /"model" is required/);
});

test('through an AI SDK model (official v2 mock)', async () => {
  const answers = catAnswers();
  const model = new MockLanguageModelV2({
    doGenerate: async (options) => {
      const user = options.prompt.find((m) => m.role === 'user').content.map((p) => p.text).join('');
      const step = stepOf(user);
      const text = typeof answers[step] === 'function' ? answers[step](user) : answers[step];
      return { content: [{ type: 'text', text }], finishReason: 'stop', usage: { inputTokens: 50, outputTokens: 10, totalTokens: 60 }, warnings: [] };
    },
  });
  const r = await new CoverageMetric(model).measure(CAT.source, CAT.summary);
  assert.equal(r.score, 0.5);
  assert.deepEqual(r.info.usage, { inputTokens: 100, outputTokens: 20 });
});

test('an empty or white-space summary keeps nothing: score 0, no model call, info like the other no-claims cases', async () => {
  const model = scriptedModel(catAnswers());
  const verbose = new CoverageMetric(model, { verbose: true, scale: 10 });
  for (const summary of ['', '   ', '\n\t ']) {
    const r = await verbose.measure(CAT.source, summary);
    assert.equal(r.score, 0, JSON.stringify(summary));
    assert.deepEqual(Object.keys(r.info), ['reason', 'referenceClaimsCount', 'claimsInSummaryCount', 'claimsAnalysis', 'modelCalls']);
    assert.equal(r.info.referenceClaimsCount, 0);
    assert.equal(r.info.claimsInSummaryCount, 0);
    assert.deepEqual(r.info.claimsAnalysis, []);
    assert.equal(r.info.modelCalls, 0);
    assert.match(r.info.reason, /^The score is 0 because the summary is empty/);
  }
  const plain = await new CoverageMetric(model).measure({ input: CAT.source, output: '' });
  assert.equal(plain.score, 0);
  assert.equal('claimsAnalysis' in plain.info, false);
  assert.equal(model.calls.length, 0, 'no model call for an empty summary');
  // An empty source still has nothing to miss (scale), whatever the summary.
  assert.equal((await verbose.measure('', '')).score, 10);
  assert.equal(model.calls.length, 0);
  // A real summary after that is judged as usual.
  assert.equal((await verbose.measure(CAT.source, CAT.summary)).score, 5);
  assert.equal(model.calls.length, 2);
});

test('maxOutputTokens, when given, reaches the model with every request; left out, none is sent', async () => {
  const sizes = (calls) => calls.map((c) => c.maxOutputTokens);
  const given = scriptedModel(catAnswers());
  await new CoverageMetric(given, { maxOutputTokens: 512 }).measure(CAT.source, CAT.summary);
  assert.deepEqual(sizes(given.calls), [512, 512]);
  const omitted = scriptedModel(catAnswers());
  await new CoverageMetric(omitted).measure(CAT.source, CAT.summary);
  assert.deepEqual(sizes(omitted.calls), [undefined, undefined]);
  assert.ok(omitted.calls.every((c) => !('maxOutputTokens' in c)));
  // AI SDK models get it under their own call option: maxOutputTokens (v2 and later), maxTokens (v1).
  const answers = catAnswers();
  const answer = (user) => (typeof answers[stepOf(user)] === 'function' ? answers[stepOf(user)](user) : answers[stepOf(user)]);
  const v2Options = [];
  const v2 = new MockLanguageModelV2({
    doGenerate: async (options) => {
      v2Options.push(options);
      const user = options.prompt.find((m) => m.role === 'user').content.map((p) => p.text).join('');
      return { content: [{ type: 'text', text: answer(user) }], finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, warnings: [] };
    },
  });
  await new CoverageMetric(v2, { maxOutputTokens: 300 }).measure(CAT.source, CAT.summary);
  assert.deepEqual(v2Options.map((o) => o.maxOutputTokens), [300, 300]);
  const v1Options = [];
  const v1 = new MockLanguageModelV1({
    doGenerate: async (options) => {
      v1Options.push(options);
      const user = options.prompt.find((m) => m.role === 'user').content.map((p) => p.text).join('');
      return { text: answer(user), finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 1 }, rawCall: { rawPrompt: null, rawSettings: {} } };
    },
  });
  await new CoverageMetric(v1, { maxOutputTokens: 300 }).measure(CAT.source, CAT.summary);
  assert.deepEqual(v1Options.map((o) => o.maxTokens), [300, 300]);
});

test('two different verdicts for one claim: asked again, then left unjudged; identical duplicates are fine', async () => {
  let verdictCalls = 0;
  const model = scriptedModel({
    ...catAnswers(),
    claimVerdicts: () => {
      verdictCalls += 1;
      return '{"verdicts": [{"id": "C1", "verdict": "yes"}, {"id": "C2", "verdict": "yes"}, {"id": "C2", "verdict": "yes"}, {"id": "C3", "verdict": "no"}, {"id": "C4", "verdict": "no"}, {"id": "C1", "verdict": "no"}]}';
    },
  });
  const r = await new CoverageMetric(model, { verbose: true }).measure(CAT.source, CAT.summary);
  assert.equal(verdictCalls, 2, 'C1 is asked about again');
  assert.deepEqual(r.info.unjudged, [CAT.claims[0]]);
  assert.equal(r.info.claimsAnalysis.length, 3);
  assert.equal(r.score, 0.33, '1 of the 3 judged claims is covered');
});

// Every 1.x scorer factory of evals-wasm/scorers: its argument errors carry a stable `code`
// (docs/reliability.md#error-codes-of-the-argument-checks), so a test matches the code, never the
// words (which are our own and differ from @mastra/evals', see docs/surface.md). The 0.x classes
// are tested in tests/js/security-error-codes.test.mjs.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as scorers from 'evals-wasm/scorers';

const judge = () => '{}';

function codeOf(f, code, what) {
  let error;
  try {
    f();
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof Error, `${what}: an Error`);
  assert.equal(error.code, code, `${what}: ${error.message}`);
}

/** What each LLM factory needs besides `model`, and the code it gives without it. */
const NEEDS = {
  createContextPrecisionScorer: [{ options: { context: ['a piece'] } }, 'EVALS_MISSING_CONTEXT'],
  createContextRecallScorer: [{ options: { context: ['a piece'] } }, 'EVALS_MISSING_CONTEXT'],
  createContextRelevanceScorerLLM: [{ options: { context: ['a piece'] } }, 'EVALS_MISSING_CONTEXT'],
  createNoiseSensitivityScorerLLM: [{ options: { baselineResponse: 'The answer.', noisyQuery: 'The query, with noise.' } }, 'EVALS_MISSING_OPTION'],
  createMultiTurnJudgeScorer: [{ criterion: 'The assistant stays polite.' }, 'EVALS_MISSING_OPTION'],
  createToolCallAccuracyScorerLLM: [{ availableTools: [{ id: 'search', description: 'Searches.' }] }, 'EVALS_MISSING_OPTION'],
};
/** The factories that take no model (NLP and code scorers). */
const NO_MODEL = ['createCompletenessScorer', 'createContentSimilarityScorer', 'createKeywordCoverageScorer', 'createTextualDifferenceScorer', 'createToneScorer', 'createToolCallAccuracyScorerCode', 'createTrajectoryAccuracyScorerCode', 'createTrajectoryScorerCode'];

test('every LLM scorer factory: no model, a model that is not one, a misspelt option, a missing required option', () => {
  const factories = Object.entries(scorers).filter(([name, f]) => /^create/.test(name) && typeof f === 'function' && !NO_MODEL.includes(name));
  assert.ok(factories.length >= 19, factories.map(([name]) => name).join(' '));
  for (const [name, create] of factories) {
    const [needs, missing] = NEEDS[name] ?? [{}, undefined];
    create({ model: judge, ...needs });
    codeOf(() => create({ ...needs }), 'EVALS_MISSING_OPTION', `${name} without a model`);
    codeOf(() => create({ model: 42, ...needs }), 'EVALS_INVALID_MODEL', `${name} with a number for a model`);
    codeOf(() => create({ model: judge, ...needs, scael: 1 }), 'EVALS_UNKNOWN_OPTION', `${name} with a misspelt option`);
    if (missing) codeOf(() => create({ model: judge }), missing, `${name} without ${Object.keys(needs.options ?? needs).join(', ')}`);
  }
});

test('the context scorers: no context, an empty context; noise sensitivity without either text', () => {
  for (const name of ['createContextPrecisionScorer', 'createContextRecallScorer', 'createContextRelevanceScorerLLM']) {
    codeOf(() => scorers[name]({ model: judge, options: {} }), 'EVALS_MISSING_CONTEXT', `${name} with no context`);
    codeOf(() => scorers[name]({ model: judge, options: { context: [] } }), 'EVALS_EMPTY_CONTEXT', `${name} with an empty context`);
    codeOf(() => scorers[name]({ model: judge, options: { context: 'one string' } }), 'EVALS_INVALID_OPTION', `${name} with a string context`);
    codeOf(() => scorers[name]({ model: judge, options: { context: ['x'], scale: -1 } }), 'EVALS_INVALID_OPTION', `${name} with scale -1`);
  }
  for (const options of [{ baselineResponse: 'b' }, { noisyQuery: 'q' }, {}]) {
    codeOf(() => scorers.createNoiseSensitivityScorerLLM({ model: judge, options }), 'EVALS_MISSING_OPTION', `noise sensitivity with ${JSON.stringify(options)}`);
  }
});

test('the code and NLP scorers: a misspelt option, a missing expectation', () => {
  codeOf(() => scorers.createToolCallAccuracyScorerCode({}), 'EVALS_MISSING_OPTION', 'tool-call accuracy (code) without expectedTool');
  codeOf(() => scorers.createCompletenessScorer({ model: judge }), 'EVALS_UNKNOWN_OPTION', 'completeness with a model');
  codeOf(() => scorers.createKeywordCoverageScorer({ ignoreCas: true }), 'EVALS_UNKNOWN_OPTION', 'keyword coverage with a misspelt option');
});

test('a run a scorer cannot read: EVALS_INVALID_RUN', async () => {
  const scorer = scorers.createPromptAlignmentScorerLLM({ model: judge });
  const run = { input: { inputMessages: [], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} }, output: [{ role: 'assistant', content: 'An answer.' }] };
  await assert.rejects(scorer.run(run), (e) => {
    const inner = e.code === 'EVALS_INVALID_RUN' ? e : e.cause;
    assert.equal(inner?.code, 'EVALS_INVALID_RUN', `${e.message} / ${inner?.message}`);
    return true;
  });
});

test("what a test may rely on: every LLM and NLP scorer both packages have carries the original's id and name; the descriptions are our own words", async () => {
  const theirs = await import('@mastra/evals/scorers/prebuilt');
  const needs = (name) => NEEDS[name]?.[0] ?? {};
  const nlp = ['createCompletenessScorer', 'createContentSimilarityScorer', 'createKeywordCoverageScorer', 'createTextualDifferenceScorer', 'createToneScorer'];
  const both = Object.keys(scorers).filter((name) => /^create/.test(name) && (nlp.includes(name) || !NO_MODEL.includes(name)) && typeof theirs[name] === 'function');
  assert.ok(both.length >= 20, both.join(' '));
  let described = 0;
  for (const name of both) {
    const ours = nlp.includes(name) ? scorers[name]() : scorers[name]({ model: judge, ...needs(name) });
    const original = nlp.includes(name) ? theirs[name]() : theirs[name]({ model: 'openai/gpt-4o-mini', ...needs(name) });
    assert.deepEqual({ id: ours.id, name: ours.name, type: ours.type }, { id: original.id, name: original.name, type: original.type }, name);
    assert.equal(typeof ours.description, 'string');
    if (ours.description !== original.description) described += 1;
  }
  // Every description is ours (docs/surface.md): a test must not compare it with the original's.
  assert.equal(described, both.length);
});

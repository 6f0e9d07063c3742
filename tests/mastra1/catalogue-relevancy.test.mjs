// createAnswerRelevancyScorer and createFaithfulnessScorer side by side with @mastra/evals
// 1.10.2 on the shared case tables (one verdict-table judge per case): the same score on every
// case and no more model calls. Then agent-shaped runs (text in message parts, tool results as
// context), misbehaving models, the exported constants, and an Agent plus runEvals.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ScorerRunError, runEvals } from '@mastra/core/evals';
import { Agent } from '@mastra/core/agent';
import * as P from '@mastra/evals/scorers/prebuilt';
import { createAnswerRelevancyScorer, createFaithfulnessScorer, DEFAULT_OPTIONS, ANSWER_RELEVANCY_AGENT_INSTRUCTIONS, EvalsError } from 'evals-wasm/scorers';
import * as prebuilt from 'evals-wasm/scorers/prebuilt';
import { verdictTableModelV3 } from './verdict-table-model.mjs';
import { runOriginal } from './original-catalogue.mjs';
import { cases as relevancyCases } from '../cases/answer-relevancy.mjs';
import { cases as faithfulnessCases } from '../cases/faithfulness.mjs';

/** Where ours scores differently on purpose: see tests/js/catalogue-relevancy.test.mjs. */
const DIFFERENT = { createFaithfulnessScorer: { 'spelling of the verdict words': { theirs: 0.33, ours: 1 } } };

const OURS = {
  createAnswerRelevancyScorer: { cases: relevancyCases, build: (model) => createAnswerRelevancyScorer({ model }) },
  createFaithfulnessScorer: { cases: faithfulnessCases, build: (model, c) => createFaithfulnessScorer({ model, options: { context: c.context } }) },
};

for (const [name, entry] of Object.entries(OURS)) {
  test(`${name}: the same score as 1.10.2 on every case, with no more model calls`, async () => {
    for (const c of entry.cases) {
      const theirs = await runOriginal(name, c);
      assert.equal(theirs.error, undefined, `${name} / ${c.name}: ${theirs.error?.stack}`);
      const model = verdictTableModelV3(c);
      const ours = await entry.build(model, c).run({ input: c.input, output: c.output });
      const calls = model.judge.calls.length;
      const different = DIFFERENT[name]?.[c.name];
      if (different) assert.deepEqual({ theirs: theirs.score, ours: ours.score }, different, `${name} / ${c.name}`);
      else assert.equal(ours.score, theirs.score, `${name} / ${c.name}: score`);
      assert.ok(calls <= theirs.calls, `${name} / ${c.name}: ${calls} calls, the original ${theirs.calls}`);
      // The same step-result keys as the original.
      const listKey = name === 'createFaithfulnessScorer' ? 'claims' : 'statements';
      assert.deepEqual(Object.keys(ours.preprocessStepResult), [listKey]);
      assert.deepEqual(Object.keys(ours.analyzeStepResult), Object.keys(theirs.result.analyzeStepResult), `${name} / ${c.name}: analyze keys`);
      assert.equal(typeof ours.reason, 'string');
    }
  });
}

test('createAnswerRelevancyScorer: ids, constants and options as in 1.10.2, each missing option at its default', async () => {
  assert.deepEqual(DEFAULT_OPTIONS, P.DEFAULT_OPTIONS);
  assert.equal(typeof ANSWER_RELEVANCY_AGENT_INSTRUCTIONS, 'string');
  assert.notEqual(ANSWER_RELEVANCY_AGENT_INSTRUCTIONS, P.ANSWER_RELEVANCY_AGENT_INSTRUCTIONS, 'our own words');
  assert.equal(prebuilt.createAnswerRelevancyScorer, createAnswerRelevancyScorer);
  const c = relevancyCases.find((x) => x.name === 'mixed');
  const scorer = createAnswerRelevancyScorer({ model: verdictTableModelV3(c), options: { scale: 10 } });
  const original = P.createAnswerRelevancyScorer({ model: verdictTableModelV3(c) });
  for (const key of ['id', 'name', 'type']) assert.equal(scorer[key], original[key], key);
  // yes, no, unsure, yes with scale 10: the original's missing uncertaintyWeight makes NaN; ours 0.3.
  const r = await scorer.run({ input: c.input, output: c.output });
  assert.equal(r.score, 5.75);
  const faithful = createFaithfulnessScorer({ model: verdictTableModelV3(faithfulnessCases[0]) });
  const theirs = P.createFaithfulnessScorer({ model: verdictTableModelV3(faithfulnessCases[0]) });
  for (const key of ['id', 'name', 'type']) assert.equal(faithful[key], theirs[key], key);
  assert.throws(() => createAnswerRelevancyScorer({ model: verdictTableModelV3(c), options: { uncertaintyWeigth: 0.5 } }), /did you mean "uncertaintyWeight"/);
});

const agentInput = (parts) => ({
  inputMessages: [{ id: 'u1', role: 'user', content: { format: 2, parts: parts.map((text) => ({ type: 'text', text })) }, createdAt: new Date() }],
  rememberedMessages: [],
  systemMessages: [],
  taggedSystemMessages: {},
});
const agentOutput = (parts, toolParts = [], toolInvocations) => [
  { id: 'a1', role: 'assistant', content: { format: 2, parts: [...toolParts, ...parts.map((text) => ({ type: 'text', text }))], ...(toolInvocations ? { toolInvocations } : {}) }, createdAt: new Date() },
];

test('createAnswerRelevancyScorer reads every text part of the agent\'s messages', async () => {
  const c = relevancyCases.find((x) => x.name === 'all yes');
  const model = verdictTableModelV3(c);
  // The answer's text in two parts, then a message holding only a tool call (skipped).
  const toolOnly = agentOutput([], [{ type: 'tool-invocation', toolInvocation: { toolCallId: 't9', toolName: 'x', args: {}, state: 'call' } }]);
  const run = { input: agentInput(['About Odsley:', c.input]), output: [...agentOutput([c.extract.statements[0], c.extract.statements.slice(1).join(' ')]), ...toolOnly] };
  const r = await createAnswerRelevancyScorer({ model }).run(run);
  assert.equal(r.score, 1);
  const [extraction, verdicts] = model.judge.calls;
  for (const s of c.extract.statements) assert.ok(extraction.user.includes(s), `the output's parts: ${s}`);
  assert.ok(verdicts.user.includes('About Odsley:') && verdicts.user.includes(c.input), 'both parts of the question');
});

test('createFaithfulnessScorer takes its context from the run\'s tool results (toolInvocations and parts, once each)', async () => {
  const c = faithfulnessCases.find((x) => x.name === 'all yes');
  const call = { toolCallId: 't1', toolName: 'facts', args: {}, result: { town: 'Odsley', lake: 'Pirran' }, state: 'result' };
  const other = { toolCallId: 't2', toolName: 'facts', args: {}, result: 'second', state: 'result' };
  const pending = { toolCallId: 't3', toolName: 'facts', args: {}, state: 'call' };
  const output = agentOutput([c.output], [{ type: 'tool-invocation', toolInvocation: call }, { type: 'tool-invocation', toolInvocation: other }, { type: 'tool-invocation', toolInvocation: pending }], [call]);
  const model = verdictTableModelV3(c);
  const r = await createFaithfulnessScorer({ model }).run({ input: c.input, output });
  assert.equal(r.score, 1);
  const verdicts = model.judge.calls.find((k) => k.kind === 'verdicts');
  assert.equal(verdicts.user.split('{"town":"Odsley","lake":"Pirran"}').length, 2, 'the call found twice counts once');
  assert.ok(verdicts.user.includes('"second"'));
  // The original finds the same context where it looks (toolInvocations): the same score.
  const theirs = await P.createFaithfulnessScorer({ model: verdictTableModelV3(c) }).run({ input: c.input, output: agentOutput([c.output], [], [call]) });
  assert.equal(theirs.score, r.score);
  // Without tool results and without options.context: an empty context, every claim unsure, 0.
  const none = verdictTableModelV3(c);
  const empty = await createFaithfulnessScorer({ model: none, options: { scale: 0 } }).run({ input: c.input, output: c.output });
  assert.equal(empty.score, 0);
  assert.equal(none.judge.calls.length, 1, 'no verdict call without a context, no reason call');
});

/** A spec-v3 model whose answers come from `answer(callIndex, options)`. */
function model(answer) {
  let calls = 0;
  const done = (text) => ({ content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 10 }, outputTokens: { total: 5 } }, warnings: [] });
  return {
    specificationVersion: 'v3',
    provider: 'test',
    modelId: 'misbehaving',
    supportedUrls: {},
    get calls() {
      return calls;
    },
    async doGenerate(options) {
      return done(await answer(calls++, options));
    },
  };
}

const BUILD = {
  createAnswerRelevancyScorer: (m, extra = {}) => createAnswerRelevancyScorer({ model: m, options: extra }),
  createFaithfulnessScorer: (m, extra = {}) => createFaithfulnessScorer({ model: m, options: { context: ['Odsley is a small town.'], ...extra } }),
};

for (const [name, build] of Object.entries(BUILD)) {
  test(`${name}: garbage, the model's own error, time-out; ScorerRunError with the cause; the scorer keeps working`, async () => {
    const run = { input: 'What is there?', output: 'Odsley has two bakeries.' };
    const garbage = model(() => 'no JSON here');
    const g = await build(garbage).run(run).catch((e) => e);
    assert.ok(g instanceof ScorerRunError, String(g));
    assert.equal(g.failedStep, 'preprocess');
    assert.ok(g.cause instanceof EvalsError && g.cause.code === 'EVALS_UNREADABLE_ANSWER', String(g.cause));
    assert.equal(garbage.calls, 2, 'one re-ask');

    const own = Object.assign(new Error('rate limited'), { status: 429 });
    let fail = true;
    const flaky = model((i, options) => {
      if (fail) throw own;
      const user = options.prompt.find((p) => p.role === 'user').content.map((p) => p.text).join('');
      if (user.includes('<score>')) return JSON.stringify({ because: 'it is fine.' });
      if (user.includes('S1:') || user.includes('C1:')) return JSON.stringify({ verdicts: [{ id: user.includes('S1:') ? 'S1' : 'C1', verdict: 'yes', reason: 'fine' }] });
      return JSON.stringify({ statements: ['Odsley has two bakeries.'], claims: ['Odsley has two bakeries.'] });
    });
    const scorer = build(flaky);
    const e = await scorer.run(run).catch((x) => x);
    assert.ok(e instanceof ScorerRunError);
    assert.equal(e.cause, own, 'the model\'s own error, unchanged');
    fail = false;
    const ok = await scorer.run(run);
    assert.equal(ok.score, 1, 'the same scorer works afterwards');
    assert.equal(ok.reason, 'The score is 1 because it is fine.');

    const never = model(() => new Promise(() => {}));
    const t = await build(never, { timeoutMs: 50 }).run(run).catch((x) => x);
    assert.ok(t instanceof ScorerRunError);
    assert.equal(t.cause?.code, 'EVALS_TIMEOUT');
  });
}

test('inside Mastra: an Agent with both scorers, and runEvals over a small dataset', async () => {
  const c = relevancyCases.find((x) => x.name === 'all yes');
  const judge = verdictTableModelV3({ ...c, extract: { statements: c.extract.statements, claims: c.extract.statements } });
  const agentModel = {
    specificationVersion: 'v3',
    provider: 'test',
    modelId: 'agent',
    supportedUrls: {},
    async doGenerate() {
      return { content: [{ type: 'text', text: c.output }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 5 }, outputTokens: { total: 5 } }, warnings: [] };
    },
    async doStream() {
      const chunks = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: c.output },
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 5 }, outputTokens: { total: 5 } } },
      ];
      return { stream: new ReadableStream({ start(ctl) { for (const k of chunks) ctl.enqueue(k); ctl.close(); } }) };
    },
  };
  const relevancy = createAnswerRelevancyScorer({ model: judge });
  const faithfulness = createFaithfulnessScorer({ model: judge, options: { context: c.extract.statements } });
  const agent = new Agent({ id: 'guide', name: 'guide', instructions: 'Answer questions about Odsley.', model: agentModel });
  const result = await runEvals({ target: agent, data: [{ input: c.input }, { input: c.input }], scorers: [relevancy, faithfulness] });
  assert.equal(result.scores['answer-relevancy-scorer'], 1);
  assert.equal(result.scores['faithfulness-scorer'], 1);
  assert.equal(result.summary.totalItems, 2);
});

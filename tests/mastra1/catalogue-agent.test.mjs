// The agent scorers of evals-wasm/scorers (rubric, multi-turn judge, tool-call accuracy and
// trajectory accuracy) side by side with @mastra/evals 1.10.2: one verdict-table model per case
// drives both (docs/parity-harness.md); same score on every case, no more model calls. Then the
// message shapes tool calls and trajectories come in, misbehaving models, options and types.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ScorerRunError, MastraScorer } from '@mastra/core/evals';
import {
  createRubricScorer,
  createMultiTurnJudgeScorer,
  createToolCallAccuracyScorerLLM,
  createTrajectoryAccuracyScorerLLM,
  EvalsError,
} from 'evals-wasm/scorers';
import * as prebuilt from 'evals-wasm/scorers/prebuilt';
import { ORIGINALS, runOriginal } from './original-catalogue.mjs';
import { verdictTableModelV3 } from './verdict-table-model.mjs';
import { TOOLS } from '../cases/tool-call-accuracy.mjs';

const OURS = {
  createRubricScorer: (model, c) => createRubricScorer({ model, criteria: c.criteria }),
  createMultiTurnJudgeScorer: (model, c) => createMultiTurnJudgeScorer({ model, criterion: c.criterion }),
  createToolCallAccuracyScorerLLM: (model) => createToolCallAccuracyScorerLLM({ model, availableTools: TOOLS }),
  createTrajectoryAccuracyScorerLLM: (model, c) =>
    createTrajectoryAccuracyScorerLLM({ model, ...(c.expectedSteps ? { expectedTrajectory: { steps: c.expectedSteps.map((name) => ({ stepType: 'tool_call', name })) } } : {}) }),
};

export const FIGURES = {};

for (const [name, build] of Object.entries(OURS)) {
  test(`${name}: the same score as 1.10.2 on every case, never more model calls`, async () => {
    const entry = ORIGINALS[name];
    const rows = [];
    for (const c of entry.cases) {
      const theirs = await runOriginal(name, c);
      const model = verdictTableModelV3(c);
      const run = entry.run ? entry.run(c) : { input: c.input, output: c.output };
      const ours = await build(model, c).run(run);
      assert.equal(theirs.error, undefined, `${c.name}: the original failed: ${theirs.error?.stack}`);
      assert.equal(ours.score, theirs.score, `${c.name}: score (${JSON.stringify(model.judge.calls.map((k) => k.answer))})`);
      assert.ok(model.judge.calls.length <= theirs.calls, `${c.name}: ${model.judge.calls.length} calls > ${theirs.calls}`);
      for (const step of ['preprocessStepResult', 'analyzeStepResult']) {
        assert.deepEqual(Object.keys(ours[step] ?? {}).sort(), Object.keys(theirs.result[step] ?? {}).sort(), `${c.name}: ${step} keys`);
      }
      rows.push({ case: c.name, score: ours.score, ours: model.judge.calls.length, theirs: theirs.calls });
    }
    FIGURES[name] = rows;
    console.log(`# ${name}: ${rows.length} cases, calls ours/theirs ${rows.reduce((s, r) => s + r.ours, 0)}/${rows.reduce((s, r) => s + r.theirs, 0)}`);
  });
}

// ---------------------------------------------------------------------------------------------
// Message shapes

const userMessage = { id: 'u1', role: 'user', content: { format: 2, parts: [{ type: 'text', text: 'How long is the Vexo river and how deep is Lake Pirran?' }] }, createdAt: new Date(0) };
const agentInput = { inputMessages: [userMessage], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} };
const invocation = (toolName, i, state = 'result') => ({ toolCallId: `call-${i}`, toolName, args: { q: i }, result: { ok: true }, state });
const textPart = { type: 'text', text: 'The Vexo is 40 km long; Lake Pirran is 80 m deep.' };
const assistantWith = (content, extra = {}) => ({ id: 'a1', role: 'assistant', content, createdAt: new Date(0), ...extra });

/** A callback judge answering the engine's requests from a verdict table (schema-driven). */
function tableJudge(testCase) {
  const model = verdictTableModelV3(testCase);
  return { model, calls: () => model.judge.calls };
}

test('tool-call accuracy reads tool calls from format-2 parts, content.toolInvocations, a 0.x message\'s toolInvocations and a mix of them', async () => {
  const called = ['riverLength', 'lakeDepth'];
  const shapes = {
    parts: [assistantWith({ format: 2, parts: [...called.map((t, i) => ({ type: 'tool-invocation', toolInvocation: invocation(t, i) })), textPart] })],
    contentToolInvocations: [assistantWith({ format: 2, parts: [textPart], toolInvocations: called.map((t, i) => invocation(t, i)) })],
    legacyMessage: [assistantWith(textPart.text, { toolInvocations: called.map((t, i) => invocation(t, i)) })],
    mixed: [assistantWith({ format: 2, parts: [{ type: 'tool-invocation', toolInvocation: invocation('riverLength', 0) }, textPart], toolInvocations: [invocation('riverLength', 0), invocation('lakeDepth', 1)] })],
    twoMessages: [assistantWith({ format: 2, parts: [{ type: 'tool-invocation', toolInvocation: invocation('riverLength', 0) }] }), { ...assistantWith({ format: 2, parts: [{ type: 'tool-invocation', toolInvocation: invocation('lakeDepth', 1) }, textPart] }), id: 'a2' }],
  };
  for (const [shape, output] of Object.entries(shapes)) {
    const { model } = tableJudge({ verdicts: { riverLength: 'yes', lakeDepth: 'no' }, answers: { missingTools: [] } });
    const result = await createToolCallAccuracyScorerLLM({ model, availableTools: TOOLS }).run({ input: agentInput, output });
    assert.deepEqual(result.preprocessStepResult.actualTools, called, shape);
    assert.equal(result.preprocessStepResult.hasToolCalls, true, shape);
    assert.deepEqual(result.analyzeStepResult.evaluations.map((e) => [e.toolCalled, e.wasAppropriate]), [['riverLength', true], ['lakeDepth', false]], shape);
    assert.equal(result.score, 0.5, shape);
  }
  // A call still streaming ('partial-call') is not a call; a failed one ('output-error') is.
  const { model } = tableJudge({ verdicts: { lakeDepth: 'yes' }, answers: { missingTools: [] } });
  const partial = [assistantWith({ format: 2, parts: [{ type: 'tool-invocation', toolInvocation: invocation('riverLength', 0, 'partial-call') }, { type: 'tool-invocation', toolInvocation: invocation('lakeDepth', 1, 'output-error') }] })];
  const result = await createToolCallAccuracyScorerLLM({ model, availableTools: TOOLS }).run({ input: agentInput, output: partial });
  assert.deepEqual(result.preprocessStepResult.actualTools, ['lakeDepth']);
  assert.equal(result.score, 1);
});

test('trajectory accuracy reads a trajectory run, nested steps, and agent output (turned into a trajectory as runEvals does)', async () => {
  const testCase = { verdicts: { riverLength: { verdict: 'yes', wasInOrder: true }, lakeDepth: { verdict: 'no', wasInOrder: false } }, answers: { missingSteps: [], extraSteps: ['lakeDepth'] } };
  const messages = [assistantWith({ format: 2, parts: [{ type: 'tool-invocation', toolInvocation: invocation('riverLength', 0) }, textPart], toolInvocations: [invocation('lakeDepth', 1)] })];
  const trajectory = {
    steps: [
      { stepType: 'tool_call', name: 'riverLength', toolArgs: { q: 0 }, toolResult: { ok: true }, success: true },
      { stepType: 'agent_run', name: 'lakeDepth', children: [{ stepType: 'model_generation', name: 'gen', modelId: 'm' }] },
    ],
    rawOutput: messages,
  };
  const scores = [];
  for (const output of [trajectory, messages]) {
    const { model, calls } = tableJudge(testCase);
    const scorer = createTrajectoryAccuracyScorerLLM({ model, expectedTrajectory: [{ name: 'riverLength', stepType: 'tool_call' }] });
    assert.equal(scorer.type, 'trajectory');
    const result = await scorer.run({ input: agentInput, output });
    assert.deepEqual(result.analyzeStepResult.stepEvaluations.map((e) => [e.stepName, e.wasNecessary, e.wasInOrder]), [['riverLength', true, true], ['lakeDepth', false, false]]);
    assert.equal(result.preprocessStepResult.hasSteps, true);
    assert.equal(result.preprocessStepResult.expectedTrajectoryFormatted, '1. [tool_call] riverLength');
    assert.ok(calls()[0].user.includes(textPart.text), 'the final response comes from rawOutput');
    scores.push(result.score);
  }
  assert.deepEqual(scores, [0.45, 0.45]);
  const { model } = tableJudge(testCase);
  const nested = await createTrajectoryAccuracyScorerLLM({ model }).run({ input: agentInput, output: trajectory });
  assert.equal(nested.preprocessStepResult.actualTrajectoryFormatted, '1. [tool_call] riverLength (args: {"q":0}, result: {"ok":true})\n2. [agent_run] lakeDepth\n  1. [model_generation] gen (model: m)');
  assert.equal(nested.preprocessStepResult.expectedTrajectoryFormatted, undefined);
  const bad = await createTrajectoryAccuracyScorerLLM({ model }).run({ input: agentInput, output: { nope: true } }).catch((e) => e);
  assert.ok(bad instanceof ScorerRunError && bad.cause instanceof EvalsError && bad.cause.code === 'EVALS_INVALID_RUN', String(bad?.cause ?? bad));
});

test('multi-turn judge reads stored messages, AI SDK messages and a string; rubric criteria come from a checklist string or the run', async () => {
  const seen = [];
  const judge = async (_prompt, { user }) => {
    seen.push(user);
    return '{"satisfied": true, "reasoning": "It gives 40 km."}';
  };
  const scorer = createMultiTurnJudgeScorer({ model: judge, criterion: 'Gives the length.', options: { scale: 2 } });
  const stored = [{ id: 'u', role: 'user', content: 'q', createdAt: new Date(0) }, assistantWith({ format: 2, parts: [{ type: 'text', text: 'First turn.' }] }), { ...assistantWith('  Second turn.  '), id: 'a2' }];
  const sdk = [{ role: 'user', content: 'q' }, { role: 'assistant', content: [{ type: 'text', text: 'First turn.' }] }, { role: 'assistant', content: 'Second turn.' }];
  for (const output of [stored, sdk]) {
    const result = await scorer.run({ input: agentInput, output });
    assert.equal(result.score, 2);
    assert.deepEqual(result.analyzeStepResult, { satisfied: true, reasoning: 'It gives 40 km.' });
    assert.match(seen.at(-1), /<turn>\s*First turn\.\s*<\/turn>\s*<turn>\s*Second turn\.\s*<\/turn>/);
  }
  await scorer.run({ input: 'q', output: ' Only turn. ' });
  assert.match(seen.at(-1), /<turn>\s*Only turn\.\s*<\/turn>/);

  const asked = [];
  const grader = async (_prompt, { user }) => {
    asked.push(user);
    const ids = [...user.matchAll(/R(\d+): /g)].map((m) => `R${m[1]}`);
    return JSON.stringify({ verdicts: ids.map((id) => ({ id, verdict: 'yes', reason: 'shown' })) });
  };
  const fromString = await createRubricScorer({ model: grader, criteria: '- Names the river\n2) Gives its length\n\n' }).run({ input: 'q', output: 'The Vexo is 40 km long.' });
  assert.deepEqual(fromString.analyzeStepResult.criteria.map((c) => [c.criterion, c.required]), [['Names the river', true], ['Gives its length', true]]);
  assert.equal(fromString.score, 1);
  const dynamic = createRubricScorer({ model: grader });
  const fromContext = await dynamic.run({ input: 'q', output: 'x', requestContext: new Map([['rubric', [{ description: 'Is short', required: false }]]]) });
  assert.deepEqual(fromContext.analyzeStepResult.criteria.map((c) => [c.criterion, c.required]), [['Is short', false]]);
  const fromInput = await dynamic.run({ input: { rubric: 'Is polite', inputMessages: [userMessage] }, output: 'x' });
  assert.deepEqual(fromInput.analyzeStepResult.criteria.map((c) => c.criterion), ['Is polite']);
  const before = asked.length;
  const none = await dynamic.run({ input: 'q', output: 'x' });
  assert.equal(none.score, 1);
  assert.equal(asked.length, before, 'no rubric: no model call');
});

// ---------------------------------------------------------------------------------------------
// Misbehaving models

const RUNS = {
  rubric: [(model, o) => createRubricScorer({ model, criteria: [{ description: 'Names the river.' }], options: o }), { input: 'q', output: 'The Vexo.' }],
  multiTurn: [(model, o) => createMultiTurnJudgeScorer({ model, criterion: 'Gives the length.', options: o }), { input: 'q', output: 'It is 40 km.' }],
  toolCalls: [(model, o) => createToolCallAccuracyScorerLLM({ model, availableTools: TOOLS, options: o }), { input: agentInput, output: [assistantWith(textPart.text, { toolInvocations: [invocation('riverLength', 0)] })] }],
  trajectory: [(model, o) => createTrajectoryAccuracyScorerLLM({ model, options: o }), { input: agentInput, output: { steps: [{ stepType: 'tool_call', name: 'riverLength' }] } }],
};

/** A sound answer to any of these scorers' requests, read from the schema the engine sends. */
function soundAnswer(schema) {
  const top = typeof schema === 'string' ? JSON.parse(schema) : schema;
  if (top.properties.verdicts) {
    const keyed = top.properties.verdicts.properties;
    return JSON.stringify({ verdicts: Object.fromEntries(Object.entries(keyed).map(([id, entry]) => [id, { verdict: 'yes', reason: 'fine', ...(entry.properties.wasInOrder ? { wasInOrder: 'yes' } : {}) }])) });
  }
  return JSON.stringify(Object.fromEntries(Object.entries(top.properties).map(([k, s]) => [k, s.type === 'boolean' ? true : s.type === 'array' ? [] : 'fine'])));
}

for (const [label, [build, run]] of Object.entries(RUNS)) {
  test(`${label}: garbage is an EvalsError after one re-ask, a model's error comes back unchanged, timeoutMs bounds a hanging model, and the scorer keeps working`, { timeout: 30_000 }, async () => {
    let mode = 'garbage';
    let calls = 0;
    const failure = Object.assign(new Error('rate limited'), { status: 429 });
    const model = async (_prompt, { schema, signal }) => {
      calls += 1;
      if (mode === 'garbage') return 'I would rather not say.';
      if (mode === 'throw') throw failure;
      if (mode === 'hang') return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      return soundAnswer(schema);
    };
    const scorer = build(model, { timeoutMs: 200 });
    assert.ok(scorer instanceof MastraScorer);
    const garbage = await scorer.run(run).catch((e) => e);
    assert.ok(garbage instanceof ScorerRunError, String(garbage));
    assert.ok(garbage.cause instanceof EvalsError && garbage.cause.code === 'EVALS_UNREADABLE_ANSWER', String(garbage.cause));
    assert.equal(calls, 2, 'asked once more, then gave up');
    mode = 'throw';
    const thrown = await scorer.run(run).catch((e) => e);
    assert.equal(thrown.cause, failure);
    mode = 'hang';
    const hung = await scorer.run(run).catch((e) => e);
    assert.equal(hung.cause?.code, 'EVALS_TIMEOUT', String(hung.cause));
    mode = 'sound';
    const ok = await scorer.run(run);
    assert.ok(typeof ok.score === 'number' && ok.score > 0, JSON.stringify(ok.analyzeStepResult));
    assert.ok(typeof ok.reason === 'string' && ok.reason.length > 0);
  });
}

test('factory checks: unknown keys and options are TypeErrors, bad criteria, tools, criterion and scale too; both entries export the same factories', () => {
  const model = async () => '{}';
  assert.throws(() => createRubricScorer({ model, criterion: 'x' }), /unknown key "criterion".*did you mean "criteria"/);
  assert.throws(() => createRubricScorer({ model, criteria: [{ text: 'x' }] }), /criterion 1 must be an object with a text "description"/);
  assert.throws(() => createRubricScorer({ model, options: { scale: Infinity } }), /option "scale" must be a finite number/);
  assert.throws(() => createMultiTurnJudgeScorer({ model }), /"criterion" must be a non-empty string/);
  assert.throws(() => createMultiTurnJudgeScorer({ model, criterion: 'c', options: { scale: NaN } }), TypeError);
  assert.throws(() => createToolCallAccuracyScorerLLM({ model, availableTools: 'riverLength' }), /"availableTools" must be an array/);
  assert.throws(() => createToolCallAccuracyScorerLLM({ model, availableTools: TOOLS, options: { scale: 2 } }), /unknown option "scale"/);
  assert.throws(() => createTrajectoryAccuracyScorerLLM({ model, expectedTrajectory: 'a' }), /"expectedTrajectory" must be/);
  assert.equal(createRubricScorer({ model, options: { scale: 0 } }).type, undefined);
  assert.equal(createToolCallAccuracyScorerLLM({ model, availableTools: [] }).type, 'agent');
  for (const name of Object.keys(OURS)) assert.equal(prebuilt[name], { createRubricScorer, createMultiTurnJudgeScorer, createToolCallAccuracyScorerLLM, createTrajectoryAccuracyScorerLLM }[name], name);
});

test('tool-call accuracy fails before any call on a run without input messages or output, as 1.10.2 does', async () => {
  let calls = 0;
  const scorer = createToolCallAccuracyScorerLLM({ model: async () => { calls += 1; return '{}'; }, availableTools: TOOLS });
  for (const run of [{ input: { inputMessages: [] }, output: [assistantWith('x')] }, { input: agentInput, output: [] }]) {
    const error = await scorer.run(run).catch((e) => e);
    assert.ok(error instanceof ScorerRunError && error.failedStep === 'preprocess', String(error));
    assert.equal(error.cause.code, 'EVALS_INVALID_RUN');
  }
  assert.equal(calls, 0);
});

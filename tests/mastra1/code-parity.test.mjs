// Case tables against @mastra/evals 1.10.2 (installed here): every code scorer, check and
// helper of evals-wasm/scorers/prebuilt, /checks and /scorers/utils runs on the same runs as the
// original, over every message shape (string content, AI SDK parts, format-2 parts and legacy
// toolInvocations, `{ text }`, `{ content }`, signals), empty outputs and missing tools; the
// scores, step results and return values must be equal, and so must the errors. The shapes the
// original misreads (docs/surface.md) are checked apart, against what evals-wasm reads.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as theirs from '@mastra/evals/scorers/prebuilt';
import * as theirUtils from '@mastra/evals/scorers/utils';
import * as ours from 'evals-wasm/scorers/prebuilt';
import * as ourUtils from 'evals-wasm/scorers/utils';

const created = new Date('2026-01-01T00:00:00Z');
const message = (id, role, content, extra = {}) => ({ id, role, content, createdAt: created, ...extra });
const call = (toolCallId, toolName, state = 'result', extra = {}) => ({ toolCallId, toolName, args: { q: toolCallId }, result: state === 'result' ? { ok: true } : undefined, state, ...extra });
const invocationPart = (invocation) => ({ type: 'tool-invocation', toolInvocation: invocation });
const text = (value) => ({ type: 'text', text: value });

/** Output messages in every shape, each named. */
const OUTPUTS = {
  'string content': [message('a1', 'assistant', 'It is Sunny, 72F in Paris.')],
  'AI SDK text parts (last part read)': [message('a1', 'assistant', [text('first part'), text('Sunny and warm')])],
  'format-2 parts only': [message('a1', 'assistant', { format: 2, parts: [text('sunny'), text('It is sunny')] })],
  'format-2 content wins over parts': [message('a1', 'assistant', { format: 2, parts: [text('ignored')], content: 'Sunny day' })],
  'format-2 { text }': [message('a1', 'assistant', { format: 2, text: 'sunny text field' })],
  'empty content': [message('a1', 'assistant', '')],
  'null content': [message('a1', 'assistant', null)],
  'no messages': [],
  'user and system messages only': [message('u1', 'user', 'sunny?'), message('s1', 'system', 'be brief')],
  'two assistant messages': [message('a1', 'assistant', 'It is Sunny'), message('a2', 'assistant', 'and warm')],
  'signal message': [message('g1', 'signal', { format: 2, parts: [text('sunny')], metadata: { signal: { type: 'assistant' } } })],
  'legacy toolInvocations': [
    message('a1', 'assistant', { format: 2, parts: [text('done')], content: 'done', toolInvocations: [call('c1', 'weather'), call('c2', 'news'), call('c3', 'weather')] }),
  ],
  'tool calls in parts, every state': [
    message('a1', 'assistant', {
      format: 2,
      parts: [
        invocationPart(call('c1', 'weather')),
        invocationPart(call('c2', 'search', 'call')),
        invocationPart(call('c3', 'save', 'output-error', { errorText: 'disk full' })),
        invocationPart(call('c4', 'draft', 'partial-call')),
        invocationPart(call('c5', 'weather', 'result', { isError: true })),
        text('partly done'),
      ],
    }),
  ],
  'parts and legacy merged': [
    message('a1', 'assistant', {
      format: 2,
      parts: [text('merged'), invocationPart(call('c2', 'news', 'output-error'))],
      toolInvocations: [call('c1', 'weather'), call('c2', 'news', 'call'), call('c3', 'weather')],
    }),
  ],
  'tools over several messages': [
    message('a1', 'assistant', { format: 2, parts: [invocationPart(call('c1', 'weather'))] }),
    message('t1', 'tool', { format: 2, parts: [invocationPart(call('c2', 'news'))] }),
    message('a2', 'assistant', { format: 2, parts: [text('Sunny'), invocationPart(call('c3', 'weather', 'result', { result: { error: 'late' } }))] }),
  ],
  'nameless and id-less invocations': [
    message('a1', 'assistant', { format: 2, parts: [invocationPart({ state: 'result', args: {} }), invocationPart({ toolName: 'news', state: 'result', args: 'raw' })] }),
  ],
  'repeated tools out of order': [message('a1', 'assistant', { format: 2, parts: [invocationPart(call('c1', 'b')), invocationPart(call('c2', 'a')), invocationPart(call('c3', 'b'))] })],
};

const INPUT = { inputMessages: [message('u1', 'user', 'What is the weather in Paris?')], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} };

/** Every check and code scorer that reads messages, each with the arguments to build it. */
const MESSAGE_SCORERS = [
  ['includes', ['sunny']],
  ['includes', ['Sunny', { ignoreCase: false }]],
  ['includes', ['']],
  ['excludes', ['rain']],
  ['excludes', ['sunny']],
  ['equals', ['it is sunnyand warm']],
  ['equals', ['']],
  ['matches', [/sunny/i]],
  ['matches', [/^It is Sunny$/, { exact: true }]],
  ['similarity', ['it is sunny, 72f in paris.']],
  ['similarity', ['sunny', { threshold: 0.5 }]],
  ['similarity', ['Sunny', { ignoreCase: false, threshold: 0.9 }]],
  ['calledTool', ['weather']],
  ['calledTool', ['weather', { times: 2 }]],
  ['didNotCall', ['news']],
  ['toolOrder', [['weather', 'news']]],
  ['toolOrder', [['a', 'b']]],
  ['toolOrder', [[]]],
  ['maxToolCalls', [1]],
  ['usedNoTools', []],
  ['noToolErrors', []],
  ['createToolCallAccuracyScorerCode', [{ expectedTool: 'weather' }]],
  ['createToolCallAccuracyScorerCode', [{ expectedTool: 'weather', strictMode: true }]],
  ['createToolCallAccuracyScorerCode', [{ expectedToolOrder: ['weather', 'news'] }]],
  ['createToolCallAccuracyScorerCode', [{ expectedToolOrder: ['a', 'b'] }]],
  ['createToolCallAccuracyScorerCode', [{ expectedToolOrder: ['b', 'a', 'b'], strictMode: true }]],
  ['createToolCallAccuracyScorerCode', [{ expectedToolOrder: [] }]],
];

/** What a run gives, or the error it rejects with. */
async function outcome(scorer, run) {
  try {
    const result = await scorer.run(run);
    return { score: result.score, reason: result.reason, preprocessStepResult: result.preprocessStepResult, analyzeStepResult: result.analyzeStepResult };
  } catch (error) {
    return { error: error.message };
  }
}

test('checks and the tool-call accuracy scorer: same score and step results as 1.10.2 on every message shape', async () => {
  let cases = 0;
  for (const [name, args] of MESSAGE_SCORERS) {
    const [mine, original] = [ours[name](...args), theirs[name](...args)];
    for (const [shape, output] of Object.entries(OUTPUTS)) {
      const run = { input: INPUT, output, runId: 'r1' };
      assert.deepStrictEqual(await outcome(mine, run), await outcome(original, run), `${name}(${JSON.stringify(args)}) on ${shape}`);
      cases += 1;
    }
  }
  assert.equal(cases, MESSAGE_SCORERS.length * Object.keys(OUTPUTS).length);
});

test('the tool-call accuracy scorer rejects an empty input or output as the original does', async () => {
  for (const run of [{ input: { ...INPUT, inputMessages: [] }, output: OUTPUTS['legacy toolInvocations'] }, { input: INPUT, output: [] }, { output: [] }]) {
    const mine = await outcome(ours.createToolCallAccuracyScorerCode({ expectedTool: 'weather' }), run);
    assert.ok(mine.error, 'rejected');
    assert.deepStrictEqual(mine, await outcome(theirs.createToolCallAccuracyScorerCode({ expectedTool: 'weather' }), run));
  }
});

test('checks reject output that is not an array, as the original does (with a message of ours)', async () => {
  for (const [output, kind] of [[undefined, 'undefined'], ['text', 'string'], [null, 'null']]) {
    assert.ok((await outcome(theirs.includes('x'), { output })).error);
    assert.deepStrictEqual(await outcome(ours.includes('x'), { output }), {
      error: `Scorer Run Failed: check-includes reads run.output as an array of messages, got ${kind}`,
    });
  }
});

test('matches with a global RegExp keeps its lastIndex between runs, as the original', async () => {
  const [mine, original] = [ours.matches(/sunny/gi), theirs.matches(/sunny/gi)];
  const run = { output: OUTPUTS['string content'] };
  const scores = async (scorer) => [(await scorer.run(run)).score, (await scorer.run(run)).score, (await scorer.run(run)).score];
  assert.deepEqual(await scores(mine), await scores(original));
});

const step = (name, stepType = 'tool_call', extra = {}) => ({ stepType, name, ...extra });
const TRAJECTORIES = {
  'in order': { steps: [step('a'), step('b'), step('c')] },
  reversed: { steps: [step('c'), step('b'), step('a')] },
  'with extras and repeats': { steps: [step('a'), step('x'), step('b'), step('x'), step('c'), step('y')] },
  empty: { steps: [] },
  'with data': { steps: [step('a', 'tool_call', { toolArgs: { q: 1 }, success: true }), step('b', 'tool_call', { toolArgs: { q: 2 } })] },
  'retries and budgets': {
    steps: [
      step('a', 'tool_call', { success: false, durationMs: 10 }),
      step('a', 'tool_call', { success: false, durationMs: 10 }),
      step('a', 'tool_call', { success: false, durationMs: 10 }),
      step('a', 'tool_call', { success: false, durationMs: 10 }),
      step('b', 'tool_call', { durationMs: 5 }),
      step('gen', 'model_generation', { promptTokens: 100, completionTokens: 50, durationMs: 40 }),
      step('b', 'tool_call', { durationMs: 5 }),
      step('b', 'tool_call', { durationMs: 5 }),
    ],
  },
  nested: {
    steps: [
      step('agent', 'agent_run', { durationMs: 30, children: [step('search'), step('rank'), step('forbidden')] }),
      step('c'),
    ],
  },
};
const EXPECTATIONS = {
  names: { steps: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] },
  'one of three': { steps: [{ name: 'a' }, { name: 'q' }, { name: 'r' }] },
  'typed with data': { steps: [{ name: 'a', stepType: 'tool_call', toolArgs: { q: 1 } }, { name: 'b', stepType: 'tool_call', toolArgs: { q: 3 } }] },
  none: { steps: [] },
  'strict, no repeats': { steps: [{ name: 'a' }, { name: 'b' }], ordering: 'strict', allowRepeatedSteps: false },
  unordered: { steps: [{ name: 'c' }, { name: 'a' }], ordering: 'unordered' },
  budgets: { steps: [{ name: 'a' }, { name: 'b' }], maxSteps: 3, maxTotalDurationMs: 50, blacklistedTools: ['z'] },
  blacklist: { blacklistedTools: ['x'], blacklistedSequences: [['a', 'x'], ['c', 'b']] },
  nested: {
    steps: [
      { name: 'agent', stepType: 'agent_run', children: { steps: [{ name: 'search' }, { name: 'rank' }], blacklistedTools: ['nothing'], maxSteps: 2 } },
      { name: 'c' },
    ],
  },
  'nested with a forbidden step': { steps: [{ name: 'agent', children: { steps: [{ name: 'search' }], blacklistedTools: ['forbidden'] } }] },
  'nested step missing': { steps: [{ name: 'ghost', children: { steps: [{ name: 'x' }] } }] },
  retries: { maxRetriesPerTool: 1, noRedundantCalls: true },
};

test('trajectory helpers: same results as 1.10.2 on every trajectory, expectation and ordering', () => {
  for (const [trajectoryName, trajectory] of Object.entries(TRAJECTORIES)) {
    for (const [expectationName, expectation] of Object.entries(EXPECTATIONS)) {
      const where = `${trajectoryName} / ${expectationName}`;
      if (expectation.steps) {
        for (const ordering of ['strict', 'relaxed', 'unordered']) {
          for (const allowRepeatedSteps of [true, false]) {
            const options = { ordering, allowRepeatedSteps };
            assert.deepStrictEqual(
              ourUtils.compareTrajectories(trajectory, expectation, options),
              theirUtils.compareTrajectories(trajectory, expectation, options),
              `${where} ${JSON.stringify(options)}`,
            );
          }
        }
      }
      assert.deepStrictEqual(ourUtils.checkTrajectoryBlacklist(trajectory, expectation), theirUtils.checkTrajectoryBlacklist(trajectory, expectation), where);
      assert.deepStrictEqual(ourUtils.analyzeToolFailures(trajectory, expectation), theirUtils.analyzeToolFailures(trajectory, expectation), where);
      const efficiency = (utils) => {
        try {
          return utils.checkTrajectoryEfficiency(trajectory, expectation);
        } catch (error) {
          return { error: error.message };
        }
      };
      assert.deepStrictEqual(efficiency(ourUtils), efficiency(theirUtils), where);
    }
  }
  assert.throws(() => ourUtils.checkTrajectoryEfficiency(TRAJECTORIES['in order'], { maxSteps: -1 }), { message: 'Invalid maxSteps budget: expected a finite nonnegative number' });
});

test('trajectory scorers: same score, step results and reason as 1.10.2', async () => {
  const weights = [undefined, { accuracy: 1, efficiency: 0, toolFailures: 0, blacklist: 0 }];
  for (const [trajectoryName, trajectory] of Object.entries(TRAJECTORIES)) {
    for (const [expectationName, expectation] of Object.entries({ ...EXPECTATIONS, 'no item expectation': undefined })) {
      const run = { input: INPUT, output: trajectory, expectedTrajectory: expectation, runId: 'r1' };
      const where = `${trajectoryName} / ${expectationName}`;
      for (const w of weights) {
        const options = { defaults: { steps: [{ name: 'a' }], maxSteps: 4 }, weights: w };
        assert.deepStrictEqual(await outcome(ours.createTrajectoryScorerCode(options), run), await outcome(theirs.createTrajectoryScorerCode(options), run), `${where} scorer`);
      }
      assert.deepStrictEqual(await outcome(ours.createTrajectoryScorerCode(), run), await outcome(theirs.createTrajectoryScorerCode(), run), `${where} scorer, no defaults`);
      for (const options of [{}, { expectedTrajectory: [{ name: 'b' }, { name: 'c' }], comparisonOptions: { ordering: 'strict' } }, { expectedTrajectory: TRAJECTORIES['with data'] }]) {
        assert.deepStrictEqual(
          await outcome(ours.createTrajectoryAccuracyScorerCode(options), run),
          await outcome(theirs.createTrajectoryAccuracyScorerCode(options), run),
          `${where} accuracy ${JSON.stringify(options)}`,
        );
      }
    }
  }
});

/** Runs inputs in every shape the helpers read. */
const INPUTS = [
  undefined,
  'plain prompt',
  42,
  [message('u1', 'user', 'as an array')],
  INPUT,
  { inputMessages: [message('s0', 'system', 'sys in input'), message('u1', 'user', { format: 2, parts: [text('a'), text('b')], content: 'c' })], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
  { inputMessages: [message('u1', 'user', { format: 2, parts: [text('only parts')] })] },
  { inputMessages: [{ role: 'user', text: 'top', content: {} }] },
  { messages: [{ role: 'system', content: 'model system' }, { role: 'user', content: [text('C1'), text('C2')] }] },
  { prompt: 'a prompt' },
  { text: 'a text' },
  { content: [text('from content')] },
  { input: { body: 'from body' } },
  { user: 'from user' },
  {
    inputMessages: [message('sig', 'signal', { format: 2, parts: [text('signal text')], metadata: { signal: { tagName: 'user' } } })],
    rememberedMessages: [message('r1', 'user', 'earlier question'), message('r2', 'assistant', { format: 2, parts: [text(' earlier answer ')] }), message('r3', 'assistant', '')],
    systemMessages: [{ role: 'system', content: 'be kind' }, { role: 'system', content: [text('part one'), text('part two')] }, { role: 'system', content: '' }],
    taggedSystemMessages: { memory: [{ role: 'system', content: [text('tag a'), text('tag b')] }], other: 'not a list' },
  },
];

const OUTPUT_VALUES = [
  undefined,
  'plain answer',
  7,
  { text: '' },
  { text: 'text field' },
  { role: 'user', text: 'not assistant' },
  { content: 'string content' },
  { content: { content: { text: 'deep' } } },
  { role: 'assistant', content: { format: 2, parts: [text('p')] } },
  ...Object.values(OUTPUTS),
  [message('a1', 'assistant', { format: 2, parts: [{ type: 'reasoning', reasoning: 'r1', details: [{ type: 'text', text: 'd1' }, { type: 'text', text: 'd2' }] }, { type: 'reasoning', reasoning: 'r2' }] })],
  [message('a1', 'assistant', { format: 2, parts: [], reasoning: 'top reasoning' })],
];

const valueOf = (fn) => {
  try {
    return { value: fn() };
  } catch (error) {
    return { error: error.message };
  }
};

test('message helpers: same values as 1.10.2 on every input and output shape', () => {
  for (const input of INPUTS) {
    for (const name of ['getUserMessageFromRunInput', 'getSystemMessagesFromRunInput', 'getCombinedSystemPrompt', 'getConversationHistoryFromRunInput', 'isScorerRunInputForAgent', 'extractInputMessages']) {
      assert.deepStrictEqual(valueOf(() => ourUtils[name](input)), valueOf(() => theirUtils[name](input)), `${name}(${JSON.stringify(input)})`);
    }
    const options = { maxMessages: 2 };
    assert.deepStrictEqual(valueOf(() => ourUtils.getConversationHistoryFromRunInput(input, options)), valueOf(() => theirUtils.getConversationHistoryFromRunInput(input, options)));
  }
  for (const output of OUTPUT_VALUES) {
    for (const name of ['getAssistantMessageFromRunOutput', 'isScorerRunOutputForAgent']) {
      assert.deepStrictEqual(valueOf(() => ourUtils[name](output)), valueOf(() => theirUtils[name](output)), `${name}(${JSON.stringify(output)})`);
    }
    if (Array.isArray(output)) {
      for (const name of ['extractToolCalls', 'extractToolResults', 'extractAgentResponseMessages', 'extractTrajectory']) {
        assert.deepStrictEqual(valueOf(() => ourUtils[name](output)), valueOf(() => theirUtils[name](output)), `${name}(${JSON.stringify(output)})`);
      }
      // Where the original throws (a message without content), evals-wasm finds no reasoning.
      const reasoning = valueOf(() => theirUtils.getReasoningFromRunOutput(output));
      assert.deepStrictEqual(valueOf(() => ourUtils.getReasoningFromRunOutput(output)), reasoning.error ? { value: undefined } : reasoning, `getReasoningFromRunOutput(${JSON.stringify(output)})`);
      for (const m of output) {
        for (const name of ['getTextContentFromMastraDBMessage', 'mergeToolInvocations']) {
          assert.deepStrictEqual(valueOf(() => ourUtils[name](m)), valueOf(() => theirUtils[name](m)), `${name}(${JSON.stringify(m)})`);
        }
      }
    }
  }
  for (const n of [1.005, -1.005, 0.125, Number.NaN, 2 / 3]) assert.deepStrictEqual(ourUtils.roundToTwoDecimals(n), theirUtils.roundToTwoDecimals(n));
  for (const args of [[0.5, 0, 1], [0.4, 0, 1], [0.6, 0, 1]]) assert.equal(ourUtils.isCloserTo(...args), theirUtils.isCloserTo(...args));
});

test('test builders: the same runs, messages and invocations as 1.10.2', () => {
  const withoutDate = ({ createdAt, ...rest }) => {
    assert.ok(createdAt instanceof Date);
    return rest;
  };
  const invocationOptions = [
    { toolCallId: 'c1', toolName: 'weather', args: { q: 1 }, result: { t: 20 } },
    { toolCallId: 'c2', toolName: 'save', args: {}, state: 'output-error', errorText: 'failed' },
    { toolCallId: 'c3', toolName: 'save', args: {}, isError: true },
  ];
  for (const options of invocationOptions) assert.deepStrictEqual(ourUtils.createToolInvocation(options), theirUtils.createToolInvocation(options));
  const messageOptions = [
    { content: 'hi', role: 'user' },
    { content: 'tools', role: 'assistant', id: 'm2', toolInvocations: invocationOptions.map(theirUtils.createToolInvocation) },
    { content: 'parts', role: 'assistant', parts: [text('x'), invocationPart(call('c9', 'save', 'output-error'))] },
  ];
  for (const options of messageOptions) assert.deepStrictEqual(withoutDate(ourUtils.createTestMessage(options)), withoutDate(theirUtils.createTestMessage(options)));
  assert.deepStrictEqual(ourUtils.createTestRun('in', 'out'), theirUtils.createTestRun('in', 'out'));
  assert.deepStrictEqual(ourUtils.createTestRun('in', 'out', { a: 1 }, { b: 2 }), theirUtils.createTestRun('in', 'out', { a: 1 }, { b: 2 }));
  const runOptions = { inputMessages: [theirUtils.createTestMessage({ content: 'q', role: 'user' })], output: [], runId: 'fixed' };
  const [mine, original] = [ourUtils.createAgentTestRun(runOptions), theirUtils.createAgentTestRun(runOptions)];
  assert.equal(mine.requestContext.constructor, original.requestContext.constructor, 'a RequestContext of the project’s @mastra/core');
  assert.deepStrictEqual({ ...mine, requestContext: undefined }, { ...original, requestContext: undefined });
  assert.match(ourUtils.createAgentTestRun({ output: [] }).runId, /^[0-9a-f-]{36}$/);
  const trajectoryOptions = { trajectory: TRAJECTORIES['in order'], runId: 'fixed' };
  const [t1, t2] = [ourUtils.createTrajectoryTestRun(trajectoryOptions), theirUtils.createTrajectoryTestRun(trajectoryOptions)];
  assert.deepStrictEqual(Object.keys(t1), Object.keys(t2));
  assert.deepStrictEqual({ ...t1, requestContext: undefined }, { ...t2, requestContext: undefined });
});

test('shapes the original misreads are read right (docs/surface.md)', async () => {
  // A 0.x UIMessage keeps its tool invocations at the top level: the original finds no tools.
  const uiMessage = ourUtils.createUIMessage({ content: 'Sunny', role: 'assistant', toolInvocations: [call('c1', 'weather')] });
  assert.deepEqual(theirUtils.extractToolCalls([uiMessage]).tools, []);
  assert.deepEqual(ourUtils.extractToolCalls([uiMessage]).tools, ['weather']);
  assert.equal((await ours.calledTool('weather').run({ output: [uiMessage] })).score, 1);
  // Reasoning: AI SDK reasoning parts, a part whose details are empty, and shapes the original throws on.
  const aiSdk = [message('a1', 'assistant', [{ type: 'reasoning', text: 'thought' }, text('answer')])];
  assert.equal(theirUtils.getReasoningFromRunOutput(aiSdk), undefined);
  assert.equal(ourUtils.getReasoningFromRunOutput(aiSdk), 'thought');
  const emptyDetails = [message('a1', 'assistant', { format: 2, parts: [{ type: 'reasoning', reasoning: 'kept', details: [] }] })];
  assert.equal(theirUtils.getReasoningFromRunOutput(emptyDetails), undefined);
  assert.equal(ourUtils.getReasoningFromRunOutput(emptyDetails), 'kept');
  for (const output of ['text', [{ role: 'assistant' }]]) {
    assert.throws(() => theirUtils.getReasoningFromRunOutput(output));
    assert.equal(ourUtils.getReasoningFromRunOutput(output), undefined);
  }
});

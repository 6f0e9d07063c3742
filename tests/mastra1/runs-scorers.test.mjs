// The 1.x agent scorers over a JSONL dataset of agent runs, in one run of the installed
// package's command line (spawned from this Mastra project, against an OpenAI-compatible server
// on 127.0.0.1 that answers every request with the smallest answer its JSON Schema allows), and
// in evaluateMany with a map of scorers: each score equals the same scorer run directly on the
// same run. Also the dry run of 1.x scorers (requests counted with the stand-in judge).

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { evaluateMany } from 'evals-wasm';
import { openaiCompatible } from 'evals-wasm/llm';
import {
  createMultiTurnJudgeScorer,
  createRubricScorer,
  createToolCallAccuracyScorerCode,
  createToolCallAccuracyScorerLLM,
  createTrajectoryAccuracyScorerCode,
  createTrajectoryAccuracyScorerLLM,
} from 'evals-wasm/scorers';
import { calledTool, didNotCall, includes, matches, maxToolCalls, noToolErrors, toolOrder, usedNoTools } from 'evals-wasm/checks';
import { createCompletenessScorer, createContentSimilarityScorer, createKeywordCoverageScorer, createTextualDifferenceScorer, createToneScorer } from 'evals-wasm/scorers';
import { smallestAnswer, startFakeOpenAI } from '../js/fake-openai.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(dirname(createRequire(import.meta.url).resolve('evals-wasm/package.json')), 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'evals-wasm-runs-scorers-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

const server = await startFakeOpenAI((body) => JSON.stringify(smallestAnswer(body.response_format.json_schema.schema)));
test.after(() => server.close());
const model = () => openaiCompatible({ baseURL: server.baseURL, model: 'judge' });

function run(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { cwd: here, env: { PATH: process.env.PATH }, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? error.code : 0, stdout, stderr });
    });
  });
}

/**
 * An agent run: the user asks, the agent calls `tools` in order (Mastra's stored messages: the
 * calls in `toolInvocations`), then answers; its trajectory is those calls.
 */
function agentLine(id, question, tools, answer, extra = {}) {
  const toolInvocations = tools.map((tool, i) => ({ state: 'result', toolCallId: `c${i}`, toolName: tool, args: { q: question }, result: `${tool} says yes` }));
  const output = [{ role: 'assistant', content: answer, toolInvocations }];
  const trajectory = tools.map((tool) => ({ stepType: 'tool_call', name: tool, toolArgs: { q: question }, success: true }));
  return { id, input: [{ role: 'user', content: question }], output, trajectory, ...extra };
}

const AVAILABLE = [{ id: 'weather', description: 'The weather of a city.' }, { id: 'news', description: 'The news of a city.' }];
const LINES = [
  agentLine('a1', 'What is the weather in Lyon?', ['weather'], 'It is sunny in Lyon.', {
    rubric: ['Gives the weather.', { description: 'Names the city.', required: false }],
    criterion: 'The assistant gives the weather of the city asked about.',
    availableTools: AVAILABLE,
    expectedTool: 'weather',
    expectedTrajectory: ['weather'],
  }),
  agentLine('a2', 'Any news from Lille, and the weather?', ['news', 'weather'], 'A fair opens; it rains.', {
    rubric: '- Gives the news\n- Gives the weather',
    criterion: 'The assistant answers both questions.',
    availableTools: AVAILABLE,
    expectedToolOrder: ['news', 'weather'],
    expectedTrajectory: { steps: [{ name: 'news', stepType: 'tool_call' }, { name: 'weather', stepType: 'tool_call' }] },
  }),
];
const METRICS = ['rubric', 'multi-turn', 'tool-call-accuracy', 'trajectory-accuracy', 'tool-call-accuracy-code', 'trajectory-accuracy-code'];

/** The run a scorer is given for a line, as Mastra gives an agent's run. */
const runOf = (line, metric = '') => ({
  input: { inputMessages: line.input, rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
  // The trajectory scorers score the line's trajectory.
  output: metric.startsWith('trajectory') ? { steps: line.trajectory } : line.output,
  expectedTrajectory: line.expectedTrajectory,
});
const steps = (expected) => (Array.isArray(expected) ? expected.map((name) => ({ name, stepType: 'tool_call' })) : expected);

/** The same scorer as the command line's metric, for one line, built directly. */
function direct(metric, line) {
  switch (metric) {
    case 'rubric':
      return createRubricScorer({ model: model(), criteria: Array.isArray(line.rubric) ? line.rubric.map((c) => (typeof c === 'string' ? { description: c } : c)) : line.rubric });
    case 'multi-turn':
      return createMultiTurnJudgeScorer({ model: model(), criterion: line.criterion });
    case 'tool-call-accuracy':
      return createToolCallAccuracyScorerLLM({ model: model(), availableTools: line.availableTools });
    case 'trajectory-accuracy':
      return createTrajectoryAccuracyScorerLLM({ model: model(), expectedTrajectory: steps(line.expectedTrajectory) });
    case 'tool-call-accuracy-code':
      return createToolCallAccuracyScorerCode({ expectedTool: line.expectedTool, expectedToolOrder: line.expectedToolOrder });
    case 'trajectory-accuracy-code':
      return createTrajectoryAccuracyScorerCode({ expectedTrajectory: steps(line.expectedTrajectory) });
    default:
      throw new Error(metric);
  }
}

test('the agent scorers in one run of the command line: each score is the scorer\'s run directly on the same run', async () => {
  const data = join(work, 'agents.jsonl');
  writeFileSync(data, `${LINES.map((line) => JSON.stringify(line)).join('\n')}\n`);
  const out = join(work, 'agents-out.jsonl');
  const { code, stderr } = await run(['run', METRICS.join(','), data, '--model', server.baseURL, '--model-name', 'judge', '--out', out]);
  assert.equal(code, 0, stderr);
  const records = readFileSync(out, 'utf8').trim().split('\n').map((text) => JSON.parse(text));
  assert.equal(records.length, LINES.length * METRICS.length);
  // Not all alike: the code scorers find the tool calls (line 1 calls the expected tool).
  assert.equal(records.find((r) => r.line === 1 && r.metric === "tool-call-accuracy-code").score, 1);
  assert.ok(records.filter((r) => r.metric === "trajectory-accuracy-code").every((r) => r.score > 0));
  for (const record of records) {
    const line = LINES[record.line - 1];
    const expected = await direct(record.metric, line).run(runOf(line, record.metric));
    assert.equal(record.score, expected.score, `${record.metric} line ${record.line}: ${JSON.stringify(record.error ?? record.info?.reason)}`);
  }
  // The LLM scorers' declarations are hashes of their probe requests, all different.
  const record = JSON.parse(readFileSync(`${out}.run.json`, 'utf8'));
  const hashes = METRICS.map((metric) => record.metrics[metric].declaration);
  assert.equal(new Set(hashes).size, METRICS.length);
});

test('agent output with AI SDK tool-call parts: the tool calls are found, as in Mastra\'s stored messages', async () => {
  const question = 'What is the weather in Lyon?';
  const aiSdk = {
    input: [{ role: 'user', content: question }],
    output: [
      { role: 'assistant', content: [{ type: 'text', text: 'Let me look.' }, { type: 'tool-call', toolCallId: 'w1', toolName: 'weather', args: { city: 'Lyon' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'w1', toolName: 'weather', result: 'sunny' }] },
      { role: 'assistant', content: 'It is sunny in Lyon.' },
    ],
    expectedTool: 'weather',
    expectedTrajectory: ['weather'],
  };
  const data = join(work, 'ai-sdk.jsonl');
  writeFileSync(data, `${JSON.stringify(aiSdk)}\n`);
  const out = join(work, 'ai-sdk-out.jsonl');
  const { code, stderr } = await run(['run', 'tool-call-accuracy-code,trajectory-accuracy-code', data, '--out', out]);
  assert.equal(code, 0, stderr);
  const records = readFileSync(out, 'utf8').trim().split('\n').map((text) => JSON.parse(text));
  // The same run in Mastra's stored shape, scored directly.
  const stored = agentLine('x', question, ['weather'], 'It is sunny in Lyon.', { expectedTool: 'weather', expectedTrajectory: ['weather'] });
  for (const record of records) {
    const expected = await direct(record.metric, stored).run({ ...runOf(stored, ''), output: record.metric.startsWith('trajectory') ? { steps: [{ stepType: 'tool_call', name: 'weather' }] } : stored.output });
    assert.equal(record.score, expected.score, record.metric);
    assert.equal(record.score, 1, record.metric);
  }
});

test('evaluateMany with a map of agent scorers: the same scores as each scorer run directly', async () => {
  const line = LINES[1];
  const item = runOf(line, 'trajectory');
  const { results } = await evaluateMany([item], {
    rubric: direct('rubric', line),
    trajectory: direct('trajectory-accuracy-code', line),
  });
  for (const [name, metric] of [['rubric', 'rubric'], ['trajectory', 'trajectory-accuracy-code']]) {
    const expected = await direct(metric, line).run(item);
    assert.equal(results.find((r) => r.metric === name).score, expected.score, name);
  }
});

test('--dry-run counts the requests of 1.x scorers with the stand-in judge, calling no model', async () => {
  const data = join(work, 'agents-dry.jsonl');
  writeFileSync(data, `${LINES.map((line) => JSON.stringify(line)).join('\n')}\n`);
  const before = server.requests.length;
  const { code, stdout, stderr } = await run(['rubric,multi-turn', data, '--model', 'http://127.0.0.1:9/v1', '--model-name', 'judge', '--dry-run']);
  assert.equal(code, 0, stderr);
  assert.equal(server.requests.length, before);
  const totals = stdout.split('\n').filter((text) => text.startsWith('total')).map((text) => Number(text.split(/\s+/)[1]));
  assert.equal(totals.length, 2);
  for (const total of totals) assert.ok(total >= LINES.length, stdout);
});

test('evaluateMany with the checks and the 1.x code scorers over agent runs: each score is the scorer\'s own run', async () => {
  const items = LINES.map((line) => runOf(line));
  const make = () => ({
    includesSunny: includes('sunny'),
    mentionsRain: matches(/rain/i),
    calledWeather: calledTool('weather'),
    noNews: didNotCall('news'),
    newsThenWeather: toolOrder(['news', 'weather']),
    atMostOneCall: maxToolCalls(1),
    noTools: usedNoTools(),
    noErrors: noToolErrors(),
    completeness: createCompletenessScorer(),
    similarity: createContentSimilarityScorer(),
    keywords: createKeywordCoverageScorer(),
    difference: createTextualDifferenceScorer(),
    tone: createToneScorer(),
  });
  const { results } = await evaluateMany(items, make());
  const fresh = make();
  assert.equal(results.length, items.length * Object.keys(fresh).length);
  for (const result of results) {
    assert.ok(!('error' in result), `${result.metric}: ${JSON.stringify(result.error)}`);
    const expected = await fresh[result.metric].run(items[result.line - 1]);
    assert.equal(result.score, expected.score, `${result.metric} line ${result.line}`);
  }
  // Not all alike: line 1 calls weather only, line 2 news then weather.
  const score = (metric, line) => results.find((r) => r.metric === metric && r.line === line).score;
  assert.deepEqual([score('newsThenWeather', 1), score('newsThenWeather', 2)], [0, 1]);
  assert.deepEqual([score('includesSunny', 1), score('mentionsRain', 2)], [1, 1]);
});

test('the checks in a run of the command line, named in a config: each score is the check\'s own run', async () => {
  const data = join(work, 'checks.jsonl');
  writeFileSync(data, `${LINES.map((line) => JSON.stringify(line)).join('\n')}\n`);
  const config = join(work, 'checks.config.json');
  writeFileSync(config, JSON.stringify({
    metrics: {
      sunny: { metric: 'check', check: 'includes', args: ['sunny'] },
      rain: { metric: 'check', check: 'matches', args: ['RAIN', { flags: 'i' }] },
      order: { metric: 'check', check: 'toolOrder', args: [['news', 'weather']] },
      'max-one': { metric: 'check', check: 'maxToolCalls', args: [1] },
      completeness: {},
    },
  }));
  const out = join(work, 'checks-out.jsonl');
  const { code, stderr } = await run(['run', data, '--config', config, '--out', out]);
  assert.equal(code, 0, stderr);
  const records = readFileSync(out, 'utf8').trim().split('\n').map((text) => JSON.parse(text));
  const direct = { sunny: includes('sunny'), rain: matches(/RAIN/i), order: toolOrder(['news', 'weather']), 'max-one': maxToolCalls(1) };
  for (const record of records.filter((r) => r.metric !== 'completeness')) {
    const expected = await direct[record.metric].run(runOf(LINES[record.line - 1]));
    assert.equal(record.score, expected.score, `${record.metric} line ${record.line}`);
  }
  assert.deepEqual(records.filter((r) => r.metric === 'order').map((r) => r.score), [0, 1]);
  const record = JSON.parse(readFileSync(`${out}.run.json`, 'utf8'));
  assert.notEqual(record.metrics.sunny.declaration, record.metrics.rain.declaration);
  assert.deepEqual(record.metrics.order.options, { check: 'toolOrder', args: [['news', 'weather']] });
});

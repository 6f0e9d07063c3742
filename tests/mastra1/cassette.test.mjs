// withCassette of evals-wasm/scorers inside Mastra 1.x: the LLM scorers recorded with scripted
// models (an AI SDK v3 mock and a callback) and replayed with models that throw; a Mastra router
// config recorded against a local server and replayed from its bare id with no server and no
// API key; a miss surfaces as the ScorerRunError's cause.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScorerRunError } from '@mastra/core/evals';
import { MockLanguageModelV3 } from 'ai/test';
import { createCoverageScorer, createHallucinationScorer, withCassette } from 'evals-wasm/scorers';
import { scriptedLanguageModel } from './scripted-ai-model.mjs';
import { startFakeOpenAI } from '../js/fake-openai.mjs';

const work = mkdtempSync(join(tmpdir(), 'evals-wasm-cassette-mastra1-'));
test.after(() => rmSync(work, { recursive: true, force: true }));
let files = 0;
const newFile = () => join(work, `cassette-${++files}.jsonl`);

const CONTEXT = ['The bridge opened in 1932. It is 500 m long and painted red.'];
const RUNS = [
  { input: 'Tell me about the bridge.', output: 'The bridge opened in 1932 and is 800 m long.' },
  { input: 'How long is the bridge?', output: 'It is 500 m long and painted blue.' },
];

/** The answer of the scripted judge to one of the engine's prompts. */
function judgeAnswer(text) {
  if (text.includes('<verdicts>')) return JSON.stringify({ because: 'scripted reason.' });
  const listed = (tag) => [...text.split(`<${tag}>\n`)[1].split(`</${tag}>`)[0].matchAll(/^([CS]\d+): (.*)$/gm)];
  if (text.includes('<claims>')) {
    return JSON.stringify({ verdicts: listed('claims').map(([, id, claim]) => ({ id, verdict: /800|blue/.test(claim) ? 'contradicted' : 'supported', reason: `about ${claim}` })) });
  }
  if (text.includes('<statements>')) return JSON.stringify({ verdicts: listed('statements').map(([, id], i) => ({ id, verdict: i === 0 ? 'yes' : 'no', reason: 'r' })) });
  if (text.includes('<context>')) return JSON.stringify({ statements: ['The bridge opened in 1932.', 'The bridge is 500 m long.', 'The bridge is red.'] });
  const output = text.split('<output>\n')[1]?.split('</output>')[0] ?? text.split('<source>\n')[1]?.split('</source>')[0] ?? '';
  return JSON.stringify({ claims: output.split(/ and |\. /).map((part) => part.trim()).filter(Boolean) });
}

/** A scorer run result without what differs from run to run (ids, times). */
function stable(value) {
  if (Array.isArray(value)) return value.map(stable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([name]) => !['runId', 'durationMs'].includes(name)).map(([name, item]) => [name, stable(item)]));
}

const CASES = {
  'hallucination scorer (claims), AI SDK model': (model) => createHallucinationScorer({ model, options: { context: CONTEXT } }),
  'hallucination scorer (statements), AI SDK model': (model) => createHallucinationScorer({ model, options: { context: CONTEXT, strategy: 'statements' } }),
  'coverage scorer, AI SDK model': (model) => createCoverageScorer({ model }),
};

for (const [name, build] of Object.entries(CASES)) {
  test(`${name}: recorded, then replayed identically with a model that throws`, async () => {
    const path = newFile();
    let calls = 0;
    const live = scriptedLanguageModel((text) => {
      calls += 1;
      return judgeAnswer(text);
    });
    const scorer = build(withCassette(live, { path }));
    const recorded = [];
    for (const run of RUNS) recorded.push(await scorer.run(run));
    assert.ok(calls >= 4, `${calls} calls`);
    assert.ok(recorded.some((r) => r.score > 0));
    const lines = readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    assert.equal(lines.length, calls);
    assert.ok(lines.every((entry) => entry.model === 'scripted:scripted-judge' && typeof entry.step === 'string'));

    const dead = new MockLanguageModelV3({ provider: 'scripted', modelId: 'scripted-judge', doGenerate: async () => { throw new Error('called'); }, doStream: async () => { throw new Error('called'); } });
    const replayer = build(withCassette(dead, { path, mode: 'replay' }));
    for (const [i, run] of RUNS.entries()) assert.deepEqual(stable(await replayer.run(run)), stable(recorded[i]));
  });
}

test('a callback judge: recorded and replayed; a miss is the cause of the ScorerRunError, naming scorer and step', async () => {
  const store = new Map();
  const live = async (_prompt, { user }) => judgeAnswer(user);
  const scorer = createHallucinationScorer({ model: withCassette(live, { store }), options: { context: CONTEXT } });
  const recorded = await scorer.run(RUNS[0]);
  const replayer = createHallucinationScorer({ model: withCassette(() => { throw new Error('called'); }, { store, mode: 'replay' }), options: { context: CONTEXT } });
  assert.deepEqual(stable(await replayer.run(RUNS[0])), stable(recorded));
  const error = await replayer.run({ input: RUNS[0].input, output: 'Something else entirely.' }).catch((e) => e);
  assert.ok(error instanceof ScorerRunError, String(error));
  assert.equal(error.cause?.code, 'EVALS_CASSETTE_MISS');
  assert.equal(error.cause.step, 'claims');
  assert.equal(error.cause.metric, 'createHallucinationScorer');
});

test('a Mastra router config: recorded against a local server, replayed from the bare id with no server and no API key', async () => {
  const KEY = 'sk-router-secret-0123456789abcdef';
  const server = await startFakeOpenAI((body) => judgeAnswer(body.messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n')));
  const saved = process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_API_KEY;
  try {
    const path = newFile();
    const recording = withCassette({ id: 'openai/gpt-4o-mini', url: server.baseURL, apiKey: KEY }, { path });
    assert.equal(recording.provider, 'openai');
    assert.equal(recording.modelId, 'gpt-4o-mini');
    const recorded = await createCoverageScorer({ model: recording }).run({ input: RUNS[0].output, output: 'The bridge opened in 1932.' });
    const text = readFileSync(path, 'utf8');
    assert.ok(server.requests.length >= 2);
    assert.equal(text.trim().split('\n').length, server.requests.length, 'each request recorded once');
    assert.ok(!text.includes(KEY));
    await server.close();

    const replayed = await createCoverageScorer({ model: withCassette('openai/gpt-4o-mini', { path, mode: 'replay' }) }).run({ input: RUNS[0].output, output: 'The bridge opened in 1932.' });
    assert.deepEqual(stable(replayed), stable(recorded));
  } finally {
    if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    await server.close();
  }
});

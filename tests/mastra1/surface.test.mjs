// The surface of @mastra/evals 1.10.2 against evals-wasm's: every export of the original's
// scorers/prebuilt, scorers/utils, checks and vitest is exported by the matching evals-wasm
// subpath with the same typeof, in ESM and CommonJS; every factory builds a scorer with the
// original's id, type and step names.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);

/** The code scorers of the original's prebuilt set. */
const CODE_FACTORIES = new Set([
  'createCompletenessScorer',
  'createContentSimilarityScorer',
  'createKeywordCoverageScorer',
  'createTextualDifferenceScorer',
  'createToneScorer',
  'createToolCallAccuracyScorerCode',
  'createTrajectoryAccuracyScorerCode',
  'createTrajectoryScorerCode',
]);

const SUBPATHS = ['scorers/prebuilt', 'scorers/utils', 'checks'];

const kinds = (module) => Object.fromEntries(Object.keys(module).filter((k) => k !== 'default' && k !== 'module.exports').map((k) => [k, typeof module[k]]));

function compare(theirs, ours, where) {
  for (const [name, kind] of Object.entries(theirs)) {
    assert.ok(name in ours, `${where}: ${name} is missing`);
    assert.equal(ours[name], kind, `${where}: typeof ${name}`);
  }
}

for (const subpath of SUBPATHS) {
  test(`evals-wasm/${subpath} exports every name of @mastra/evals/${subpath} with the same typeof (ESM and CommonJS)`, async () => {
    const theirs = kinds(await import(`@mastra/evals/${subpath}`));
    assert.ok(Object.keys(theirs).length >= 12, 'the original was read');
    compare(theirs, kinds(await import(`evals-wasm/${subpath}`)), `evals-wasm/${subpath} (ESM)`);
    compare(theirs, kinds(require(`evals-wasm/${subpath}`)), `evals-wasm/${subpath} (require)`);
  });
}

test('evals-wasm/scorers/prebuilt is evals-wasm/scorers, and its checks are those of evals-wasm/checks', async () => {
  const prebuilt = await import('evals-wasm/scorers/prebuilt');
  const scorers = await import('evals-wasm/scorers');
  const checks = await import('evals-wasm/checks');
  assert.equal(prebuilt, scorers);
  for (const name of Object.keys(checks)) assert.equal(prebuilt[name], checks[name], name);
  assert.deepEqual(Object.keys(checks.checks), ['includes', 'excludes', 'equals', 'matches', 'similarity', 'calledTool', 'didNotCall', 'toolOrder', 'maxToolCalls', 'usedNoTools', 'noToolErrors']);
});

test('evals-wasm/vitest exports every name of @mastra/evals/vitest with the same typeof, inside a vitest run', () => {
  // The original's vitest entry loads only inside a vitest worker: a vitest run prints both.
  const output = execFileSync('node_modules/.bin/vitest', ['run', '--root', 'vitest-surface', '--reporter', 'dot'], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  assert.match(output, /1 passed/);
});

/** One factory call per code scorer and check, with the arguments they need. */
const BUILDS = {
  createCompletenessScorer: [],
  createContentSimilarityScorer: [],
  createKeywordCoverageScorer: [],
  createTextualDifferenceScorer: [],
  createToneScorer: [],
  createToolCallAccuracyScorerCode: [{ expectedTool: 'weather' }],
  createTrajectoryAccuracyScorerCode: [{ expectedTrajectory: [{ name: 'a' }] }],
  createTrajectoryScorerCode: [],
  includes: ['x'],
  excludes: ['x'],
  equals: ['x'],
  matches: [/x/],
  similarity: ['x', { threshold: 0.5 }],
  calledTool: ['t', { times: 2 }],
  didNotCall: ['t'],
  toolOrder: [['a', 'b']],
  maxToolCalls: [3],
  usedNoTools: [],
  noToolErrors: [],
};

test("every code scorer and check has the original's id, name, type and step names", async () => {
  const theirs = await import('@mastra/evals/scorers/prebuilt');
  const ours = await import('evals-wasm/scorers/prebuilt');
  for (const [name, args] of Object.entries(BUILDS)) {
    const [a, b] = [ours[name](...args), theirs[name](...args)];
    assert.deepEqual(
      { id: a.id, name: a.name, type: a.type, steps: a.steps.map((s) => s.name) },
      { id: b.id, name: b.name, type: b.type, steps: b.steps.map((s) => s.name) },
      name,
    );
  }
  assert.throws(() => ours.createToolCallAccuracyScorerCode({}), { message: 'Either expectedTool or expectedToolOrder must be provided' });
  // Descriptions are ours, and name what the scorer was built for.
  assert.equal(ours.calledTool('search', { times: 2 }).description, 'Passes when the agent called "search" 2 times or more');
  assert.equal(ours.toolOrder(['a', 'b']).description, 'Passes when the agent called a → b in this order');
  assert.equal(ours.createTrajectoryAccuracyScorerCode({ expectedTrajectory: [{ name: 'a' }, { name: 'b' }] }).description, 'How closely the trajectory follows a → b (relaxed ordering)');
});

test('evals-wasm/scorers/utils adds 0.x’s createUIMessage to the 1.x helpers', async () => {
  const utils = await import('evals-wasm/scorers/utils');
  const message = utils.createUIMessage({ content: 'hi', role: 'user' });
  assert.deepEqual(message, { id: 'test-message', role: 'user', content: 'hi', parts: [{ type: 'text', text: 'hi' }], toolInvocations: [] });
});

test('0.14’s entry points: root helpers, /judge, /scorers/code and /scorers/llm', async () => {
  const root = await import('evals-wasm');
  for (const name of ['evaluate', 'attachListeners', 'globalSetup']) assert.equal(typeof root[name], 'function', name);
  const { MastraAgentJudge } = await import('evals-wasm/judge');
  const judge = new MastraAgentJudge('Tone', 'Judge the tone.', 'openai/gpt-4o-mini');
  assert.equal(judge.agent.name, 'Mastra Eval Judge Tone');
  const code = await import('evals-wasm/scorers/code');
  // 0.14 had the code scorers of 1.x but the trajectory ones.
  assert.deepEqual(Object.keys(code).sort(), [...CODE_FACTORIES].filter((name) => !name.startsWith('createTrajectory')).sort());
  assert.equal(code.createToneScorer().id, 'tone-scorer');
  const llm = await import('evals-wasm/scorers/llm');
  assert.equal(typeof llm.createHallucinationScorer, 'function');
  const before = process.env._MASTRA_GLOBAL_RUN_ID_;
  delete process.env._MASTRA_GLOBAL_RUN_ID_;
  try {
    await root.globalSetup();
    assert.match(process.env._MASTRA_GLOBAL_RUN_ID_, /^[0-9a-f-]{36}$/);
    await assert.rejects(root.globalSetup(), /already set/);
  } finally {
    if (before === undefined) delete process.env._MASTRA_GLOBAL_RUN_ID_;
    else process.env._MASTRA_GLOBAL_RUN_ID_ = before;
  }
});

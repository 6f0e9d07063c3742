// createPromptAlignmentScorerLLM and createSummarizationScorer side by side with @mastra/evals
// 1.10.2: one verdict-table model (spec v3) drives both on each case of tests/cases; same score,
// our calls <= theirs. Then the run shapes and misbehaving models.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPromptAlignmentScorerLLM, createSummarizationScorer, EvalsError } from 'evals-wasm/scorers';
import { ScorerRunError } from '@mastra/core/evals';
import { verdictTableModelV3 } from './verdict-table-model.mjs';
import { FAILS, ORIGINALS, runOriginal } from './original-catalogue.mjs';

const OURS = {
  createPromptAlignmentScorerLLM: (model, c) => createPromptAlignmentScorerLLM({ model, options: c.evaluationMode ? { evaluationMode: c.evaluationMode } : undefined }),
  createSummarizationScorer: (model) => createSummarizationScorer({ model }),
};

const figures = {};
const strings = (c) => ({ input: c.input, output: c.output });

for (const [name, build] of Object.entries(OURS)) {
  test(`${name}: the same score as 1.10.2 on every case, with no more model calls`, async () => {
    figures[name] = [];
    const entry = ORIGINALS[name];
    for (const c of entry.cases) {
      const theirs = await runOriginal(name, c);
      const model = verdictTableModelV3(c);
      const run = entry.run ? entry.run(c) : strings(c);
      if (entry.expected(c) === FAILS) {
        assert.ok(theirs.error, `${c.name}: the original fails`);
        await assert.rejects(build(model, c).run(run), (e) => e instanceof ScorerRunError && e.cause?.message === theirs.error.cause?.message, `${c.name}: the same failure`);
        assert.equal(model.judge.calls.length, 0);
        figures[name].push(`${c.name}: 0/0 (fails)`);
        continue;
      }
      assert.equal(theirs.error, undefined, `${c.name}: ${theirs.error?.stack}`);
      const ours = await build(model, c).run(run);
      assert.equal(ours.score, theirs.score, `${name} / ${c.name}: score`);
      assert.ok(model.judge.calls.length <= theirs.calls, `${name} / ${c.name}: ${model.judge.calls.length} calls, theirs ${theirs.calls}`);
      assert.deepEqual(Object.keys(ours.analyzeStepResult), Object.keys(theirs.result.analyzeStepResult), `${c.name}: analyze keys`);
      if (theirs.result.preprocessStepResult) assert.deepEqual(Object.keys(ours.preprocessStepResult), Object.keys(theirs.result.preprocessStepResult));
      else assert.equal(ours.preprocessStepResult, undefined);
      assert.equal(typeof ours.reason, 'string');
      figures[name].push(`${c.name}: ${model.judge.calls.length}/${theirs.calls}`);
    }
  });
}

test('createPromptAlignmentScorerLLM: ids, options, mode checks before any call', async () => {
  const c = ORIGINALS.createPromptAlignmentScorerLLM.cases[0];
  const model = verdictTableModelV3(c);
  const scorer = createPromptAlignmentScorerLLM({ model, options: { evaluationMode: 'system' } });
  assert.equal(scorer.id, 'prompt-alignment-scorer');
  assert.equal(scorer.name, 'Prompt Alignment (LLM)');
  const { createPromptAlignmentScorerLLM: original } = await import('@mastra/evals/scorers/prebuilt');
  assert.equal(scorer.type, original({ model }).type, 'the type as the original (unset)');
  assert.equal(createSummarizationScorer({ model }).type, 'agent');
  await assert.rejects(scorer.run({ input: 'Hello', output: 'Hi there' }), (e) => e.cause?.message === 'System prompt is required for system prompt alignment scoring');
  assert.equal(model.judge.calls.length, 0);
  assert.throws(() => createPromptAlignmentScorerLLM({ model, options: { evaluationMode: 'neither' } }), /evaluationMode/);
  // History: remembered turns reach the prompt when asked for.
  const withHistory = createPromptAlignmentScorerLLM({ model, options: { evaluationMode: 'user', includeConversationHistory: { maxMessages: 1 } } });
  const run = ORIGINALS.createPromptAlignmentScorerLLM.run(c);
  run.input.rememberedMessages = [{ role: 'user', content: 'An older turn.' }, { role: 'assistant', content: 'The latest remembered turn.' }];
  const r = await withHistory.run(run);
  assert.equal(r.score, 1);
  const sent = model.judge.calls.map((x) => x.user).join('\n');
  assert.ok(sent.includes('assistant: The latest remembered turn.') && !sent.includes('An older turn.'));
});

test('createSummarizationScorer: maxQuestions, source option, ids', async () => {
  const model = verdictTableModelV3(ORIGINALS.createSummarizationScorer.cases[0]);
  assert.throws(() => createSummarizationScorer({ model, options: { maxQuestions: 0 } }), /maxQuestions must be at least 1 for Summarization scoring/);
  const c = ORIGINALS.createSummarizationScorer.cases.find((x) => x.name === 'long list');
  const capped = verdictTableModelV3(c);
  const r = await createSummarizationScorer({ model: capped, options: { maxQuestions: 3, source: c.input } }).run({ input: 'ignored', output: c.output });
  assert.ok(r.analyzeStepResult.coverage.length <= 3);
  const theirs = await (await import('@mastra/evals/scorers/prebuilt')).createSummarizationScorer({ model: verdictTableModelV3(c), options: { maxQuestions: 3, source: c.input } }).run({ input: 'ignored', output: c.output });
  assert.equal(r.score, theirs.score);
  // sourceExtractor: used for agent-shaped runs.
  const agentRun = { input: { inputMessages: [{ role: 'user', content: 'Summarise it.' }], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} }, output: [{ id: 'a1', role: 'assistant', content: c.output, createdAt: new Date() }] };
  const seen = [];
  const extracted = await createSummarizationScorer({ model: verdictTableModelV3(c), options: { sourceExtractor: (input, output) => { seen.push([input, output]); return c.input; } } }).run(agentRun);
  assert.ok(seen.length > 0);
  assert.equal(extracted.score, (await runOriginal('createSummarizationScorer', c)).score);
});

for (const [name, make, c] of [
  ['createPromptAlignmentScorerLLM', (model) => createPromptAlignmentScorerLLM({ model, options: { timeoutMs: 200 } }), ORIGINALS.createPromptAlignmentScorerLLM.cases[0]],
  ['createSummarizationScorer', (model) => createSummarizationScorer({ model, options: { timeoutMs: 200 } }), ORIGINALS.createSummarizationScorer.cases[0]],
]) {
  test(`${name}: garbage, a failing model, time-out; the scorer keeps working`, async () => {
    let mode = 'garbage';
    const good = verdictTableModelV3(c);
    const failure = new Error('the provider is down');
    const model = {
      ...good,
      async doGenerate(options) {
        if (mode === 'garbage') return { content: [{ type: 'text', text: 'No comment.' }], finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 }, warnings: [] };
        if (mode === 'failing') throw failure;
        if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 1000));
        return good.doGenerate(options);
      },
    };
    const scorer = make(model);
    const run = ORIGINALS[name].run ? ORIGINALS[name].run(c) : strings(c);
    await assert.rejects(scorer.run(run), (e) => e instanceof ScorerRunError && e.cause instanceof EvalsError && e.cause.code === 'EVALS_UNREADABLE_ANSWER');
    mode = 'failing';
    await assert.rejects(scorer.run(run), (e) => e.cause === failure);
    mode = 'slow';
    await assert.rejects(scorer.run(run), (e) => /time/i.test(`${e.cause?.code} ${e.cause?.message}`));
    mode = 'good';
    assert.equal(typeof (await scorer.run(run)).score, 'number');
  });
}

test('calls per case, ours/theirs (1.10.2)', () => {
  for (const [name, rows] of Object.entries(figures)) console.log(`# ${name}: ${rows.join('; ')}`);
  assert.ok(Object.keys(figures).length > 0);
});

test('createSummarizationScorer coverage "claims": alignment as 1.x, coverage by the source\'s claims, three calls', async () => {
  const { FACTS, joined } = await import('../cases/lib.mjs');
  const sourceClaims = ['A claim about the river.', 'A claim about the lake.', 'A claim about the ferry.', 'A claim about the festival.'];
  const table = {
    input: joined(FACTS),
    output: joined([FACTS[0], FACTS[1]]),
    extract: { sourceClaims },
    verdicts: { [FACTS[0]]: 'yes', [FACTS[1]]: 'yes', [sourceClaims[0]]: 'yes', [sourceClaims[1]]: 'yes', [sourceClaims[2]]: 'no', [sourceClaims[3]]: 'yes' },
  };
  const model = verdictTableModelV3(table);
  const scorer = createSummarizationScorer({ model, options: { coverage: 'claims' } });
  const r = await scorer.run({ input: table.input, output: table.output });
  assert.equal(r.score, 0.75);
  assert.equal(model.judge.calls.length, 3);
  assert.deepEqual(r.preprocessStepResult.claims, sourceClaims);
  assert.deepEqual(r.analyzeStepResult.coverage.map((c) => c.kept), [true, true, false, true]);
  assert.match(r.reason, /^The score is 0.75 because/);
  assert.throws(() => createSummarizationScorer({ model, options: { coverage: 'topics' } }), /coverage/);
});

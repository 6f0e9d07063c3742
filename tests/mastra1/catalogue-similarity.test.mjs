// Answer similarity and noise sensitivity (1.10.2 scorers) side by side with the originals (see
// docs/parity-harness.md): the same verdict-table judge answers both on every case of the shared
// tables; the scores must be equal and our calls no more than theirs. Then the step results,
// the options, the run shapes and misbehaving models.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ours from 'evals-wasm/scorers';
import * as prebuilt from 'evals-wasm/scorers/prebuilt';
import * as early from 'evals-wasm/scorers/llm';
import * as P from '@mastra/evals/scorers/prebuilt';
import { FAILS, ORIGINALS, runOriginal } from './original-catalogue.mjs';
import { verdictTableModelV3 } from './verdict-table-model.mjs';

const SIMILARITY = 'createAnswerSimilarityScorer';
const NOISE = 'createNoiseSensitivityScorerLLM';
const optionsOf = { [SIMILARITY]: () => undefined, [NOISE]: (c) => ({ baselineResponse: c.baselineResponse, noisyQuery: c.noisyQuery }) };
const runOf = (c) => ({ input: c.input, output: c.output, ...(c.groundTruth === undefined ? {} : { groundTruth: c.groundTruth }) });

async function runOurs(name, c, options = optionsOf[name](c)) {
  const model = verdictTableModelV3(c);
  try {
    const scorer = ours[name]({ model, options });
    const result = await scorer.run(runOf(c));
    return { score: result.score, calls: model.judge.calls.length, result, chars: model.judge.calls.reduce((n, x) => n + (x.user?.length ?? 0), 0) };
  } catch (error) {
    return { error, calls: model.judge.calls.length };
  }
}

for (const name of [SIMILARITY, NOISE]) {
  test(`${name}: the same score as 1.10.2 on every case, with fewer calls`, async () => {
    const rows = [];
    for (const c of ORIGINALS[name].cases) {
      const theirs = await runOriginal(name, c);
      const mine = await runOurs(name, c);
      if (ORIGINALS[name].expected(c) === FAILS) {
        assert.ok(theirs.error && mine.error, `${c.name}: both fail (${mine.error?.message})`);
        assert.equal(mine.calls, 0, c.name);
        assert.equal(theirs.calls, 0, c.name);
        rows.push({ ours: 0, theirs: 0 });
        continue;
      }
      assert.equal(theirs.error, undefined, `${c.name}: ${theirs.error?.stack}`);
      assert.equal(mine.error, undefined, `${c.name}: ${mine.error?.stack}`);
      assert.equal(theirs.score, ORIGINALS[name].expected(c), `${c.name}: the original scores the table`);
      assert.equal(mine.score, theirs.score, `${c.name}: score`);
      assert.ok(mine.calls < theirs.calls, `${c.name}: ${mine.calls} calls, the original ${theirs.calls}`);
      assert.match(mine.result.reason, new RegExp(`^The score is ${mine.score} because `));
      rows.push({ ours: mine.calls, theirs: theirs.calls });
    }
    console.log(`# ${name}: ${rows.length} cases, all equal; calls ours ${JSON.stringify(rows.map((r) => r.ours))} theirs ${JSON.stringify(rows.map((r) => r.theirs))}`);
  });
}

test('the step results have the originals\' keys and shapes', async () => {
  for (const name of [SIMILARITY, NOISE]) {
    for (const c of ORIGINALS[name].cases.filter((x) => ORIGINALS[name].expected(x) !== FAILS)) {
      const theirs = (await runOriginal(name, c)).result;
      const mine = (await runOurs(name, c)).result;
      for (const key of ['preprocessStepResult', 'analyzeStepResult']) {
        assert.deepEqual(Object.keys(mine[key] ?? {}).sort(), Object.keys(theirs[key] ?? {}).sort(), `${name} ${c.name}: ${key}`);
      }
      if (name === SIMILARITY) {
        assert.deepEqual(mine.preprocessStepResult, theirs.preprocessStepResult, c.name);
        const shape = (a) => ({ matches: a.matches.map((m) => [m.groundTruthUnit, m.outputUnit, m.matchType]), extraInOutput: a.extraInOutput, contradictions: a.contradictions.map((x) => [x.outputUnit, x.groundTruthUnit]) });
        assert.deepEqual(shape(mine.analyzeStepResult), shape(theirs.analyzeStepResult), c.name);
      } else {
        const shape = (a) => ({ levels: a.dimensions.map((d) => [d.dimension, d.impactLevel]), majorIssues: a.majorIssues, robustnessScore: a.robustnessScore });
        assert.deepEqual(shape(mine.analyzeStepResult), shape(theirs.analyzeStepResult), c.name);
      }
    }
  }
});

test('answer similarity: options as 1.10.2 (merged over the defaults), ground truth required or 0', async () => {
  assert.deepEqual(ours.ANSWER_SIMILARITY_DEFAULT_OPTIONS, P.ANSWER_SIMILARITY_DEFAULT_OPTIONS);
  assert.equal(typeof ours.ANSWER_SIMILARITY_INSTRUCTIONS, 'string');
  assert.notEqual(ours.ANSWER_SIMILARITY_INSTRUCTIONS, P.ANSWER_SIMILARITY_INSTRUCTIONS);
  const c = ORIGINALS[SIMILARITY].cases.find((x) => x.name === 'mixed with extras');
  for (const options of [{ scale: 10 }, { exactMatchBonus: 0, semanticThreshold: 1, missingPenalty: 0.5 }, { extraInfoPenalty: 1, contradictionPenalty: 0 }]) {
    const theirs = await P.createAnswerSimilarityScorer({ model: verdictTableModelV3(c), options }).run(runOf(c));
    const mine = (await runOurs(SIMILARITY, c, options)).score;
    assert.equal(mine, theirs.score, JSON.stringify(options));
  }
  // No ground truth: both reject when it is required (no call), both score 0 when it is not.
  const bare = { input: c.input, output: c.output };
  const model = verdictTableModelV3(c);
  await assert.rejects(ours[SIMILARITY]({ model }).run(bare), (e) => /Scorer Run Failed/.test(e.message) && e.cause?.code === 'EVALS_INVALID_RUN' && /groundTruth/.test(e.cause.message));
  assert.equal(model.judge.calls.length, 0);
  const optional = await ours[SIMILARITY]({ model, options: { requireGroundTruth: false } }).run(bare);
  assert.equal(optional.score, 0);
  assert.equal(model.judge.calls.length, 0);
  assert.match(optional.reason, /no ground truth/);
  const theirs = await P.createAnswerSimilarityScorer({ model: verdictTableModelV3(c), options: { requireGroundTruth: false } }).run(bare);
  assert.equal(theirs.score, 0);
  // A ground truth that is not a string is compared as JSON, as 1.10.2 does.
  const json = await ours[SIMILARITY]({ model: verdictTableModelV3(c) }).run({ ...bare, groundTruth: { answer: c.groundTruth } });
  assert.equal(typeof json.score, 'number');
  assert.throws(() => ours[SIMILARITY]({ model, options: { semanticTreshold: 0.5 } }), /semanticTreshold.*semanticThreshold/);
  assert.throws(() => ours[SIMILARITY]({ model, options: { missingPenalty: -1 } }), /missingPenalty/);
});

test('noise sensitivity: scoring options as 1.10.2, required options, the run\'s query and answer', async () => {
  const c = ORIGINALS[NOISE].cases.find((x) => x.name === 'score far above the levels');
  const scoring = { impactWeights: { severe: 0.5, significant: 0.6 }, penalties: { majorIssuePerItem: 0.2, maxMajorIssuePenalty: 0.5 }, discrepancyThreshold: 0.05 };
  for (const options of [{ scoring }, { scoring: { discrepancyThreshold: 1 } }, { noiseType: 'distractors', scoring: { penalties: {} } }]) {
    const full = { ...optionsOf[NOISE](c), ...options };
    const theirs = await P.createNoiseSensitivityScorerLLM({ model: verdictTableModelV3(c), options: full }).run(runOf(c));
    assert.equal((await runOurs(NOISE, c, full)).score, theirs.score, JSON.stringify(options));
  }
  const i = ORIGINALS[NOISE].cases.find((x) => x.name === 'major issues');
  const withIssues = { ...optionsOf[NOISE](i), scoring: { penalties: { majorIssuePerItem: 0.05 } } };
  const theirs = await P.createNoiseSensitivityScorerLLM({ model: verdictTableModelV3(i), options: withIssues }).run(runOf(i));
  assert.equal((await runOurs(NOISE, i, withIssues)).score, theirs.score);
  const model = verdictTableModelV3(c);
  assert.throws(() => ours[NOISE]({ model, options: { baselineResponse: 'x' } }), /noisyQuery/);
  assert.throws(() => ours[NOISE]({ model }), /baselineResponse/);
  assert.throws(() => ours[NOISE]({ model, options: { ...optionsOf[NOISE](c), scoring: { impactWeight: {} } } }), /impactWeight/);
  assert.throws(() => ours[NOISE]({ model, options: { ...optionsOf[NOISE](c), scoring: { impactWeights: { severe: -1 } } } }), /severe/);
  // The noise type reaches the judge; the original query and the answer come from agent runs too.
  const typed = ours[NOISE]({ model, options: { ...optionsOf[NOISE](c), noiseType: 'misinformation' } });
  const agentRun = {
    input: { inputMessages: [{ id: 'u', role: 'user', content: c.input, createdAt: new Date() }], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
    output: [{ id: 'a', role: 'assistant', content: { format: 2, parts: [{ type: 'text', text: c.output }] }, createdAt: new Date() }],
  };
  assert.equal((await typed.run(agentRun)).score, ORIGINALS[NOISE].expected(c));
  assert.match(model.judge.calls.at(-1).user, /misinformation/);
  assert.match(model.judge.calls.at(-1).user, /Also, herons are grey/);
  await assert.rejects(typed.run({ input: '', output: c.output }), (e) => e.cause?.code === 'EVALS_INVALID_RUN');
});

test('the factories are the same on /scorers, /scorers/prebuilt and /scorers/llm', () => {
  for (const name of [SIMILARITY, NOISE, 'ANSWER_SIMILARITY_DEFAULT_OPTIONS', 'ANSWER_SIMILARITY_INSTRUCTIONS']) {
    assert.equal(prebuilt[name], ours[name], name);
    assert.ok(early[name], name);
  }
  const model = verdictTableModelV3({});
  const s = ours[SIMILARITY]({ model });
  assert.deepEqual([s.id, s.name, s.type], ['answer-similarity-scorer', 'Answer Similarity Scorer', 'agent']);
  const n = ours[NOISE]({ model, options: { baselineResponse: 'a', noisyQuery: 'b' } });
  assert.deepEqual([n.id, n.name, n.type], ['noise-sensitivity-scorer', 'Noise Sensitivity (LLM)', 'agent']);
});

test('samples: the judging step runs that many times, the units once; a steady judge keeps its score', async () => {
  for (const [name, calls] of [[SIMILARITY, 1 + 3], [NOISE, 3]]) {
    const c = ORIGINALS[name].cases.find((x) => x.name === 'long list');
    const model = verdictTableModelV3(c);
    const result = await ours[name]({ model, options: { ...optionsOf[name](c), samples: 3 } }).run(runOf(c));
    assert.equal(result.score, ORIGINALS[name].expected(c), name);
    assert.equal(model.judge.calls.length, calls, name);
  }
});

const MISBEHAVING = {
  [SIMILARITY]: { options: {}, run: { input: 'q', output: 'The Vexo river is 40 km long.', groundTruth: 'It is 40 km long.' } },
  [NOISE]: { options: { baselineResponse: '40 km.', noisyQuery: 'How long? Herons are grey.' }, run: { input: 'How long is the river?', output: '40 km.' } },
};

for (const name of [SIMILARITY, NOISE]) {
  test(`${name}: misbehaving models`, async () => {
    const { options, run } = MISBEHAVING[name];
    let calls = 0;
    const garbage = ours[name]({ model: async () => { calls += 1; return 'no idea'; }, options });
    await assert.rejects(garbage.run(run), (e) => /Scorer Run Failed/.test(e.message) && e.cause instanceof ours.EvalsError && e.cause.code === 'EVALS_UNREADABLE_ANSWER');
    assert.equal(calls, 2, 'asked once more, then failed');
    const own = new Error('rate limited');
    const failing = ours[name]({ model: async () => { throw own; }, options });
    await assert.rejects(failing.run(run), (e) => e.cause === own);
    const slow = ours[name]({ model: (_p, { signal }) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))), options: { ...options, timeoutMs: 50 } });
    await assert.rejects(slow.run(run), (e) => e.cause instanceof ours.EvalsError && e.cause.code === 'EVALS_TIMEOUT');
    // A model cancelled on its side (an AbortError from the provider): that error comes back unchanged.
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    const cancelled = { ...verdictTableModelV3({}), doGenerate: async () => { throw aborted; } };
    await assert.rejects(ours[name]({ model: cancelled, options }).run(run), (e) => /Scorer Run Failed/.test(e.message) && e.cause === aborted);
    // The same instance keeps working once the model behaves.
    let behave = false;
    const mixed = ours[name]({
      model: async (_p, { schema }) => {
        if (!behave) throw own;
        const keys = Object.keys((typeof schema === 'string' ? JSON.parse(schema) : schema).properties);
        if (keys.includes('outputUnits')) return JSON.stringify({ outputUnits: ['40 km long'], groundTruthUnits: ['40 km long'] });
        if (keys.includes('matches')) return JSON.stringify({ matches: [{ groundTruthUnit: '40 km long', outputUnit: '40 km long', matchType: 'exact', explanation: 'same' }], extraInOutput: [], contradictions: [] });
        return JSON.stringify({ dimensions: [{ dimension: 'relevance', impactLevel: 'none', specificChanges: '', noiseInfluence: '' }], overallAssessment: 'Robust.', majorIssues: [], robustnessScore: 1 });
      },
      options,
    });
    await assert.rejects(mixed.run(run), (e) => e.cause === own);
    behave = true;
    assert.equal((await mixed.run(run)).score, 1);
  });
}

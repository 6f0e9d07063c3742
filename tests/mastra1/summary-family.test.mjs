// The 1.x scorers of the summary family beside createCoverageScorer: factual consistency, factual
// alignment, topic preservation. A verdict-table model (spec v3) answers from the table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createFactualAlignmentScorer, createFactualConsistencyScorer, createTopicPreservationScorer, EvalsError } from 'evals-wasm/scorers';
import { ScorerRunError } from '@mastra/core/evals';
import { verdictTableModelV3 } from './verdict-table-model.mjs';
import { FACTS, joined } from '../cases/lib.mjs';

const SOURCE = joined(FACTS.slice(0, 6));
const SUMMARY_CLAIMS = [FACTS[0], FACTS[1], 'Odsley has three bakeries.'];
const TOPICS = ['the Vexo river', 'Lake Pirran', 'Odsley bakeries', 'Mount Carrow'];
const TABLE = {
  input: SOURCE,
  output: joined(SUMMARY_CLAIMS),
  extract: { claims: FACTS.slice(0, 6), summaryClaims: SUMMARY_CLAIMS, topics: TOPICS },
  verdicts: {
    [FACTS[0]]: 'yes', [FACTS[1]]: 'yes', [FACTS[2]]: 'no', [FACTS[3]]: 'no', [FACTS[4]]: 'no', [FACTS[5]]: 'no',
    'Odsley has three bakeries.': 'no',
    'the Vexo river': 'yes', 'Lake Pirran': 'yes', 'Odsley bakeries': 'yes', 'Mount Carrow': 'no',
  },
};
const run = { input: SOURCE, output: TABLE.output };
const round2 = (x) => Math.round((x + Number.EPSILON) * 100) / 100;

for (const [factory, id, score, calls] of [
  [createFactualConsistencyScorer, 'factual-consistency-scorer', 0.67, 2],
  [createFactualAlignmentScorer, 'factual-alignment-scorer', round2((2 * (2 / 6) * (2 / 3)) / (2 / 6 + 2 / 3)), 4],
  [createTopicPreservationScorer, 'topic-preservation-scorer', 0.75, 2],
]) {
  test(`${factory.name || id}: score, steps and calls`, async () => {
    const model = verdictTableModelV3(TABLE);
    const scorer = factory({ model, options: { customInstruction: 'Be strict.' } });
    assert.equal(scorer.id, id);
    const r = await scorer.run(run);
    assert.equal(r.score, score);
    assert.equal(model.judge.calls.length, calls);
    assert.equal(typeof r.reason, 'string');
    assert.ok(r.reason.startsWith(`The score is ${r.score}`), r.reason);
    assert.ok(r.preprocessStepResult && r.analyzeStepResult);
    assert.throws(() => factory({ model, options: { custom_instruction: 'x' } }), /custom_instruction/);
  });

  test(`${id}: garbage, a failing model; the scorer keeps working`, async () => {
    let mode = 'garbage';
    const good = verdictTableModelV3(TABLE);
    const failure = new Error('the provider is down');
    const model = {
      ...good,
      async doGenerate(options) {
        if (mode === 'garbage') return { content: [{ type: 'text', text: 'Sure thing.' }], finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 }, warnings: [] };
        if (mode === 'failing') throw failure;
        return good.doGenerate(options);
      },
    };
    const scorer = factory({ model });
    await assert.rejects(scorer.run(run), (e) => e instanceof ScorerRunError && e.cause instanceof EvalsError && e.cause.code === 'EVALS_UNREADABLE_ANSWER');
    mode = 'failing';
    await assert.rejects(scorer.run(run), (e) => e.cause === failure);
    mode = 'good';
    assert.equal((await scorer.run(run)).score, score);
  });
}

// The siblings of CoverageMetric from assert_llm_tools' summary family: FactualConsistencyMetric,
// FactualAlignmentMetric, TopicPreservationMetric, and evaluateSummary with their Python names.
// A verdict-table model answers every request from the table (docs/parity-harness.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CoverageMetric, FactualAlignmentMetric, FactualConsistencyMetric, TopicPreservationMetric, evaluateSummary, EvalsError } from 'evals-wasm/llm';
import * as root from 'evals-wasm';
import { verdictTableModelV2 } from './lib/verdict-table-model.mjs';
import { FACTS, joined } from '../cases/lib.mjs';

const SOURCE = joined(FACTS.slice(0, 6));
const SUMMARY_CLAIMS = [FACTS[0], FACTS[1], 'Odsley has three bakeries.'];
const TOPICS = ['the Vexo river', 'Lake Pirran', 'Odsley bakeries', 'Mount Carrow'];
const TABLE = {
  input: SOURCE,
  output: joined(SUMMARY_CLAIMS),
  extract: { claims: FACTS.slice(0, 6), summaryClaims: SUMMARY_CLAIMS, topics: TOPICS },
  verdicts: {
    // source claims kept by the summary: 2 of 6
    [FACTS[0]]: 'yes', [FACTS[1]]: 'yes', [FACTS[2]]: 'no', [FACTS[3]]: 'no', [FACTS[4]]: 'no', [FACTS[5]]: 'no',
    // summary claims the source supports: 2 of 3 (the first two are the facts above: 'yes')
    'Odsley has three bakeries.': 'no',
    // topics kept: 3 of 4
    'the Vexo river': 'yes', 'Lake Pirran': 'yes', 'Odsley bakeries': 'yes', 'Mount Carrow': 'no',
  },
};

const round2 = (x) => Math.round((x + Number.EPSILON) * 100) / 100;
const f1 = (c, p) => (2 * c * p) / (c + p);

test('FactualConsistencyMetric: supported summary claims over judged ones, counts with Python meaning', async () => {
  const model = verdictTableModelV2(TABLE);
  const r = await new FactualConsistencyMetric(model, { verbose: true }).measure(SOURCE, TABLE.output);
  assert.equal(r.score, 0.67);
  assert.deepEqual([r.info.summaryClaimsCount, r.info.supportedClaimsCount, r.info.unsupportedClaimsCount], [3, 2, 1]);
  assert.deepEqual(r.info.claimsAnalysis.map((c) => c.isSupported), [true, true, false]);
  assert.equal(model.judge.calls.length, 2);
  assert.equal(root.FactualConsistencyMetric, FactualConsistencyMetric);
  const none = await new FactualConsistencyMetric(verdictTableModelV2({ ...TABLE, extract: { summaryClaims: [] } }), { scale: 5 }).measure(SOURCE, 'Wow!');
  assert.equal(none.score, 5, 'no claim: none unsupported');
});

test('FactualAlignmentMetric: the F1 of coverage and consistency, in four calls', async () => {
  const model = verdictTableModelV2(TABLE);
  const r = await new FactualAlignmentMetric(model).measure(SOURCE, TABLE.output);
  assert.equal(r.score, round2(f1(2 / 6, 2 / 3)));
  assert.deepEqual([r.info.coverage, r.info.factualConsistency], [0.33, 0.67]);
  assert.deepEqual([r.info.referenceClaimsCount, r.info.claimsInSummaryCount, r.info.summaryClaimsCount, r.info.supportedClaimsCount], [6, 2, 3, 2]);
  assert.equal(model.judge.calls.length, 4);
  const coverage = await new CoverageMetric(verdictTableModelV2(TABLE)).measure(SOURCE, TABLE.output);
  assert.equal(coverage.score, r.info.coverage, 'the coverage half is CoverageMetric\'s score');
});

test('TopicPreservationMetric: kept topics over judged ones; none found scores 0', async () => {
  const model = verdictTableModelV2(TABLE);
  const r = await new TopicPreservationMetric(model, { verbose: true }).measure(SOURCE, TABLE.output);
  assert.equal(r.score, 0.75);
  assert.deepEqual([r.info.referenceTopicsCount, r.info.preservedTopicsCount, r.info.missingTopicsCount], [4, 3, 1]);
  assert.deepEqual(r.info.missingTopics, ['Mount Carrow']);
  const none = await new TopicPreservationMetric(verdictTableModelV2({ ...TABLE, extract: { topics: [] } })).measure(SOURCE, TABLE.output);
  assert.equal(none.score, 0);
});

test('evaluateSummary: Python names and keys; coverage, consistency and alignment together cost the calls of one run', async () => {
  const model = verdictTableModelV2(TABLE);
  const r = await evaluateSummary(SOURCE, TABLE.output, { model, metrics: ['coverage', 'factual_consistency', 'factual_alignment', 'topic_preservation'] });
  assert.deepEqual(Object.keys(r), [
    'coverage', 'reference_claims_count', 'claims_in_summary_count',
    'factual_consistency', 'summary_claims_count', 'supported_claims_count', 'unsupported_claims_count',
    'factual_alignment', 'topic_preservation', 'reference_topics_count', 'preserved_topics_count', 'missing_topics_count',
  ]);
  assert.deepEqual([r.coverage, r.factual_consistency, r.factual_alignment, r.topic_preservation], [0.33, 0.67, round2(f1(2 / 6, 2 / 3)), 0.75]);
  assert.equal(model.judge.calls.length, 6, '4 for the claim family, 2 for the topics');
  const pair = verdictTableModelV2(TABLE);
  const two = await evaluateSummary(SOURCE, TABLE.output, { model: pair, metrics: ['coverage', 'factual_consistency'], verbose: true });
  assert.equal(pair.judge.calls.length, 4);
  assert.deepEqual(two.claims_analysis.map((c) => c.is_supported), [true, true, false], 'the later metric\'s analysis, as Python\'s dict.update');
  const topics = await evaluateSummary(SOURCE, TABLE.output, { model: verdictTableModelV2(TABLE), metrics: ['topic_preservation'], verbose: true });
  assert.deepEqual(topics.topics_analysis.map((t) => t.is_preserved), [true, true, true, false]);
  await assert.rejects(evaluateSummary(SOURCE, TABLE.output, { model, metrics: ['redundancy'] }), (e) => e instanceof EvalsError && e.code === 'EVALS_INVALID_OPTION');
});

test('the custom instruction reaches every request, per metric when given by name', async () => {
  const table = verdictTableModelV2(TABLE);
  const prompts = [];
  const model = { ...table, doGenerate: (options) => { prompts.push(JSON.stringify(options.prompt)); return table.doGenerate(options); } };
  await evaluateSummary(SOURCE, TABLE.output, { model, metrics: ['factual_consistency', 'topic_preservation'], customInstruction: { factual_consistency: 'Dates must match exactly.', topic_preservation: 'Count place names as topics.' } });
  const systems = prompts;
  assert.equal(systems.filter((s) => s.includes('Dates must match exactly.')).length, 2);
  assert.equal(systems.filter((s) => s.includes('Count place names as topics.')).length, 2);
  for (const Class of [FactualConsistencyMetric, FactualAlignmentMetric, TopicPreservationMetric]) {
    assert.throws(() => new Class(model, { custom_instruction: 'x' }), /custom_instruction/);
  }
});

for (const Class of [FactualConsistencyMetric, FactualAlignmentMetric, TopicPreservationMetric]) {
  test(`${Class.name}: garbage, a failing model, time-out; the instance keeps working`, async () => {
    let mode = 'garbage';
    const good = verdictTableModelV2(TABLE);
    const failure = new Error('the provider is down');
    const model = {
      ...good,
      async doGenerate(options) {
        if (mode === 'garbage') return { content: [{ type: 'text', text: 'Sure! Here you go.' }], finishReason: 'stop', usage: {}, warnings: [] };
        if (mode === 'failing') throw failure;
        if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 1000));
        return good.doGenerate(options);
      },
    };
    const metric = new Class(model, { timeoutMs: 300 });
    await assert.rejects(metric.measure(SOURCE, TABLE.output), (e) => e instanceof EvalsError && e.code === 'EVALS_UNREADABLE_ANSWER');
    mode = 'failing';
    await assert.rejects(metric.measure(SOURCE, TABLE.output), (e) => e === failure || e.cause === failure);
    mode = 'slow';
    await assert.rejects(metric.measure(SOURCE, TABLE.output), (e) => /time/i.test(`${e.code} ${e.message}`));
    const controller = new AbortController();
    const pending = new Class(model).measure(SOURCE, TABLE.output, { signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, (e) => /abort/i.test(`${e.name} ${e.code} ${e.message}`));
    mode = 'good';
    assert.equal(typeof (await metric.measure(SOURCE, TABLE.output)).score, 'number');
  });
}

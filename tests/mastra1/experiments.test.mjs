// Mastra 1.x datasets and experiments, for real: Mastra's own storage (LibSQLStore of
// @mastra/libsql on a database file in a temp dir), a dataset made with Mastra's datasets API,
// `dataset.startExperiment` on agents (scripted models) scored by evals-wasm scorers (a scripted
// judge), the stored scores read back with `readExperiment` and checked against the same scorers
// run directly, Mastra's `compareExperiments` on two experiments, and a run written back as an
// experiment with `writeExperiment` (Mastra's submitExperimentResult).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Agent } from '@mastra/core/agent';
import { compareExperiments } from '@mastra/core/datasets';
import { Mastra } from '@mastra/core/mastra';
import { LibSQLStore } from '@mastra/libsql';
import { createRequire } from 'node:module';
import { createCompletenessScorer, createHallucinationScorer, createToneScorer, experimentLines, readExperiment, writeExperiment } from 'evals-wasm/scorers';

import { scriptedLanguageModel } from './scripted-ai-model.mjs';

const FACTS = 'The Vexo is a river 40 km long. It rises in the northern hills and flows into Lake Arno. It is too shallow for boats.';

// The dataset: two items with ids of their own (externalId), one without.
const ITEMS = [
  { externalId: 'len', input: 'How long is the Vexo river?', groundTruth: 'It is 40 km long.' },
  { externalId: 'source', input: 'Where does the Vexo rise?', groundTruth: 'In the northern hills.' },
  { input: 'Can boats sail on the Vexo?', groundTruth: 'No, it is too shallow.' },
];

// Two agents: a careful one, and a careless one that gets the length wrong and answers tersely.
const REPLIES = {
  careful: { long: 'The Vexo is 40 km long.', rise: 'The Vexo rises in the northern hills.', boats: 'No, boats cannot sail on the Vexo: it is too shallow.' },
  careless: { long: 'The Vexo is 60 km long, a great river.', rise: 'In the hills.', boats: 'No, boats cannot sail on the Vexo: it is too shallow.' },
};
function replyOf(kind, prompt) {
  const replies = REPLIES[kind];
  if (/how long/i.test(prompt)) return replies.long;
  if (/rise/i.test(prompt)) return replies.rise;
  if (/boats/i.test(prompt)) return replies.boats;
  throw new Error(`no scripted reply for: ${prompt.slice(-80)}`);
}

// The judge of the hallucination scorer: the claims are the output's sentences; a claim is
// contradicted when it says 60 km. Counts its calls.
const judgeCalls = { count: 0 };
const judge = scriptedLanguageModel((text) => {
  judgeCalls.count += 1;
  if (text.includes('<claims>')) {
    const block = text.split('<claims>\n')[1].split('</claims>')[0];
    const verdicts = [...block.matchAll(/^C(\d+): (.*)$/gm)].map(([, id, claim]) => ({ id: `C${id}`, verdict: claim.includes('60 km') ? 'contradicted' : 'supported', reason: 'scripted' }));
    return JSON.stringify({ verdicts });
  }
  if (text.includes('<verdicts>')) return JSON.stringify({ because: 'the scripted verdicts.' });
  if (text.includes('<output>')) {
    const output = text.split('<output>\n')[1].split('\n</output>')[0];
    return JSON.stringify({ claims: output.split(/(?<=[.:])\s+/).filter((claim) => claim.trim() !== '') });
  }
  throw new Error(`the scripted judge has no answer for: ${text.slice(0, 120)}`);
});

const scorers = () => [createCompletenessScorer(), createToneScorer(), createHallucinationScorer({ model: judge, options: { context: [FACTS] } })];
const SCORER_IDS = ['completeness-scorer', 'tone-scorer', 'hallucination-scorer'];

// The run Mastra's agent scorers get: the agent shape (user messages in, assistant messages out).
const agentRun = (input, output, groundTruth) => ({
  input: { inputMessages: [{ id: 'u1', role: 'user', content: input }], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
  output: [{ id: 'a1', role: 'assistant', content: { format: 2, parts: [{ type: 'text', text: output }] }, createdAt: new Date(0) }],
  groundTruth,
});

let dir;
let file;
let mastra;
let dataset;
let careful;
let careless;

function newMastra() {
  const storage = new LibSQLStore({ id: 'experiments-test', url: `file:${file}` });
  const agents = {};
  for (const kind of ['careful', 'careless']) {
    agents[kind] = new Agent({ id: `${kind}-agent`, name: kind, instructions: 'Answer questions about the Vexo river.', model: scriptedLanguageModel((prompt) => replyOf(kind, prompt), { modelId: `scripted-${kind}` }) });
  }
  return new Mastra({ storage, agents, logger: false });
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'evals-wasm-experiments-'));
  file = join(dir, 'mastra.db');
  mastra = newMastra();
  dataset = await mastra.datasets.create({ name: 'vexo', description: 'questions about the Vexo river' });
  await dataset.addItems({ items: ITEMS });
  careful = await dataset.startExperiment({ name: 'careful', targetType: 'agent', targetId: 'careful-agent', scorers: scorers(), maxConcurrency: 2 });
  careless = await dataset.startExperiment({ name: 'careless', targetType: 'agent', targetId: 'careless-agent', scorers: scorers(), maxConcurrency: 2 });
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('startExperiment runs an agent over a dataset in a real database, scored by evals-wasm scorers', async () => {
  assert.ok(statSync(file).size > 0, 'the database file is written');
  for (const summary of [careful, careless]) {
    assert.equal(summary.status, 'completed');
    assert.equal(summary.succeededCount, ITEMS.length);
    for (const item of summary.results) {
      assert.deepEqual(item.scores.map((score) => score.scorerId).sort(), [...SCORER_IDS].sort());
      for (const score of item.scores) assert.equal(score.error, null, `${score.scorerId}: ${score.error}`);
    }
  }
  assert.ok(judgeCalls.count >= 2 * ITEMS.length * 2, `the judge was called (${judgeCalls.count} calls)`);
});

test('readExperiment: the stored scores, read back through Mastra, equal the same scorers run directly', async () => {
  for (const summary of [careful, careless]) {
    const run = await readExperiment(mastra, summary.experimentId);
    assert.equal(run.record.tool, 'evals-wasm');
    assert.equal(run.record.format, 2);
    assert.deepEqual(Object.keys(run.record.metrics), [...SCORER_IDS].sort());
    assert.equal(run.record.metrics['hallucination-scorer'].direction, 'lower');
    assert.equal(run.record.metrics['completeness-scorer'].direction, 'higher');
    assert.equal(run.record.dataset.lines, ITEMS.length);
    assert.equal(run.record.lineHashes.length, ITEMS.length);
    assert.match(run.record.dataset.hash, /^[0-9a-f]{64}$/);
    assert.equal(run.record.mastra.experimentId, summary.experimentId);
    assert.equal(run.results.length, ITEMS.length * SCORER_IDS.length);

    // Each line's identity: its externalId when it has one, else Mastra's item id.
    const stored = new Map(summary.results.map((item) => [item.itemId, item]));
    const items = (await dataset.listItems({ page: 0, perPage: 100 })).items;
    const byKey = new Map(items.map((item) => [item.externalId ?? item.id, item]));
    assert.deepEqual(new Set(run.results.map((result) => result.key)), new Set(byKey.keys()));
    assert.ok(byKey.has('len') && byKey.has('source'));

    const fresh = Object.fromEntries(scorers().map((scorer) => [scorer.id, scorer]));
    for (const result of run.results) {
      const item = byKey.get(result.key);
      const output = stored.get(item.id).output.text;
      assert.equal(result.output, output);
      assert.equal(result.id, item.externalId ?? item.id);
      const direct = await fresh[result.metric].run(agentRun(item.input, output, item.groundTruth));
      assert.equal(result.score, direct.score, `${result.metric} on ${result.key}`);
      assert.equal(result.info.reason ?? null, direct.reason ?? null);
      // And the same as the experiment's own summary.
      assert.equal(result.score, stored.get(item.id).scores.find((score) => score.scorerId === result.metric).score);
    }
  }
  // The careless agent's 60 km is a contradicted claim: hallucination on that item, none on the careful one.
  const [a, b] = [await readExperiment(mastra, careful.experimentId), await readExperiment(mastra, careless.experimentId)];
  const scoreOf = (run, key, metric) => run.results.find((result) => result.key === key && result.metric === metric).score;
  assert.equal(scoreOf(a, 'len', 'hallucination-scorer'), 0);
  assert.ok(scoreOf(b, 'len', 'hallucination-scorer') > 0);
});

test('readExperiment reads the database file again from a new Mastra instance, and names scorers as asked', async () => {
  const again = newMastra();
  const first = await readExperiment(mastra, careful.experimentId);
  const second = await readExperiment(again, careful.experimentId);
  assert.deepEqual(second, first);
  const renamed = await readExperiment(again, careful.experimentId, { metrics: { 'hallucination-scorer': 'hallucination', 'completeness-scorer': 'completeness' } });
  assert.deepEqual(Object.keys(renamed.record.metrics), ['hallucination', 'completeness']);
  assert.equal(renamed.record.metrics.hallucination.direction, 'lower');
  assert.deepEqual(renamed.results.slice(0, 2).map((result) => result.metric), ['hallucination', 'completeness']);
  assert.equal(renamed.results.length, ITEMS.length * 2);
  // The CommonJS entry reads the same.
  const { readExperiment: readExperimentCjs } = createRequire(import.meta.url)('evals-wasm/scorers');
  assert.deepEqual(await readExperimentCjs(again, careful.experimentId), first);
});

test("Mastra's compareExperiments on the two experiments: the deltas of the scores readExperiment reads", async () => {
  const comparison = await compareExperiments(mastra, {
    experimentIdA: careful.experimentId,
    experimentIdB: careless.experimentId,
    thresholds: { 'hallucination-scorer': { value: 0, direction: 'lower-is-better' } },
  });
  assert.equal(comparison.versionMismatch, false);
  assert.deepEqual(Object.keys(comparison.scorers).sort(), [...SCORER_IDS].sort());
  const [a, b] = [await readExperiment(mastra, careful.experimentId), await readExperiment(mastra, careless.experimentId)];
  const mean = (run, metric) => {
    const scores = run.results.filter((result) => result.metric === metric).map((result) => result.score);
    return scores.reduce((sum, score) => sum + score, 0) / scores.length;
  };
  for (const metric of SCORER_IDS) {
    assert.ok(Math.abs(comparison.scorers[metric].delta - (mean(b, metric) - mean(a, metric))) < 1e-12, metric);
  }
  assert.ok(comparison.scorers['hallucination-scorer'].delta > 0);
  assert.equal(comparison.scorers['hallucination-scorer'].regressed, true);
  assert.equal(comparison.hasRegression, true);
  // Per item, Mastra's scores are the ones read.
  const itemIds = new Map((await dataset.listItems({ page: 0, perPage: 100 })).items.map((item) => [item.id, item.externalId ?? item.id]));
  for (const item of comparison.items) {
    for (const metric of SCORER_IDS) {
      assert.equal(item.scoresA[metric], a.results.find((result) => result.key === itemIds.get(item.itemId) && result.metric === metric).score);
      assert.equal(item.scoresB[metric], b.results.find((result) => result.key === itemIds.get(item.itemId) && result.metric === metric).score);
    }
  }
  // The manager's form: per item, both experiments' outputs and scores.
  const side = await mastra.datasets.compareExperiments({ experimentIds: [careful.experimentId, careless.experimentId] });
  assert.equal(side.baselineId, careful.experimentId);
  assert.equal(side.items.length, ITEMS.length);
});

test('experimentLines: an experiment\'s outputs scored outside Mastra (as the command line does), written back beside it, compare equal', async () => {
  const lines = await experimentLines(mastra, careless.experimentId);
  const items = (await dataset.listItems({ page: 0, perPage: 100 })).items;
  assert.equal(lines.length, ITEMS.length);
  assert.deepEqual(new Set(lines.map((line) => line.id)), new Set(items.map((item) => item.externalId ?? item.id)));
  for (const line of lines) {
    assert.equal(line.output, replyOf('careless', line.input));
    assert.equal(line.groundTruth, ITEMS.find((item) => item.input === line.input).groundTruth);
  }
  // The run a command-line run over these lines gives, here scored directly.
  const results = [];
  for (const [index, line] of lines.entries()) {
    for (const scorer of scorers()) {
      const scored = await scorer.run(agentRun(line.input, line.output, line.groundTruth));
      results.push({ line: index + 1, id: line.id, key: String(line.id), metric: scorer.id, score: scored.score, info: { reason: scored.reason ?? null }, output: line.output });
    }
  }
  const metrics = Object.fromEntries(SCORER_IDS.map((id) => [id, { options: {}, judge: null, declaration: id, samples: 1, direction: id === 'hallucination-scorer' ? 'lower' : 'higher' }]));
  const run = { record: { tool: 'evals-wasm', format: 2, version: '0.1.0', input: 'careless.jsonl', dataset: { hash: '0'.repeat(64), lines: lines.length }, settings: {}, samples: 1, metrics, lineHashes: [] }, results };
  const written = await writeExperiment(mastra, dataset.id, run, { name: 'careless, scored outside' });
  assert.equal(written.added, 0, 'every line is an item already');
  const comparison = await compareExperiments(mastra, { experimentIdA: careless.experimentId, experimentIdB: written.experimentId });
  // Every item's scores equal; the means differ at most by the order they were summed in.
  for (const item of comparison.items) assert.deepEqual(item.scoresB, item.scoresA);
  // (So with Mastra's default threshold 0, a delta of -1e-16 would count as a regression: hasRegression is not asserted.)
  for (const id of SCORER_IDS) assert.ok(Math.abs(comparison.scorers[id].delta) < 1e-12, id);
});

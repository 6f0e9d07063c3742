// A run of evals-wasm written into Mastra 1.x as an experiment (`writeExperiment`, through
// Mastra's createExperiment / submitExperimentResult / finalizeExperiment) and read back
// (`readExperiment`); the error lines an experiment gives; the errors of both functions. Mastra's
// own storage: LibSQLStore of @mastra/libsql on a database file in a temp dir.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Agent } from '@mastra/core/agent';
import { compareExperiments } from '@mastra/core/datasets';
import { Mastra } from '@mastra/core/mastra';
import { LibSQLStore } from '@mastra/libsql';
import { createCompletenessScorer, createHallucinationScorer, createToneScorer, EvalsError, experimentLines, readExperiment, writeExperiment } from 'evals-wasm/scorers';

import { scriptedLanguageModel } from './scripted-ai-model.mjs';

const FACTS = 'The Ostra is a canal 12 km long, dug in 1820. It links the port to the old mill.';

// A judge for the hallucination scorer: claims are sentences, "1920" is contradicted; it fails
// outright on an output that mentions a lock.
const judge = scriptedLanguageModel((text) => {
  if (text.includes('<claims>')) {
    const block = text.split('<claims>\n')[1].split('</claims>')[0];
    return JSON.stringify({ verdicts: [...block.matchAll(/^C(\d+): (.*)$/gm)].map(([, id, claim]) => ({ id: `C${id}`, verdict: claim.includes('1920') ? 'contradicted' : 'supported', reason: 'scripted' })) });
  }
  if (text.includes('<verdicts>')) return JSON.stringify({ because: 'the scripted verdicts.' });
  if (text.includes('<output>')) {
    const output = text.split('<output>\n')[1].split('\n</output>')[0];
    if (output.includes('lock')) throw new Error('the judge is down');
    return JSON.stringify({ claims: output.split(/(?<=\.)\s+/).filter((claim) => claim.trim() !== '') });
  }
  throw new Error(`the scripted judge has no answer for: ${text.slice(0, 120)}`);
});

const METRICS = {
  completeness: () => createCompletenessScorer(),
  tone: () => createToneScorer(),
  hallucination: () => createHallucinationScorer({ model: judge, options: { context: [FACTS] } }),
};
const SCORER_IDS = { completeness: 'completeness-scorer', tone: 'tone-scorer', hallucination: 'hallucination-scorer' };

// The dataset as a JSONL file holds it: two lines with ids, one without; outputs logged from an agent.
const LINES = [
  { id: 'q1', input: 'How long is the Ostra canal?', output: 'The Ostra canal is 12 km long.', groundTruth: '12 km' },
  { id: 'q2', input: 'When was the Ostra dug?', output: 'It was dug in 1920. It links the port to the mill.', metadata: { topic: 'history' } },
  { input: 'Does the Ostra have a lock?', output: 'Yes, one lock near the mill.' },
];
const TEXTS = LINES.map((line) => JSON.stringify(line));
const sha = (text) => createHash('sha256').update(text).digest('hex');
const keyOf = (line, index) => (line.id !== undefined ? String(line.id) : `h:${sha(TEXTS[index]).slice(0, 16)}`);

const agentRun = (input, output) => ({
  input: { inputMessages: [{ id: 'u1', role: 'user', content: input }], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
  output: [{ id: 'a1', role: 'assistant', content: { format: 2, parts: [{ type: 'text', text: output }] }, createdAt: new Date(0) }],
});

/** The run the command line would write for LINES (the run format), scored here with the scorers run directly. */
async function scoreLines() {
  const results = [];
  for (const [index, line] of LINES.entries()) {
    for (const [metric, make] of Object.entries(METRICS)) {
      const base = { line: index + 1, ...(line.id === undefined ? {} : { id: line.id }), key: keyOf(line, index), metric };
      try {
        const run = await make().run(agentRun(line.input, line.output));
        const info = { reason: run.reason ?? null, ...(run.preprocessStepResult ? { preprocessStepResult: run.preprocessStepResult } : {}) };
        results.push({ ...base, score: run.score, info, output: line.output, cost: { modelCalls: metric === 'hallucination' ? 3 : 0 } });
      } catch (error) {
        results.push({ ...base, error: { message: error.message, code: error.code ?? 'EVALS_MODEL_FAILED' } });
      }
    }
  }
  const lineHashes = TEXTS.map((text) => sha(text).slice(0, 16));
  const metric = (direction, judgeModel) => ({ options: {}, judge: judgeModel, declaration: sha(direction + JSON.stringify(judgeModel)), samples: 1, direction });
  const record = {
    tool: 'evals-wasm', format: 2, version: '0.1.0', input: 'answers.jsonl',
    dataset: { hash: sha(lineHashes.join('')), lines: LINES.length },
    settings: { scale: 1 }, samples: 1,
    metrics: { completeness: metric('higher', null), tone: metric('higher', null), hallucination: metric('lower', { url: 'http://127.0.0.1:9/v1', model: 'judge' }) },
    lineHashes,
  };
  return { record, results };
}

let dir;
let mastra;
let run;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'evals-wasm-experiments-write-'));
  const flaky = new Agent({
    id: 'flaky-agent', name: 'flaky', instructions: 'Answer about the Ostra.',
    model: scriptedLanguageModel((prompt) => {
      if (/lock/.test(prompt)) throw new Error('the agent model is down');
      return /dug/.test(prompt) ? 'It was dug in 1820, with a lock.' : 'The Ostra canal is 12 km long.';
    }, { modelId: 'scripted-flaky' }),
  });
  mastra = new Mastra({ storage: new LibSQLStore({ id: 'experiments-write-test', url: `file:${join(dir, 'mastra.db')}` }), agents: { flaky }, logger: false });
  run = await scoreLines();
});

after(() => rmSync(dir, { recursive: true, force: true }));

const byKeyAndMetric = (results) => new Map(results.map(({ line: _line, ...rest }) => [`${rest.key}\u0000${rest.metric}`, rest]));

test('writeExperiment adds the lines as items, writes the run as an experiment; readExperiment reads the same run back', async () => {
  assert.ok(run.results.some((result) => result.error), 'the run holds an error line (the judge fails on one line)');
  const dataset = await mastra.datasets.create({ name: 'ostra' });
  const written = await writeExperiment(mastra, dataset.id, run, { lines: LINES, name: 'from the command line', scorerIds: SCORER_IDS, metadata: { branch: 'main' } });
  assert.equal(written.added, LINES.length);
  assert.equal(written.scores, run.results.filter((result) => !result.error).length);
  assert.deepEqual(Object.keys(written.itemIds), LINES.map(keyOf));
  assert.equal(written.experiment.status, 'completed');
  assert.equal(written.experiment.targetType, null);
  assert.equal(written.experiment.succeededCount, 2);
  assert.equal(written.experiment.failedCount, 1);
  assert.equal(written.experiment.name, 'from the command line');
  assert.equal(written.experiment.metadata.branch, 'main');

  // The items carry the lines' keys (externalId) and their fields.
  const items = (await dataset.listItems({ page: 0, perPage: 100 })).items;
  const q2 = items.find((item) => item.externalId === 'q2');
  assert.equal(q2.input, LINES[1].input);
  assert.deepEqual(q2.metadata, { topic: 'history' });

  const back = await readExperiment(mastra, written.experimentId, { metrics: Object.fromEntries(Object.entries(SCORER_IDS).map(([metric, id]) => [id, metric])) });
  assert.deepEqual(back.record.metrics, run.record.metrics);
  assert.deepEqual(back.record.settings, run.record.settings);
  assert.equal(back.record.input, 'answers.jsonl');
  assert.equal(back.record.mastra.experimentId, written.experimentId);
  assert.deepEqual(byKeyAndMetric(back.results), byKeyAndMetric(run.results));

  // Without renaming, the scorer ids it was stored under; Mastra counts them as scores of the experiment.
  const plain = await readExperiment(mastra, written.experimentId);
  assert.deepEqual(Object.keys(plain.record.metrics), Object.values(SCORER_IDS));
});

test('a second write finds the items by their keys; compareExperiments of Mastra takes both experiments', async () => {
  const dataset = await mastra.datasets.create({ name: 'ostra-twice' });
  const first = await writeExperiment(mastra, dataset, run, { lines: LINES });
  // The candidate: the same run with the second line's hallucination lowered.
  const candidate = structuredClone(run);
  const changed = candidate.results.find((result) => result.key === 'q2' && result.metric === 'hallucination');
  const before = changed.score;
  changed.score = 0;
  const second = await writeExperiment(mastra, dataset.id, candidate);
  assert.equal(second.added, 0);
  assert.deepEqual(second.itemIds, first.itemIds);

  const comparison = await compareExperiments(mastra, {
    experimentIdA: first.experimentId,
    experimentIdB: second.experimentId,
    thresholds: { hallucination: { value: 0, direction: 'lower-is-better' } },
  });
  assert.deepEqual(Object.keys(comparison.scorers).sort(), ['completeness', 'hallucination', 'tone']);
  assert.equal(comparison.scorers.completeness.delta, 0);
  const scored = run.results.filter((result) => result.metric === 'hallucination' && !result.error).length;
  assert.ok(Math.abs(comparison.scorers.hallucination.delta - (0 - before) / scored) < 1e-12);
  assert.equal(comparison.scorers.hallucination.regressed, false);
  assert.equal(comparison.hasRegression, false);
});

test('experiment error lines: a failed item, a scorer that left no score', async () => {
  const dataset = await mastra.datasets.create({ name: 'ostra-native' });
  await dataset.addItems({ items: LINES.map((line, index) => ({ externalId: keyOf(line, index), input: line.input })) });
  const scorers = [METRICS.completeness(), METRICS.hallucination()];
  const summary = await dataset.startExperiment({ targetType: 'agent', targetId: 'flaky-agent', scorers, maxConcurrency: 1 });
  assert.equal(summary.failedCount, 1);
  const read = await readExperiment(mastra, summary.experimentId, { metrics: ['completeness-scorer', 'hallucination-scorer'] });
  const lines = byKeyAndMetric(read.results);
  const failed = lines.get(`${keyOf(LINES[2], 2)}\u0000completeness-scorer`);
  assert.equal(failed.error.code, 'EXPERIMENT_ITEM_FAILED');
  assert.match(failed.error.message, /the agent model is down/);
  // "with a lock": the judge fails, Mastra stores no score.
  assert.equal(lines.get('q2\u0000hallucination-scorer').error.code, 'EXPERIMENT_NO_SCORE');
  assert.equal(typeof lines.get('q2\u0000completeness-scorer').score, 'number');
  assert.equal(typeof lines.get('q1\u0000hallucination-scorer').score, 'number');
});

test('an experiment submitted by hand: repeated attempts are samples, an item without a result is skipped', async () => {
  const dataset = await mastra.datasets.create({ name: 'ostra-attempts' });
  const [one, two] = await dataset.addItems({ items: [{ externalId: 'a', input: 'first' }, { externalId: 'b', input: 'second' }] });
  const { experimentId } = await dataset.createExperiment({ name: 'by hand' });
  for (const [attempt, score] of [0.25, 0.75].entries()) {
    await dataset.submitExperimentResult({ experimentId, itemId: one.id, attempt, output: { text: 'an answer' }, scores: [{ scorerId: 'judge', score, reason: `try ${attempt}` }] });
  }
  const early = await readExperiment(mastra, experimentId);
  assert.match(early.results.find((result) => result.key === 'b').error.message, /is still (pending|running): this item has no result yet/);
  await dataset.finalizeExperiment({ experimentId });
  const read = await readExperiment(mastra, experimentId);
  // The record's version is the package's (pkg-template/mastra/version.js follows package.json).
  assert.equal(read.record.version, createRequire(import.meta.url)('evals-wasm/package.json').version);
  assert.deepEqual(Object.keys(read.record.metrics), ['judge']);
  assert.equal(read.record.samples, 2);
  assert.equal(read.record.metrics.judge.samples, 2);
  // (Items added together share their creation time: Mastra lists them by id, so look them up by key.)
  const a = read.results.find((result) => result.key === 'a');
  const b = read.results.find((result) => result.key === 'b');
  assert.equal(a.score, 0.5);
  assert.deepEqual(a.info.samples.scores, [0.25, 0.75]);
  assert.equal(a.info.reason, 'try 0');
  assert.equal(a.output, 'an answer');
  assert.equal(b.error.code, 'EXPERIMENT_ITEM_SKIPPED');
  assert.match(b.error.message, /has no result for this item/);
  assert.equal(two.externalId, 'b');
});

test('more items than one page of Mastra\'s lists: 250 lines written and read back whole', async () => {
  const dataset = await mastra.datasets.create({ name: 'ostra-many' });
  const lines = Array.from({ length: 250 }, (_, index) => ({ id: `n${String(index).padStart(3, '0')}`, input: `question ${index}`, output: `answer ${index}` }));
  const results = lines.map((line, index) => ({ line: index + 1, id: line.id, key: line.id, metric: 'length', score: (index % 10) / 10, info: { index }, output: line.output }));
  const record = { ...run.record, metrics: { length: { options: {}, judge: null, declaration: 'length', samples: 1, direction: 'higher' } }, dataset: { hash: '0'.repeat(64), lines: 250 }, lineHashes: [] };
  const written = await writeExperiment(mastra, dataset.id, { record, results }, { lines });
  assert.equal(written.added, 250);
  assert.equal(written.scores, 250);
  const back = await readExperiment(mastra, written.experimentId);
  assert.equal(back.results.length, 250);
  assert.equal(back.record.lineHashes.length, 250);
  assert.deepEqual(byKeyAndMetric(back.results), byKeyAndMetric(results));
  assert.equal((await experimentLines(mastra, written.experimentId)).length, 250);
});

test('errors: wrong arguments, an unknown experiment, lines that are not items, scores Mastra did not keep', async () => {
  await assert.rejects(readExperiment({}, 'x'), TypeError);
  await assert.rejects(readExperiment(mastra, ''), TypeError);
  await assert.rejects(readExperiment(mastra, 'no-such-experiment'), (error) => error instanceof EvalsError && error.code === 'EVALS_INVALID_OPTION' && /no experiment "no-such-experiment"/.test(error.message));
  await assert.rejects(readExperiment(mastra, 'x', { metrics: 'tone' }), TypeError);

  const dataset = await mastra.datasets.create({ name: 'ostra-errors' });
  await assert.rejects(writeExperiment(mastra, dataset.id, { record: { tool: 'other' }, results: [] }), (error) => error instanceof EvalsError && error.code === 'EVALS_INVALID_OPTION');
  await assert.rejects(writeExperiment(mastra, dataset.id, { record: run.record, results: [{ key: 'q1', metric: 'tone' }] }), (error) => error.code === 'EVALS_INVALID_OPTION' && /result 1/.test(error.message));
  await assert.rejects(writeExperiment(mastra, 42, run), TypeError);
  await assert.rejects(writeExperiment(mastra, dataset.id, run), (error) => error instanceof EvalsError && error.code === 'EVALS_INVALID_OPTION' && /3 line\(s\) of the run are not items/.test(error.message));
  assert.equal((await dataset.listExperiments()).experiments.length, 0, 'nothing was written');

  // A storage that refuses scores (Mastra only logs that): the write says so.
  const scoresStore = await mastra.getStorage().getStore('scores');
  const save = scoresStore.saveScore;
  scoresStore.saveScore = async () => {
    throw new Error('disk full');
  };
  try {
    await assert.rejects(writeExperiment(mastra, dataset.id, run, { lines: LINES }), (error) => error instanceof EvalsError && error.code === 'EVALS_STORAGE_FAILED' && /kept 0 of the/.test(error.message));
  } finally {
    scoresStore.saveScore = save;
  }
});

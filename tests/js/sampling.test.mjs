// Repeated sampling (`samples: k`) and the dry run (`evaluateMany(…, { dryRun: true })`,
// `evals-wasm --dry-run`): exact means, samples and spread with a model that answers differently
// each time; dry-run request counts equal to the calls of real runs, for every LLM class.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CoverageMetric, evaluateMany, HallucinationMetric, withCassette } from 'evals-wasm';
import * as llm from 'evals-wasm/llm';
import { stepOf, TESLA } from './scripted-model.mjs';

const work = mkdtempSync(join(tmpdir(), 'evals-wasm-sampling-'));
test.after(() => rmSync(work, { recursive: true, force: true }));
let files = 0;
const newFile = () => join(work, `cassette-${++files}.jsonl`);

const round2 = (x) => Math.round((x + Number.EPSILON) * 100) / 100;
const populationSd = (xs) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.round(Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length) * 10_000) / 10_000;
};
const idsOf = (user, prefix) => [...user.matchAll(new RegExp(`^(${prefix}\\d+):`, 'gm'))].map((m) => m[1]);

/**
 * A callback whose verdict answers change from one call to the next: the n-th verdict request
 * gets `rounds[n]` (one word per id). Records every call with its step and sample index.
 */
function changingModel({ extraction, rounds, prefix, reason = '{"because": "of the verdicts."}' }) {
  const calls = [];
  let round = 0;
  const model = async (prompt, options) => {
    const step = stepOf(options.user);
    calls.push({ step, sample: options.sample, user: options.user });
    if (step === 'reason') return reason;
    if (step === 'statements' || step === 'claims') return extraction;
    const words = rounds[round++];
    return JSON.stringify({ verdicts: idsOf(options.user, prefix).map((id, i) => ({ id, verdict: words[i], reason: `${words[i]} for ${id}` })) });
  };
  model.calls = calls;
  return model;
}

const STATEMENTS = JSON.stringify({ statements: ['Tesla was founded in 2003.', 'Tesla was founded by Eberhard and Tarpenning.', 'Tesla was founded in San Carlos.'] });

test('hallucination (statements), samples: 3: each sample, the mean, the spread and the agreement are exact; one extraction, three judgings, one reason', async () => {
  const rounds = [['yes', 'yes', 'no'], ['yes', 'no', 'no'], ['no', 'no', 'no']];
  const model = changingModel({ extraction: STATEMENTS, rounds, prefix: 'S' });
  const { score, info } = await new HallucinationMetric(model, { context: TESLA.context, samples: 3 }).measure(TESLA.input, TESLA.output);
  const each = rounds.map((words) => round2(words.filter((w) => w === 'yes').length / 3));
  assert.deepEqual(each, [0.67, 0.33, 0]);
  assert.equal(score, round2((0.67 + 0.33 + 0) / 3));
  assert.deepEqual(info.samples.scores, each);
  assert.equal(info.samples.count, 3);
  assert.equal(info.samples.mean, score);
  assert.equal(info.samples.standardDeviation, populationSd(each));
  assert.deepEqual(info.samples.verdicts.verdicts.map((v) => [v.verdict, v.agreement]), [['yes', '2/3'], ['no', '2/3'], ['no', '3/3']]);
  assert.deepEqual(info.samples.verdicts.verdicts[0].counts, { yes: 2, no: 1 });
  // The reported statements are the majority's.
  assert.deepEqual(info.statements.map((s) => s.contradicted), [true, false, false]);
  assert.deepEqual(model.calls.map((c) => [c.step, c.sample]), [['statements', undefined], ['verdicts', undefined], ['verdicts', 1], ['verdicts', 2], ['reason', undefined]]);
  assert.equal(info.modelCalls, 5);
  // The reason explains the mean, and says so to the model.
  assert.match(info.reason, /^The score is 0\.33 because /);
  assert.match(model.calls[4].user, /the mean of the scores of 3 samples \(0\.67, 0\.33, 0\)/);
});

test('hallucination (claims), samples: 3 without the model reason: exact mean and samples, the reason composed from the mean', async () => {
  const rounds = [['contradicted', 'supported', 'supported'], ['contradicted', 'unsupported', 'supported'], ['supported', 'supported', 'supported']];
  const claims = JSON.stringify({ claims: ['Tesla was founded in 2004.', 'Elon Musk founded Tesla.', 'Tesla is in California.'] });
  const model = changingModel({ extraction: claims, rounds, prefix: 'C' });
  const { score, info } = await new HallucinationMetric(model, { context: TESLA.context, strategy: 'claims', samples: 3, reason: false }).measure(TESLA.input, TESLA.output);
  const each = rounds.map((words) => round2(words.filter((w) => w !== 'supported').length / 3));
  assert.deepEqual(info.samples.scores, each);
  assert.equal(score, round2(each.reduce((a, b) => a + b, 0) / 3));
  assert.equal(info.samples.standardDeviation, populationSd(each));
  assert.deepEqual(info.samples.verdicts.verdicts.map((v) => `${v.verdict} ${v.agreement}`), ['contradicted 2/3', 'supported 2/3', 'supported 3/3']);
  assert.equal(info.modelCalls, 4);
  assert.match(info.reason, /^The score is 0\.33 because it is the mean of the scores of 3 samples \(0\.33, 0\.67, 0\)/);
});

test('coverage, samples: 3: exact mean and samples; a tie goes to the earliest sample', async () => {
  const rounds = [['yes', 'yes', 'yes', 'no'], ['yes', 'no', 'no', 'no'], ['yes', 'yes', 'no', 'yes']];
  const claims = JSON.stringify({ claims: ['One.', 'Two.', 'Three.', 'Four.'] });
  const model = changingModel({ extraction: claims, rounds, prefix: 'C' });
  const { score, info } = await new CoverageMetric(model, { verbose: true, samples: 3 }).measure('A source text with four facts.', 'A summary.');
  const each = rounds.map((words) => round2(words.filter((w) => w === 'yes').length / 4));
  assert.deepEqual(info.samples.scores, each);
  assert.equal(score, round2(each.reduce((a, b) => a + b, 0) / 3));
  assert.equal(info.samples.standardDeviation, populationSd(each));
  assert.deepEqual(info.samples.verdicts.verdicts.map((v) => `${v.verdict} ${v.agreement}`), ['yes 3/3', 'yes 2/3', 'no 2/3', 'no 2/3']);
  assert.deepEqual(info.claimsAnalysis.map((c) => c.isCovered), [true, true, false, false]);
  assert.equal(info.modelCalls, 4);
});

test('samples: a bad value is a TypeError; samples: 1 makes the same requests as no option', async () => {
  for (const bad of [0, 21, 1.5, '3']) {
    assert.throws(() => new HallucinationMetric(() => '', { context: ['x'], samples: bad }), TypeError);
  }
  const a = changingModel({ extraction: STATEMENTS, rounds: [['yes', 'no', 'no']], prefix: 'S' });
  const b = changingModel({ extraction: STATEMENTS, rounds: [['yes', 'no', 'no']], prefix: 'S' });
  const one = await new HallucinationMetric(a, { context: TESLA.context, samples: 1 }).measure(TESLA.input, TESLA.output);
  const none = await new HallucinationMetric(b, { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  assert.deepEqual(one, none);
  assert.equal(one.info.samples, undefined);
  assert.deepEqual(a.calls, b.calls);
});

test('with a cassette, k samples are k recorded answers; a cassette of one sample keeps its keys and answers the first', async () => {
  const rounds = [['yes', 'yes', 'no'], ['yes', 'no', 'no'], ['no', 'no', 'no']];
  const path = newFile();
  const live = changingModel({ extraction: STATEMENTS, rounds, prefix: 'S' });
  const recorded = await new HallucinationMetric(withCassette(live, { path }), { context: TESLA.context, samples: 3 }).measure(TESLA.input, TESLA.output);
  const lines = readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  assert.deepEqual(lines.map((l) => [l.step, l.request.sample]), [['statements', undefined], ['verdicts', undefined], ['verdicts', 1], ['verdicts', 2], ['reason', undefined]]);
  const dead = () => {
    throw new Error('called during a replay');
  };
  const replayed = await new HallucinationMetric(withCassette(dead, { path, mode: 'replay' }), { context: TESLA.context, samples: 3 }).measure(TESLA.input, TESLA.output);
  assert.deepEqual(replayed, recorded);

  // A cassette recorded with one sample: its verdict answer is the first sample's; the second misses.
  const single = newFile();
  await new HallucinationMetric(withCassette(changingModel({ extraction: STATEMENTS, rounds, prefix: 'S' }), { path: single }), { context: TESLA.context, reason: false }).measure(TESLA.input, TESLA.output);
  await assert.rejects(
    new HallucinationMetric(withCassette(dead, { path: single, mode: 'replay' }), { context: TESLA.context, samples: 2, reason: false }).measure(TESLA.input, TESLA.output),
    (error) => error.code === 'EVALS_CASSETTE_MISS' && error.step === 'verdicts',
  );
});

// ---------------------------------------------------------------------------------------------
// Dry run

/**
 * A model answering any request validly from its schema (3 items a list), its texts naming the
 * request (so that no two requests get the same answer), counting its calls.
 */
function schemaModel() {
  let asked = '';
  const hash = (text) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7).toString(36);
  const answer = (schema, i = 0) => {
    if (schema.enum) return schema.enum[schema.enum.length - 1];
    if (schema.type === 'object') return Object.fromEntries(Object.entries(schema.properties).map(([k, p]) => [k, answer(p, i)]));
    if (schema.type === 'array') {
      const ids = schema.items.properties?.id?.enum;
      if (ids) return ids.map((id, n) => ({ ...answer(schema.items, n), id }));
      return [0, 1, 2].slice(0, schema.maxItems ?? 3).map((n) => answer(schema.items, n));
    }
    if (schema.type === 'string') return `text number ${i + 1} of request ${hash(asked)}`;
    if (schema.type === 'number' || schema.type === 'integer') return schema.maximum ?? 1;
    return true;
  };
  const model = async (prompt, options) => {
    model.calls += 1;
    asked = options.user;
    return JSON.stringify(answer(options.schema));
  };
  model.calls = 0;
  return model;
}

const DRY_RUN = Symbol.for('evals-wasm.dryRun');
const CONTEXT = ['Tesla was founded in 2003 by Martin Eberhard and Marc Tarpenning.', 'Its first car was the Roadster.'];
const ITEMS = [
  { input: 'Who founded Tesla?', output: 'Martin Eberhard and Marc Tarpenning founded Tesla in 2003.' },
  { input: 'What was the first car?', output: 'The Roadster, in 2008.' },
  { input: 'Where is Tesla?', output: 'In Texas now.' },
];
/** Constructor options to try for a class, first that it takes wins. */
const OPTION_TRIES = [{ context: CONTEXT }, { instructions: ['Answer in one sentence.'] }, {}, undefined];

const canBuild = (Class) => {
  try {
    new Class(() => '', undefined);
    return true;
  } catch {
    return false;
  }
};

/** Every exported 0.x LLM class with its options (and a few option variants). */
function declaredClasses() {
  const found = [];
  for (const [name, Class] of Object.entries(llm)) {
    if (typeof Class !== 'function' || typeof Class.prototype?.[DRY_RUN] !== 'function') continue;
    const options = OPTION_TRIES.find((o) => {
      try {
        new Class(() => '', o);
        return true;
      } catch {
        return false;
      }
    });
    // A class that takes none of these needs its options here: add them to OPTION_TRIES.
    assert.ok(options !== undefined || OPTION_TRIES.includes(undefined) && canBuild(Class), `${name}: add its options to OPTION_TRIES`);
    found.push([name, Class, options]);
  }
  return found;
}

test('dry run: per item, the requests equal the calls of a real run, for every declared LLM class (and with samples, no reason, claims)', async () => {
  const classes = declaredClasses();
  assert.ok(classes.length >= 6, classes.map(([n]) => n).join(', '));
  const variants = [];
  for (const [name, Class, options] of classes) {
    variants.push([name, Class, options]);
    variants.push([`${name} samples 2`, Class, { ...options, samples: 2 }]);
  }
  variants.push(['HallucinationMetric claims', llm.HallucinationMetric, { context: CONTEXT, strategy: 'claims' }]);
  variants.push(['HallucinationMetric no reason', llm.HallucinationMetric, { context: CONTEXT, reason: false }]);
  for (const [name, Class, options] of variants) {
    const counting = schemaModel();
    // Sequential real run over one instance (extractions shared as in evaluateMany with concurrency 1).
    const metric = new Class(counting, options);
    const perItem = [];
    for (const item of ITEMS) {
      const before = counting.calls;
      const { info } = await metric.measure(item.input, item.output);
      perItem.push(counting.calls - before);
      assert.equal(info.modelCalls, counting.calls - before, `${name}: info.modelCalls`);
    }
    const never = () => {
      throw new Error('a dry run called the model');
    };
    const { results, summary } = await evaluateMany(new Class(never, options), ITEMS, { dryRun: true, concurrency: 1 });
    assert.deepEqual(results.map((r) => r.requests), perItem, name);
    assert.equal(summary.requests, perItem.reduce((a, b) => a + b, 0), name);
    assert.equal(summary.dryRun, true);
    for (const r of results) {
      assert.ok(r.requests === 0 || (r.promptTokens > 0 && r.answerTokens > 0 && r.maxAnswerTokens > 0), name);
      assert.equal(r.recorded, 0);
    }
  }
});

test('dry run with a cassette: a full cassette costs 0 requests; what it lacks is counted; a metric that already extracted is used as a real run would', async () => {
  for (const [name, Class, options] of declaredClasses()) {
    const path = newFile();
    const live = schemaModel();
    const recording = await evaluateMany(new Class(withCassette(live, { path }), options), ITEMS, { concurrency: 1 });
    const never = () => {
      throw new Error('a dry run called the model');
    };
    const full = await evaluateMany(new Class(withCassette(never, { path, mode: 'replay' }), options), ITEMS, { dryRun: true, concurrency: 1 });
    assert.equal(full.summary.requests, 0, name);
    // Every request of the recording run is answered from the cassette (identical requests of
    // two items are one model call but two requests).
    assert.equal(full.summary.recorded, recording.summary.modelCalls, name);
    assert.ok(live.calls > 0 && live.calls <= recording.summary.modelCalls);
    // One item more: only its own requests are counted.
    const more = [...ITEMS, { input: 'A new question?', output: 'A new answer.' }];
    const partial = await evaluateMany(new Class(withCassette(never, { path }), options), more, { dryRun: true, concurrency: 1 });
    assert.deepEqual(partial.results.slice(0, 3).map((r) => r.requests), [0, 0, 0], name);
    const fresh = schemaModel();
    const realMetric = new Class(withCassette(fresh, { path }), options);
    for (const item of more) await realMetric.measure(item.input, item.output);
    assert.equal(partial.results[3].requests, fresh.calls, name);
  }
  // The metric's own extraction cache: a context already extracted costs nothing in a dry run.
  const counting = schemaModel();
  const metric = new HallucinationMetric(counting, { context: CONTEXT, reason: false });
  await metric.measure(ITEMS[0].input, ITEMS[0].output);
  const calls = counting.calls;
  const { results } = await evaluateMany(metric, ITEMS.slice(1), { dryRun: true });
  assert.equal(counting.calls, calls, 'no call');
  await metric.measure(ITEMS[1].input, ITEMS[1].output);
  assert.equal(results[0].requests, counting.calls - calls);
});

test('dry run: listItems sets the assumed length of extractions; a metric that is not an LLM metric fails its items; a bad option is a TypeError', async () => {
  const never = () => {
    throw new Error('called');
  };
  const one = await evaluateMany(new HallucinationMetric(never, { context: CONTEXT, strategy: 'claims' }), ITEMS.slice(0, 1), { dryRun: { listItems: 1 } });
  const five = await evaluateMany(new HallucinationMetric(never, { context: CONTEXT, strategy: 'claims' }), ITEMS.slice(0, 1), { dryRun: { listItems: 5 } });
  assert.ok(five.summary.promptTokens > one.summary.promptTokens);
  assert.ok(five.summary.maxAnswerTokens > one.summary.maxAnswerTokens);
  const custom = await evaluateMany({ measure: async () => ({ score: 1, info: {} }) }, ITEMS.slice(0, 1), { dryRun: true });
  assert.equal(custom.results[0].error.code, 'EVALS_INVALID_OPTION');
  await assert.rejects(evaluateMany(new HallucinationMetric(never, { context: CONTEXT }), ITEMS, { dryRun: 'yes' }), TypeError);
  await assert.rejects(evaluateMany(new HallucinationMetric(never, { context: CONTEXT }), ITEMS, { dryRun: { listItems: -1 } }), TypeError);
});

test('CLI --dry-run prints the table per item and in total, calls no model, needs no key', () => {
  const cli = fileURLToPath(new URL('../../node_modules/evals-wasm/cli.js', import.meta.url));
  const data = join(work, 'items.jsonl');
  writeFileSync(data, `${ITEMS.map((item, i) => JSON.stringify({ id: `q${i + 1}`, ...item, context: CONTEXT })).join('\n')}\n`);
  const run = spawnSync(process.execPath, [cli, 'hallucination', data, '--dry-run', '--concurrency', '1'], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.trim().split('\n');
  assert.match(lines[0], /^item\s+requests\s+recorded\s+prompt tokens\s+answer tokens\s+answer bound$/);
  assert.match(lines[1], /^q1\s+3\s+0\s+\d+\s+\d+\s+\d+$/);
  assert.match(lines[2], /^q2\s+2\s+0\s/);
  assert.match(lines[4], /^total\s+7\s+0\s/);
  const bad = spawnSync(process.execPath, [cli, 'hallucination', data, '--dry-run', '--out', join(work, 'x.jsonl')], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  assert.equal(bad.status, 2);
});

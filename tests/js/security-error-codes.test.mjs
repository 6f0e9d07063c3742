// Every constructor error of every 0.x metric class (LLM and NLP), openaiCompatible,
// withCassette and evaluateSummary carries a stable `code`, so that a test can match it instead
// of the message's words (see docs/surface.md: the messages are our own and may change). The
// 1.x scorer factories are tested in tests/mastra1/security-error-codes.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as llm from 'evals-wasm/llm';
import * as nlp from 'evals-wasm/nlp';
import { REQUIRED_OPTIONS } from './lib/required-options.mjs';

const judge = () => '{}';

const CLASSES = Object.entries(llm).filter(([name]) => name.endsWith('Metric'));

/** Asserts that `f` throws (or rejects with) an error whose code is `code`; returns the error. */
async function codeOf(f, code, what) {
  let error;
  try {
    await f();
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof Error, `${what}: an Error`);
  assert.equal(error.code, code, `${what}: ${error.message}`);
  return error;
}

test('every 0.x LLM class: the model, a misspelt option, a bad value, a missing or wrong-typed required option, a null input', async () => {
  assert.equal(CLASSES.length, 15, CLASSES.map(([name]) => name).join(' '));
  for (const [name, Metric] of CLASSES) {
    const required = REQUIRED_OPTIONS[name] ?? [];
    const valid = Object.fromEntries(required.map((option) => [option, ['a piece']]));
    new Metric(judge, valid);
    await codeOf(() => new Metric(undefined, valid), 'EVALS_INVALID_MODEL', `${name} without a model`);
    await codeOf(() => new Metric('gpt-4o-mini', valid), 'EVALS_INVALID_MODEL', `${name} with a model id`);
    await codeOf(() => new Metric(judge, { ...valid, scael: 2 }), 'EVALS_UNKNOWN_OPTION', `${name} with a misspelt option`);
    await codeOf(() => new Metric(judge, { ...valid, scale: 0 }), 'EVALS_INVALID_OPTION', `${name} with scale 0`);
    await codeOf(() => new Metric(judge, { ...valid, timeoutMs: -1 }), 'EVALS_INVALID_OPTION', `${name} with timeoutMs -1`);
    await codeOf(() => new Metric(judge, { ...valid, samples: 99 }), 'EVALS_INVALID_OPTION', `${name} with 99 samples`);
    await codeOf(() => new Metric(judge, 'options'), 'EVALS_INVALID_OPTION', `${name} with options that are not an object`);
    for (const option of required) {
      await codeOf(() => new Metric(judge), 'EVALS_MISSING_OPTION', `${name} without options`);
      await codeOf(() => new Metric(judge, {}), option === 'context' ? 'EVALS_MISSING_CONTEXT' : 'EVALS_MISSING_OPTION', `${name} without ${option}`);
      await codeOf(() => new Metric(judge, { [option]: 'one string' }), 'EVALS_INVALID_OPTION', `${name} with ${option} a string`);
    }
    const metric = new Metric(judge, valid);
    await codeOf(() => metric.measure(null, 'output'), 'EVALS_INVALID_INPUT', `${name}.measure(null, …)`);
    await codeOf(() => metric.measure('input', 42), 'EVALS_INVALID_INPUT', `${name}.measure(…, 42)`);
  }
});

test('every 0.x NLP class: a misspelt option, options that are not an object', async () => {
  // TextualDifferenceMetric and ToneConsistencyMetric take no options (as the originals).
  const classes = Object.entries(nlp).filter(([name]) => name.endsWith('Metric') && !['TextualDifferenceMetric', 'ToneConsistencyMetric'].includes(name));
  assert.equal(classes.length, 3, classes.map(([name]) => name).join(' '));
  for (const [name, Metric] of classes) {
    new Metric();
    await codeOf(() => new Metric({ ignoreCas: true }), 'EVALS_UNKNOWN_OPTION', `${name} with a misspelt option`);
    await codeOf(() => new Metric('options'), 'EVALS_INVALID_OPTION', `${name} with options that are not an object`);
  }
});

test('openaiCompatible, withCassette, evaluateSummary', async () => {
  const base = { baseURL: 'http://127.0.0.1:9/v1', model: 'm' };
  await codeOf(() => llm.openaiCompatible({ ...base, apikey: 'k' }), 'EVALS_UNKNOWN_OPTION', 'a misspelt openaiCompatible option');
  await codeOf(() => llm.openaiCompatible({ ...base, baseURL: '/v1' }), 'EVALS_INVALID_OPTION', 'a relative baseURL');
  await codeOf(() => llm.openaiCompatible({ ...base, model: '' }), 'EVALS_INVALID_OPTION', 'an empty model');
  await codeOf(() => llm.openaiCompatible({ ...base, apiKey: 'a\nb' }), 'EVALS_INVALID_CREDENTIAL', 'a key with a line feed');
  await codeOf(() => llm.withCassette(judge, {}), 'EVALS_INVALID_OPTION', 'a cassette without path or store');
  await codeOf(() => llm.withCassette(judge, { path: 'x.jsonl', mode: 'replay-only' }), 'EVALS_INVALID_OPTION', 'a cassette mode');
  await codeOf(() => llm.withCassette(judge, { path: 'x.jsonl', mod: 'replay' }), 'EVALS_UNKNOWN_OPTION', 'a misspelt cassette option');
  await codeOf(() => llm.withCassette(42, { path: 'x.jsonl' }), 'EVALS_INVALID_MODEL', 'a cassette around a number');
  await codeOf(() => llm.evaluateSummary('source', 'summary', {}), 'EVALS_MISSING_OPTION', 'evaluateSummary without a model');
  await codeOf(() => llm.evaluateSummary('source', 'summary', { model: judge, metrics: [] }), 'EVALS_INVALID_OPTION', 'evaluateSummary with no metrics');
});

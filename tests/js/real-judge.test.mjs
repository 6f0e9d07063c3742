// serial: the real local judge answers every LLM metric (minutes; llama.cpp on half the cores, port 0, limits of 90 s a measure)
// Every LLM metric of evals-wasm/llm against a real judge: llama.cpp's OpenAI-compatible server
// serving SmolLM2-135M-Instruct on 127.0.0.1 (started and stopped here; scripts/judge.sh
// installs it once per machine), reached through openaiCompatible and through an AI SDK
// provider. Each measure must complete within its time, with a score in range, verdicts that
// read, its calls and tokens counted as the server counted them, and no answer cut off. What
// the model judges is not checked: at 135M parameters it is at chance.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createOpenAI } from '@ai-sdk/openai';
import * as llm from 'evals-wasm/llm';
import { assertAnswerEnded, startJudgeProxy, withLocalJudge } from './lib/local-judge.mjs';
import { CONTEXT, infoProblems, METRIC_CASES, metricClasses, QUESTION, SOURCE, SUMMARY } from './lib/judge-fixtures.mjs';

/** A measure's time limit: generous, as the CPU is shared with whatever else runs. */
const MEASURE_LIMIT_MS = 90_000;

const running = withLocalJudge();

/** The ways to reach the judge, each a model for the server at `baseURL` (the recording proxy by default). */
const PATHS = {
  openaiCompatible: (baseURL = running.proxy.baseURL) => llm.openaiCompatible({ baseURL, model: running.judge.model }),
  'an AI SDK provider': (baseURL = running.proxy.baseURL) => createOpenAI({ baseURL, apiKey: 'none' }).chat(running.judge.model),
};

/**
 * Runs `work` and checks the server's side of it: every request answered, none cut off (finish
 * reason `length`) or near the context size, all sent in `format`. Resolves to `{ value, calls, ms }`.
 */
async function measured(work, { format = 'json_schema' } = {}) {
  const first = running.proxy.calls.length;
  const started = Date.now();
  const value = await work();
  const ms = Date.now() - started;
  const calls = running.proxy.calls.slice(first);
  assert.ok(ms < MEASURE_LIMIT_MS, `took ${ms} ms`);
  assert.ok(calls.length > 0, 'no request reached the server');
  for (const call of calls) {
    assert.equal(call.status, 200, JSON.stringify(call));
    assertAnswerEnded(call);
    assert.ok(call.promptTokens + call.completionTokens < running.judge.context, `a request came near the context size: ${JSON.stringify(call)}`);
    assert.ok(call.maxTokens > 0 && call.maxTokens < running.judge.context, `a request without a bound: ${JSON.stringify(call)}`);
    assert.equal(call.format, format, JSON.stringify(call));
  }
  return { value, calls, ms };
}

/** The info's calls and tokens must be what the server saw. */
function assertCounted(info, calls) {
  assert.equal(info.modelCalls, calls.length);
  assert.equal(info.usage.inputTokens, calls.reduce((sum, c) => sum + c.promptTokens, 0));
  assert.equal(info.usage.outputTokens, calls.reduce((sum, c) => sum + c.completionTokens, 0));
}

const found = metricClasses(llm);

test('the LLM metrics are found among the exports, and each has its inputs here', () => {
  assert.ok(found.includes('HallucinationMetric') && found.includes('CoverageMetric'), `found: ${found.join(', ')}`);
  const missing = found.filter((name) => !METRIC_CASES[name]);
  assert.deepEqual(missing, [], `no fixture for ${missing.join(', ')}: add a line to METRIC_CASES in tests/js/lib/judge-fixtures.mjs`);
});

for (const [path, makeModel] of Object.entries(PATHS)) {
  describe(`every LLM metric through ${path}`, () => {
    for (const name of found) {
      for (const fixture of METRIC_CASES[name] ?? []) {
        test(`${name}${fixture.label ? ` (${fixture.label})` : ''}`, { timeout: MEASURE_LIMIT_MS + 30_000 }, async () => {
          const metric = new llm[name](makeModel(), { ...fixture.options, timeoutMs: MEASURE_LIMIT_MS });
          const { value: result, calls } = await measured(() => metric.measure(fixture.input, fixture.output));
          assert.ok(Number.isFinite(result.score) && result.score >= 0 && result.score <= 1, `score ${result.score}`);
          assert.deepEqual(infoProblems(result.info, fixture.verdicts), []);
          assertCounted(result.info, calls);
        });
      }
    }
  });
}

// Without a schema the model is held to nothing but the answer bound, and a 135M model often
// fails the measure then (a verdict left out, an answer run to the bound): what is checked here
// is the protocol, and that such a failure comes back within the time, typed and saying what
// happened. With json_schema the same measures complete (above).
const MODEL_ANSWER_ERRORS = ['EVALS_ANSWER_TRUNCATED', 'EVALS_MISSING_VERDICTS', 'EVALS_UNREADABLE_ANSWER'];

for (const [path, makeModel] of Object.entries(PATHS)) {
  test(`a server that refuses json_schema, through ${path}: one refused request, then json_object for the rest`, { timeout: 2 * MEASURE_LIMIT_MS + 30_000 }, async () => {
    const refusing = await startJudgeProxy(running.judge.baseURL, { refuseJsonSchema: true });
    const model = makeModel(refusing.baseURL);
    const measures = [
      () => llm.evaluateSummary(SOURCE, SUMMARY, { model, verbose: true }).then((r) => ({ score: r.coverage })),
      () => new llm.HallucinationMetric(model, { context: CONTEXT, timeoutMs: MEASURE_LIMIT_MS }).measure(QUESTION, SUMMARY),
    ];
    try {
      for (const measure of measures) {
        const first = refusing.calls.length;
        const started = Date.now();
        try {
          const { score } = await measure();
          assert.ok(Number.isFinite(score) && score >= 0 && score <= 1, `score ${score}`);
        } catch (error) {
          assert.ok(MODEL_ANSWER_ERRORS.includes(error.code), error.stack);
          const last = refusing.calls.at(-1);
          if (error.code === 'EVALS_ANSWER_TRUNCATED') assert.deepEqual([last.finishReason, error.limit], ['length', last.maxTokens], JSON.stringify(last));
          else assert.equal(last.finishReason, 'stop', `an answer cut off was reported as ${error.code}`);
        }
        assert.ok(Date.now() - started < MEASURE_LIMIT_MS);
        assert.ok(refusing.calls.length > first, 'the measure reached the server');
      }
      const [refused, ...rest] = refusing.calls;
      assert.deepEqual([refused.format, refused.status], ['json_schema', 400]);
      for (const call of rest) {
        assert.deepEqual([call.format, call.status], ['json_object', 200], JSON.stringify(call));
        assert.ok(call.maxTokens > 0 && call.maxTokens < running.judge.context, `the answer bound is kept in JSON mode: ${JSON.stringify(call)}`);
        assert.ok(call.promptTokens + call.completionTokens < running.judge.context, JSON.stringify(call));
      }
    } finally {
      await refusing.stop();
    }
  });
}

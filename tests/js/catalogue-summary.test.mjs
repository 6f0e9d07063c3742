// PromptAlignmentMetric and SummarizationMetric side by side with @mastra/evals 0.14.4: one
// verdict-table model drives both on each case of tests/cases (see docs/parity-harness.md);
// same score, our calls <= theirs. Then misbehaving models.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PromptAlignmentMetric, SummarizationMetric, EvalsError } from 'evals-wasm/llm';
import * as root from 'evals-wasm';
import { verdictTableModelV2 } from './lib/verdict-table-model.mjs';
import { ORIGINALS, runOriginal } from './lib/original-catalogue.mjs';
import { cases as summarizationCases } from '../cases/summarization.mjs';
import { FACTS, joined } from '../cases/lib.mjs';

const OURS = {
  PromptAlignmentMetric: (model, c) => new PromptAlignmentMetric(model, { instructions: c.instructions }),
  SummarizationMetric: (model) => new SummarizationMetric(model),
};

const figures = {};

for (const [name, build] of Object.entries(OURS)) {
  test(`${name}: the same score as 0.14.4 on every case, with no more model calls`, async () => {
    figures[name] = [];
    for (const c of ORIGINALS[name].cases) {
      const theirs = await runOriginal(name, c);
      assert.equal(theirs.error, undefined, `${c.name}: ${theirs.error?.stack}`);
      const model = verdictTableModelV2(c);
      const ours = await build(model, c).measure(c.input, c.output);
      assert.equal(ours.score, theirs.score, `${name} / ${c.name}: score`);
      assert.ok(model.judge.calls.length <= theirs.calls, `${name} / ${c.name}: ${model.judge.calls.length} calls, theirs ${theirs.calls}`);
      assert.equal(ours.info.modelCalls, model.judge.calls.length);
      assert.equal(typeof ours.info.reason, 'string');
      if (name === 'SummarizationMetric') {
        assert.deepEqual([ours.info.alignmentScore, ours.info.coverageScore], [theirs.result.info.alignmentScore, theirs.result.info.coverageScore], `${c.name}: axes`);
      } else {
        assert.deepEqual(ours.info.scoreDetails, theirs.result.info.scoreDetails, `${c.name}: scoreDetails`);
      }
      figures[name].push(`${c.name}: ${model.judge.calls.length}/${theirs.calls}`);
    }
  });
}

test('reason: false composes the reason by code, one call less', async () => {
  const c = ORIGINALS.PromptAlignmentMetric.cases.find((x) => x.name === 'mixed with n/a');
  const model = verdictTableModelV2(c);
  const r = await new PromptAlignmentMetric(model, { instructions: c.instructions, reason: false }).measure(c.input, c.output);
  assert.equal(r.score, 0.67);
  assert.equal(model.judge.calls.length, 1);
  assert.match(r.info.reason, /^The score is 0.67 because the response follows 2 of the 3 instructions/);
  assert.throws(() => new PromptAlignmentMetric(model, {}), /instructions/);
  assert.throws(() => new PromptAlignmentMetric(model, { instructions: 'Be brief.' }), /array of strings/);
});

test('the root entry exports both classes', () => {
  assert.equal(root.PromptAlignmentMetric, PromptAlignmentMetric);
  assert.equal(root.SummarizationMetric, SummarizationMetric);
});

test('SummarizationMetric coverage "claims": coverage from the source\'s claims, kept by the summary', async () => {
  const [f0, f1, , , , f5] = FACTS;
  const ferry = 'Visitors arrive by ferry or by train.';
  const table = {
    name: 'claims mode',
    input: `${joined(FACTS)} ${ferry}`,
    output: joined([f0, f1]),
    extract: { claims: [f0, f1], sourceClaims: [f0, f1, ferry, f5] },
    verdicts: { [f0]: 'yes', [f1]: 'no', [ferry]: 'no', [f5]: 'no' },
  };
  const model = verdictTableModelV2(table);
  const r = await new SummarizationMetric(model, { coverage: 'claims', reason: false }).measure(table.input, table.output);
  assert.equal(r.info.alignmentScore, 0.5);
  assert.equal(r.info.coverageScore, 0.25);
  assert.equal(r.score, 0.25);
  assert.equal(r.info.modelCalls, 4, 'no reason call with reason: false');
  assert.throws(() => new SummarizationMetric(model, { coverage: 'facts' }), /coverage/);
});

test('the questions of a source are asked once per source', async () => {
  const c = summarizationCases.find((x) => x.name === 'all yes');
  const model = verdictTableModelV2(c);
  const metric = new SummarizationMetric(model);
  await metric.measure(c.input, c.output);
  const first = model.judge.calls.length;
  await metric.measure(c.input, c.output);
  assert.equal(model.judge.calls.length - first, first - 1, 'the second measure reuses the questions');
});

// Misbehaving models: a callback answering by the schema it is sent.
const shapes = {
  garbage: () => 'I would rather not say.',
  failing: () => { throw new Error('the provider is down'); },
};

for (const [name, make] of Object.entries({
  PromptAlignmentMetric: (model) => new PromptAlignmentMetric(model, { instructions: ORIGINALS.PromptAlignmentMetric.cases[0].instructions, timeoutMs: 200 }),
  SummarizationMetric: (model) => new SummarizationMetric(model, { timeoutMs: 200 }),
})) {
  test(`${name}: garbage, a failing model, abort and time-out; the instance keeps working`, async () => {
    let mode = 'garbage';
    let calls = 0;
    const c = name === 'SummarizationMetric' ? summarizationCases[0] : ORIGINALS.PromptAlignmentMetric.cases[0];
    const good = verdictTableModelV2(c);
    const model = {
      ...good,
      async doGenerate(options) {
        calls += 1;
        if (mode === 'garbage') return { content: [{ type: 'text', text: shapes.garbage() }], finishReason: 'stop', usage: {}, warnings: [] };
        if (mode === 'failing') shapes.failing();
        if (mode === 'slow') {
          await new Promise((resolve, reject) => {
            const timer = setTimeout(resolve, 2000);
            options.abortSignal?.addEventListener('abort', () => { clearTimeout(timer); reject(options.abortSignal.reason); });
          });
        }
        return good.doGenerate(options);
      },
    };
    const metric = make(model);
    await assert.rejects(metric.measure(c.input, c.output), (e) => e instanceof EvalsError && e.code === 'EVALS_UNREADABLE_ANSWER');
    assert.ok(calls <= 2, `at most one re-ask (${calls} calls)`);
    mode = 'failing';
    await assert.rejects(metric.measure(c.input, c.output), (e) => e.message === 'the provider is down' || e.cause?.message === 'the provider is down');
    mode = 'slow';
    await assert.rejects(metric.measure(c.input, c.output), (e) => /time|abort/i.test(`${e.code} ${e.message}`));
    const controller = new AbortController();
    const pending = metric.measure(c.input, c.output, { signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, (e) => /abort/i.test(`${e.name} ${e.code} ${e.message}`));
    mode = 'good';
    const r = await metric.measure(c.input, c.output);
    assert.equal(typeof r.score, 'number');
  });
}

test('calls per case, ours/theirs', () => {
  for (const [name, rows] of Object.entries(figures)) console.log(`# ${name}: ${rows.join('; ')}`);
  assert.ok(Object.keys(figures).length > 0);
});

// The CLI and evaluateMany run the new metrics like the others.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateMany } from 'evals-wasm';
import { answerFor } from './lib/verdict-table-model.mjs';
import { startFakeOpenAI } from './fake-openai.mjs';

const cliPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg', 'cli.js');

function cli(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [cliPath, ...args], { env: { PATH: process.env.PATH, OPENAI_API_KEY: 'sk-test' }, timeout: 60_000 }, (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }));
  });
}

test('CLI: prompt-alignment (instructions on each line) and summarization, against a local OpenAI-compatible server', async () => {
  const pa = ORIGINALS.PromptAlignmentMetric.cases.find((c) => c.name === 'mixed with n/a');
  const sum = summarizationCases.find((c) => c.name === 'mixed with unsure and idk');
  let current = pa;
  const server = await startFakeOpenAI((body) => {
    const user = body.messages.filter((m) => m.role === 'user').map((m) => (typeof m.content === 'string' ? m.content : m.content.map((p) => p.text).join(''))).join('\n');
    return answerFor(current, { schema: body.response_format?.json_schema?.schema, user }).text;
  });
  const dir = mkdtempSync(join(tmpdir(), 'evals-wasm-cat-d-'));
  try {
    const paFile = join(dir, 'pa.jsonl');
    writeFileSync(paFile, `${JSON.stringify({ input: pa.input, output: pa.output, instructions: pa.instructions })}\n${JSON.stringify({ input: pa.input, output: pa.output })}\n`);
    const a = await cli(['prompt-alignment', paFile, '--model', server.baseURL, '--no-reason']);
    const [first, second] = a.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(first.score, ORIGINALS.PromptAlignmentMetric.expected(pa), a.stderr);
    assert.match(second.error.message, /missing field "instructions"/);
    current = sum;
    const sumFile = join(dir, 'sum.jsonl');
    writeFileSync(sumFile, `${JSON.stringify({ input: sum.input, output: sum.output })}\n`);
    const s = await cli(['summarization', sumFile, '--model', server.baseURL]);
    assert.equal(s.code, 0, s.stderr);
    assert.equal(JSON.parse(s.stdout.trim()).score, ORIGINALS.SummarizationMetric.expected(sum));
    const help = await cli(['--help']);
    for (const name of ['prompt-alignment', 'summarization', 'factual-consistency', 'factual-alignment', 'topic-preservation', '--coverage-by']) assert.ok(help.stdout.includes(name), name);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('evaluateMany runs SummarizationMetric over a dataset', async () => {
  const c = summarizationCases.find((x) => x.name === 'all yes');
  const metric = new SummarizationMetric(verdictTableModelV2(c));
  const { results } = await evaluateMany(metric, [{ input: c.input, output: c.output }, { input: c.input, output: c.output }], { concurrency: 1 });
  assert.deepEqual(results.map((r) => r.score), [1, 1]);
});

// The command-line tool runs the metrics that exist only as Mastra 1.x scorers (answer
// similarity, noise sensitivity, context relevance and recall) from a project that has
// @mastra/core: the tool of the installed
// package, spawned as a process, against an OpenAI-compatible server on 127.0.0.1 that answers
// every request with the smallest answer its JSON Schema allows. Each line's score must be the
// score of the same scorer run directly on the same answers; lines without the fields a scorer
// needs are reported, and the others still scored.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openaiCompatible } from 'evals-wasm/llm';
import { createAnswerSimilarityScorer, createContextRecallScorer, createContextRelevanceScorerLLM, createNoiseSensitivityScorerLLM } from 'evals-wasm/scorers';
import { smallestAnswer, startFakeOpenAI } from '../js/fake-openai.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(dirname(createRequire(import.meta.url).resolve('evals-wasm/package.json')), 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'evals-wasm-cli-scorers-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

const server = await startFakeOpenAI((body) => JSON.stringify(smallestAnswer(body.response_format.json_schema.schema)));
test.after(() => server.close());

/** Runs the tool from the Mastra project (where @mastra/core resolves); `{ code, stdout, stderr }`. */
function run(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { cwd: here, env: { PATH: process.env.PATH }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? error.code : 0, stdout, stderr });
    });
  });
}

function file(name, items) {
  const path = join(work, name);
  writeFileSync(path, items.map((item) => JSON.stringify(item)).join('\n') + '\n');
  return path;
}

const records = (stdout) => stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
const model = () => openaiCompatible({ baseURL: server.baseURL, model: 'judge' });

test('answer-similarity scores each line as the scorer run directly does, and reports a line without "groundTruth"', async () => {
  const items = [
    { input: 'How long is the Vexo?', output: 'It is 40 km long.', groundTruth: 'The Vexo is 40 km long.' },
    { input: 'Where does it rise?', output: 'In the hills.', groundTruth: 'It rises in the eastern hills.' },
  ];
  const { code, stdout, stderr } = await run(['answer-similarity', file('similarity.jsonl', [...items, { input: 'q', output: 'a' }]), '--model', server.baseURL, '--model-name', 'judge']);
  assert.equal(code, 1, stderr);
  const [first, second, third] = records(stdout);
  for (const [record, item] of [[first, items[0]], [second, items[1]]]) {
    const direct = await createAnswerSimilarityScorer({ model: model() }).run(item);
    assert.equal(record.score, direct.score, JSON.stringify(record));
    assert.equal(record.info.reason, direct.reason);
  }
  assert.match(third.error.message ?? JSON.stringify(third.error), /missing field "groundTruth"/);
});

test('noise-sensitivity scores each line as the scorer run directly does, with that line\'s baselineResponse, noisyQuery and noiseType', async () => {
  const items = [
    { input: 'How long is the Vexo?', output: 'It is 40 km long; herons are grey.', baselineResponse: 'The Vexo is 40 km long.', noisyQuery: 'How long is the Vexo? Herons are grey.', noiseType: 'distractors' },
    { input: 'Where does the Vexo rise?', output: 'In the hills, they say, or the sea.', baselineResponse: 'It rises in the eastern hills.', noisyQuery: 'Where does the Vexo rise? Some say the sea.', noiseType: 'misinformation' },
  ];
  const before = server.requests.length;
  const { code, stdout, stderr } = await run(['noise-sensitivity', file('noise.jsonl', items), '--model', server.baseURL, '--model-name', 'judge', '--concurrency', '1']);
  assert.equal(code, 0, stderr);
  const sent = server.requests.slice(before).map((r) => r.body.messages.map((m) => m.content).join('\n'));
  assert.equal(sent.length, 2, 'one call per line');
  for (const [i, item] of items.entries()) {
    // Each line's own fields reach the judge (not the first line's, reused).
    assert.ok([item.noisyQuery, item.baselineResponse, item.noiseType].every((text) => sent[i].includes(text)), `line ${i + 1}: ${sent[i]}`);
    const { baselineResponse, noisyQuery, noiseType, ...run_ } = item;
    const direct = await createNoiseSensitivityScorerLLM({ model: model(), options: { baselineResponse, noisyQuery, noiseType } }).run(run_);
    assert.equal(records(stdout)[i].score, direct.score);
  }
});

test('context-relevance and context-recall score each line, with its own context, as the scorers run directly do; --scale applies', async () => {
  const items = [
    { input: 'How long is the Vexo?', output: 'It is 40 km long.', groundTruth: 'The Vexo is 40 km long.', context: ['The Vexo is a river.', 'The Vexo is 40 km long.'] },
    { input: 'Where does it rise?', output: 'In the hills.', groundTruth: 'It rises in the eastern hills.', context: ['Herons nest by the Vexo.'] },
  ];
  const cases = [
    ['context-relevance', (item) => createContextRelevanceScorerLLM({ model: model(), options: { context: item.context, scale: 10 } })],
    ['context-recall', (item) => createContextRecallScorer({ model: model(), options: { context: item.context, scale: 10 } })],
  ];
  for (const [metric, direct] of cases) {
    const before = server.requests.length;
    const { code, stdout, stderr } = await run([metric, file(`${metric}.jsonl`, items), '--model', server.baseURL, '--model-name', 'judge', '--scale', '10', '--concurrency', '1']);
    assert.equal(code, 0, `${metric}: ${stderr}`);
    const sent = server.requests.slice(before).map((r) => r.body.messages.map((m) => m.content).join('\n')).join('\n');
    assert.ok(sent.includes('Herons nest by the Vexo.') && sent.includes('The Vexo is a river.'), `${metric}: each line's context reaches the judge`);
    for (const [i, item] of items.entries()) {
      const { context, ...run_ } = item;
      const expected = await direct(item).run(run_);
      assert.equal(records(stdout)[i].score, expected.score, `${metric}, line ${i + 1}`);
    }
  }
  const missing = await run(['context-recall', file('recall-missing.jsonl', [{ input: 'q', output: 'a', context: ['c'] }]), '--model', server.baseURL]);
  assert.equal(missing.code, 1);
  assert.match(records(missing.stdout)[0].error.message, /missing field "groundTruth"/);
});

test('a scorer-only metric is dry-run with the stand-in judge (no request sent), and names the fields it needs in --help', async () => {
  const before = server.requests.length;
  const dry = await run(['answer-similarity', file('dry.jsonl', [{ input: 'q', output: 'a', groundTruth: 'a' }]), '--model', server.baseURL, '--dry-run']);
  assert.equal(dry.code, 0, dry.stderr);
  assert.equal(server.requests.length, before);
  assert.match(dry.stdout, /^total +[1-9]/m);
  const help = await run(['--help']);
  assert.match(help.stdout, /answer-similarity[\s\S]*"groundTruth"/);
  assert.match(help.stdout, /noise-sensitivity[\s\S]*"noisyQuery"[\s\S]*"baselineResponse"[\s\S]*"noiseType"/);
});

// The evals-wasm command-line tool of the built package: spawned as a process (through a
// symlink, as npm installs a bin), on files with good and bad lines, from stdin, and with the
// LLM metrics against the local fake OpenAI server; plus in-process runs of its main() for
// the progress bar, interruption and the API key.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { smallestAnswer, startFakeOpenAI } from './fake-openai.mjs';
import { scriptedModel, stepOf, TESLA } from './scripted-model.mjs';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg');
const cliPath = join(pkgDir, 'cli.js');
const { main } = await import(cliPath);

const work = mkdtempSync(join(tmpdir(), 'evals-wasm-cli-'));
test.after(() => rmSync(work, { recursive: true, force: true }));
// npm links a package's bin into node_modules/.bin; run the tool the same way.
const bin = join(work, 'evals-wasm');
symlinkSync(cliPath, bin);

const SECRET = 'sk-test-do-not-print-0123456789';

/** Runs the tool as a process; resolves to `{ code, stdout, stderr }`. */
function run(args, { input, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = execFile(bin, args, { cwd: work, env: { PATH: process.env.PATH, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? error.code : 0, stdout, stderr });
    });
    if (input !== undefined) child.stdin.end(input);
    else child.stdin.end();
  });
}

function file(name, lines) {
  const path = join(work, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

const jsonl = (text) => text.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));

const MIXED = [
  JSON.stringify({ id: 'a', input: 'The quick brown fox jumps over the lazy dog', output: 'A brown fox jumped over a dog' }),
  '{"input": "broken json",',
  '',
  JSON.stringify({ id: 'c', input: 'only an input' }),
  JSON.stringify({ input: 'plants grow fast', output: 'plants grow' }),
  JSON.stringify({ input: 42, output: 'x' }),
  '"just a string"',
  JSON.stringify({ id: { n: 8 }, input: 'a cat sat', output: 'the cat sat' }),
];

test('completeness on a file with good and bad lines: bad lines reported by number and skipped, exit 1', async () => {
  const { code, stdout, stderr } = await run(['completeness', file('mixed.jsonl', MIXED)]);
  assert.equal(code, 1, stderr);
  const records = jsonl(stdout);
  assert.deepEqual(records.map((r) => r.line), [1, 2, 4, 5, 6, 7, 8]);
  assert.deepEqual(records[0], {
    line: 1,
    id: 'a',
    key: 'a',
    metric: 'completeness',
    score: 0.625,
    info: {
      inputElements: ['the', 'quick', 'brown', 'fox', 'jump', 'over', 'lazy', 'dog'],
      outputElements: ['a', 'brown', 'fox', 'jump', 'over', 'dog'],
      missingElements: ['the', 'quick', 'lazy'],
      elementCounts: { input: 8, output: 6 },
    },
    output: 'A brown fox jumped over a dog',
    cost: { modelCalls: 0, judgeMs: 0 },
  });
  assert.equal(records[3].score, 2 / 3);
  assert.deepEqual(records[6].id, { n: 8 });
  assert.equal(records[6].score, 2 / 3);
  for (const [index, pattern] of [[1, /^invalid JSON/], [2, /^missing field "output"$/], [4, /^field "input": expected a string, an array of messages or \{ inputMessages: \[\.\.\.\] \}, got a number$/], [5, /^expected a JSON object/]]) {
    assert.match(records[index].error.message, pattern);
    assert.equal(records[index].error.code, 'EVALS_INVALID_LINE');
  }
  assert.equal(records[2].id, 'c');
  assert.match(stderr, /^line 2: invalid JSON/m);
  assert.match(stderr, /^line 4: missing field "output"; skipped$/m);
  assert.match(stderr, /^line 6: field "input": expected a string, .*, got a number; skipped$/m);
  assert.match(stderr, /^line 7: expected a JSON object/m);
  assert.doesNotMatch(stderr, /^line (1|3|5|8):/m);
  // The summary table, on stderr.
  assert.match(stderr, /\| items\s+\| 3\s+\|/);
  // Invalid lines are counted as invalid only, not also as failed.
  assert.match(stderr, /\| lines\s+\| 7 \(4 invalid\)\s+\|/);
  assert.match(stderr, /\| failed\s+\| 0\s+\|/);
  assert.match(stderr, /\| mean\s+\| 0\.6528\s+\|/);
  assert.match(stderr, /\| min\s+\| 0\.625\s+\|/);
  assert.match(stderr, /\| model calls\s+\| 0\s+\|/);
  // Not a terminal: plain progress lines.
  assert.match(stderr, /^progress: 3\/3 items, 0 failed/m);
  assert.doesNotMatch(stderr, /\r/);
});

test('--allow-failures exits 0; --out writes the results to a file and leaves stdout empty', async () => {
  const out = join(work, 'results.jsonl');
  const { code, stdout, stderr } = await run(['completeness', file('mixed2.jsonl', MIXED), '--out', out, '--allow-failures', '--concurrency=2']);
  assert.equal(code, 0, stderr);
  assert.equal(stdout, '');
  const records = jsonl(readFileSync(out, 'utf8'));
  assert.equal(records.length, 7);
  assert.equal(records.filter((r) => 'score' in r).length, 3);
});

test('stdin ("-") and --ignore-stopwords', async () => {
  const { code, stdout } = await run(['completeness', '-', '--ignore-stopwords'], {
    input: JSON.stringify({ input: 'The quick brown fox jumps over the lazy dog', output: 'A brown fox jumped over a dog' }) + '\n',
  });
  assert.equal(code, 0);
  const [record] = jsonl(stdout);
  assert.equal(record.score, 4 / 6);
  assert.deepEqual(record.info.missingElements, ['quick', 'lazy']);
});

test('--language for completeness and keyword-coverage; other metrics refuse it', async () => {
  const input = JSON.stringify({ input: 'Die Häuser und die Bücher', output: 'ein Haus, ein Buch' }) + '\n';
  const completeness = await run(['completeness', '-', '--language', 'de', '--ignore-stopwords'], { input });
  assert.equal(completeness.code, 0, completeness.stderr);
  const [record] = jsonl(completeness.stdout);
  assert.equal(record.score, 1);
  assert.deepEqual(record.info.inputElements, ['haus', 'buch']);
  assert.equal(record.info.language, 'de');
  const keywords = await run(['keyword-coverage', '-', '--language=auto'], { input });
  assert.equal(keywords.code, 0, keywords.stderr);
  assert.deepEqual(jsonl(keywords.stdout)[0].info, { totalKeywords: 2, matchedKeywords: 2, language: 'de' });
  const wrong = await run(['completeness', '-', '--language', 'xx'], { input });
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /--language must be one of en, de, .*auto, got "xx"/);
  const elsewhere = await run(['tone', '-', '--language', 'de'], { input });
  assert.equal(elsewhere.code, 2);
  assert.match(elsewhere.stderr, /--language applies to completeness and keyword-coverage only/);
});

// The four model-free NLP metrics: each result line holds the score and info that the /nlp class
// gives for the same pair (and the same options).
const NLP_PAIRS = [
  { id: 'p1', input: 'The Quick brown fox jumps over the lazy dog.', output: 'A quick brown fox jumped over a   lazy dog!' },
  { id: 'p2', input: 'I love this wonderful product. It works great.', output: 'This product is terrible and I hate it.' },
  { id: 'p3', input: 'Cats chase mice. Dogs chase cats.', output: '' },
  { id: 'p4', input: 'Rust compiles to WebAssembly', output: 'rust COMPILES to webassembly' },
];
const nlp = await import('evals-wasm/nlp');

async function checkNlpMetric(metricName, options, metric) {
  const { code, stdout, stderr } = await run([metricName, file(`${metricName}.jsonl`, NLP_PAIRS.map((p) => JSON.stringify(p))), ...options]);
  assert.equal(code, 0, stderr);
  const records = jsonl(stdout);
  assert.equal(records.length, NLP_PAIRS.length);
  for (const [i, pair] of NLP_PAIRS.entries()) {
    const expected = await metric.measure(pair.input, pair.output);
    assert.deepEqual(records[i], { line: i + 1, id: pair.id, key: pair.id, metric: metricName, score: expected.score, info: expected.info, output: pair.output, cost: { modelCalls: 0, judgeMs: 0 } }, `${metricName} ${pair.id}`);
  }
  return records;
}

test('content-similarity: the scores of ContentSimilarityMetric, with --keep-case and --keep-whitespace', async () => {
  const plain = await checkNlpMetric('content-similarity', [], new nlp.ContentSimilarityMetric());
  assert.equal(plain[3].score, 1);
  const kept = await checkNlpMetric('content-similarity', ['--keep-case', '--keep-whitespace'], new nlp.ContentSimilarityMetric({ ignoreCase: false, ignoreWhitespace: false }));
  assert.ok(kept[3].score < 1);
  const { code, stderr } = await run(['completeness', '-', '--keep-case'], { input: '' });
  assert.equal(code, 2);
  assert.match(stderr, /--keep-case applies to content-similarity only/);
});

test('keyword-coverage: the scores of KeywordCoverageMetric', async () => {
  const records = await checkNlpMetric('keyword-coverage', [], new nlp.KeywordCoverageMetric());
  assert.deepEqual(records[2].info, { totalKeywords: 4, matchedKeywords: 0 });
});

test('textual-difference: the scores of TextualDifferenceMetric', async () => {
  const records = await checkNlpMetric('textual-difference', [], new nlp.TextualDifferenceMetric());
  assert.equal(records[2].score, 0);
});

test('tone: the scores of ToneConsistencyMetric (an empty output scores the steadiness of the input)', async () => {
  const records = await checkNlpMetric('tone', [], new nlp.ToneConsistencyMetric());
  assert.ok('avgSentiment' in records[2].info && 'difference' in records[1].info);
  assert.ok(records[1].score < 1);
});

test('the sample dataset that ships with the package scores cleanly', async () => {
  const sample = join(pkgDir, 'examples', 'sample.jsonl');
  const lines = readFileSync(sample, 'utf8').trim().split('\n');
  assert.ok(lines.length >= 20 && lines.length <= 30);
  const { code, stdout, stderr } = await run(['completeness', sample]);
  assert.equal(code, 0, stderr);
  const records = jsonl(stdout);
  assert.equal(records.length, lines.length);
  assert.ok(records.every((r, i) => r.line === i + 1 && r.id === JSON.parse(lines[i]).id && r.score >= 0 && r.score <= 1));
  assert.match(stderr, new RegExp(`\\| scored\\s+\\| ${lines.length}\\s+\\|`));
});

test('--help documents every option and exits 0; mistakes exit 2 with a hint', async () => {
  const help = await run(['--help'], { env: { OPENAI_API_KEY: SECRET } });
  assert.equal(help.code, 0);
  for (const word of ['completeness', 'content-similarity', 'keyword-coverage', 'textual-difference', 'tone', '--keep-case', '--keep-whitespace', 'steady', 'hallucination', 'coverage', '--out', '--concurrency', '--ignore-stopwords', '--language', '--model', '--model-name', '--api-key', '--timeout-ms', '--fail-fast', '--allow-failures', '--resume', '--skip-failed', '--summary-json', '--strategy', '--no-reason', '--scale', '--custom-instruction', '--verbose', '--max-output-tokens', 'OPENAI_API_KEY', '"context"', 'Exit codes', '.run.json']) {
    assert.ok(help.stdout.includes(word), word);
  }
  assert.ok(!help.stdout.includes(SECRET));
  // Fits a terminal: no line of the help is longer than 100 characters.
  assert.ok(help.stdout.split('\n').every((line) => line.length <= 100));
  const version = await run(['--version']);
  assert.equal(version.stdout.trim(), JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version);

  for (const [args, message] of [
    [['bleu', 'x.jsonl'], /unknown metric "bleu"/],
    [['completeness'], /expected a metric and a file/],
    [['completeness', join(work, 'missing.jsonl')], /ENOENT/],
    [['completeness', '-', '--concurrency', '0'], /--concurrency must be a whole number of at least 1, got "0"/],
    [['completeness', '-', '--frobnicate'], /unknown option --frobnicate/],
    [['completeness', '-', '--out'], /--out needs a value/],
    [['coverage', '-'], /set OPENAI_API_KEY/],
  ]) {
    const { code, stdout, stderr } = await run(args, { input: '' });
    assert.equal(code, 2, args.join(' '));
    assert.equal(stdout, '');
    assert.match(stderr, message);
    assert.match(stderr, /--help/);
  }
});

test('the package ships the bin and the sample', async () => {
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  assert.equal(manifest.bin['evals-wasm'], './cli.js');
  assert.match(readFileSync(cliPath, 'utf8'), /^#!\/usr\/bin\/env node\n/);
  const listing = await new Promise((resolve, reject) => {
    execFile('npm', ['pack', '--dry-run', '--json', pkgDir], { cwd: work }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))));
  });
  const paths = listing[0].files.map((f) => f.path);
  for (const path of ['cli.js', 'batch/batch.js', 'batch/batch.d.ts', 'examples/sample.jsonl']) assert.ok(paths.includes(path), path);
});

/** A judge's answer for both LLM metrics, by the step the request is for. Coverage: the source
 * has two claims and every summary keeps only the first. */
function judgeAnswer(user) {
  const step = stepOf(user);
  if (step === 'claims') return JSON.stringify({ claims: ['The cat is black.', 'The cat sleeps all day.'] });
  if (step === 'claimVerdicts') {
    const ids = [...user.matchAll(/^(C\d+):/gm)].map((m) => m[1]);
    return JSON.stringify({ verdicts: ids.map((id) => ({ id, verdict: id === 'C1' ? 'yes' : 'no', reason: '-' })) });
  }
  return TESLA.answers[step];
}

/** The text of the last message of a Chat Completions request. */
function lastUserText(body) {
  const content = body.messages.at(-1).content;
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
}


test('hallucination and coverage over HTTP with the built-in client', async () => {
  const server = await startFakeOpenAI((body) => judgeAnswer(lastUserText(body)));
  try {
    const lines = [
      JSON.stringify({ input: TESLA.input, output: TESLA.output, context: TESLA.context }),
      JSON.stringify({ input: TESLA.input, output: TESLA.output }),
      JSON.stringify({ input: TESLA.input, output: TESLA.output, context: TESLA.context }),
    ];
    const env = { OPENAI_API_KEY: SECRET };
    const h = await run(['hallucination', file('h.jsonl', lines), '--model', server.baseURL, '--model-name', 'judge-1'], { env });
    assert.equal(h.code, 1, h.stderr);
    const records = jsonl(h.stdout);
    assert.equal(records[0].score, 0.67);
    assert.equal(records[2].score, 0.67);
    assert.match(records[1].error.message, /missing field "context"/);
    // One statement extraction for the shared context, then verdicts and reason per line.
    assert.equal(server.requests.length, 5);
    assert.ok(server.requests.every((r) => r.body.model === 'judge-1' && r.headers.authorization === `Bearer ${SECRET}`));
    assert.match(h.stderr, /\| model calls\s+\| 5\s+\|/);
    assert.ok(!h.stdout.includes(SECRET) && !h.stderr.includes(SECRET));

    const source = 'The cat is black. It sleeps all day.';
    const before = server.requests.length;
    const c = await run(['coverage', file('c.jsonl', [JSON.stringify({ input: source, output: 'A black cat.' }), JSON.stringify({ input: source, output: 'The cat is black.' })]), '--model', server.baseURL, '--concurrency', '1'], { env });
    assert.equal(c.code, 0, c.stderr);
    assert.deepEqual(jsonl(c.stdout).map((r) => r.score), [0.5, 0.5]);
    // The source's claims are extracted once: 1 + 2 verdict calls.
    assert.equal(server.requests.length - before, 3);
  } finally {
    await server.close();
  }
});

test('a failing model API: every item fails, the run finishes, exit 1, and the key is never printed', async () => {
  const server = await startFakeOpenAI((body, request) => ({ status: 401, body: { error: { message: `Incorrect API key provided: ${request.headers.authorization}` } } }));
  try {
    const lines = [JSON.stringify({ input: 'source text', output: 'summary' }), JSON.stringify({ input: 'other source', output: 'summary' })];
    const { code, stdout, stderr } = await run(['coverage', file('c.jsonl', lines), '--model', server.baseURL, '--api-key', SECRET, '--concurrency', '1'], {});
    assert.equal(code, 1);
    const records = jsonl(stdout);
    assert.equal(records.length, 2);
    assert.ok(records.every((r) => r.error && typeof r.error.message === 'string'));
    assert.ok(!stdout.includes(SECRET) && !stderr.includes(SECRET), 'the key is not printed');
  } finally {
    await server.close();
  }
});

test('Ctrl-C (SIGINT) while model calls are in flight: exit 130, nothing written', async () => {
  let child;
  const server = await startFakeOpenAI(() => {
    // One Ctrl-C (a second one kills the program at once, as usual).
    if (server.requests.length === 1) child.kill('SIGINT');
    return new Promise(() => {}); // never answers
  });
  try {
    const lines = [JSON.stringify({ input: 'source', output: 'summary' }), JSON.stringify({ input: 'other', output: 'summary' })];
    const result = await new Promise((resolve) => {
      child = execFile(bin, ['coverage', file('sigint.jsonl', lines), '--model', server.baseURL, '--api-key', SECRET], { cwd: work, timeout: 60_000 }, (error, stdout, stderr) => {
        resolve({ code: error ? error.code : 0, stdout, stderr });
      });
    });
    assert.equal(result.code, 130, result.stderr);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /interrupted/);
  } finally {
    server.close();
  }
});

// In-process runs of main(): the model is injected through io.makeModel.

function sink({ isTTY = false } = {}) {
  const stream = {
    text: '',
    isTTY,
    write(chunk, done) {
      stream.text += chunk;
      if (done) queueMicrotask(done);
      return true;
    },
  };
  return stream;
}

async function runMain(args, { stdin = '', makeModel, env = {}, isTTY = false, signal, graceMs } = {}) {
  const stdout = sink();
  const stderr = sink({ isTTY });
  const code = await main(args, { stdin: Readable.from([stdin]), stdout, stderr, env, makeModel, signal, graceMs });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

test('hallucination with per-line contexts and coverage, through main() with an injected model', async () => {
  const seen = [];
  const model = scriptedModel({
    ...TESLA.answers,
    claims: JSON.stringify({ claims: ['The cat is black.', 'The cat sleeps all day.'] }),
  });
  const makeModel = (settings) => {
    seen.push(settings);
    return model;
  };
  const contexts = [['Context one.'], ['Context two.']];
  const stdin = [0, 1, 2, 3].map((i) => JSON.stringify({ id: i, input: TESLA.input, output: TESLA.output, context: contexts[i % 2] })).join('\n');
  const h = await runMain(['hallucination', '-', '--model', 'http://127.0.0.1:9/v1', '--model-name', 'm', '--concurrency', '2'], { stdin, makeModel, env: { OPENAI_API_KEY: SECRET } });
  assert.equal(h.code, 0, h.stderr);
  assert.deepEqual(seen, [{ baseURL: 'http://127.0.0.1:9/v1', apiKey: SECRET, model: 'm' }]);
  const records = jsonl(h.stdout);
  assert.deepEqual(records.map((r) => [r.id, r.score]), [[0, 0.67], [1, 0.67], [2, 0.67], [3, 0.67]]);
  const extractions = model.calls.filter((c) => c.step === 'statements');
  assert.equal(extractions.length, 2, 'one extraction per distinct context');
  assert.match(h.stderr, new RegExp(`\\| model calls\\s+\\| ${model.calls.length}\\s+\\|`));

  // Coverage: input is the source, output the summary; the source's claims are cached.
  const coverageModel = async (prompt, { user }) => judgeAnswer(user);
  const source = 'The cat is black. It sleeps all day.';
  const c = await runMain(['coverage', '-', '--model', 'http://127.0.0.1:9/v1'], {
    stdin: [JSON.stringify({ input: source, output: 'A black cat.' }), JSON.stringify({ input: source, output: 'The cat is black.' })].join('\n'),
    makeModel: () => coverageModel,
  });
  assert.equal(c.code, 0, c.stderr);
  const coverage = jsonl(c.stdout);
  assert.deepEqual(coverage.map((r) => r.score), [0.5, 0.5]);
  assert.equal(coverage[0].info.referenceClaimsCount, 2);
  assert.equal(coverage[0].info.modelCalls + coverage[1].info.modelCalls, 3);
});

test('model errors become error results; the API key is redacted wherever it appears', async () => {
  const leaky = async () => {
    throw new Error(`401 Unauthorized: key ${SECRET} is invalid`);
  };
  const { code, stdout, stderr } = await runMain(['coverage', '-', '--model', 'http://127.0.0.1:9/v1', '--api-key', SECRET], {
    stdin: JSON.stringify({ input: 'source', output: 'summary' }),
    makeModel: () => leaky,
  });
  assert.equal(code, 1);
  const [record] = jsonl(stdout);
  assert.equal(record.error.message, '401 Unauthorized: key *** is invalid');
  assert.match(stderr, /^line 1: 401 Unauthorized: key \*\*\* is invalid$/m);
  assert.ok(!stdout.includes(SECRET) && !stderr.includes(SECRET));
});

test('a terminal gets a redrawn progress bar', async () => {
  const stdin = Array.from({ length: 5 }, () => JSON.stringify({ input: 'a cat sat', output: 'a cat sat' })).join('\n');
  const { code, stderr } = await runMain(['completeness', '-'], { stdin, isTTY: true });
  assert.equal(code, 0);
  assert.match(stderr, /\r\x1b\[K\[#{28}\] 5\/5 {2}failed 0/);
  assert.doesNotMatch(stderr, /^progress:/m);
});

test('interrupting the run (SIGINT in the program) stops it with exit 130 and writes nothing', async () => {
  const controller = new AbortController();
  let calls = 0;
  const hanging = (prompt, { signal }) => {
    calls += 1;
    if (calls === 2) controller.abort();
    return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  };
  const stdin = Array.from({ length: 6 }, (_, i) => JSON.stringify({ input: `source ${i}`, output: 'summary' })).join('\n');
  const { code, stdout, stderr } = await runMain(['coverage', '-', '--model', 'http://127.0.0.1:9/v1', '--concurrency', '2'], {
    stdin,
    makeModel: () => hanging,
    signal: controller.signal,
  });
  assert.equal(code, 130);
  assert.equal(stdout, '');
  assert.equal(calls, 2);
  assert.match(stderr, /interrupted/);
});

test('--fail-fast stops at the first failure with exit 1; the results before it are written', async () => {
  let calls = 0;
  const model = async (prompt, { user }) => {
    calls += 1;
    if (user.includes('source 2')) throw new Error('model down');
    return judgeAnswer(user);
  };
  const stdin = Array.from({ length: 5 }, (_, i) => JSON.stringify({ input: `source ${i}`, output: 'summary' })).join('\n');
  const { code, stdout, stderr } = await runMain(['coverage', '-', '--model', 'http://127.0.0.1:9/v1', '--fail-fast', '--concurrency', '1'], { stdin, makeModel: () => model });
  assert.equal(code, 1);
  const records = jsonl(stdout);
  assert.deepEqual(records.map((r) => [r.line, r.score ?? r.error.message]), [[1, 0.5], [2, 0.5], [3, 'model down']]);
  // Two calls (claims, verdicts) for each of the first two items, one for the third; no more.
  assert.equal(calls, 5);
  assert.match(stderr, /--fail-fast.*model down/);
  assert.match(stderr, /\| status\s+\| stopped at the first failure\s+\|/);
  assert.match(stderr, /\| items\s+\| 3\s+\|/);
});

test('a metric that is a Mastra 1.x scorer, run where @mastra/core 1.x is not, exits 2 and says what to install', async () => {
  // This project has @mastra/core 0.x (for @mastra/evals 0.14.4), which has no createScorer.
  const r = await run(['answer-similarity', file('similarity.jsonl', [JSON.stringify({ input: 'q', output: 'a', groundTruth: 'a' })]), '--model', 'http://127.0.0.1:9/v1']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /answer-similarity is a Mastra 1\.x scorer: .*needs @mastra\/core 1\.x.*npm install @mastra\/core@1/);
  assert.equal(r.stdout, '');
});

test('prompt-alignment judges each line against its own "instructions"', async () => {
  const server = await startFakeOpenAI((body) => JSON.stringify(smallestAnswer(body.response_format.json_schema.schema)));
  try {
    const lines = [
      { input: 'Describe the river.', output: 'Le fleuve est long.', instructions: ['Answer in French.'] },
      { input: 'Describe the river.', output: '- long\n- wide', instructions: ['Use bullet points.', 'Keep it under ten words.'] },
    ];
    const r = await run(['prompt-alignment', file('pa.jsonl', lines.map((line) => JSON.stringify(line))), '--model', server.baseURL, '--concurrency', '1']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(jsonl(r.stdout).length, 2);
    const asked = server.requests.map((request) => request.body.messages.map((m) => m.content).join('\n'));
    const mentions = (text) => asked.filter((request) => request.includes(text)).length;
    assert.ok(mentions('Answer in French.') > 0 && mentions('Use bullet points.') > 0, asked.join('\n---\n'));
    assert.equal(asked.filter((request) => request.includes('Answer in French.') && request.includes('Use bullet points.')).length, 0, 'no request mixes the two lines');
    assert.ok(asked.some((request) => request.includes('Le fleuve est long.') && request.includes('Answer in French.')));
    assert.ok(asked.some((request) => request.includes('- long') && request.includes('Keep it under ten words.')));
  } finally {
    await server.close();
  }
});

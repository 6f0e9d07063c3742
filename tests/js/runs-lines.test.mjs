// Dataset lines that do not fit (docs/datasets.md), through the built command line: each field
// missing or of the wrong type, messages without roles, a line over the size limit (50 MB),
// invalid UTF-8. Each gives EVALS_INVALID_LINE with its line number and field, and every other
// line is scored by every metric. Agent lines (messages with tool calls) and Mastra's dataset
// items are read as they are.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg');
const { main } = await import(pathToFileURL(join(pkgDir, 'cli.js')).href);

const work = mkdtempSync(join(tmpdir(), 'evals-wasm-lines-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

function sink() {
  const stream = { text: '', isTTY: false, write(chunk, done) { stream.text += chunk; if (done) queueMicrotask(done); return true; } };
  return stream;
}

async function runMain(args) {
  const stdout = sink();
  const stderr = sink();
  const code = await main(args, { stdin: Readable.from(['']), stdout, stderr, env: {} });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const good = (n) => JSON.stringify({ id: `ok-${n}`, input: `The garden has ${n} red roses and a bench.`, output: `There are ${n} roses.` });
const AGENT = {
  id: 'agent',
  input: [{ role: 'user', content: 'What is the weather in Paris today?' }],
  output: [
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', args: { city: 'Paris' } }] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'weather', result: '18 C' }] },
    { role: 'assistant', content: 'The weather in Paris is 18 C today.', toolInvocations: [{ toolName: 'weather', args: { city: 'Paris' }, result: '18 C', state: 'result' }] },
  ],
  expectedTrajectory: ['weather'],
  requestContext: { user: 'u1' },
};

/** [line text (or bytes), the field named, a pattern of the message]; null for lines that fit. */
const LINES = [
  [good(1), null],
  [JSON.stringify({ id: 'no-input', output: 'x' }), 'input', /every line needs an "input"/],
  [JSON.stringify({ id: 'no-output', input: 'x' }), 'output', /missing field "output"/],
  [JSON.stringify({ id: 'input-number', input: 42, output: 'x' }), 'input', /expected a string, an array of messages/],
  [JSON.stringify({ id: 'output-object', input: 'x', output: { answer: 1 } }), 'output', /expected a string or an array of messages, got an object/],
  [JSON.stringify({ id: 'no-role', input: [{ content: 'hi' }], output: 'x' }), 'input[0].role', /a message needs a "role"/],
  [JSON.stringify({ id: 'bad-role', input: 'x', output: [{ role: 'robot', content: 'x' }] }), 'output[0].role', /expected one of system, user, assistant, tool, got "robot"/],
  [JSON.stringify({ id: 'bad-part', input: 'x', output: [{ role: 'assistant', content: [{ text: 'no type' }] }] }), 'output[0].content[0]', /a content part/],
  [JSON.stringify({ id: 'bad-tool', input: 'x', output: [{ role: 'assistant', content: 'x', toolInvocations: [{ args: {} }] }] }), 'output[0].toolInvocations[0]', /tool invocation/],
  [JSON.stringify({ id: 'context-string', input: 'x', output: 'y', context: 'one passage' }), 'context', /expected an array of strings, got a string/],
  [JSON.stringify({ id: 'metadata-string', input: 'x', output: 'y', metadata: 'note' }), 'metadata', /expected an object/],
  [JSON.stringify({ id: 'trajectory-number', input: 'x', output: 'y', trajectory: 3 }), 'trajectory', /an array of steps/],
  [JSON.stringify({ id: 'rubric-number', input: 'x', output: 'y', rubric: 3 }), 'rubric', /a string or an array of criteria/],
  [JSON.stringify({ id: 'request-context', input: 'x', output: 'y', requestContext: [1] }), 'requestContext', /expected an object, got an array/],
  ['{"input": "broken', '(line)', /invalid JSON/],
  [Buffer.concat([Buffer.from('{"input": "caf'), Buffer.from([0xc3, 0x28]), Buffer.from('", "output": "x"}')]), '(line)', /not valid UTF-8 \(at byte 14\)/],
  ['BIG', '(line)', /the line is \d+ bytes, more than the 16777216/],
  [JSON.stringify(AGENT), null],
  [JSON.stringify({ id: 'mastra-item', input: 'Summarize the report.', groundTruth: { summary: 'Revenue grew.' }, metadata: { source: 'mastra' } }), 'output', /missing field "output"/],
  [good(2), null],
];

test('each line that does not fit gives EVALS_INVALID_LINE with its line number and field; every other line is scored by every metric', async () => {
  const path = join(work, 'lines.jsonl');
  const fd = openSync(path, 'w');
  for (const [line] of LINES) {
    if (line === 'BIG') {
      // 50 MB of one JSON line, written in pieces.
      writeSync(fd, '{"input": "');
      const piece = 'x'.repeat(1024 * 1024);
      for (let i = 0; i < 50; i++) writeSync(fd, piece);
      writeSync(fd, '", "output": "y"}\n');
    } else {
      writeSync(fd, line);
      writeSync(fd, '\n');
    }
  }
  closeSync(fd);
  const out = join(work, 'lines-out.jsonl');
  const { code, stderr } = await runMain(['run', 'completeness,content-similarity', path, '--out', out]);
  assert.equal(code, 1, stderr);
  const records = readFileSync(out, 'utf8').trim().split('\n').map((text) => JSON.parse(text));
  assert.equal(records.length, LINES.length * 2);
  LINES.forEach(([, field, pattern], i) => {
    const line = i + 1;
    const mine = records.filter((r) => r.line === line);
    assert.deepEqual(mine.map((r) => r.metric), ['completeness', 'content-similarity'], `line ${line}`);
    for (const record of mine) {
      if (field === null) {
        assert.equal(typeof record.score, 'number', `line ${line} is scored: ${JSON.stringify(record.error)}`);
        continue;
      }
      assert.equal(record.error?.code, 'EVALS_INVALID_LINE', `line ${line}`);
      assert.equal(record.error.field, field, `line ${line}: ${record.error.message}`);
      assert.match(record.error.message, pattern, `line ${line}`);
    }
    if (field !== null) assert.match(stderr, new RegExp(`^line ${line}: `, 'm'), `line ${line} on stderr`);
  });
  // The agent line: its texts (the user's question, the last answer) are scored.
  const agent = records.find((r) => r.id === 'agent' && r.metric === 'completeness');
  assert.equal(agent.output, 'The weather in Paris is 18 C today.');
  const { CompletenessMetric } = await import('evals-wasm');
  const direct = await new CompletenessMetric().measure('What is the weather in Paris today?', 'The weather in Paris is 18 C today.');
  assert.equal(agent.score, direct.score);
  assert.deepEqual(agent.info, direct.info);
});

test('the JSON Schema of a line ships in the package and names every field the checks know', () => {
  const schema = JSON.parse(readFileSync(join(pkgDir, 'dataset-line.schema.json'), 'utf8'));
  assert.deepEqual(schema.required, ['input']);
  for (const field of ['id', 'input', 'output', 'context', 'instructions', 'groundTruth', 'trajectory', 'expectedTrajectory', 'rubric', 'requestContext', 'metadata', 'baselineResponse', 'noisyQuery', 'noiseType']) {
    assert.ok(field in schema.properties, field);
  }
  assert.deepEqual(schema.$defs.message.properties.role.enum, ['system', 'user', 'assistant', 'tool']);
});

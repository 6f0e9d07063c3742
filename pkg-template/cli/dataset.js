// The CLI's input: JSONL lines, each checked against the dataset line's schema (cli/line.js),
// with the hash `--resume` checks; and each metric's item made from a line.

import { createHash } from 'node:crypto';
import { extractTrajectory } from '../code/messages.js';
import { assistantText, userText } from '../llm/run-texts.js';
import { lineProblem, MAX_LINE_BYTES, say, splitLines } from './line.js';

/** A short hash of an input line's text: what `--resume` compares to know the line is unchanged. */
function lineHash(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * Reads a JSONL source line by line: `[{ line, hash, id?, error?, field?, tasks }]`, blank lines
 * skipped. `tasks` holds, for each metric of `specs`, `{ error }` when the line does not fit it,
 * else `{ item }` with `keep`, or `{}` (the item is made again by `reread`).
 */
export async function readDataset(stream, { maxLineBytes = MAX_LINE_BYTES, specs, keep = true }) {
  const entries = [];
  for await (const read of splitLines(stream, maxLineBytes)) {
    const entry = readEntry(read);
    if (entry === undefined) continue;
    entry.tasks = specs.map((spec) => {
      if (entry.value === undefined) return { error: entry.error };
      const task = itemFor(entry.value, spec.def);
      return keep || task.error !== undefined ? task : {};
    });
    entry.value = undefined;
    entries.push(entry);
  }
  return entries;
}

/**
 * The second reading of a file: yields `{ index, items }` (an item per metric of `specs`, or
 * undefined where the line does not fit it) for the entries whose index is in `wanted`, in
 * order; `{ index, changed: true }` for a line whose text is no longer what the first reading saw.
 */
export async function* reread(stream, entries, wanted, specs, maxLineBytes = MAX_LINE_BYTES) {
  let index = -1;
  let left = wanted.size;
  const given = new Set();
  try {
    for await (const read of splitLines(stream, maxLineBytes)) {
      if (left === 0) break;
      const entry = readEntry(read);
      if (entry === undefined) continue;
      index += 1;
      if (!wanted.has(index)) continue;
      left -= 1;
      given.add(index);
      if (index >= entries.length || entry.hash !== entries[index].hash || entry.line !== entries[index].line || entry.value === undefined) {
        yield { index: Math.min(index, entries.length - 1), changed: true };
        continue;
      }
      yield { index, items: specs.map((spec) => itemFor(entry.value, spec.def).item) };
    }
    // A file cut shorter since the first reading: its lost lines are changed lines.
    for (const lost of wanted) if (!given.has(lost)) yield { index: lost, changed: true };
  } finally {
    stream.destroy?.();
  }
}

/** The entry of one line as splitLines yields it; undefined for a blank line. */
export function readEntry({ number, text: raw, error, field }) {
  // A line that could not be read has no text: its hash is of what was wrong with it.
  if (error !== undefined) return { line: number, error, field, hash: lineHash(`${number}:${error}`) };
  // A UTF-8 byte-order mark (as some editors on Windows write) is not part of the first line.
  const text = number === 1 && raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  if (text.trim() === '') return undefined;
  return { ...parseLine(text, number), hash: lineHash(text) };
}

function parseLine(text, line) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { line, error: `invalid JSON (${error.message})`, field: '(line)' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { line, error: 'expected a JSON object with "input" and "output"', field: '(line)' };
  }
  const found = lineProblem(value);
  if (found !== undefined) return { line, id: value.id, error: say(found), field: found.field };
  return { line, id: value.id, value };
}

/** The text of a line's input or output for a metric that reads texts (not messages). */
function asText(value, field) {
  if (typeof value === 'string') return value;
  return field === 'input' ? userText(value, 'input') : assistantText(value, 'output');
}

const isRecord = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Agent output with AI SDK content parts (`tool-call` in an assistant message, `tool-result` in
 * a tool message) given the `toolInvocations` Mastra's stored messages carry, which its scorers
 * read: each call on its assistant message, `state: "result"` with the result once a tool
 * message answers it, else `"call"`. Messages that have tool invocations already are left as
 * they are; the others are not changed.
 */
export function withToolInvocations(messages) {
  const byId = new Map();
  const out = messages.map((message) => {
    if (!isRecord(message) || message.role !== 'assistant' || !Array.isArray(message.content) || message.toolInvocations !== undefined) return message;
    const calls = message.content.filter((part) => isRecord(part) && part.type === 'tool-call' && typeof part.toolName === 'string');
    if (calls.length === 0) return message;
    const toolInvocations = calls.map((part) => ({ state: 'call', toolCallId: part.toolCallId, toolName: part.toolName, args: part.args ?? part.input ?? {} }));
    for (const invocation of toolInvocations) if (invocation.toolCallId !== undefined) byId.set(invocation.toolCallId, invocation);
    return { ...message, toolInvocations };
  });
  for (const message of messages) {
    if (!isRecord(message) || message.role !== 'tool' || !Array.isArray(message.content)) continue;
    for (const part of message.content) {
      const invocation = isRecord(part) && part.type === 'tool-result' ? byId.get(part.toolCallId) : undefined;
      if (invocation === undefined) continue;
      invocation.state = 'result';
      invocation.result = part.result ?? part.output;
    }
  }
  return out;
}

/**
 * The item of `metric` (a METRICS entry) from a line's object: `{ item }`, or `{ error }` saying
 * what is wrong. A Mastra 1.x scorer gets `input` and `output` as the line has them (texts or
 * messages); the others get their texts (the user's message, the assistant's last answer).
 */
export function itemFor(value, metric) {
  const problem = (message) => ({ error: message });
  const item = {};
  for (const field of ['input', 'output']) {
    // A trajectory scorer reads the line's trajectory as its output when the line has one.
    if (field === 'output' && metric.trajectory && 'trajectory' in value) {
      item.output = Array.isArray(value.trajectory) ? { steps: value.trajectory.map((step) => (typeof step === 'string' ? { name: step, stepType: 'tool_call' } : step)) } : value.trajectory;
      continue;
    }
    // Else the tool calls of agent output are its trajectory, as Mastra's runEvals makes it.
    if (field === 'output' && metric.trajectory && Array.isArray(value.output)) {
      item.output = extractTrajectory(withToolInvocations(value.output).filter((message) => message !== null && typeof message === 'object'));
      continue;
    }
    if (!(field in value)) return problem(`missing field "${field}"`);
    if (metric.scorer) {
      // Messages as an agent run's input ({ inputMessages }), as Mastra gives a scorer; AI SDK
      // tool-call parts of the output also as the tool invocations Mastra's messages carry.
      if (field === 'input' && Array.isArray(value.input)) item.input = { inputMessages: value.input, rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} };
      else if (field === 'output' && Array.isArray(value.output)) item.output = withToolInvocations(value.output);
      else item[field] = value[field];
      continue;
    }
    try {
      item[field] = asText(value[field], field);
    } catch (error) {
      return problem(`field "${field}": ${error.message.replace(/^\w+: /, '')}`);
    }
  }
  // The list fields the metric needs on every line ("context", "instructions").
  for (const field of metric.lists ?? (metric.context ? ['context'] : [])) {
    if (!(field in value)) return problem(`missing field "${field}" (an array of strings, needed by ${metric.name ?? 'this metric'})`);
    if (!Array.isArray(value[field]) || value[field].some((piece) => typeof piece !== 'string')) {
      return problem(`field "${field}" must be an array of strings`);
    }
    item[field] = value[field];
  }
  // The string fields it needs ("groundTruth", …).
  for (const field of metric.strings ?? []) {
    if (!(field in value)) return problem(`missing field "${field}" (a string, needed by ${metric.name ?? 'this metric'})`);
    if (typeof value[field] !== 'string') return problem(`field "${field}" must be a string`);
    item[field] = value[field];
  }
  for (const field of metric.optionalStrings ?? []) {
    if (!(field in value)) continue;
    if (typeof value[field] !== 'string') return problem(`field "${field}" must be a string`);
    item[field] = value[field];
  }
  // Anything else a metric reads as it is (a trajectory, a rubric, the request context, …).
  for (const field of metric.fields ?? []) {
    if (!(field in value)) {
      if ((metric.optionalFields ?? []).includes(field)) continue;
      return problem(`missing field "${field}" (needed by ${metric.name ?? 'this metric'})`);
    }
    item[field] = value[field];
  }
  for (const field of ['groundTruth', 'requestContext', 'expectedTrajectory']) if (field in value && !(field in item)) item[field] = value[field];
  return { item };
}

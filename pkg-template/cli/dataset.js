// The CLI's input: JSONL lines read as items of a metric, each with the hash `--resume` checks.

import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';

/** A short hash of an input line's text: what `--resume` compares to know the line is unchanged. */
function lineHash(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * Reads a JSONL source line by line: `[{ line, hash, id?, value } | { line, hash, id?, error }]`,
 * `value` the line's object; `itemFor` makes a metric's item of it.
 */
export async function readDataset(stream) {
  const entries = [];
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let number = 0;
  for await (const raw of lines) {
    number += 1;
    // A UTF-8 byte-order mark (as some editors on Windows write) is not part of the first line.
    const text = number === 1 && raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
    if (text.trim() === '') continue;
    entries.push({ ...parseLine(text, number), hash: lineHash(text) });
  }
  return entries;
}

function parseLine(text, line) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { line, error: `invalid JSON (${error.message})` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { line, error: 'expected a JSON object with "input" and "output"' };
  }
  return { line, id: value.id, value };
}

/** The item of `metric` (a METRICS entry) from a line's object: `{ item }`, or `{ error }` saying what is wrong. */
export function itemFor(value, metric) {
  const problem = (message) => ({ error: message });
  for (const field of ['input', 'output']) {
    if (!(field in value)) return problem(`missing field "${field}"`);
    if (typeof value[field] !== 'string') return problem(`field "${field}" must be a string`);
  }
  const item = { input: value.input, output: value.output };
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
  return { item };
}

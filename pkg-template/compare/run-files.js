// Reading a run from disk (Node): the results JSONL and the run record beside it
// (`results.jsonl.run.json`), as `{ record, results }` for compareRuns.

import { readFileSync } from 'node:fs';
import { EvalsError } from '../engine/errors.js';

function unusable(message) {
  return new EvalsError(message, { code: 'EVALS_INVALID_RUN' });
}

/**
 * Reads a run: `path` is the results file (JSON Lines, one result a line); its record is
 * `path + ".run.json"`. Rejects (EvalsError `EVALS_INVALID_RUN`) a file that is missing or not
 * results of evals-wasm; a missing record is allowed only for results that carry their metric and
 * key (then `record` is `{}`).
 */
export function readRunFile(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw unusable(`cannot read ${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  }
  const results = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let value;
    try {
      value = JSON.parse(line);
    } catch (error) {
      // A last line cut short (an interrupted run) is left out; any other is an error.
      if (index === lines.length - 1) return;
      throw unusable(`line ${index + 1} of ${path} is not JSON (${error.message})`);
    }
    if (value === null || typeof value !== 'object' || !('score' in value || 'error' in value)) {
      throw unusable(`line ${index + 1} of ${path} is not a result of evals-wasm (no score or error); is it the results file?`);
    }
    results.push(value);
  });
  let record;
  try {
    record = JSON.parse(readFileSync(`${path}.run.json`, 'utf8'));
  } catch (error) {
    if (error.code !== 'ENOENT') throw unusable(`cannot read ${path}.run.json: ${error.message}`);
    if (results.some((result) => result.metric === undefined || result.key === undefined)) {
      throw unusable(`${path}.run.json, the record of the run, is missing, and the results do not name their metric and key`);
    }
    record = {};
  }
  if (record?.tool !== undefined && record.tool !== 'evals-wasm') throw unusable(`${path}.run.json is not a run record of evals-wasm`);
  return { record, results };
}

// Reading a run from disk (Node): the results file the CLI wrote with `--out` and its run
// record beside it, as `{ record, results }`, the shapes evaluateMany returns for several
// metrics (docs/runs.md).

import { readFile } from 'node:fs/promises';

const SUFFIX = '.run.json';

/**
 * `readRun(path)`: `path` is the results file (its record is `path + ".run.json"`) or the
 * record itself. A record of format 1 (a one-metric run of an earlier version) is read into the
 * same shape: its `metrics` made from its settings, and each result given its `metric` and `key`.
 */
export async function readRun(path) {
  const resultsPath = path.endsWith(SUFFIX) ? path.slice(0, -SUFFIX.length) : path;
  const record = JSON.parse(await readFile(`${resultsPath}${SUFFIX}`, 'utf8'));
  if (record?.tool !== 'evals-wasm') throw new TypeError(`readRun: ${resultsPath}${SUFFIX} is not a run record of evals-wasm`);
  const text = await readFile(resultsPath, 'utf8');
  const results = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      results.push(JSON.parse(line));
    } catch {
      // A cut-off last line of a killed run is not a result.
    }
  }
  if (record.format !== 2) {
    const { metric, model, 'model-name': modelName, ...options } = record.settings ?? {};
    record.metrics = { [metric]: { options, judge: model === undefined ? null : { url: model, model: modelName }, declaration: null, samples: 1, direction: ['hallucination', 'toxicity', 'bias'].includes(metric) ? 'lower' : 'higher' } };
    for (const result of results) {
      result.metric ??= metric;
      result.key ??= result.id !== undefined && result.id !== null ? String(result.id) : `h:${record.lineHashes?.[result.line - 1]}`;
    }
  }
  return { record, results };
}

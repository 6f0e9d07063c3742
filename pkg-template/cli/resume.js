// `--resume`: the run record kept beside `--out` (format 2, docs/runs.md; format 1, of the
// one-metric runs of earlier versions, is read too), and the results an earlier run left
// matched against this input and these metrics.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { OPTIONS } from './options.js';

export const sidecarPath = (out) => `${out}.run.json`;

export class ResumeRefused extends Error {}

/** A value as typed on the command line, for messages. */
function shown(name, value) {
  if (OPTIONS[name]?.value === undefined && typeof value === 'boolean') return `--${name} ${value ? 'given' : 'not given'}`;
  return `--${name} ${JSON.stringify(value ?? null)}`;
}

/** An option's value, its default when absent (so that a record without `samples` reads as samples 1). */
const valueOf = (options, name) => options?.[name] ?? OPTIONS[name]?.default ?? null;

/** How one metric's recorded settings differ from this run's, in words (empty when they do not). */
function metricDifference(label, before, now) {
  const name = label;
  const out = [];
  const optionNames = [...new Set([...Object.keys(before.options ?? {}), ...Object.keys(now.options ?? {})])];
  for (const option of optionNames) {
    const a = valueOf(before.options, option);
    const b = valueOf(now.options, option);
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${name}${shown(option, a)} there, ${shown(option, b)} here`);
  }
  // The judge, said as the options that choose it.
  for (const [option, key] of [['model', 'url'], ['model-name', 'model']]) {
    const a = before.judge?.[key] ?? null;
    const b = now.judge?.[key] ?? null;
    if (a !== b) out.push(`${name}--${option} ${JSON.stringify(a)} there, --${option} ${JSON.stringify(b)} here`);
  }
  // Other options explain other prompts; the same options with other prompts is another version's metric.
  if (out.length === 0 && before.declaration !== undefined && before.declaration !== now.declaration) out.push(`${name}the metric asks the model otherwise (its declaration changed, as with another version of evals-wasm)`);
  return out;
}

/**
 * The metrics of a run record, format 2 as it is; format 1 (one metric, its options in
 * `settings`) turned into the same shape.
 */
export function recordMetrics(record) {
  if (record.format === 2) return record.metrics ?? {};
  const { metric, model, 'model-name': modelName, ...options } = record.settings ?? {};
  return { [metric]: { metric, options, judge: model === undefined ? null : { url: model, model: modelName } } };
}

/**
 * What `--resume` keeps of `out`: `{ kept: Map(entry index → Map(metric → result line)), reused,
 * retried, stale, cutOff, text }`. Refuses (ResumeRefused) results of other settings, results
 * without their run record, and anything that is not a results file. `metrics` is this run's
 * record of its metrics (name → { metric, options, judge, declaration }).
 */
export function reconcile(out, entries, metrics, skipFailed) {
  let text;
  try {
    text = readFileSync(out, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') text = '';
    else throw error;
  }
  const kept = new Map();
  const counts = { kept, reused: 0, retried: 0, stale: 0, cutOff: false, text };
  if (text === '') return counts;
  let record;
  try {
    record = JSON.parse(readFileSync(sidecarPath(out), 'utf8'));
  } catch (error) {
    const why = error.code === 'ENOENT' ? 'is missing' : `cannot be read (${error.message})`;
    throw new ResumeRefused(`${out} holds results, but ${sidecarPath(out)}, the record of the run that wrote them, ${why}, so they cannot be matched to this input and these settings. Run without --resume to start over.`);
  }
  if (record?.tool !== 'evals-wasm' || !Array.isArray(record.lineHashes) || record.settings === null || typeof record.settings !== 'object') {
    throw new ResumeRefused(`${sidecarPath(out)} is not a run record of evals-wasm. Run without --resume to start over.`);
  }
  const before = recordMetrics(record);
  const common = Object.keys(metrics).filter((name) => Object.hasOwn(before, name));
  const several = Object.keys(metrics).length > 1;
  const differences = common.flatMap((name) => metricDifference(several ? `${name}: ` : '', before[name], metrics[name]));
  if (differences.length > 0) {
    throw new ResumeRefused(`${out} holds results of a run with other settings (${differences.join('; ')}); they would not be comparable. Use another --out file, or run without --resume to replace them.`);
  }
  if (common.length === 0) {
    throw new ResumeRefused(`${out} holds results of other metrics (${Object.keys(before).join(', ')}), none of this run's (${Object.keys(metrics).join(', ')}). Use another --out file, or run without --resume to replace them.`);
  }
  const onlyMetric = record.format === 2 ? undefined : Object.keys(before)[0];

  const pieces = text.split('\n');
  const last = pieces.pop();
  counts.cutOff = last !== '';
  const byLine = new Map(entries.map((entry, index) => [entry.line, index]));
  const idCounts = new Map();
  for (const entry of entries) {
    if (entry.id !== undefined) idCounts.set(JSON.stringify(entry.id), (idCounts.get(JSON.stringify(entry.id)) ?? 0) + 1);
  }
  const byId = new Map();
  entries.forEach((entry, index) => {
    if (entry.id !== undefined && idCounts.get(JSON.stringify(entry.id)) === 1) byId.set(JSON.stringify(entry.id), index);
  });
  pieces.forEach((piece, position) => {
    let result;
    try {
      result = JSON.parse(piece);
    } catch {
      result = undefined;
    }
    if (result === null || typeof result !== 'object' || !Number.isInteger(result.line) || !('score' in result || 'error' in result)) {
      throw new ResumeRefused(`line ${position + 1} of ${out} is not a result of evals-wasm; is it the right file? Run without --resume to replace it.`);
    }
    const metric = result.metric ?? onlyMetric;
    const target = result.id !== undefined && byId.has(JSON.stringify(result.id)) ? byId.get(JSON.stringify(result.id)) : byLine.get(result.line);
    const entry = target === undefined ? undefined : entries[target];
    if (entry === undefined || !Object.hasOwn(metrics, metric) || kept.get(target)?.has(metric) || record.lineHashes[result.line - 1] !== entry.hash) {
      counts.stale += 1;
      return;
    }
    if ('error' in result && result.error?.code !== 'EVALS_INVALID_LINE' && !skipFailed) {
      counts.retried += 1;
      return;
    }
    const { line: _line, id: _id, key: _key, metric: _metric, ...rest } = result;
    if (!kept.has(target)) kept.set(target, new Map());
    kept.get(target).set(metric, JSON.stringify({ ...lineBase(entry), metric, ...rest }));
    if (!('error' in result && result.error?.code === 'EVALS_INVALID_LINE')) counts.reused += 1;
  });
  return counts;
}

/** `{ line, id?, key }`: the start of every result line of an entry. */
export function lineBase(entry) {
  const base = { line: entry.line };
  if (entry.id !== undefined) base.id = entry.id;
  base.key = entry.id !== undefined && entry.id !== null ? String(entry.id) : `h:${entry.hash}`;
  return base;
}

/** The line hashes of a dataset, indexed by line number (null for blank lines). */
export function lineHashesOf(entries) {
  const lineHashes = [];
  for (const entry of entries) lineHashes[entry.line - 1] = entry.hash;
  for (let i = 0; i < lineHashes.length; i++) lineHashes[i] ??= null;
  return lineHashes;
}

/** The run record (format 2) that goes next to `out`: `run` is `{ version, settings, samples, metrics }`. */
export function runRecord(run, entries, input) {
  const lineHashes = lineHashesOf(entries);
  const hash = createHash('sha256').update(lineHashes.map((h) => h ?? '').join('\n')).digest('hex');
  const record = {
    tool: 'evals-wasm',
    format: 2,
    version: run.version,
    input,
    dataset: { hash, lines: lineHashes.length },
    settings: run.settings,
    samples: run.samples,
    metrics: run.metrics,
    lineHashes,
  };
  return `${JSON.stringify(record)}\n`;
}

// `--resume`: the run record kept beside `--out`, and the results an earlier run left matched
// against this input and these settings.

import { readFileSync } from 'node:fs';
import { OPTIONS } from './options.js';

export const sidecarPath = (out) => `${out}.run.json`;

export class ResumeRefused extends Error {}

/** Whether two recorded settings are the same run, and if not, how they differ (in option names). */
function settingsDifference(before, now) {
  const names = [...new Set([...Object.keys(before), ...Object.keys(now)])];
  const show = (name, value) => {
    if (name === 'metric') return `metric ${value}`;
    if (OPTIONS[name]?.value === undefined && typeof value === 'boolean') return `--${name} ${value ? 'given' : 'not given'}`;
    return `--${name} ${JSON.stringify(value ?? null)}`;
  };
  return names
    .filter((name) => JSON.stringify(before[name] ?? null) !== JSON.stringify(now[name] ?? null))
    .map((name) => `${show(name, before[name])} there, ${show(name, now[name])} here`);
}

/**
 * What `--resume` keeps of `out`: `{ kept: Map(entry index → result line), reused, retried,
 * stale, cutOff }`. Refuses (ResumeRefused) results of other settings, results without their
 * run record, and anything that is not a results file.
 */
export function reconcile(out, entries, run, skipFailed) {
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
  const differences = settingsDifference(record.settings, run.settings);
  if (differences.length > 0) {
    throw new ResumeRefused(`${out} holds results of a run with other settings (${differences.join('; ')}); they would not be comparable. Use another --out file, or run without --resume to replace them.`);
  }

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
    const target = result.id !== undefined && byId.has(JSON.stringify(result.id)) ? byId.get(JSON.stringify(result.id)) : byLine.get(result.line);
    const entry = target === undefined ? undefined : entries[target];
    if (entry === undefined || kept.has(target) || record.lineHashes[result.line - 1] !== entry.hash) {
      counts.stale += 1;
      return;
    }
    if ('error' in result && result.error?.code !== 'EVALS_INVALID_LINE' && !skipFailed) {
      counts.retried += 1;
      return;
    }
    const { line: _line, ...rest } = result;
    kept.set(target, JSON.stringify({ line: entry.line, ...rest }));
    if (entry.item !== undefined) counts.reused += 1;
  });
  return counts;
}

/** The run record that goes next to `out`: the settings that make results comparable, and the input's line hashes. */
export function runRecord(run, entries, input) {
  const lineHashes = [];
  for (const entry of entries) lineHashes[entry.line - 1] = entry.hash;
  for (let i = 0; i < lineHashes.length; i++) lineHashes[i] ??= null;
  return `${JSON.stringify({ tool: 'evals-wasm', version: run.version, input, settings: run.settings, lineHashes })}\n`;
}

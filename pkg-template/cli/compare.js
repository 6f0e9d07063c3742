// `evals-wasm compare baseline.jsonl candidate.jsonl`: two runs' results compared metric by
// metric (docs/compare.md), printed as a table, optionally gated for CI and written as markdown,
// JUnit XML, a JSON summary or the HTML report. Exit codes: 0 compared (gate passed or no gate),
// 1 the gate failed, 2 unusable input (a file that is not a run, runs that are not comparable
// without --allow-mismatch, a wrong option).

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compareRuns, formatJUnit, formatMarkdown, formatPlan, formatTable, planComparison, readRunFile } from '../compare.node.js';

class CompareUsageError extends Error {}

export const COMPARE_HELP = `Usage: evals-wasm compare BASELINE.jsonl CANDIDATE.jsonl [options]
       evals-wasm compare BASELINE.jsonl --dry-run --detect DELTA [--samples K]

Compares two runs of one dataset (the --out files of evals-wasm and their .run.json records),
matched item by item: per metric the mean of each run, the paired difference Δ (candidate −
baseline) with a 95 % interval, per-item improved / regressed / unchanged counts and the
change in model calls and tokens. See docs/compare.md.

Options:
  --metric NAME         compare this metric only (repeatable; default: every metric in both runs)
  --cluster FIELD       items sharing FIELD's value (a field of the results, or of the dataset
                        lines the run record names) are one cluster: clustered standard error
  --threshold X         pass threshold for McNemar's test on pass/fail flips (default 0.5)
  --gate                exit 1 when a metric regressed beyond its margin (95 % interval wholly
                        below −margin, Holm-adjusted across the gated metrics)
  --margin X | NAME=X   the regression the gate tolerates, for all metrics or one (repeatable; default 0)
  --allow-mismatch      compare runs that differ in metric options, judge model, prompts,
                        samples or dataset (otherwise exit 2 with the differences)
  --rejudge-all         say that the candidate was judged afresh (no baseline cassette); warns
                        when its judge results repeat the baseline's exactly
  --seed N              the bootstrap's seed (default 1)
  --resamples N         bootstrap resamples (default 10000)
  --markdown FILE       write a markdown summary (for $GITHUB_STEP_SUMMARY or a PR comment)
  --junit FILE          write JUnit XML, one test case per metric
  --summary-json FILE   write the comparison as JSON, without the per-item list
  --json FILE           write the whole comparison as JSON, items included
  --html FILE           write the single-file HTML report
  --dry-run             with one run, plan: the items a comparison needs to detect
                        --detect DELTA (at --samples K per item), from the baseline's own
                        variance, and the model calls and tokens of a candidate run
  --no-color            no colours, even on a terminal
  -h, --help            this text

Exit codes: 0 compared (and the gate passed), 1 the gate failed, 2 unusable input.
`;

const OPTIONS = {
  metric: { type: 'string', multiple: true },
  cluster: { type: 'string' },
  threshold: { type: 'string' },
  gate: { type: 'boolean' },
  margin: { type: 'string', multiple: true },
  'allow-mismatch': { type: 'boolean' },
  'rejudge-all': { type: 'boolean' },
  seed: { type: 'string' },
  resamples: { type: 'string' },
  markdown: { type: 'string' },
  junit: { type: 'string' },
  'summary-json': { type: 'string' },
  json: { type: 'string' },
  html: { type: 'string' },
  'no-color': { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  detect: { type: 'string' },
  samples: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

function numberOption(name, text, { integer = false, min = -Infinity } = {}) {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new CompareUsageError(`--${name} must be ${integer ? 'a whole number' : 'a number'}${min > -Infinity ? ` of at least ${min}` : ''}, got "${text}"`);
  }
  return value;
}

/** `--margin 0.02` (every metric) and `--margin faithfulness=0.05` (one) as `{ '*': 0.02, faithfulness: 0.05 }`. */
function margins(list = []) {
  const margin = {};
  for (const text of list) {
    const at = text.lastIndexOf('=');
    const [name, value] = at < 0 ? ['*', text] : [text.slice(0, at), text.slice(at + 1)];
    margin[name] = numberOption('margin', value, { min: 0 });
  }
  return margin;
}

/**
 * The cluster of each key from the dataset the run record names (for `--cluster FIELD` when the
 * results do not carry the field): a Map, or undefined when the dataset cannot be read.
 */
function clustersFromDataset(run, resultsPath, field) {
  const input = run.record?.input;
  if (typeof input !== 'string') return undefined;
  for (const path of [resolve(input), resolve(dirname(resultsPath), input)]) {
    let text;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    const clusters = new Map();
    text.split('\n').forEach((raw, index) => {
      const line = index === 0 && raw.startsWith('\uFEFF') ? raw.slice(1) : raw.replace(/\r$/, '');
      if (line.trim() === '') return;
      let value;
      try {
        value = JSON.parse(line);
      } catch {
        return;
      }
      const key = value?.id !== undefined ? String(value.id) : `h:${createHash('sha256').update(line).digest('hex').slice(0, 16)}`;
      const cluster = field.split('.').reduce((object, part) => object?.[part], value);
      if (cluster !== undefined && cluster !== null) clusters.set(key, cluster);
    });
    return clusters;
  }
  return undefined;
}

/** Runs `compare` with `argv` (after the word "compare"); resolves to the exit code. */
export async function compareMain(argv, io = {}) {
  const { stdout = process.stdout, stderr = process.stderr } = io;
  const say = (text) => stderr.write(text);
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    say(`evals-wasm compare: ${error.message}\n${COMPARE_HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    stdout.write(COMPARE_HELP);
    return 0;
  }
  if (values['dry-run'] || values.detect !== undefined || values.samples !== undefined) {
    try {
      if (!values['dry-run']) throw new CompareUsageError('--detect and --samples plan a comparison: they go with --dry-run');
      if (values.detect === undefined) throw new CompareUsageError('--dry-run needs --detect DELTA, the change to detect');
      if (positionals.length !== 1) throw new CompareUsageError('--dry-run plans from one run: give the baseline only');
      const detect = numberOption('detect', values.detect);
      if (!(detect > 0)) throw new CompareUsageError(`--detect must be a number above 0, got "${values.detect}"`);
      const samples = values.samples === undefined ? undefined : numberOption('samples', values.samples, { integer: true, min: 1 });
      stdout.write(formatPlan(planComparison(readRunFile(positionals[0]), { detect, samples })));
      return 0;
    } catch (error) {
      if (error instanceof CompareUsageError || error?.code === 'EVALS_INVALID_RUN') {
        say(`evals-wasm compare: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
  }
  let comparison;
  try {
    if (positionals.length !== 2) throw new CompareUsageError(positionals.length < 2 ? 'expected two results files: the baseline and the candidate' : `unexpected argument "${positionals[2]}"`);
    const [baselinePath, candidatePath] = positionals;
    const baseline = readRunFile(baselinePath);
    const candidate = readRunFile(candidatePath);
    const margin = margins(values.margin);
    let cluster = values.cluster;
    if (cluster !== undefined) {
      const inResults = [...baseline.results, ...candidate.results].some((r) => r[cluster] !== undefined || r.info?.[cluster] !== undefined);
      if (!inResults) {
        const map = new Map([...(clustersFromDataset(baseline, baselinePath, cluster) ?? []), ...(clustersFromDataset(candidate, candidatePath, cluster) ?? [])]);
        if (map.size === 0) throw new CompareUsageError(`--cluster ${cluster}: no result carries the field, and the datasets the run records name (${baseline.record?.input ?? 'none'}) cannot be read or lack it`);
        const field = cluster;
        cluster = (key) => map.get(key);
        cluster.field = field;
      }
    }
    comparison = await compareRuns(baseline, candidate, {
      baselineLabel: baselinePath,
      candidateLabel: candidatePath,
      metrics: values.metric,
      cluster,
      threshold: values.threshold === undefined ? undefined : numberOption('threshold', values.threshold),
      gate: values.gate === true,
      margin,
      allowMismatch: values['allow-mismatch'] === true,
      rejudgeAll: values['rejudge-all'] === true,
      seed: values.seed === undefined ? undefined : numberOption('seed', values.seed, { integer: true, min: 0 }),
      resamples: values.resamples === undefined ? undefined : numberOption('resamples', values.resamples, { integer: true, min: 100 }),
    });
    if (typeof cluster === 'function') comparison.settings.cluster = cluster.field;
  } catch (error) {
    if (error instanceof CompareUsageError || error?.code === 'EVALS_INVALID_RUN' || error?.code === 'EVALS_RUNS_NOT_COMPARABLE') {
      say(`evals-wasm compare: ${error.message.replace(/^compareRuns: /, '')}\n`);
      return 2;
    }
    say(`evals-wasm compare: ${error?.stack ?? String(error)}\n`);
    return 2;
  }

  const color = !values['no-color'] && stdout.isTTY === true && !process.env.NO_COLOR;
  stdout.write(formatTable(comparison, { color }));
  try {
    if (values.markdown !== undefined) writeFileSync(values.markdown, formatMarkdown(comparison));
    if (values.junit !== undefined) writeFileSync(values.junit, formatJUnit(comparison));
    if (values['summary-json'] !== undefined) {
      const { items: _items, ...summary } = comparison;
      writeFileSync(values['summary-json'], `${JSON.stringify({ ...summary, baseline: { label: summary.baseline.label }, candidate: { label: summary.candidate.label } }, null, 2)}\n`);
    }
    if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(comparison)}\n`);
    if (values.html !== undefined) {
      let report;
      try {
        report = await import('../compare/report.js');
      } catch (error) {
        throw new Error(`--html needs the report renderer (compare/report.js), which this build of evals-wasm lacks (${error.message})`);
      }
      writeFileSync(values.html, await report.renderReport(comparison));
    }
  } catch (error) {
    say(`evals-wasm compare: ${error.message}\n`);
    return 2;
  }
  return comparison.gate !== null && !comparison.gate.passed ? 1 : 0;
}

// A run: several metrics over one dataset in one pass (evaluateMany with a list or map of
// metrics). Each item is taken once; its metrics are measured one after another (so
// `concurrency` stays the bound on model calls in flight), and the result lines and the run
// record come out in the run format of docs/runs.md.

import { describe, EvalsError } from '../engine/errors.js';
import { checkArguments, isScorer, measureWith, metricResolver, runPool } from './batch.js';
import { declarationHash, PROBE } from './declaration.js';

const NAME = 'evaluateMany';

/** Metrics where a lower score is the better one. */
const LOWER_IS_BETTER = ['hallucination', 'toxicity', 'bias'];

/** The direction of a metric named `name`: "lower" when a lower score is better. */
export function directionOf(name) {
  const words = String(name).toLowerCase();
  return LOWER_IS_BETTER.some((word) => words.includes(word)) ? 'lower' : 'higher';
}

/** sha256 hex of a text (WebCrypto, in browsers and Node alike). */
export async function sha256(text) {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The line hash of a line's text: the first 16 hex digits of its sha256. */
export const lineHashOf = async (text) => (await sha256(text)).slice(0, 16);

/** The matching key of a line: its id as text, else "h:" and its line hash. */
export const keyOf = (id, hash) => (id !== undefined && id !== null ? String(id) : `h:${hash}`);

/** The dataset hash: sha256 of the line hashes in order, one a line (a blank line as empty). */
export const datasetHash = (lineHashes) => sha256(lineHashes.map((hash) => hash ?? '').join('\n'));

/** The text of a message's content: a string, or its text parts joined. */
function contentText(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.filter((part) => part?.type === 'text' && typeof part.text === 'string').map((part) => part.text).join('');
  if (content && typeof content === 'object') {
    if (typeof content.content === 'string') return content.content;
    if (Array.isArray(content.parts)) return contentText(content.parts);
  }
  return '';
}

/** The output as scored, as text: a string as is, messages as their assistant texts joined. */
export function outputText(output) {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    return output.filter((message) => message?.role === undefined || message.role === 'assistant').map((message) => contentText(message?.content)).filter((text) => text !== '').join('\n');
  }
  return undefined;
}

/** The cost of one result: model calls and tokens of its info, and the time it took when judged. */
export function costOf(info, judged, ms) {
  const cost = { modelCalls: 0 };
  if (info && typeof info === 'object') {
    if (Number.isFinite(info.modelCalls)) cost.modelCalls = info.modelCalls;
    if (info.usage && typeof info.usage === 'object') {
      cost.promptTokens = Number(info.usage.inputTokens) || 0;
      cost.completionTokens = Number(info.usage.outputTokens) || 0;
    }
  }
  cost.judgeMs = judged ? Math.round(ms) : 0;
  return cost;
}

/** The error of a result line. */
export function errorRecord(error) {
  if (error === null || typeof error !== 'object') return { message: String(error) };
  const record = { message: typeof error.message === 'string' ? error.message : String(error) };
  if (typeof error.code === 'string') record.code = error.code;
  if (typeof error.step === 'string') record.step = error.step;
  if (typeof error.field === 'string') record.field = error.field;
  return record;
}

/**
 * The result line of one (line, metric): `base` is `{ line, id?, key }`; `outcome` is
 * `{ score, info, ms }` or `{ error }`; `output` the output as scored (or undefined).
 */
export function resultLine(base, metric, outcome, output, judged) {
  const record = { ...base, metric };
  if ('error' in outcome) {
    record.error = errorRecord(outcome.error);
    return record;
  }
  record.score = outcome.score;
  record.info = outcome.info;
  if (output !== undefined) record.output = output;
  record.cost = costOf(outcome.info, judged, outcome.ms ?? 0);
  return record;
}

/** Whether a metric (or what a factory makes) asks a model: a declared LLM metric or a scorer. */
const DRY_RUN = Symbol.for('evals-wasm.dryRun');
const isJudged = (metric) => typeof metric?.[DRY_RUN] === 'function' || isScorer(metric);

/** `[[name, metric], …]` of a list (names from the classes) or a map. */
function namedMetrics(metrics) {
  const pairs = Array.isArray(metrics) ? metrics.map((metric, i) => [nameOf(metric, i), metric]) : Object.entries(metrics);
  const seen = new Map();
  return pairs.map(([name, metric]) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return [count === 1 ? name : `${name}-${count}`, metric];
  });
}

/** A metric's name in a list: its class name in kebab case without "Metric", a scorer's id or name. */
function nameOf(metric, index) {
  const kebab = (text) => text.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/[\s_]+/g, '-').toLowerCase();
  if (typeof metric === 'function') return `metric-${index + 1}`;
  if (isScorer(metric)) {
    const named = typeof metric.id === 'string' && metric.id !== '' ? metric.id : metric.name;
    return typeof named === 'string' && named !== '' ? kebab(named) : `scorer-${index + 1}`;
  }
  const className = metric?.constructor?.name;
  return className && className !== 'Object' ? kebab(className.replace(/Metric$/, '')) : `metric-${index + 1}`;
}

let versionPromise;
/** The package's version (from its package.json, where it can be read: Node), else null. */
function packageVersion() {
  versionPromise ??= (async () => {
    try {
      const fs = 'node:fs';
      const { readFileSync } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fs);
      // From batch/run.js the manifest is one folder up; from the CommonJS bundle (index.cjs), beside it.
      for (const path of ['../package.json', './package.json']) {
        try {
          const manifest = JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
          if (manifest.name === 'evals-wasm') return manifest.version ?? null;
        } catch {
          // Not there: the next place.
        }
      }
      return null;
    } catch {
      return null;
    }
  })();
  return versionPromise;
}

/**
 * Checks the `run` option: what the record says of the run beyond what the metrics tell
 * (`{ input, settings, version, samples, metrics: { name: { options, judge, samples, direction, declaration } } }`).
 */
function checkRunOption(run) {
  if (run === undefined) return {};
  if (run === null || typeof run !== 'object' || Array.isArray(run)) throw new TypeError(`${NAME}: option "run" must be an object, got ${describe(run)}`);
  return run;
}

/**
 * `evaluateMany(items, metrics, options)` with a list or map of metrics: resolves to
 * `{ record, results }`, the run record and the result lines (one per item and metric, in input
 * order, the metrics of an item in the order given). `onResult(lines, index)` gets the result
 * lines of each item as it finishes; `onProgress` counts items.
 */
export async function evaluateRun(items, metrics, options = {}) {
  const run = checkRunOption(options?.run);
  const { run: _run, ...rest } = options ?? {};
  const named = namedMetrics(metrics);
  const { concurrency, signal, onProgress, onResult, failFast, dryRun } = checkArguments(named[0][1], items, rest);
  if (dryRun) throw new EvalsError(`${NAME}: dryRun takes one metric at a time`, { code: 'EVALS_INVALID_OPTION' });
  if (signal?.aborted) throw new EvalsError(`${NAME}: aborted before it started`, { code: 'EVALS_ABORTED', cause: signal.reason });
  const version = run.version ?? (await packageVersion());
  const resolvers = named.map(([name, metric]) => [name, metricResolver(metric)]);
  const judged = new Map();
  const lineHashes = [];

  const measureLine = async (index, item, poolSignal) => {
    const lines = [];
    const errors = [];
    let text;
    try {
      text = JSON.stringify(item);
    } catch {
      text = String(index);
    }
    const hash = await lineHashOf(text ?? 'undefined');
    lineHashes[index] = hash;
    const id = item !== null && typeof item === 'object' ? item.id : undefined;
    const base = { line: index + 1, ...(id === undefined ? {} : { id }), key: keyOf(id, hash) };
    for (const [name, metricFor] of resolvers) {
      let outcome;
      try {
        if (item === null || typeof item !== 'object') throw new TypeError(`${NAME}: item ${index} must be an object { input, output }, got ${describe(item)}`);
        const itemMetric = await metricFor(item);
        if (!judged.has(name)) judged.set(name, itemMetric);
        const started = performance.now();
        outcome = await measureWith(itemMetric, item, poolSignal);
        outcome.ms = performance.now() - started;
      } catch (error) {
        outcome = { error };
        errors.push(error);
      }
      lines.push(resultLine(base, name, outcome, item && typeof item === 'object' ? outputText(item.output) : undefined, isJudged(judged.get(name))));
    }
    return { index, lines, errors };
  };
  // failFast stops with the first error as the metric threw it.
  const failure = (result) => (result.errors.length > 0 ? { error: result.errors[0] } : false);
  const perLine = await runPool(items, measureLine, {
    concurrency,
    signal,
    onProgress,
    failFast,
    failed: failure,
    onResult: onResult && ((result, index) => onResult(result.lines, index)),
  });
  const results = perLine.flatMap((result) => result.lines);
  const record = {
    tool: 'evals-wasm',
    format: 2,
    version,
    input: run.input ?? null,
    dataset: { hash: await datasetHash(lineHashes), lines: lineHashes.length },
    settings: run.settings ?? {},
    samples: run.samples ?? 1,
    metrics: {},
    lineHashes,
  };
  for (const [name, metric] of named) {
    const given = run.metrics?.[name] ?? {};
    let made = metric;
    if (typeof metric === 'function') {
      try {
        made = await metric(PROBE);
      } catch {
        made = undefined;
      }
    }
    record.metrics[name] = {
      options: given.options ?? {},
      judge: given.judge ?? null,
      declaration: given.declaration ?? (await declarationHash(made, name, version)),
      samples: given.samples ?? run.samples ?? 1,
      direction: given.direction ?? directionOf(name),
    };
  }
  return { record, results };
}

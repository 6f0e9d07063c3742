// evaluateMany: one metric over a whole dataset, a few items at a time, with progress,
// cancellation, results delivered as they finish, and a summary.
//
// A small worker pool: `concurrency` workers each take the next item, measure it and store the
// result at the item's index, so results come back in input order whatever order they finish in;
// `onResult` hands each one to the caller as soon as it is done, in the order they finish.
// The LLM metrics make their model calls one after another within a measure, so at most
// `concurrency` model calls are in flight. Stopping (the caller's signal, failFast, a failing
// source, onResult or onProgress callback) aborts an internal signal that every in-flight
// measure got, and rejects at once; nothing more is reported after that. A Mastra 1.x scorer
// is run the same way: each item's `{ input, output, groundTruth?, requestContext? }` is its run.

import { checkOptionNames, describe, EvalsError } from '../engine/errors.js';
import { addTally, dryMeasure, emptyTally } from './dry-run.js';
import { evaluateRun } from './run.js';

const NAME = 'evaluateMany';

function isAbortSignal(value) {
  return value !== null && typeof value === 'object' && typeof value.aborted === 'boolean' && typeof value.addEventListener === 'function';
}

function isClass(fn) {
  return /^class[\s{]/.test(Function.prototype.toString.call(fn));
}

/** A Mastra 1.x scorer (`run()` and no `measure()`), which evaluateMany runs on each item. */
export const isScorer = (metric) => metric !== null && typeof metric === 'object' && typeof metric.run === 'function' && typeof metric.measure !== 'function';
const measurable = (metric) => metric !== null && typeof metric === 'object' && (typeof metric.measure === 'function' || isScorer(metric));

/** A metric, a scorer or a factory: what one entry of a list or map of metrics may be. */
export const isMetricLike = (value) => measurable(value) || (typeof value === 'function' && !isClass(value));

/** A list (non-empty) or a plain map of metrics, as opposed to one metric or a list of items. */
export function isMetricSet(value) {
  if (Array.isArray(value)) return value.length > 0 && value.every(isMetricLike);
  if (value === null || typeof value !== 'object' || measurable(value)) return false;
  if (typeof value[Symbol.iterator] === 'function' || typeof value[Symbol.asyncIterator] === 'function') return false;
  const entries = Object.values(value);
  return entries.length > 0 && entries.every(isMetricLike);
}

/** The run a scorer is given for an item: its input and output, and what else it carries. */
export function runOf(item) {
  const run = { input: item.input, output: item.output };
  for (const key of ['groundTruth', 'requestContext', 'runId', 'expectedTrajectory']) if (item[key] !== undefined) run[key] = item[key];
  return run;
}

/** `{ score, info }` of a scorer's run: info holds its reason and step results. */
async function runScorer(scorer, item) {
  const { score, input, output, ...info } = await scorer.run(runOf(item));
  return { score, info };
}

export function checkArguments(metric, items, options) {
  if (typeof metric === 'function') {
    if (isClass(metric)) {
      throw new TypeError(`${NAME}: metric must be a metric instance or a factory (item) => metric, got the class ${metric.name || '(anonymous)'} itself; pass \`new ${metric.name || 'Metric'}(…)\` or \`(item) => new ${metric.name || 'Metric'}(…)\``);
    }
  } else if (!measurable(metric)) {
    throw new TypeError(`${NAME}: metric must be an object with a measure() method, a Mastra scorer (run()) or a factory (item) => metric, got ${describe(metric)}`);
  }
  const iterable = items !== null && typeof items === 'object' &&
    (typeof items[Symbol.iterator] === 'function' || typeof items[Symbol.asyncIterator] === 'function');
  if (!Array.isArray(items) && !iterable) {
    throw new TypeError(`${NAME}: items must be an array or an (async) iterable of { input, output }, got ${describe(items)}`);
  }
  if (options === undefined) options = {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${NAME}: options must be an object, got ${describe(options)}`);
  }
  checkOptionNames(NAME, options, ['concurrency', 'signal', 'onProgress', 'onResult', 'failFast', 'dryRun'], { strict: true });
  const { concurrency = 4, signal, onProgress, onResult, failFast = false, dryRun = false } = options;
  const listItems = dryRun?.listItems;
  if (!(typeof dryRun === 'boolean' || (dryRun !== null && typeof dryRun === 'object' && !Array.isArray(dryRun) && Object.keys(dryRun).every((key) => key === 'listItems')))) {
    throw new TypeError(`${NAME}: option "dryRun" must be a boolean or { listItems }, got ${describe(dryRun)}`);
  }
  if (listItems !== undefined && !(Number.isInteger(listItems) && listItems >= 0 && listItems <= 1000)) {
    throw new TypeError(`${NAME}: option "dryRun.listItems" must be a whole number from 0 to 1000, got ${describe(listItems)}`);
  }
  if (!(Number.isInteger(concurrency) && concurrency >= 1)) {
    throw new TypeError(`${NAME}: option "concurrency" must be a whole number of at least 1, got ${typeof concurrency === 'number' ? concurrency : describe(concurrency)}`);
  }
  if (signal !== undefined && !isAbortSignal(signal)) {
    throw new TypeError(`${NAME}: option "signal" must be an AbortSignal`);
  }
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new TypeError(`${NAME}: option "onProgress" must be a function, got ${describe(onProgress)}`);
  }
  if (onResult !== undefined && typeof onResult !== 'function') {
    throw new TypeError(`${NAME}: option "onResult" must be a function, got ${describe(onResult)}`);
  }
  if (typeof failFast !== 'boolean') {
    throw new TypeError(`${NAME}: option "failFast" must be a boolean, got ${describe(failFast)}`);
  }
  return { concurrency, signal, onProgress, onResult, failFast, dryRun: dryRun === false ? undefined : { listItems } };
}

/**
 * A `next()` over the items that hands out `{ index, item }` in input order, or `undefined`
 * when there are none left. Calls to an iterator's `next()` are made one at a time.
 */
function itemSource(items) {
  if (Array.isArray(items)) {
    let index = 0;
    const length = items.length;
    return { total: length, next: async () => (index < length ? { index, item: items[index++] } : undefined), close() {} };
  }
  const iterator = typeof items[Symbol.asyncIterator] === 'function' ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  let count = 0;
  let exhausted = false;
  let queue = Promise.resolve();
  const source = {
    total: null,
    next() {
      const step = queue.then(async () => {
        if (exhausted) return undefined;
        const { done, value } = await iterator.next();
        if (done) {
          exhausted = true;
          source.total = count;
          return undefined;
        }
        return { index: count++, item: value };
      });
      queue = step.catch(() => {});
      return step;
    },
    close() {
      if (exhausted || typeof iterator.return !== 'function') return;
      exhausted = true;
      // Let a generator run its finally blocks; its answer does not matter.
      Promise.resolve().then(() => iterator.return()).catch(() => {});
    },
  };
  return source;
}

/**
 * The fields of `item` a factory reads while it makes a metric (until its promise settles):
 * `{ watched: a proxy to hand the factory, read: Set of field names }`. Listing the fields
 * (`Object.keys`, a spread) reads them all.
 */
function watchReads(item) {
  const read = new Set();
  const note = (key) => {
    if (typeof key === 'string') read.add(key);
  };
  const watched = new Proxy(item, {
    get: (target, key, receiver) => (note(key), Reflect.get(target, key, receiver)),
    has: (target, key) => (note(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (note(key), Reflect.getOwnPropertyDescriptor(target, key)),
    ownKeys: (target) => (Reflect.ownKeys(target).forEach(note), Reflect.ownKeys(target)),
  });
  return { watched, read };
}

/**
 * What an item holds in `fields`, as text, for comparing items; undefined when a value cannot be
 * written as JSON (a function, a BigInt, a cycle): such an item shares no metric.
 */
function valuesOf(item, fields) {
  try {
    return JSON.stringify(fields.map((field) => (field in item ? [field, item[field]] : [field])));
  } catch {
    return undefined;
  }
}

/**
 * The metric for an item: the instance, or the factory's. A metric the factory made is reused for
 * every later item that holds the same values in each field the factory read to make it (its
 * `context`, its `instructions`, …), so each context's statements are extracted once and no item
 * is measured by a metric made from another item's fields.
 */
export function metricResolver(metric) {
  if (typeof metric !== 'function') return async () => metric;
  // The metrics made, grouped by the fields read to make them (sorted names, as JSON): each
  // group maps an item's values in those fields to the entry `{ fields, values, pending }`.
  const groups = new Map();
  const file = (entry) => {
    if (entry.values === undefined) return;
    const key = JSON.stringify(entry.fields);
    if (!groups.has(key)) groups.set(key, { fields: entry.fields, byValues: new Map() });
    groups.get(key).byValues.set(entry.values, entry);
  };
  const unfile = (entry) => {
    const byValues = groups.get(JSON.stringify(entry.fields))?.byValues;
    if (byValues?.get(entry.values) === entry) byValues.delete(entry.values);
  };
  const make = (item) => {
    const { watched, read } = watchReads(item);
    let result;
    try {
      result = Promise.resolve(metric(watched));
    } catch (error) {
      result = Promise.reject(error);
    }
    // Filed under the fields read so far, so that items arriving while it is made can share it.
    const fields = [...read].sort();
    const entry = { fields, values: valuesOf(item, fields) };
    entry.pending = result.then((made) => {
      if (!measurable(made)) {
        throw new TypeError(`${NAME}: the metric factory returned ${describe(made)}, expected an object with a measure() method or a Mastra scorer`);
      }
      // A factory that read more fields after an await is filed again under all it read.
      if (read.size !== entry.fields.length) {
        unfile(entry);
        entry.fields = [...read].sort();
        entry.values = valuesOf(item, entry.fields);
        file(entry);
      }
      return made;
    });
    file(entry);
    entry.pending.catch(() => unfile(entry));
    return entry.pending;
  };
  const resolve = (item) => {
    for (const { fields, byValues } of groups.values()) {
      const entry = byValues.get(valuesOf(item, fields));
      if (entry === undefined) continue;
      // Shared once made, if the item also holds the same values in the fields read after an await.
      return entry.pending.then((made) => (valuesOf(item, entry.fields) === entry.values ? made : resolve(item)));
    }
    return make(item);
  };
  return resolve;
}

/**
 * count, mean, median, min, max, failures, model calls, tokens and wall time of a run. Also used
 * by the command-line tool for the results of a resumed run (not part of the package's API).
 */
export function summarize(results, wallTimeMs) {
  const scores = [];
  let modelCalls = 0;
  let usage = null;
  let failures = 0;
  for (const result of results) {
    if ('error' in result) {
      failures += 1;
      continue;
    }
    if (typeof result.score === 'number' && Number.isFinite(result.score)) scores.push(result.score);
    const info = result.info;
    if (info && typeof info === 'object') {
      if (typeof info.modelCalls === 'number' && Number.isFinite(info.modelCalls)) modelCalls += info.modelCalls;
      if (info.usage && typeof info.usage === 'object') {
        usage ??= { inputTokens: 0, outputTokens: 0 };
        usage.inputTokens += Number(info.usage.inputTokens) || 0;
        usage.outputTokens += Number(info.usage.outputTokens) || 0;
      }
    }
  }
  scores.sort((a, b) => a - b);
  const n = scores.length;
  let mean = null;
  let median = null;
  if (n > 0) {
    mean = scores.reduce((sum, score) => sum + score, 0) / n;
    median = n % 2 === 1 ? scores[(n - 1) / 2] : (scores[n / 2 - 1] + scores[n / 2]) / 2;
  }
  return {
    count: results.length,
    scored: n,
    failures,
    mean,
    median,
    min: n > 0 ? scores[0] : null,
    max: n > 0 ? scores[n - 1] : null,
    modelCalls,
    usage,
    wallTimeMs,
  };
}

/**
 * Measures every item of `items` with `metric` (an instance, or a factory `(item) => metric`
 * called once per distinct `item.context`). Resolves to `{ results, summary }`, the results in
 * input order, each `{ index, score, info }` or `{ index, error }`.
 */
export async function evaluateMany(metric, items, options) {
  // Several metrics: `evaluateMany(items, [metric, …] | { name: metric }, options)` (run.js).
  if (isMetricSet(items) && !isMetricSet(metric)) return evaluateRun(metric, items, options);
  if (isMetricSet(metric) && !isMetricSet(items)) return evaluateRun(items, metric, options);
  const { concurrency, signal, onProgress, onResult, failFast, dryRun } = checkArguments(metric, items, options);
  const started = performance.now();
  if (signal?.aborted) {
    throw new EvalsError(`${NAME}: aborted before it started`, { code: 'EVALS_ABORTED', cause: signal.reason });
  }

  const metricFor = metricResolver(metric);
  const dryTally = dryRun ? dryTallies(dryRun) : undefined;
  const measureOne = async (index, item, signal) => {
    try {
      if (item === null || typeof item !== 'object') {
        throw new TypeError(`${NAME}: item ${index} must be an object { input, output }, got ${describe(item)}`);
      }
      return { index, ...(await measureWith(await metricFor(item), item, signal, dryTally)) };
    } catch (error) {
      return { index, error };
    }
  };
  const results = await runPool(items, measureOne, { concurrency, signal, onProgress, onResult, failFast });
  const wallTimeMs = performance.now() - started;
  return { results, summary: dryRun ? dryRunSummary(results, wallTimeMs) : summarize(results, wallTimeMs) };
}

/**
 * `(metric) => measure` of a dry run: one stand-in measure per metric instance, so that its items
 * share extractions; throws for a metric that cannot be counted.
 */
export function dryTallies(dryRun) {
  const dryMeasures = new WeakMap();
  return (itemMetric) => {
    if (!dryMeasures.has(itemMetric)) dryMeasures.set(itemMetric, dryMeasure(itemMetric, dryRun));
    const measure = dryMeasures.get(itemMetric);
    if (measure === undefined && isScorer(itemMetric)) {
      throw new EvalsError(`${NAME}: dryRun counts the model requests of the 0.x metric classes of evals-wasm; a Mastra scorer (${describe(itemMetric)}) cannot be counted without running it`, { code: 'EVALS_INVALID_OPTION' });
    }
    if (measure === undefined) {
      throw new EvalsError(`${NAME}: dryRun counts the model requests of the LLM metrics of evals-wasm; this metric (${describe(itemMetric)}) is not one, so its requests cannot be counted without measuring`, { code: 'EVALS_INVALID_OPTION' });
    }
    return measure;
  };
}

/** `{ score, info }` of one item measured by `itemMetric` (a dry run's tally when `dryTally` is given). */
export async function measureWith(itemMetric, item, signal, dryTally) {
  if (dryTally) return dryTally(itemMetric)(item.input, item.output, { signal });
  // A scorer's run takes no signal: stopping the run leaves it to finish, its result unread.
  if (isScorer(itemMetric)) return runScorer(itemMetric, item);
  const { score, info } = await itemMetric.measure(item.input, item.output, { signal });
  return { score, info };
}

/**
 * The worker pool: `concurrency` workers each take the next item of `items`, run
 * `measureOne(index, item, signal)` (which resolves to a result, `error` in it when it failed)
 * and store it at the item's index. Resolves to the results in input order; rejects when the run
 * is stopped (the caller's signal, failFast, a failing source or callback). `failed(result)`
 * says whether a result failed: true (its `error` stops a failFast run) or `{ error }`.
 */
export async function runPool(items, measureOne, { concurrency, signal, onProgress, onResult, failFast, failed: isFailure = (result) => 'error' in result }) {
  const controller = new AbortController();
  const source = itemSource(items);
  const results = [];
  let done = 0;
  let failed = 0;

  let stopped;
  let rejectStopped;
  const whenStopped = new Promise((_, reject) => {
    rejectStopped = reject;
  });
  whenStopped.catch(() => {});
  const stop = (error) => {
    if (stopped) return;
    stopped = { error };
    controller.abort(error);
    source.close();
    rejectStopped(error);
  };
  const onAbort = () => stop(new EvalsError(`${NAME}: aborted`, { code: 'EVALS_ABORTED', cause: signal.reason }));
  signal?.addEventListener('abort', onAbort, { once: true });

  const worker = async () => {
    try {
      let next = await source.next();
      while (!stopped && next !== undefined) {
        const result = await measureOne(next.index, next.item, controller.signal);
        if (stopped) return;
        results[next.index] = result;
        // The worker waits for the caller to take the result (say, to write it to disk) before
        // it counts it as done and takes another item, so a slow writer holds the run back
        // instead of piling results up, and progress never runs ahead of what was taken.
        if (onResult) {
          await onResult(result, next.index);
          if (stopped) return;
        }
        done += 1;
        const failure = isFailure(result);
        if (failure) {
          failed += 1;
          if (failFast) {
            stop(failure === true ? result.error : failure.error);
            return;
          }
        }
        // The next item is taken before reporting, so that the last report of an iterable
        // source already knows its total. Takes are served in order, so reports stay in order.
        const report = { done, total: null, failed };
        next = await source.next();
        if (stopped) return;
        report.total = source.total;
        onProgress?.(report);
      }
    } catch (error) {
      // The source, onResult or onProgress threw: the run cannot go on.
      stop(error);
    }
  };

  try {
    await Promise.race([Promise.all(Array.from({ length: concurrency }, worker)), whenStopped]);
    if (stopped) throw stopped.error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  return results;
}

/** The totals of a dry run: items, failures, requests, recorded answers, tokens, per step. */
function dryRunSummary(results, wallTimeMs) {
  const total = emptyTally();
  let failures = 0;
  for (const result of results) {
    if ('error' in result) failures += 1;
    else addTally(total, result);
  }
  return { dryRun: true, count: results.length, failures, ...total, wallTimeMs };
}

// One measure's link to the model: time limit, cancellation, and the model's own errors.
//
// The Rust engine calls `call(request)` for every model request of a measure. Each call is
// raced against the measure's deadline and AbortSignal; whatever makes a call fail (the
// model's own error, our time-out or abort error) is remembered, so that when the engine
// reports the failure, the measure rejects with that very value, unchanged.

import { EvalsError, coded } from '../engine/errors.js';

/** Checks `timeoutMs` (a positive finite number or undefined). */
export function checkTimeout(className, timeoutMs) {
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && Number.isFinite(timeoutMs))) {
    throw coded(new TypeError(`${className}: option "timeoutMs" must be a positive number of milliseconds, got ${String(timeoutMs)}`), 'EVALS_INVALID_OPTION');
  }
}

/** Checks the per-measure options `{ signal }`. */
export function checkMeasureOptions(className, options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') {
    throw coded(new TypeError(`${className}.measure: options must be an object, got ${String(options)}`), 'EVALS_INVALID_OPTION');
  }
  const { signal } = options;
  if (signal !== undefined && !(signal && typeof signal.aborted === 'boolean' && typeof signal.addEventListener === 'function')) {
    throw coded(new TypeError(`${className}.measure: option "signal" must be an AbortSignal`), 'EVALS_INVALID_OPTION');
  }
  return options;
}

function abortedError(signal) {
  return new EvalsError('the measure was aborted', { code: 'EVALS_ABORTED', cause: signal.reason });
}

/**
 * Starts a measure's link to `judge` (from models.js). `timeoutMs` bounds the whole measure.
 * Returns `{ call, wait, fail }`: `call` goes to the engine; `wait(promise, step)` waits for
 * work this measure did not start (another measure's extraction) within this measure's own
 * signal and deadline; `fail(engineError)` turns what the engine rejected with into the error
 * the measure should reject with.
 */
export function startMeasure(judge, { signal, timeoutMs, className }) {
  const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  let firstFailure;
  const timedOut = (step) => new EvalsError(`${className}: the measure took longer than timeoutMs (${timeoutMs} ms)`, { code: 'EVALS_TIMEOUT', step });

  /**
   * `work(abortSignal)` raced against the measure's signal and deadline: when either stops the
   * measure first, `abortSignal` is aborted and the race rejects with our EVALS_ABORTED or
   * EVALS_TIMEOUT error.
   */
  const bounded = async (step, work) => {
    if (signal?.aborted) throw abortedError(signal);
    const remaining = deadline === undefined ? undefined : deadline - Date.now();
    if (remaining !== undefined && remaining <= 0) throw timedOut(step);
    const controller = new AbortController();
    const cleanups = [];
    const stopped = new Promise((_, reject) => {
      if (remaining !== undefined) {
        const timer = setTimeout(() => {
          const error = timedOut(step);
          controller.abort(error);
          reject(error);
        }, remaining);
        cleanups.push(() => clearTimeout(timer));
      }
      if (signal) {
        const onAbort = () => {
          const error = abortedError(signal);
          controller.abort(error);
          reject(error);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        cleanups.push(() => signal.removeEventListener('abort', onAbort));
      }
    });
    stopped.catch(() => {});
    try {
      return await Promise.race([work(controller.signal), stopped]);
    } finally {
      for (const cleanup of cleanups) cleanup();
    }
  };

  const call = async (request) => {
    try {
      return await bounded(request.step, (abortSignal) => judge({ ...request, signal: abortSignal }));
    } catch (error) {
      firstFailure ??= { error };
      throw error;
    }
  };

  /**
   * Resolves to `{ value }` or `{ error }`, the outcome of `promise` (which belongs to another
   * measure), or rejects with this measure's own EVALS_ABORTED / EVALS_TIMEOUT error when its
   * signal or deadline comes first.
   */
  const wait = async (promise, step) => {
    try {
      return await bounded(step, () => promise.then((value) => ({ value }), (error) => ({ error })));
    } catch (error) {
      firstFailure ??= { error };
      throw error;
    }
  };

  const fail = (engineError) => {
    if (firstFailure && engineError === firstFailure.error) return engineError;
    if (engineError && engineError.code === 'EVALS_MODEL_FAILED' && firstFailure) return firstFailure.error;
    if (engineError && typeof engineError === 'object' && typeof engineError.code === 'string') {
      const { message, code, step, raw, missing, limit } = engineError;
      return new EvalsError(`${className}: ${message}`, { code, step, raw, missing, limit });
    }
    return engineError instanceof Error ? engineError : new EvalsError(`${className}: ${String(engineError)}`, { code: 'EVALS_INTERNAL' });
  };

  return { call, wait, fail };
}

/**
 * A token sum as the engine keeps it: a count beyond `Number.MAX_SAFE_INTEGER` is ignored, and
 * the sum is held there.
 */
export const addCount = (sum, count) => Math.min(sum + (count <= Number.MAX_SAFE_INTEGER ? count : 0), Number.MAX_SAFE_INTEGER);

/** Adds the counts of `extra` ({ modelCalls, usage }) to a result's info. */
export function addCalls(info, extra) {
  info.modelCalls += extra.modelCalls;
  if (extra.usage) {
    info.usage ??= { inputTokens: 0, outputTokens: 0 };
    info.usage.inputTokens = addCount(info.usage.inputTokens, extra.usage.inputTokens);
    info.usage.outputTokens = addCount(info.usage.outputTokens, extra.usage.outputTokens);
  }
}

/**
 * A bounded cache of extractions (a context's statements, a source's claims), keyed by a
 * string. Concurrent measures asking for the same key share one extraction; the oldest entry
 * goes first. A measure that joins an extraction another measure started waits for it within
 * its own signal and deadline; when that extraction fails (the other measure's model threw, or
 * the other measure was aborted or timed out), the waiter does not take over that failure: it
 * extracts once more itself, on its own link, so that what fails then is its own. A failed
 * extraction is forgotten, so the next measure tries again; so is one that `keep(extracted)`
 * refuses (an empty answer for a non-empty text: the next measure asks again).
 */
export class ExtractionCache {
  #entries = new Map();
  #limit;
  #keep;

  constructor(limit, keep = () => true) {
    this.#limit = limit;
    this.#keep = keep;
  }

  #store(key, pending) {
    this.#entries.set(key, pending);
    if (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value);
    const forget = () => {
      if (this.#entries.get(key) === pending) this.#entries.delete(key);
    };
    pending.then((extracted) => {
      if (!this.#keep(extracted)) forget();
    }, forget);
  }

  /** The extraction kept for `key` (a promise), or undefined; the order of entries is kept. */
  peek(key) {
    return this.#entries.get(key);
  }

  /**
   * The extraction for `key`, started with `start()` (which must make its model calls through
   * `link`, the measure's link from startMeasure) when there is none or when the one joined
   * failed. `step` names the extraction step in a time-out error. Resolves to
   * `{ extracted, here }`, where `here` says this call ran the extraction (so its model calls
   * belong to this measure).
   */
  async get(key, start, link, step) {
    const shared = this.#entries.get(key);
    if (shared !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, shared);
      const outcome = await link.wait(shared, step);
      if (!('error' in outcome)) return { extracted: outcome.value, here: false };
    }
    const pending = start();
    const current = this.#entries.get(key);
    if (current === undefined || current === shared) this.#store(key, pending);
    return { extracted: await pending, here: true };
  }
}

/**
 * Whether an extraction (an engine outcome stopped after its extraction step) may be cached: not
 * when the model was asked and found nothing, since a model can answer `[]` once for a text that
 * has content, and keeping that would score every later measure as if there were nothing to check.
 */
export const worthKeeping = (extracted) => extracted.modelCalls === 0 || Object.values(extracted.lists).every((list) => list.length > 0);

/**
 * `call` with `maxOutputTokens` added to every request, so that the model gets a limit the user
 * set (AI SDK: `maxOutputTokens`, or `maxTokens` for v1; openaiCompatible: `max_tokens`; a
 * callback: in its options) apart from the bound each step derives (`maxTokens`).
 */
export const withMaxOutputTokens = (call, maxOutputTokens) => (request) => call({ ...request, maxOutputTokens });

// One measure's link to the model: time limit, cancellation, and the model's own errors.
//
// The Rust engine calls `call(request)` for every model request of a measure. Each call is
// raced against the measure's deadline and AbortSignal; whatever makes a call fail (the
// model's own error, our time-out or abort error) is remembered, so that when the engine
// reports the failure, the measure rejects with that very value, unchanged.

import { EvalsError } from './errors.js';

/** Checks `timeoutMs` (a positive finite number or undefined). */
export function checkTimeout(className, timeoutMs) {
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && Number.isFinite(timeoutMs))) {
    throw new TypeError(`${className}: option "timeoutMs" must be a positive number of milliseconds, got ${String(timeoutMs)}`);
  }
}

/** Checks the per-measure options `{ signal }`. */
export function checkMeasureOptions(className, options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${className}.measure: options must be an object, got ${String(options)}`);
  }
  const { signal } = options;
  if (signal !== undefined && !(signal && typeof signal.aborted === 'boolean' && typeof signal.addEventListener === 'function')) {
    throw new TypeError(`${className}.measure: option "signal" must be an AbortSignal`);
  }
  return options;
}

function abortedError(signal) {
  return new EvalsError('the measure was aborted', { code: 'EVALS_ABORTED', cause: signal.reason });
}

/**
 * Starts a measure's link to `judge` (from models.js). `timeoutMs` bounds the whole measure.
 * Returns `{ call, fail }`: `call` goes to the engine; `fail(engineError)` turns what the engine
 * rejected with into the error the measure should reject with.
 */
export function startMeasure(judge, { signal, timeoutMs, className }) {
  const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  let firstFailure;

  const call = async (request) => {
    try {
      if (signal?.aborted) throw abortedError(signal);
      const remaining = deadline === undefined ? undefined : deadline - Date.now();
      if (remaining !== undefined && remaining <= 0) {
        throw new EvalsError(`${className}: the measure took longer than timeoutMs (${timeoutMs} ms)`, { code: 'EVALS_TIMEOUT', step: request.step });
      }
      const controller = new AbortController();
      const cleanups = [];
      const stopped = new Promise((_, reject) => {
        if (remaining !== undefined) {
          const timer = setTimeout(() => {
            const error = new EvalsError(`${className}: the measure took longer than timeoutMs (${timeoutMs} ms)`, { code: 'EVALS_TIMEOUT', step: request.step });
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
        return await Promise.race([judge({ ...request, signal: controller.signal }), stopped]);
      } finally {
        for (const cleanup of cleanups) cleanup();
      }
    } catch (error) {
      firstFailure ??= { error };
      throw error;
    }
  };

  const fail = (engineError) => {
    if (engineError && engineError.code === 'EVALS_MODEL_FAILED' && firstFailure) return firstFailure.error;
    if (engineError && typeof engineError === 'object' && typeof engineError.code === 'string') {
      const { message, code, step, raw, missing } = engineError;
      return new EvalsError(`${className}: ${message}`, { code, step, raw, missing });
    }
    return engineError instanceof Error ? engineError : new EvalsError(`${className}: ${String(engineError)}`, { code: 'EVALS_INTERNAL' });
  };

  return { call, fail };
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
 * string. Concurrent measures asking for the same key share one extraction; a failed
 * extraction is forgotten, so the next measure tries again. The oldest entry goes first.
 */
export class ExtractionCache {
  #entries = new Map();
  #limit;

  constructor(limit) {
    this.#limit = limit;
  }

  /**
   * The extraction for `key`, started with `start()` when there is none. Resolves to
   * `{ extracted, here }`, where `here` says this call started it (so its model calls belong
   * to this measure).
   */
  async get(key, start) {
    let pending = this.#entries.get(key);
    const here = pending === undefined;
    if (here) {
      pending = start();
      this.#entries.set(key, pending);
      if (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value);
      pending.catch(() => {
        if (this.#entries.get(key) === pending) this.#entries.delete(key);
      });
    } else {
      this.#entries.delete(key);
      this.#entries.set(key, pending);
    }
    return { extracted: await pending, here };
  }
}

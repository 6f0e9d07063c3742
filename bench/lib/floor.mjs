// The floor of a WebAssembly port: what any implementation pays before computing anything, an
// async measure() call that awaits a ready module and copies both texts into linear memory
// (TextEncoder.encodeInto, as this package's glue does). The original divided by the floor is
// the largest speed-up any wasm port could show on those texts, however fast its core.

import { median } from './stats.mjs';

/** An async measure that only hands both texts to a linear memory. */
export function floorMetric() {
  const encoder = new TextEncoder();
  const ready = Promise.resolve();
  let memory = new Uint8Array(1024);
  return {
    async measure(input, output) {
      await ready;
      const needed = 3 * (input.length + output.length);
      if (memory.length < needed) memory = new Uint8Array(needed);
      const first = encoder.encodeInto(input, memory).written;
      encoder.encodeInto(output, memory.subarray(first));
      return { score: 0 };
    },
  };
}

/**
 * Time per call of `call(input, output)` (awaited when it returns a promise): the pairs in turn
 * until `budgetMs` is spent; `cursor.next` says where to go on.
 */
export async function timedBatch(call, inputs, budgetMs, cursor) {
  const start = performance.now();
  let count = 0;
  let now = start;
  do {
    const { input, output } = inputs[cursor.next++ % inputs.length];
    const result = call(input, output);
    if (result instanceof Promise) await result;
    count += 1;
    now = performance.now();
  } while (now - start < budgetMs);
  return (now - start) / count;
}

/** Median time per call of `call` over `rounds` batches of `budgetMs`. */
export async function medianTime(call, inputs, budgetMs, rounds = 5) {
  const cursor = { next: 0 };
  const samples = [];
  for (let round = 0; round < rounds; round += 1) samples.push(await timedBatch(call, inputs, budgetMs, cursor));
  return median(samples);
}

/** Median time per measure of the floor on `inputs`. */
export function floorTime(inputs, budgetMs) {
  const floor = floorMetric();
  return medianTime((input, output) => floor.measure(input, output), inputs, budgetMs);
}

/** The mean number of characters (UTF-16 code units) of a pair, both texts. */
export const charactersPerPair = (inputs) => inputs.reduce((sum, { input, output }) => sum + input.length + output.length, 0) / inputs.length;

/** Nanoseconds per character of a time per pair in milliseconds. */
export const nsPerCharacter = (timeMs, characters) => `${((timeMs * 1e6) / characters).toFixed(2)} ns`;

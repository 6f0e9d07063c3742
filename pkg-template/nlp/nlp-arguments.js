// Argument handling shared by the model-free metrics that follow @mastra/evals 0.14 in how they
// treat `null` and `undefined` (each metric differently, as the original does).

import { describe, coded } from '../engine/errors.js';

/** The TypeError the original throws when it reads `property` of a `null` or `undefined` text. */
export function readOfNothing(value, property) {
  return new TypeError(`Cannot read properties of ${value} (reading '${property}')`);
}

export const isNothing = (value) => value === null || value === undefined;

/** Throws a TypeError naming the argument unless `value` is a string or null/undefined. */
export function checkTextOrNothing(className, name, value) {
  if (!isNothing(value) && typeof value !== 'string') {
    throw coded(new TypeError(`${className}.measure: ${name} must be a string, got ${describe(value)}`), 'EVALS_INVALID_INPUT');
  }
}

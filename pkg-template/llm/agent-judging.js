// What the agent scorers (rubric, multi-turn judge, tool-call and trajectory accuracy) share:
// option checks and the errors for runs they cannot read.

import { describe, EvalsError, coded } from '../engine/errors.js';

/** A scale that must be a finite number (these scorers multiply by it as it is, 0 included). */
export function finiteScale(name, value, option) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw coded(new TypeError(`${name}: option "${option}" must be a finite number, got ${describe(value)}`), 'EVALS_INVALID_OPTION');
  }
}

/** The error for a run an agent scorer cannot read (code EVALS_INVALID_RUN). */
export const invalidRun = (name, message, value) =>
  new EvalsError(`${name}: ${message}${value === undefined ? '' : `; got ${describe(value)}`}`, { code: 'EVALS_INVALID_RUN' });

/** Whether `value` is a non-null object. */
export const isRecord = (value) => typeof value === 'object' && value !== null;

// What the context metrics share in JS: the 0.x option table (`context` required, `scale`,
// `reason`), the 1.x option table (`context` or `contextExtractor`, `scale` read as
// `scale || 1`), the context a 1.x run is judged against, and a verdict list answered back to
// the engine from a stored step result (so a later step never asks the model again).

import { describe, EvalsError } from '../engine/errors.js';
import { checks, judgedOf, maxAnswerTokens } from './declared.js';

/** The options of the 0.14.4 context classes: `{ context, scale? }`, plus ours. */
export const legacyContextOptions = {
  context: { type: 'any', check: checks.strings, required: true },
  scale: { type: 'number', default: 1, check: checks.scale },
  reason: { type: 'boolean', default: true },
  timeoutMs: { type: 'number', check: checks.timeoutMs },
  maxAnswerTokens,
};

/** The engine options of a table's options. */
export const engineOptions = (o) => ({ scale: o.scale || 1, modelReason: o.reason ?? true, maxAnswerTokens: o.maxAnswerTokens });

/** The options of the 1.10.2 context scorers: `{ scale?, context?, contextExtractor? }`, plus ours. */
export const scorerContextOptions = {
  // 1.10.2 reads `scale || 1`: 0 means the default there, so it is taken here too.
  scale: { type: 'number', default: 1, check: (name, value, option) => value === 0 || checks.scale(name, value, option) },
  context: { type: 'object', check: checks.strings },
  contextExtractor: { type: 'function' },
  timeoutMs: { type: 'number', check: checks.timeoutMs },
  maxAnswerTokens,
};

/** Checks at the factory that a 1.x context scorer has a context to judge against. */
export function requireContext(name, o) {
  if (o.context === undefined && o.contextExtractor === undefined) {
    throw new EvalsError(`${name}: give options.context (an array of strings) or options.contextExtractor (input, output) => string[]`, { code: 'EVALS_MISSING_CONTEXT' });
  }
  if (o.context !== undefined && o.context.length === 0) {
    throw new EvalsError(`${name}: options.context is empty; give at least one piece, or leave it out and give options.contextExtractor`, { code: 'EVALS_EMPTY_CONTEXT' });
  }
}

const isRecord = (value) => value !== null && typeof value === 'object';

/** An agent run's input, as Mastra 1.x hands it to scorers. */
export const isAgentInput = (input) =>
  isRecord(input) && Array.isArray(input.inputMessages) && Array.isArray(input.rememberedMessages) && Array.isArray(input.systemMessages) && isRecord(input.taggedSystemMessages);

/** An agent run's output: stored messages with id, role, content and createdAt. */
export const isAgentOutput = (output) =>
  Array.isArray(output) && output.every((m) => isRecord(m) && typeof m.id === 'string' && typeof m.role === 'string' && 'content' in m && 'createdAt' in m);

/**
 * The context pieces of a 1.x run: `contextExtractor(input, output)` for an agent run (as
 * 1.10.2, which calls it only then; it may also return a promise), else `options.context`, else [].
 */
export async function runContext(name, o, run) {
  if (!o.contextExtractor || !isAgentInput(run.input) || !isAgentOutput(run.output)) return o.context ?? [];
  const pieces = await o.contextExtractor(run.input, run.output);
  if (!Array.isArray(pieces) || pieces.some((piece) => typeof piece !== 'string')) {
    throw new EvalsError(`${name}: contextExtractor must return an array of strings, got ${describe(pieces)}`, { code: 'EVALS_INVALID_OPTION' });
  }
  return pieces;
}

/** The engine's answer for a verdict step, rebuilt from stored `{ verdict, reason }` entries. */
export const verdictsAnswer = (prefix, entries) => JSON.stringify({ verdicts: entries.map((v, i) => ({ id: `${prefix}${i + 1}`, verdict: v.verdict, reason: v.reason })) });

/** The 0.x info of a per-piece metric: the reason, each piece's verdict, the calls. */
export const pieceVerdicts = (outcome) => judgedOf(outcome).map((v) => ({ context: v.item, verdict: v.verdict, reason: v.reason }));

/** `Math.round((x + EPSILON) * 100) / 100`, as the originals round. */
export const round2 = (x) => Math.round((x + Number.EPSILON) * 100) / 100;

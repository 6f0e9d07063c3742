// The options every metric of the summary family (coverage, factual consistency, factual
// alignment, topic preservation) takes, in its 0.x class and its 1.x scorer, and how they reach
// the engine.

import { checks } from './declared.js';

/** The answer limit (sent with every request when given), which also sizes the batches. */
const maxOutputTokens = { type: 'number', check: checks.wholeNumber(256, 1_000_000) };

export const summaryFamily = {
  strictOptions: true,
  options: {
    customInstruction: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    scale: { type: 'number', default: 1, check: checks.scale },
    timeoutMs: { type: 'number', check: checks.timeoutMs },
    maxOutputTokens,
  },
  engine: (o) => ({ scale: o.scale, modelReason: false, customInstruction: o.customInstruction?.trim() || undefined, maxAnswerTokens: o.maxOutputTokens }),
  inputs: (source, summary) => ({ source, summary }),
  scorerOptions: {
    scale: { type: 'number', default: 1, check: checks.scale },
    customInstruction: { type: 'string' },
    maxOutputTokens,
    timeoutMs: { type: 'number', check: checks.timeoutMs },
  },
};

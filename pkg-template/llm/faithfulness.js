// FaithfulnessMetric (0.x) and createFaithfulnessScorer (1.x): the share of an output's claims a
// context supports, declared over the engine (src/metrics/llm/faithfulness.rs).

import { checks, callsOf, judgedOf, maxAnswerTokens, metricClass } from './declared.js';

const isRecord = (value) => value !== null && typeof value === 'object';

/**
 * The context a 1.x run's output carries: the result of every finished tool call of its
 * assistant messages, as JSON, from `content.toolInvocations` (where @mastra/evals 1.x looks)
 * and from `tool-invocation` parts (where current Mastra messages keep them; a call found in
 * both counts once).
 */
export function toolResults(output) {
  if (!Array.isArray(output)) return [];
  const found = [];
  for (const message of output) {
    if (!isRecord(message) || message.role !== 'assistant' || !isRecord(message.content)) continue;
    const seen = new Set();
    const add = (call) => {
      if (!isRecord(call) || call.state !== 'result') return;
      if (call.toolCallId !== undefined && seen.has(call.toolCallId)) return;
      seen.add(call.toolCallId);
      const text = JSON.stringify(call.result);
      if (typeof text === 'string') found.push(text);
    };
    const { toolInvocations, parts } = message.content;
    if (Array.isArray(toolInvocations)) toolInvocations.forEach(add);
    if (Array.isArray(parts)) for (const part of parts) if (isRecord(part) && part.type === 'tool-invocation') add(part.toolInvocation);
  }
  return found;
}

const claimsOf = (outcome) => judgedOf(outcome).map((v) => ({ claim: v.item, verdict: v.verdict, reason: v.reason }));

export const FAITHFULNESS = {
  name: 'FaithfulnessMetric',
  optionsRequired: true,
  options: {
    context: { type: 'any', check: checks.strings, required: true },
    scale: { type: 'number', default: 1, check: checks.scale },
    reason: { type: 'boolean', default: true },
    timeoutMs: { type: 'number', check: checks.timeoutMs },
    maxAnswerTokens,
  },
  metric: () => 'faithfulness',
  // The 1.x scorer takes a scale of 0 as 1 (`scale || 1`).
  engine: (o) => ({ scale: o.scale || 1, modelReason: o.reason, maxAnswerTokens: o.maxAnswerTokens }),
  inputs: (input, output, o) => ({ context: o.context, output }),
  result: (outcome) => ({ score: outcome.score, info: { reason: outcome.reason, claims: claimsOf(outcome), ...callsOf(outcome) } }),
};

/**
 * The share of an output's claims that a context supports, judged by a language model and
 * scored by code: `supported claims / claims × scale` (0 when the output makes no claim).
 * `measure(input, output, { signal }?)` resolves to `{ score, info: { reason, claims,
 * modelCalls, usage? } }`.
 */
export const FaithfulnessMetric = metricClass(FAITHFULNESS);

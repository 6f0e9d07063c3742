// PromptAlignmentMetric (0.14.4: a verdict per listed instruction) and createPromptAlignmentScorerLLM
// (1.10.2: four dimensions of the response against the user and/or system prompt), declared over
// the engine (src/metrics/llm/prompt_alignment.rs).

import { checks, callsOf, judgedOf, maxAnswerTokens, metricClass } from './declared.js';

export const PROMPT_ALIGNMENT = {
  name: 'PromptAlignmentMetric',
  optionsRequired: true,
  options: {
    instructions: { type: 'any', check: checks.strings, required: true },
    scale: { type: 'number', default: 1, check: checks.scale },
    reason: { type: 'boolean', default: true },
    timeoutMs: { type: 'number', check: checks.timeoutMs },
    maxAnswerTokens,
  },
  metric: (o) => (o.evaluationMode ? `prompt-alignment-${o.evaluationMode}` : 'prompt-alignment'),
  engine: (o) => ({ scale: o.scale || 1, modelReason: o.reason, maxAnswerTokens: o.maxAnswerTokens }),
  inputs: (input, output, o) => ({ input, output, instructions: o.instructions }),
  result(outcome) {
    const verdicts = judgedOf(outcome).map((v) => v.verdict);
    const followed = verdicts.filter((v) => v === 'yes').length;
    const na = verdicts.filter((v) => v === 'n/a').length;
    return {
      score: outcome.score,
      info: {
        reason: outcome.reason,
        scoreDetails: { totalInstructions: verdicts.length, applicableInstructions: verdicts.length - na, followedInstructions: followed, naInstructions: na },
        ...callsOf(outcome),
      },
    };
  },
};

/**
 * How many of the listed instructions an output follows, judged by a language model and scored
 * by code: followed / applicable × scale ("n/a" instructions left out; none applicable: 0).
 * `measure(input, output, { signal }?)` resolves to `{ score, info: { reason, scoreDetails:
 * { totalInstructions, applicableInstructions, followedInstructions, naInstructions },
 * modelCalls, usage? } }`.
 */
export const PromptAlignmentMetric = metricClass(PROMPT_ALIGNMENT);

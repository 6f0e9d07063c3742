// AnswerRelevancyMetric (0.x) and createAnswerRelevancyScorer (1.x): how much of an output
// speaks to its input, declared over the engine (src/metrics/llm/answer_relevancy.rs).

import { checks, callsOf, judgedOf, maxAnswerTokens, metricClass } from './declared.js';

/** The 1.x scorer's default options, as `@mastra/evals/scorers/prebuilt` exports them. */
export const DEFAULT_OPTIONS = { uncertaintyWeight: 0.3, scale: 1 };

/**
 * Instructions for a judge of answer relevancy (exported as in `@mastra/evals/scorers/prebuilt`;
 * our engine sends its own prompt per step, in the same spirit).
 */
export const ANSWER_RELEVANCY_AGENT_INSTRUCTIONS = `
    You judge how well an answer speaks to the question it was given.
    - Decide for each part of the answer whether it addresses the question.
    - A part may be fully relevant, partly relevant (on the topic but incomplete), or off the topic.
    - Judge relevance, not correctness: an inaccurate part that answers the question is still relevant.
    - An empty question, or an answer that is only an error message, is not relevant.
    - Keep each judgement short and say which words of the answer it rests on.
`;

export const weight = { type: 'number', default: DEFAULT_OPTIONS.uncertaintyWeight, check: checks.weight };
const verdictsOf = (outcome) => judgedOf(outcome).map((v) => ({ statement: v.item, verdict: v.verdict, reason: v.reason }));
const isRecord = (value) => value !== null && typeof value === 'object';

/** Every text part of a parts list joined by new lines ('' when it has none). */
const partsText = (parts) => parts.filter((part) => isRecord(part) && part.type === 'text' && typeof part.text === 'string').map((part) => part.text).join('\n');

/**
 * The whole text of a message whose text sits in parts (an AI SDK message, a stored Mastra
 * message `{ content: { parts } }`), every text part joined ('' for parts without text, such as
 * a tool call's); undefined for other shapes.
 */
function wholePartsText(message) {
  if (!isRecord(message)) return undefined;
  const { content } = message;
  if (Array.isArray(content)) return partsText(content);
  if (isRecord(content) && (typeof content.content !== 'string' || content.content === '') && Array.isArray(content.parts)) return partsText(content.parts);
  return Array.isArray(message.parts) && typeof content !== 'string' ? partsText(message.parts) : undefined;
}

const runMessages = (side) => (Array.isArray(side) ? side : isRecord(side) ? (side.inputMessages ?? side.messages) : undefined);

/** The question of a run: the first user message with all its text parts, else `userText`'s reading. */
export function question(input, userText, name) {
  const messages = runMessages(input);
  const user = Array.isArray(messages) ? messages.find((m) => isRecord(m) && m.role === 'user') : undefined;
  return wholePartsText(user) ?? userText(input, name, { optional: true });
}

/** The answer of a run: the last assistant message with text, all its text parts, else `assistantText`'s reading. */
export function answer(output, assistantText, name) {
  if (Array.isArray(output)) {
    for (let i = output.length - 1; i >= 0; i--) {
      if (!isRecord(output[i]) || output[i].role !== 'assistant') continue;
      const text = wholePartsText(output[i]);
      if (text) return text;
      // A message of another shape: read as @mastra/evals does. One without text: the one before.
      if (text === undefined) break;
    }
  } else if (isRecord(output) && output.role === 'assistant') {
    const text = wholePartsText(output);
    if (text !== undefined) return text;
  }
  return assistantText(output, name);
}

export const ANSWER_RELEVANCY = {
  name: 'AnswerRelevancyMetric',
  options: {
    uncertaintyWeight: weight,
    scale: { type: 'number', default: 1, check: checks.scale },
    reason: { type: 'boolean', default: true },
    timeoutMs: { type: 'number', check: checks.timeoutMs },
    maxAnswerTokens,
  },
  // The 1.x scorer scores an output without statements 0, the 0.x class 1.
  metric: (o) => (o.scorerShape ? 'answer-relevancy-scorer' : 'answer-relevancy'),
  engine: (o) => ({ scale: o.scale, modelReason: o.reason, weights: { unsure: o.uncertaintyWeight }, maxAnswerTokens: o.maxAnswerTokens }),
  inputs: (input, output) => ({ input, output }),
  result: (outcome) => ({ score: outcome.score, info: { reason: outcome.reason, verdicts: verdictsOf(outcome), ...callsOf(outcome) } }),
};

/**
 * How much of an output speaks to its input, judged by a language model and scored by code:
 * `(relevant + uncertaintyWeight × partly relevant) / statements × scale`; an output without
 * statements scores 1, as in @mastra/evals 0.14. `measure(input, output, { signal }?)` resolves
 * to `{ score, info: { reason, verdicts, modelCalls, usage? } }`.
 */
export const AnswerRelevancyMetric = metricClass(ANSWER_RELEVANCY);

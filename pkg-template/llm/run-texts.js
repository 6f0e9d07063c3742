// The texts of a scorer run, in the shapes Mastra 1.x passes (or users pass to `run()`): the
// user's input and the assistant's output as text, with clear errors for other shapes.

import { describe, EvalsError, coded } from '../engine/errors.js';

export const isRecord = (value) => value !== null && typeof value === 'object';

/**
 * `text` on one line: every run of whitespace and control characters (line breaks of every
 * kind, NUL, U+0085, U+2028/U+2029) becomes one space, the ends trimmed. The lists a scorer
 * writes itself (trajectory steps, conversation turns) put each entry through it, so that no
 * entry can add lines that read as entries of their own (the engine's lists go through
 * `item_text`, docs/engine.md).
 */
export const oneLine = (text) => String(text).split(/[\s\p{Cc}]+/u).filter(Boolean).join(' ');

/** The last text part of a parts array, or undefined. */
function lastTextPart(parts) {
  let text;
  for (const part of parts) if (isRecord(part) && part.type === 'text' && typeof part.text === 'string') text = part.text;
  return text;
}

/**
 * The text of one message: `content` as a string, as parts (the last text part, as Mastra
 * reads it), or as a stored message's `{ content?, parts }`; else `text`. Undefined when it has
 * none.
 */
export function messageText(message) {
  if (typeof message === 'string') return message;
  if (!isRecord(message)) return undefined;
  const { content } = message;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return lastTextPart(content) ?? '';
  if (isRecord(content)) {
    if (typeof content.content === 'string' && content.content !== '') return content.content;
    if (typeof content.text === 'string' && content.text !== '') return content.text;
    if (Array.isArray(content.parts)) return lastTextPart(content.parts) ?? '';
  }
  if (typeof message.text === 'string') return message.text;
  return Array.isArray(message.parts) ? (lastTextPart(message.parts) ?? '') : undefined;
}

/** The messages of a run input: the agent shape's `inputMessages`, `messages`, or an array. */
export function inputMessages(input) {
  if (Array.isArray(input)) return input;
  if (isRecord(input) && Array.isArray(input.inputMessages)) return input.inputMessages;
  if (isRecord(input) && Array.isArray(input.messages)) return input.messages;
  return undefined;
}

/** The error for a run side an LLM scorer cannot read: a TypeError-like `EvalsError`. */
function badRunSide(name, side, expected, value) {
  return new EvalsError(`${name}: the run's ${side} must be ${expected}; got ${describe(value)}`, { code: 'EVALS_INVALID_RUN' });
}

const INPUT_SHAPES = 'a string, an array of messages, { inputMessages } (an agent run), { messages }, { prompt } or one message ({ text } or { role, content })';
const OUTPUT_SHAPES = "a string, an array of messages (an agent run's output) or one assistant message ({ text } or { role: 'assistant', content })";

/**
 * The user's text of a run input (for the LLM scorers): a string, the first user message of the
 * agent shape or of `ModelMessage[]`, `{ prompt }` or `{ text }` ('' when a list of messages has
 * no user message). `optional`: a missing input (undefined or null) is ''. Anything else rejects
 * with an `EvalsError` (code EVALS_INVALID_RUN) naming the shapes it takes.
 */
export function userText(input, name, { optional = false } = {}) {
  if (typeof input === 'string') return input;
  if (optional && (input === undefined || input === null)) return '';
  const messages = inputMessages(input);
  if (messages) {
    const notMessage = messages.find((message) => !isRecord(message));
    if (notMessage !== undefined) throw badRunSide(name, 'input', `${INPUT_SHAPES}, and every item of a list of messages must be a message object`, notMessage);
    const user = messages.find((m) => m.role === 'user');
    if (user === undefined) return '';
    const text = messageText(user);
    if (typeof text !== 'string') throw badRunSide(name, 'input', `${INPUT_SHAPES}, and its user message must have text`, user.content);
    return text;
  }
  if (isRecord(input)) {
    if (typeof input.prompt === 'string') return input.prompt;
    const text = messageText(input);
    if (typeof text === 'string') return text;
  }
  throw badRunSide(name, 'input', INPUT_SHAPES, input);
}

/**
 * The assistant's text of a run output (for the LLM scorers): a string, the last assistant
 * message with text in an array (agent output or `ModelMessage[]`; '' when none has text), or
 * one `{ text }` / `{ role: 'assistant', content }` object. Anything else rejects with an
 * `EvalsError` (code EVALS_INVALID_RUN) naming the shapes it takes.
 */
export function assistantText(output, name) {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    const notMessage = output.find((message) => !isRecord(message));
    if (notMessage !== undefined) throw badRunSide(name, 'output', `${OUTPUT_SHAPES}, and every item of the array must be a message object`, notMessage);
    for (let i = output.length - 1; i >= 0; i--) {
      const message = output[i];
      if (message.role !== 'assistant') continue;
      const text = messageText(message);
      if (text) return text;
    }
    return '';
  }
  if (isRecord(output) && (output.role === undefined || output.role === 'assistant')) {
    const text = messageText(output);
    if (typeof text === 'string') return text;
  }
  throw badRunSide(name, 'output', OUTPUT_SHAPES, output);
}

/**
 * The whole text of one side of a completeness run, as @mastra/evals 1.x reads it: every
 * message's text joined with ", ". Also takes a string or one `{ text }` / `{ role, content }`
 * object (where 1.10.2 crashes on `output.some is not a function`). Throws the original's
 * "Inputs cannot be null or undefined" when the side or one of its messages is missing.
 */
export function joinedText(side, messages) {
  if (side === null || side === undefined) throw coded(new Error('Inputs cannot be null or undefined'), 'EVALS_INVALID_RUN');
  if (typeof side === 'string') return side;
  const list = messages(side) ?? [side];
  const texts = list.map((message) => {
    const text = message === null || message === undefined ? undefined : messageText(message);
    if (text === null || text === undefined) throw coded(new Error('Inputs cannot be null or undefined'), 'EVALS_INVALID_RUN');
    return text;
  });
  return texts.join(', ');
}

/**
 * The whole text of one side of a run as the other model-free scorers of @mastra/evals 1.x read
 * it: every message's text joined with ", ", a missing side or a message without text as ''.
 * Also takes a string or one `{ text }` / `{ role, content }` object.
 */
export function joinedTextOrEmpty(side, messages) {
  if (side === null || side === undefined) return '';
  if (typeof side === 'string') return side;
  return (messages(side) ?? [side]).map((message) => (message === null || message === undefined ? '' : (messageText(message) ?? ''))).join(', ');
}

export const outputMessages = (side) => (Array.isArray(side) ? side : undefined);

// Reading Mastra messages: the text of a message in every shape a run may carry (string
// content, AI SDK content parts, Mastra's format-2 content with `parts`, `content` or `text`),
// the user's and the assistant's text, system prompts, history, reasoning, and tool
// invocations. The helpers of `@mastra/evals/scorers/utils` with the original's results; where
// the original misreads a shape (docs/surface.md lists them), these read it right.

const isObject = (value) => typeof value === 'object' && value !== null;

/** The text of the last `{ type: 'text' }` part of `parts` (or '' when there is none). */
function lastTextPart(parts) {
  let text;
  for (const part of parts) if (part?.type === 'text') text = part.text;
  return text || '';
}

/**
 * The text of one stored message: string content as is; else the last text part of array
 * content; else format-2 `content.content`, then `content.text` (when non-empty), then the last
 * text part of `content.parts`; else ''. Throws a TypeError on a missing message, as the original.
 */
export function getTextContentFromMastraDBMessage(message) {
  const content = message.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return lastTextPart(content);
  if (typeof content?.content === 'string' && content.content !== '') return content.content;
  if (typeof content?.text === 'string' && content.text !== '') return content.text;
  if (Array.isArray(content?.parts)) return lastTextPart(content.parts);
  return '';
}

/** The first non-empty text of a value: a string, text parts, or a message-like record. */
function textOf(value) {
  if (typeof value === 'string') return value || undefined;
  if (Array.isArray(value)) {
    let text;
    for (const part of value) if (isObject(part) && part.type === 'text' && typeof part.text === 'string') text = part.text;
    return text;
  }
  if (!isObject(value)) return undefined;
  const nonEmpty = (field) => (typeof field === 'string' && field !== '' ? field : undefined);
  return textOf(value.content) ?? nonEmpty(value.text) ?? nonEmpty(value.body) ?? (Array.isArray(value.parts) ? textOf(value.parts) : undefined);
}

/** The role a message speaks in: its role, or for a `signal` message the signal's tag or type. */
function roleOf(message) {
  if (message.role !== 'signal') return typeof message.role === 'string' ? message.role : undefined;
  const signal = isObject(message.content) && isObject(message.content.metadata) ? message.content.metadata.signal : undefined;
  const text = (field) => (typeof field === 'string' ? field : undefined);
  return (isObject(signal) ? text(signal.tagName) ?? text(signal.type) : undefined) ?? text(message.type);
}

function firstTextWithRole(messages, role) {
  if (!Array.isArray(messages)) return undefined;
  const found = messages.find((message) => isObject(message) && roleOf(message) === role);
  return found ? textOf(found) : undefined;
}

/** Whether `input` has the four fields of an agent run's input. */
export const isScorerRunInputForAgent = (input) =>
  isObject(input) && Array.isArray(input.inputMessages) && Array.isArray(input.rememberedMessages) && Array.isArray(input.systemMessages) && isObject(input.taggedSystemMessages);

/** Whether `output` is an array of stored messages (id, role, content, createdAt). */
export const isScorerRunOutputForAgent = (output) =>
  Array.isArray(output) &&
  output.every((message) => isObject(message) && typeof message.id === 'string' && typeof message.role === 'string' && 'content' in message && 'createdAt' in message);

/** `Math.round((n + Number.EPSILON) * 100) / 100`. */
export const roundToTwoDecimals = (n) => Math.round((n + Number.EPSILON) * 100) / 100;

/** Whether `value` is strictly closer to `first` than to `second`. */
export function isCloserTo(value, first, second) {
  return Math.abs(value - first) < Math.abs(value - second);
}

/** The user's text of a run's input, whatever its shape (agent input, messages, prompt, string). */
export function getUserMessageFromRunInput(input) {
  if (typeof input === 'string') return input;
  if (!isObject(input)) return undefined;
  return (
    firstTextWithRole(input.inputMessages, 'user') ??
    firstTextWithRole(input.messages, 'user') ??
    (typeof input.prompt === 'string' ? input.prompt : undefined) ??
    (typeof input.text === 'string' ? input.text : undefined) ??
    textOf(input.content) ??
    textOf(input.input) ??
    textOf(input.user)
  );
}

/** The last `maxMessages` (10) remembered messages as `role: text` lines, or undefined. */
export function getConversationHistoryFromRunInput(input, options) {
  if (!isScorerRunInputForAgent(input)) return undefined;
  const limit = options?.maxMessages ?? 10;
  if (limit <= 0) return undefined;
  const lines = [];
  for (const message of input.rememberedMessages.slice(-limit)) {
    if (!isObject(message)) continue;
    const role = roleOf(message);
    const text = getTextContentFromMastraDBMessage(message).trim();
    if (role && text) lines.push(`${role}: ${text}`);
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** The system prompts of a run's input: system messages, system-role messages, tagged ones. */
export function getSystemMessagesFromRunInput(input) {
  const prompts = [];
  if (!isObject(input)) return prompts;
  for (const message of Array.isArray(input.systemMessages) ? input.systemMessages : []) {
    const content = message.content;
    let text = '';
    if (typeof content === 'string') text = content;
    else if (Array.isArray(content)) text = content.filter((part) => part.type === 'text').map((part) => part.text || '').join(' ');
    if (text) prompts.push(text);
  }
  for (const list of [input.inputMessages, input.messages]) {
    if (!Array.isArray(list)) continue;
    for (const message of list) {
      const text = isObject(message) && message.role === 'system' ? textOf(message) : undefined;
      if (text) prompts.push(text);
    }
  }
  if (isObject(input.taggedSystemMessages)) {
    for (const list of Object.values(input.taggedSystemMessages)) {
      if (!Array.isArray(list)) continue;
      for (const message of list) {
        const text = textOf(message);
        if (text) prompts.push(text);
      }
    }
  }
  return prompts;
}

/** The system prompts joined by blank lines. */
export const getCombinedSystemPrompt = (input) => getSystemMessagesFromRunInput(input).join('\n\n');

/** The assistant's text of a run's output: a string, the last assistant message with text, or one message. */
export function getAssistantMessageFromRunOutput(output) {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    const answers = output.filter((message) => isObject(message) && roleOf(message) === 'assistant');
    for (let i = answers.length - 1; i >= 0; i--) {
      const text = textOf(answers[i]);
      if (text) return text;
    }
    return undefined;
  }
  if (!isObject(output)) return undefined;
  const speaksAsAssistant = output.role === undefined || output.role === 'assistant';
  if (speaksAsAssistant) {
    if (typeof output.text === 'string') return output.text;
    if (typeof output.content === 'string') return output.content;
    if (isObject(output.content)) return getTextContentFromMastraDBMessage(output) || getTextContentFromMastraDBMessage(output.content) || undefined;
  }
  if (output.role === 'assistant') return getTextContentFromMastraDBMessage(output) || undefined;
  return undefined;
}

/** The text of one reasoning part: its detail texts joined, else its `reasoning` or `text`. */
function reasoningOf(part) {
  const details = Array.isArray(part.details) ? part.details.filter((d) => d?.type === 'text').map((d) => d.text).join('') : '';
  return details || part.reasoning || part.text || '';
}

/**
 * The reasoning of the first assistant message: `content.reasoning`, else its reasoning parts
 * (format-2 `parts` or AI SDK content parts) joined by newlines; undefined when there is none.
 * Unlike the original, it does not throw on output that is not an array or on a message
 * without content, reads AI SDK reasoning parts, and falls back to a part's `reasoning` text
 * when its `details` are empty.
 */
export function getReasoningFromRunOutput(output) {
  if (!Array.isArray(output)) return undefined;
  const message = output.find((m) => m?.role === 'assistant');
  const content = message?.content;
  if (!isObject(content)) return undefined;
  if (!Array.isArray(content) && content.reasoning) return content.reasoning;
  const parts = Array.isArray(content) ? content : content.parts;
  if (!Array.isArray(parts)) return undefined;
  const texts = parts.filter((part) => part?.type === 'reasoning').map(reasoningOf).filter(Boolean);
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/**
 * The tool invocations of a message, in order: those of its `parts`, with the invocations
 * found only in `content.toolInvocations` kept at their place between them (the parts' copy
 * wins for a call in both). A 0.x UIMessage's top-level `toolInvocations` is read too when the
 * content has none (the original ignores it).
 */
export function mergeToolInvocations(message) {
  const legacy = message?.content?.toolInvocations ?? (Array.isArray(message?.toolInvocations) ? message.toolInvocations : []);
  const parts = Array.isArray(message?.content?.parts) ? message.content.parts : [];
  const fromParts = parts.filter((part) => part?.type === 'tool-invocation' && part.toolInvocation).map((part) => part.toolInvocation);
  const inParts = new Set(fromParts.map((invocation) => invocation.toolCallId).filter(Boolean));
  const legacyIndexOf = new Map(legacy.map((invocation, index) => [invocation?.toolCallId, index]));
  const merged = [];
  const pushLegacy = (invocation) => {
    if (invocation && !inParts.has(invocation.toolCallId)) merged.push(invocation);
  };
  let next = 0;
  for (const invocation of fromParts) {
    const shared = invocation.toolCallId ? legacyIndexOf.get(invocation.toolCallId) : undefined;
    if (shared !== undefined && shared >= next) {
      while (next < shared) pushLegacy(legacy[next++]);
      next += 1;
    }
    merged.push(invocation);
  }
  while (next < legacy.length) pushLegacy(legacy[next++]);
  return merged;
}

const CALLED_STATES = new Set(['result', 'call', 'output-error']);

/** The names of the tools called in `output` (finished, pending or failed calls) and where. */
export function extractToolCalls(output) {
  const tools = [];
  const toolCallInfos = [];
  output.forEach((message, messageIndex) => {
    mergeToolInvocations(message).forEach((invocation, invocationIndex) => {
      if (!invocation?.toolName || !CALLED_STATES.has(invocation.state)) return;
      tools.push(invocation.toolName);
      toolCallInfos.push({
        toolName: invocation.toolName,
        toolCallId: invocation.toolCallId || `${messageIndex}-${invocationIndex}`,
        messageIndex,
        invocationIndex,
      });
    });
  });
  return { tools, toolCallInfos };
}

/** The finished tool calls of `output` that have a result: name, id, arguments and result. */
export function extractToolResults(output) {
  const results = [];
  for (const message of output) {
    for (const invocation of mergeToolInvocations(message)) {
      if (invocation.state !== 'result' || invocation.result === undefined) continue;
      results.push({ toolName: invocation.toolName, toolCallId: invocation.toolCallId || '', args: invocation.args || {}, result: invocation.result });
    }
  }
  return results;
}

/** The text of every input message (all roles). */
export const extractInputMessages = (runInput) => runInput?.inputMessages?.map(getTextContentFromMastraDBMessage) || [];

/** The text of every assistant message of the output. */
export const extractAgentResponseMessages = (runOutput) =>
  runOutput.filter((message) => message.role === 'assistant').map(getTextContentFromMastraDBMessage);

/** A tool value as a trajectory records it: plain objects as they are, other values (arrays too) as `{ value }`. */
const asRecord = (value) => (value === undefined || value === null ? undefined : typeof value === 'object' && !Array.isArray(value) ? value : { value });

/** The tool calls of agent output as a trajectory: one `tool_call` step per call. */
export function extractTrajectory(output) {
  const steps = [];
  for (const message of output) {
    for (const invocation of mergeToolInvocations(message)) {
      if (!invocation?.toolName || !CALLED_STATES.has(invocation.state)) continue;
      steps.push({
        stepType: 'tool_call',
        name: invocation.toolName,
        toolArgs: asRecord(invocation.args),
        toolResult: invocation.state === 'result' ? asRecord(invocation.result) : undefined,
        success: invocation.state === 'result' && invocation.isError !== true,
      });
    }
  }
  return { steps, rawOutput: output };
}

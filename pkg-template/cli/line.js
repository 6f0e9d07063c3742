// A dataset line as the command line reads it (docs/datasets.md; the JSON Schema is
// dataset-line.schema.json in the package): the checks of its fields, each problem named by
// its field and what was expected there, and the bytes of a JSONL source split into lines
// (UTF-8 checked, overlong lines cut off without being held in memory).

const ROLES = ['system', 'user', 'assistant', 'tool'];

/** The longest line read by default, in bytes: a longer one is an invalid line. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

const isRecord = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const kind = (value) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);

/** A problem with a field: `{ field, expected, got }`, said as `field "x": expected …, got …`. */
const problem = (field, expected, value) => ({ field, expected, got: kind(value) });
export const say = ({ field, expected, got }) => (got === undefined ? `field "${field}": ${expected}` : `field "${field}": expected ${expected}, got ${got}`);

/** The problems of one message at `field`. */
function messageProblems(field, message) {
  if (!isRecord(message)) return [problem(field, 'a message object { role, content }', message)];
  if (!('role' in message)) return [{ field: `${field}.role`, expected: `a message needs a "role" (${ROLES.join(', ')})` }];
  if (!ROLES.includes(message.role)) return [{ field: `${field}.role`, expected: `one of ${ROLES.join(', ')}`, got: JSON.stringify(message.role) }];
  const { content } = message;
  if (content !== undefined && typeof content !== 'string') {
    if (Array.isArray(content)) {
      const bad = content.findIndex((part) => !isRecord(part) || typeof part.type !== 'string');
      if (bad >= 0) return [problem(`${field}.content[${bad}]`, 'a content part { type, … }', content[bad])];
    } else if (isRecord(content)) {
      if (content.parts !== undefined && !Array.isArray(content.parts)) return [problem(`${field}.content.parts`, 'an array of parts', content.parts)];
    } else {
      return [problem(`${field}.content`, 'a string, an array of parts or { parts, content }', content)];
    }
  }
  if (content === undefined && message.parts === undefined && message.text === undefined && message.toolInvocations === undefined) {
    return [{ field: `${field}.content`, expected: 'a message needs a "content"' }];
  }
  const calls = message.toolInvocations ?? (isRecord(content) ? content.toolInvocations : undefined);
  if (calls !== undefined) {
    const where = message.toolInvocations !== undefined ? `${field}.toolInvocations` : `${field}.content.toolInvocations`;
    if (!Array.isArray(calls)) return [problem(where, 'an array of tool invocations', calls)];
    const bad = calls.findIndex((call) => !isRecord(call) || typeof call.toolName !== 'string');
    if (bad >= 0) return [problem(`${where}[${bad}]`, 'a tool invocation { toolName, args, … }', calls[bad])];
  }
  return [];
}

/** The problems of a list of messages at `field`. */
function messagesProblems(field, messages) {
  for (const [i, message] of messages.entries()) {
    const found = messageProblems(`${field}[${i}]`, message);
    if (found.length > 0) return found;
  }
  return [];
}

/** input: a string, messages, or an agent run's input ({ inputMessages, … }). */
function inputProblems(value) {
  if (typeof value === 'string') return [];
  if (Array.isArray(value)) return messagesProblems('input', value);
  if (isRecord(value)) {
    if (Array.isArray(value.inputMessages)) return messagesProblems('input.inputMessages', value.inputMessages);
    if (value.inputMessages !== undefined) return [problem('input.inputMessages', 'an array of messages', value.inputMessages)];
    if (Array.isArray(value.messages)) return messagesProblems('input.messages', value.messages);
    if ('role' in value) return messageProblems('input', value);
    if (typeof value.prompt === 'string' || typeof value.text === 'string') return [];
  }
  return [problem('input', 'a string, an array of messages or { inputMessages: [...] }', value)];
}

/** output: a string, or messages (tool calls and results as content parts or toolInvocations). */
function outputProblems(value) {
  if (typeof value === 'string') return [];
  if (Array.isArray(value)) return messagesProblems('output', value);
  if (isRecord(value) && ('role' in value || 'content' in value)) return messageProblems('output', value);
  if (isRecord(value) && typeof value.text === 'string') return [];
  return [problem('output', 'a string or an array of messages', value)];
}

const strings = (field, value) => (Array.isArray(value) && value.every((piece) => typeof piece === 'string') ? [] : [problem(field, 'an array of strings', Array.isArray(value) ? value.find((piece) => typeof piece !== 'string') : value)]);

/** A trajectory: an array of steps (a tool name, or an object naming one), or { steps: [...] }. */
function trajectoryProblems(field, value) {
  const steps = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.steps) ? value.steps : undefined;
  const where = Array.isArray(value) ? field : `${field}.steps`;
  if (steps === undefined) return [problem(field, 'an array of steps or { steps: [...] }', value)];
  const bad = steps.findIndex((step) => !(typeof step === 'string' || isRecord(step)));
  return bad >= 0 ? [problem(`${where}[${bad}]`, 'a step: a tool name or an object { toolName | name, … }', steps[bad])] : [];
}

/** A rubric: a text, or an array of criteria (texts, or objects with their text). */
function rubricProblems(value) {
  if (typeof value === 'string') return [];
  if (!Array.isArray(value)) return [problem('rubric', 'a string or an array of criteria', value)];
  const bad = value.findIndex((criterion) => !(typeof criterion === 'string' || isRecord(criterion)));
  return bad >= 0 ? [problem(`rubric[${bad}]`, 'a criterion: a string or an object', value[bad])] : [];
}

/** What each known field must hold (a field absent is left to the metrics that need it). */
const FIELDS = {
  input: inputProblems,
  output: outputProblems,
  context: (value) => strings('context', value),
  instructions: (value) => strings('instructions', value),
  trajectory: (value) => trajectoryProblems('trajectory', value),
  expectedTrajectory: (value) => trajectoryProblems('expectedTrajectory', value),
  rubric: rubricProblems,
  requestContext: (value) => (isRecord(value) ? [] : [problem('requestContext', 'an object', value)]),
  metadata: (value) => (isRecord(value) ? [] : [problem('metadata', 'an object', value)]),
  baselineResponse: (value) => (typeof value === 'string' ? [] : [problem('baselineResponse', 'a string', value)]),
  noisyQuery: (value) => (typeof value === 'string' ? [] : [problem('noisyQuery', 'a string', value)]),
  noiseType: (value) => (typeof value === 'string' ? [] : [problem('noiseType', 'a string', value)]),
  criterion: (value) => (typeof value === 'string' && value.trim() !== '' ? [] : [problem('criterion', 'a non-empty string', value)]),
  availableTools: (value) => {
    if (!Array.isArray(value)) return [problem('availableTools', 'an array of tools { id, description }', value)];
    const bad = value.findIndex((tool) => !isRecord(tool) || typeof tool.id !== 'string');
    return bad >= 0 ? [problem(`availableTools[${bad}]`, 'a tool { id, description }', value[bad])] : [];
  },
  expectedTool: (value) => (typeof value === 'string' ? [] : [problem('expectedTool', 'a tool name (a string)', value)]),
  expectedToolOrder: (value) => strings('expectedToolOrder', value),
};

/**
 * The first problem of a parsed line, or undefined when it fits the schema: an object with an
 * `input`, and each known field of the right shape (unknown fields travel along).
 */
export function lineProblem(value) {
  if (!isRecord(value)) return { field: '(line)', expected: 'a JSON object with "input" and "output"', got: kind(value) };
  if (!('input' in value)) return { field: 'input', expected: 'missing: every line needs an "input"' };
  for (const [field, check] of Object.entries(FIELDS)) {
    if (!(field in value)) continue;
    const found = check(value[field]);
    if (found.length > 0) return found[0];
  }
  return undefined;
}

/**
 * The lines of a byte stream: yields `{ number, text }`, or `{ number, error }` for a line that
 * is not UTF-8 or is longer than `maxBytes` (whose bytes are not kept). A line ends at "\n" (a
 * "\r" before it is dropped); a last line without one counts.
 */
export async function* splitLines(stream, maxBytes = MAX_LINE_BYTES) {
  // ignoreBOM keeps a byte-order mark as text: readEntry drops it before the first line only.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let parts = [];
  let size = 0;
  let over = false;
  let number = 0;
  const finish = function* () {
    number += 1;
    if (over) {
      yield { number, error: `the line is ${size} bytes, more than the ${maxBytes} a line may have (--max-line-bytes)`, field: '(line)' };
    } else {
      let bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
      if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
      try {
        yield { number, text: decoder.decode(bytes) };
      } catch {
        yield { number, error: `the line is not valid UTF-8 (at byte ${firstBadByte(bytes)})`, field: '(line)' };
      }
    }
    parts = [];
    size = 0;
    over = false;
  };
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    while (start <= buffer.length) {
      const end = buffer.indexOf(0x0a, start);
      const piece = buffer.subarray(start, end < 0 ? buffer.length : end);
      size += piece.length;
      if (size > maxBytes) {
        over = true;
        parts = [];
      } else if (piece.length > 0) {
        parts.push(piece);
      }
      if (end < 0) break;
      yield* finish();
      start = end + 1;
    }
  }
  if (size > 0 || over) yield* finish();
}

/** The offset of the first byte where `bytes` stops being UTF-8 (by the byte patterns; its length when none is found). */
function firstBadByte(bytes) {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    i += length;
  }
  return bytes.length;
}

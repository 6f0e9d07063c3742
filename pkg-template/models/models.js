// The judge: one function that every LLM metric calls, whatever kind of model it was given.
//
// A metric accepts either a plain callback or an AI SDK language model object (the value that
// `openai("gpt-4o-mini")` and every other provider return), of specification version v1 (ai@4),
// v2 (ai@5), v3 (ai@6) or v4 (ai@7). AI SDK models are driven through their own `doGenerate`, so
// the `ai` package is never needed at run time. `toJudge` checks the model once, up front, and
// returns `judge(request)`, which maps a request to that model's calling convention and maps the
// answer back to `{ text, usage? }`.
//
// Errors the model raises (thrown or rejected) pass through unchanged, the same value, because
// the metric rethrows them to its caller as they are. Only answers of the wrong shape become a
// TypeError of ours. Time limits are not handled here: the caller races the judge and aborts the
// signal it passes in.

import { coded } from '../engine/errors.js';

const SPEC_VERSIONS = ['v1', 'v2', 'v3', 'v4'];

/**
 * Marks a model wrapped by withCassette: its judge answers a request flagged `lookOnly` from
 * the cassette alone, never calling the model (a dry run), or rejects with a miss.
 */
export const CASSETTE = Symbol.for('evals-wasm.cassette');

/** Where a model built by this package (openaiCompatible) keeps its own judge function. */
export const JUDGE = Symbol.for('evals-wasm.judge');

const ACCEPTED =
  'a function (prompt, { system, user, json, signal }) => string | { text, usage } (sync or async), ' +
  'an AI SDK language model (specificationVersion "v1", "v2", "v3" or "v4", with doGenerate), ' +
  'or openaiCompatible({ baseURL, model })';

/** A short description of any value for error messages: "null", "a number (42)", "an object". */
function describeValue(value) {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return value.length > 40 ? `a string ("${value.slice(0, 40)}…")` : `a string ("${value}")`;
    case 'number':
    case 'boolean':
    case 'bigint':
      return `a ${typeof value} (${String(value)})`;
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/** `true` for an object (or function) shaped like an AI SDK language model of any version. */
function looksLikeLanguageModel(model) {
  return (
    model !== null &&
    (typeof model === 'object' || typeof model === 'function') &&
    typeof model.doGenerate === 'function' &&
    typeof model.specificationVersion === 'string'
  );
}

/** `provider:modelId` of an AI SDK model, or what is known of it. */
function languageModelName(model) {
  let provider;
  let modelId;
  try {
    provider = model.provider;
    modelId = model.modelId;
  } catch {
    // A getter that throws tells us nothing; fall through to the anonymous name.
  }
  const hasProvider = typeof provider === 'string' && provider !== '';
  const hasModelId = typeof modelId === 'string' && modelId !== '';
  if (hasProvider && hasModelId) return `${provider}:${modelId}`;
  if (hasModelId) return modelId;
  if (hasProvider) return `${provider}:unknown-model`;
  return 'language model';
}

/**
 * A short name of a model for messages and result info: `provider:modelId` for an AI SDK model
 * (`"openai.chat:gpt-4o-mini"`), `"callback"` for a function, a description of anything else.
 */
export function describeModel(model) {
  if (model !== null && typeof model === 'object' && typeof model[JUDGE] === 'function') return `${model.provider}:${model.modelId}`;
  if (looksLikeLanguageModel(model)) return languageModelName(model);
  if (typeof model === 'function') return 'callback';
  return describeValue(model);
}

/**
 * Turns any supported model into the uniform judge call the Rust engine uses:
 * `judge({ system, user, json, signal?, schema?, schemaName?, maxTokens?, maxOutputTokens? })`
 * resolves to `{ text, usage?: { inputTokens, outputTokens }, truncated? }`. `schema` is the
 * JSON Schema of the answer; `maxTokens` the bound the step derived, `maxOutputTokens` a limit
 * the user set (which wins); `truncated: true` says the model stopped at the limit.
 * Throws a TypeError (message starting with `${className}: `) when `model` is not supported.
 */
export function toJudge(model, className) {
  // A model of this package (openaiCompatible, or one wrapped by withCassette, which may be a
  // callback): its own judge, told which metric asks.
  if (model !== null && (typeof model === 'object' || typeof model === 'function') && typeof model[JUDGE] === 'function') {
    const judge = (request) => model[JUDGE](request, className);
    if (model[CASSETTE] === true) judge[CASSETTE] = true;
    return judge;
  }
  if (looksLikeLanguageModel(model)) {
    const version = model.specificationVersion;
    if (!SPEC_VERSIONS.includes(version)) {
      throw coded(new TypeError(
        `${className}: the model ${languageModelName(model)} implements AI SDK specificationVersion "${version}", ` +
          `which is not supported; expected ${ACCEPTED}`,
      ), 'EVALS_INVALID_MODEL');
    }
    return languageModelJudge(model, version, className);
  }
  if (typeof model === 'function') return callbackJudge(model, className);

  let got = describeValue(model);
  if (typeof model === 'string') {
    got += ' (model ids are not resolved here: pass the provider\'s model object, e.g. openai("gpt-4o-mini"))';
  } else if (model !== null && typeof model === 'object' && !Array.isArray(model)) {
    if (typeof model.doGenerate === 'function') got = 'an object with doGenerate but no specificationVersion';
    else if (typeof model.specificationVersion === 'string') got = `an object of specificationVersion "${model.specificationVersion}" without a doGenerate method`;
    else got = 'an object without a doGenerate method';
  }
  throw coded(new TypeError(`${className}: model must be ${ACCEPTED}; got ${got}`), 'EVALS_INVALID_MODEL');
}

// ---------------------------------------------------------------------------------------------
// Usage

/** A token count from a number, or from `{ total }` (the nested form of spec v3 and v4). */
function tokenCount(value) {
  if (value !== null && typeof value === 'object') value = value.total;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function firstCount(usage, names) {
  for (const name of names) {
    const count = tokenCount(usage[name]);
    if (count !== undefined) return count;
  }
  return undefined;
}

/**
 * `{ inputTokens, outputTokens }` from the usage shapes models report: AI SDK v2
 * (`inputTokens`/`outputTokens` numbers), v3 and v4 (`inputTokens.total`/`outputTokens.total`),
 * v1 and ai@4 (`promptTokens`/`completionTokens`), and raw OpenAI (`prompt_tokens`/
 * `completion_tokens`) or Anthropic (`input_tokens`/`output_tokens`). A count that is missing but
 * follows from a reported total is derived; one that is still unknown counts as 0. Returns
 * undefined when neither count is known. NaN, negative and non-numeric fields are ignored.
 */
export function normalizeUsage(usage) {
  if (usage === null || typeof usage !== 'object') return undefined;
  let input = firstCount(usage, ['inputTokens', 'promptTokens', 'prompt_tokens', 'input_tokens']);
  let output = firstCount(usage, ['outputTokens', 'completionTokens', 'completion_tokens', 'output_tokens']);
  const total = firstCount(usage, ['totalTokens', 'total_tokens']);
  if (total !== undefined) {
    if (input === undefined && output !== undefined && total >= output) input = total - output;
    else if (output === undefined && input !== undefined && total >= input) output = total - input;
  }
  if (input === undefined && output === undefined) return undefined;
  return { inputTokens: input ?? 0, outputTokens: output ?? 0 };
}

function withUsage(text, usage) {
  const normalized = normalizeUsage(usage);
  return normalized === undefined ? { text } : { text, usage: normalized };
}

// ---------------------------------------------------------------------------------------------
// Callbacks

/** The single prompt a callback gets: the non-empty parts, separated by a blank line. */
function joinPrompt(system, user) {
  return [system, user].filter((part) => part !== '').join('\n\n');
}

function callbackJudge(callback, className) {
  return async function judge(request) {
    const { system, user, json, signal, maxOutputTokens, maxTokens, schema, schemaName, sample } = request;
    const options = { system, user, json, signal };
    // A repeated sample of the same request (`samples` option): 1, 2, … (absent for the first).
    if (sample > 0) options.sample = sample;
    if (maxOutputTokens !== undefined) options.maxOutputTokens = maxOutputTokens;
    if (maxTokens !== undefined) options.maxTokens = maxTokens;
    if (schema !== undefined) Object.assign(options, { schema, schemaName });
    // A synchronous throw here becomes this async function's rejection, with the same value.
    const answer = await callback(joinPrompt(system, user), options);
    if (typeof answer === 'string') return { text: answer };
    if (answer !== null && typeof answer === 'object' && !Array.isArray(answer)) {
      if (typeof answer.text === 'string') {
        const read = withUsage(answer.text, answer.usage);
        // A callback may say its model stopped at the length limit, as AI SDK results do.
        if (answer.truncated === true || answer.finishReason === 'length') read.truncated = true;
        return read;
      }
      throw coded(new TypeError(
        `${className}: the model returned an object whose "text" is ${describeValue(answer.text)}, expected a string or { text: string }`,
      ), 'EVALS_INVALID_ANSWER');
    }
    throw coded(new TypeError(`${className}: the model returned ${describeValue(answer)}, expected a string or { text: string }`), 'EVALS_INVALID_ANSWER');
  };
}

// ---------------------------------------------------------------------------------------------
// AI SDK language models

/**
 * The call options of one `doGenerate` for a request. `plainText` drops the JSON mode (used after
 * a provider said it has none).
 */
function callOptions(version, request, plainText) {
  const { system, user, json, signal, schema, schemaName } = request;
  const prompt = [];
  if (system !== '') prompt.push({ role: 'system', content: system });
  prompt.push({ role: 'user', content: [{ type: 'text', text: user }] });
  const wantJson = json && !plainText;
  // The answer's schema, for providers that decode under it (or pass it on as json_schema).
  const shape = schema === undefined ? {} : { schema, name: schemaName };
  const limit = request.maxOutputTokens ?? request.maxTokens;
  const options = { prompt, temperature: 0 };
  if (version === 'v1') {
    // ai@4 chose the output kind with `mode` (deprecated there, gone in v2).
    options.inputFormat = 'messages';
    options.mode = wantJson ? { type: 'object-json', ...shape } : { type: 'regular' };
    if (limit !== undefined) options.maxTokens = limit;
  } else {
    if (wantJson) options.responseFormat = { type: 'json', ...shape };
    if (limit !== undefined) options.maxOutputTokens = limit;
  }
  if (signal !== undefined) options.abortSignal = signal;
  return options;
}

/**
 * `true` when a provider refused the JSON mode itself (ai@4's Anthropic and Bedrock providers
 * throw UnsupportedFunctionalityError for `mode: { type: 'object-json' }`), so the same request
 * can be made again as plain text: the prompts ask for JSON anyway.
 */
function refusedJsonMode(error) {
  if (error === null || typeof error !== 'object') return false;
  const marked = error.name === 'AI_UnsupportedFunctionalityError' || error[Symbol.for('vercel.ai.error.AI_UnsupportedFunctionalityError')] === true;
  if (!marked) return false;
  const what = `${typeof error.functionality === 'string' ? error.functionality : ''} ${typeof error.message === 'string' ? error.message : ''}`;
  return /json|object generation|response ?format/i.test(what);
}

/** The text of a `doGenerate` result, or a TypeError message when it has none. */
function resultText(version, result, json) {
  if (result === null || typeof result !== 'object') {
    return { problem: `doGenerate resolved to ${describeValue(result)}, expected a result object` };
  }
  if (version === 'v1') {
    const { text } = result;
    if (typeof text === 'string') return { text };
    if (text === undefined || text === null) return { text: '' };
    return { problem: `doGenerate returned a "text" that is ${describeValue(text)}, expected a string` };
  }
  // v4 may name the text to parse as JSON when it differs from all the text parts together.
  if (json && typeof result.structuredOutputText === 'string') return { text: result.structuredOutputText };
  const { content } = result;
  if (!Array.isArray(content)) {
    return { problem: `doGenerate returned a "content" that is ${describeValue(content)}, expected an array of parts` };
  }
  let text = '';
  for (const part of content) {
    if (part === null || typeof part !== 'object' || part.type !== 'text') continue;
    if (typeof part.text !== 'string') {
      return { problem: `doGenerate returned a text part whose "text" is ${describeValue(part.text)}, expected a string` };
    }
    text += part.text;
  }
  return { text };
}

/**
 * `true` when a provider's API refused the answer's schema (an HTTP 400 about the schema or the
 * response format: a server whose strict mode lacks a keyword such as `maxLength`), so the same
 * request can be made again in plain JSON mode.
 */
function refusedSchema(error) {
  if (error === null || typeof error !== 'object' || error.statusCode !== 400) return false;
  return /schema|response_format|json/i.test(`${error.message ?? ''} ${error.responseBody ?? ''}`);
}

/** What each AI SDK model object refused (`{ json, schema }`), shared by every judge built on it. */
const refusals = new WeakMap();

function languageModelJudge(model, version, className) {
  if (!refusals.has(model)) refusals.set(model, { json: false, schema: false });
  const refused = refusals.get(model);
  const name = languageModelName(model);
  return async function judge(request) {
    let plainText = refused.json;
    let sent = refused.schema ? { ...request, schema: undefined } : request;
    let result;
    try {
      result = await model.doGenerate(callOptions(version, sent, plainText));
    } catch (error) {
      if (!request.json || plainText) throw error;
      if (sent.schema !== undefined && refusedSchema(error)) {
        // Remembered: later requests to this model ask for JSON without a schema.
        refused.schema = true;
        sent = { ...request, schema: undefined };
      } else if (refusedJsonMode(error)) {
        // Remembered, so that later requests to this model go straight to plain text.
        refused.json = plainText = true;
      } else {
        throw error;
      }
      result = await model.doGenerate(callOptions(version, sent, plainText));
    }
    const { text, problem } = resultText(version, result, request.json && !plainText);
    if (problem !== undefined) throw coded(new TypeError(`${className}: the model ${name} returned no usable text: ${problem}`), 'EVALS_INVALID_ANSWER');
    const answer = withUsage(text, result.usage);
    // v1 and v2 report the finish reason as a string, v3 and later as { unified, raw }.
    const finish = result.finishReason;
    if ((finish?.unified ?? finish) === 'length') answer.truncated = true;
    return answer;
  };
}

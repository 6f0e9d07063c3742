// openaiCompatible: the built-in model, for any server that speaks the OpenAI Chat Completions
// protocol (OpenAI, Azure-style gateways, Ollama, vLLM, llama.cpp, LM Studio, Groq, Together…).
// The HTTP requests, retries and time-outs run in Rust (gloo-net over the global fetch); this
// file checks the settings and keeps the API key out of sight: it lives in a closure, never on
// the returned object, and no error message contains it.

import { describe, EvalsError } from './errors.js';
import { JUDGE } from './models.js';
import { ensureWasm, openaiChat } from './wasm.js';

const NAME = 'openaiCompatible';

function fail(message) {
  throw new TypeError(`${NAME}: ${message}`);
}

function checkSettings(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) fail(`options must be an object, got ${describe(options)}`);
  const { baseURL, apiKey, model, headers, temperature = 0, maxOutputTokens, timeoutMs, maxRetries = 2 } = options;
  let url;
  try {
    url = new URL(baseURL);
  } catch {
    fail(`"baseURL" must be an absolute http(s) URL such as "http://127.0.0.1:11434/v1", got ${typeof baseURL === 'string' ? JSON.stringify(baseURL) : describe(baseURL)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`"baseURL" must use http or https, got ${url.protocol}`);
  if (url.username || url.password) fail('"baseURL" must not contain a user name or password (fetch refuses such URLs): pass "apiKey" or "headers" instead');
  if (typeof model !== 'string' || model.trim() === '') fail(`"model" must be a model name such as "gpt-4o-mini", got ${describe(model)}`);
  if (apiKey !== undefined && typeof apiKey !== 'string') fail(`"apiKey" must be a string, got ${describe(apiKey)}`);
  if (headers !== undefined && (headers === null || typeof headers !== 'object' || Object.values(headers).some((v) => typeof v !== 'string'))) {
    fail('"headers" must be an object of string values');
  }
  if (typeof temperature !== 'number' || !(temperature >= 0 && temperature <= 2)) fail(`"temperature" must be a number from 0 to 2, got ${String(temperature)}`);
  if (maxOutputTokens !== undefined && !(Number.isInteger(maxOutputTokens) && maxOutputTokens > 0)) fail(`"maxOutputTokens" must be a positive whole number, got ${String(maxOutputTokens)}`);
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && Number.isFinite(timeoutMs))) fail(`"timeoutMs" must be a positive number of milliseconds, got ${String(timeoutMs)}`);
  if (!(Number.isInteger(maxRetries) && maxRetries >= 0 && maxRetries <= 10)) fail(`"maxRetries" must be a whole number from 0 to 10, got ${String(maxRetries)}`);
  return { baseURL: url.href.replace(/\/+$/, ''), apiKey, model, headers: { ...headers }, temperature, maxOutputTokens, timeoutMs, maxRetries };
}

/** An EvalsError from what the Rust transport rejected with. */
function toError(failure) {
  if (failure && typeof failure === 'object' && typeof failure.code === 'string') {
    const error = new EvalsError(`${NAME}: ${failure.message}`, { code: failure.code });
    if (failure.status !== undefined) error.status = failure.status;
    error.url = failure.url;
    error.attempts = failure.attempts;
    return error;
  }
  return new EvalsError(`${NAME}: ${String(failure)}`, { code: 'EVALS_HTTP_ERROR' });
}

/**
 * A model for every LLM metric, talking to `POST {baseURL}/chat/completions`. JSON mode is used
 * when a metric asks for JSON; a server that answers 400 to it is asked again without, and the
 * model remembers not to use it again.
 */
export function openaiCompatible(options) {
  const settings = checkSettings(options);
  let jsonMode = true;
  const judge = async ({ system, user, json, signal }) => {
    await ensureWasm();
    let answer;
    try {
      answer = await openaiChat({ ...settings, jsonMode }, system, user, json, signal);
    } catch (failure) {
      throw toError(failure);
    }
    if (answer.jsonModeRejected) jsonMode = false;
    return answer.usage ? { text: answer.text, usage: answer.usage } : { text: answer.text };
  };
  return Object.freeze({
    provider: 'openai-compatible',
    modelId: settings.model,
    baseURL: settings.baseURL.split('?')[0],
    [JUDGE]: judge,
  });
}

// openaiCompatible: the built-in model, for any server that speaks the OpenAI Chat Completions
// protocol (OpenAI, Azure-style gateways, Ollama, vLLM, llama.cpp, LM Studio, Groq, Together…).
// It sends the requests with the runtime's global fetch (Node 18+, browsers, workers), retries
// rate limits and transient failures, times attempts out, and keeps the API key out of sight:
// it lives in a closure, never on the returned object, and no error message contains it.

import { checkOptionNames, describe, redactSecrets } from '../engine/errors.js';
import { JUDGE } from './models.js';

const NAME = 'openaiCompatible';

/** The transport (openai-transport.js), loaded on the first request. */
let transport;
const loadTransport = () => (transport ??= import('./openai-transport.js'));

function fail(message, code = 'EVALS_INVALID_OPTION') {
  const error = new TypeError(`${NAME}: ${message}`);
  error.code = code;
  throw error;
}

/** What fetch's `Headers` takes as a header name: an HTTP token. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Whether `value` can be sent as a header value exactly as given: no line feed, carriage return
 * or NUL anywhere (fetch would refuse them inside, and silently trim them at the ends, sending a
 * different key), no other control character but tab, no character above U+00FF, no space or
 * tab at either end (trimmed by fetch), and the platform's own `Headers` takes it. Never says
 * what the value is.
 */
function sendable(name, value) {
  if (value !== value.replace(/^[ \t]+|[ \t]+$/g, '')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000a-\u001f\u007f]|[^\u0000-\u00ff]/.test(value)) return false;
  try {
    new Headers().set(name, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * A shown form of a baseURL that is not a valid URL: up to the first `?` or `#` (a query may
 * hold a key), with a user name or password before an `@` masked.
 */
function shownBadURL(baseURL) {
  const cut = baseURL.split(/[?#]/)[0].replace(/^([^/]*\/\/)?[^/@]*@/, (_, scheme = '') => `${scheme}***@`);
  return JSON.stringify(cut.length > 80 ? `${cut.slice(0, 80)}…` : cut);
}

/**
 * Checks the key and the headers before any request: a value fetch would refuse (or change) is
 * a TypeError naming the option, never holding the value (the platform's own error would quote
 * it whole).
 */
function checkCredentials(apiKey, headers) {
  if (apiKey !== undefined && apiKey !== '' && !(sendable('authorization', apiKey) && sendable('authorization', `Bearer ${apiKey}`))) {
    fail('"apiKey" holds a character an HTTP header cannot carry (a line break, NUL, another control character, one above U+00FF, or a space or tab at either end); the value is not shown', 'EVALS_INVALID_CREDENTIAL');
  }
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!HEADER_NAME.test(name)) fail(`"headers" has a name that is not an HTTP header name: ${JSON.stringify(name.slice(0, 40))}`, 'EVALS_INVALID_CREDENTIAL');
    if (!sendable(name, value)) {
      fail(`"headers" value of ${JSON.stringify(name)} holds a character an HTTP header cannot carry (a line break, NUL, another control character, one above U+00FF, or a space or tab at either end); the value is not shown`, 'EVALS_INVALID_CREDENTIAL');
    }
  }
}

function checkSettings(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) fail(`options must be an object, got ${describe(options)}`);
  // A misspelt setting must not be ignored: `apikey` would send no key, `timeout` set no limit.
  checkOptionNames(NAME, options, ['baseURL', 'apiKey', 'model', 'headers', 'temperature', 'maxOutputTokens', 'timeoutMs', 'maxRetries'], { strict: true });
  const { baseURL, apiKey, model, headers, temperature = 0, maxOutputTokens, timeoutMs, maxRetries = 2 } = options;
  let url;
  try {
    url = new URL(baseURL);
  } catch {
    fail(`"baseURL" must be an absolute http(s) URL such as "http://127.0.0.1:11434/v1", got ${typeof baseURL === 'string' ? shownBadURL(baseURL) : describe(baseURL)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`"baseURL" must use http or https, got ${url.protocol}`);
  if (url.username || url.password) fail('"baseURL" must not contain a user name or password (fetch refuses such URLs): pass "apiKey" or "headers" instead');
  if (typeof model !== 'string' || model.trim() === '') fail(`"model" must be a model name such as "gpt-4o-mini", got ${describe(model)}`);
  if (apiKey !== undefined && typeof apiKey !== 'string') fail(`"apiKey" must be a string, got ${describe(apiKey)}`);
  if (headers !== undefined && (headers === null || typeof headers !== 'object' || Object.values(headers).some((v) => typeof v !== 'string'))) {
    fail('"headers" must be an object of string values');
  }
  checkCredentials(apiKey, headers);
  if (typeof temperature !== 'number' || !(temperature >= 0 && temperature <= 2)) fail(`"temperature" must be a number from 0 to 2, got ${String(temperature)}`);
  if (maxOutputTokens !== undefined && !(Number.isInteger(maxOutputTokens) && maxOutputTokens > 0)) fail(`"maxOutputTokens" must be a positive whole number, got ${String(maxOutputTokens)}`);
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && Number.isFinite(timeoutMs))) fail(`"timeoutMs" must be a positive number of milliseconds, got ${String(timeoutMs)}`);
  if (!(Number.isInteger(maxRetries) && maxRetries >= 0 && maxRetries <= 10)) fail(`"maxRetries" must be a whole number from 0 to 10, got ${String(maxRetries)}`);
  const root = url.href.replace(/\/+$/, '');
  const completions = completionsUrl(root);
  // What must never be shown: the key, and the values of headers that carry credentials.
  const secrets = [apiKey, ...Object.entries(headers ?? {}).filter(([name]) => /auth|key|token|secret|cookie/i.test(name)).map(([, value]) => value.replace(/^Bearer\s+/i, ''))];
  return { baseURL: root, url: completions, shown: shownUrl(completions), apiKey, secrets, model, headers: { ...headers }, temperature, maxOutputTokens, timeoutMs, maxRetries };
}

/** `{base}/chat/completions`; a query string on the base (`?api-version=…`) stays at the end. */
function completionsUrl(baseURL) {
  const url = new URL(baseURL);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  return url.href;
}

/** The URL as error messages show it: no query string, no fragment. */
function shownUrl(url) {
  const shown = new URL(url);
  shown.search = '';
  shown.hash = '';
  return shown.href;
}

/**
 * The response formats, strongest first: the answer's JSON Schema (`json_schema`, strict), the
 * same without its length keywords (for a strict mode that refuses `maxLength`, as OpenAI's),
 * JSON mode (`json_object`), none. A client steps down when a server refuses one, and stays there.
 */
const FORMATS = ['schema', 'unbounded', 'object', 'none'];

/**
 * A model for every LLM metric, talking to `POST {baseURL}/chat/completions`. A request that
 * wants JSON is sent with its answer's JSON Schema (`response_format: json_schema`, strict); a
 * server that answers 400 naming a length keyword (`maxLength`) is asked again with the schema
 * without length keywords; one that answers 400 to a schema at all, with JSON mode (`json_object`), and one that
 * refuses JSON mode too, without a response format. The model remembers what its server took,
 * so a refusal costs one failed request, not one per measure. `max_tokens` is the limit the
 * user set, else the bound the metric's step derived.
 */
export function openaiCompatible(options) {
  const settings = checkSettings(options);
  let format = 'schema';
  const judge = async ({ system, user, json, signal, maxOutputTokens, maxTokens: bound, schema, schemaName }) => {
    const { chat } = await loadTransport();
    const answer = await chat(settings, { system, user, json, maxOutputTokens, maxTokens: bound, schema, schemaName }, signal, format);
    if (FORMATS.indexOf(answer.format) > FORMATS.indexOf(format)) format = answer.format;
    // An answer that echoes the key would carry it into a result or an error's `raw`.
    const text = redactSecrets(answer.text, settings.secrets);
    const out = answer.usage ? { text, usage: answer.usage } : { text };
    if (answer.truncated) out.truncated = true;
    return out;
  };
  return Object.freeze({
    provider: 'openai-compatible',
    modelId: settings.model,
    baseURL: settings.baseURL.split('?')[0],
    [JUDGE]: judge,
  });
}

// The transport of openaiCompatible (openai.js): one chat request with retries, response
// formats and time-outs over the runtime's global fetch. Loaded on the model's first request, so
// that a page that never sends one downloads none of it.

import { EvalsError, redactSecrets } from '../engine/errors.js';

const NAME = 'openaiCompatible';

/** Statuses worth another attempt: rate limits and transient server failures. */
const RETRYABLE = new Set([429, 500, 502, 503, 504]);
/** The longest wait before a retry, whatever `Retry-After` says. */
const MAX_RETRY_DELAY_MS = 60_000;

/**
 * `max_tokens` of a request: the limits the user set (the model's `maxOutputTokens` setting, a
 * metric's answer limit), the smaller when both are given; else the bound the step derived.
 */
function maxTokens(settings, request) {
  const valid = (n) => Number.isInteger(n) && n > 0;
  const limits = [settings.maxOutputTokens, request.maxOutputTokens].filter(valid);
  if (limits.length > 0) return Math.min(...limits);
  return valid(request.maxTokens) ? request.maxTokens : undefined;
}


function requestBody(settings, request, format) {
  const { system, user, json, schema, schemaName } = request;
  const messages = system === '' ? [] : [{ role: 'system', content: system }];
  messages.push({ role: 'user', content: user });
  const body = { model: settings.model, messages, temperature: settings.temperature };
  const limit = maxTokens(settings, request);
  if (limit !== undefined) body.max_tokens = limit;
  // The metrics' prompts always mention JSON, which OpenAI requires for JSON mode.
  if (json && (format === 'schema' || format === 'unbounded') && schema !== undefined) {
    const sent = format === 'unbounded' ? withoutLengths(schema) : schema;
    body.response_format = { type: 'json_schema', json_schema: { name: schemaName || 'answer', schema: sent, strict: true } };
  } else if (json && format !== 'none') {
    body.response_format = { type: 'json_object' };
  }
  return JSON.stringify(body);
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `{ text, usage? }` from a 2xx body, or a string saying what is wrong with it. */
function readAnswer(body) {
  const value = parseJson(body);
  if (value === null || typeof value !== 'object') return 'the response body is not JSON';
  const choice = Array.isArray(value.choices) ? value.choices[0] : undefined;
  if (choice === undefined) return 'the response has no choices';
  const text = choice?.message?.content;
  if (typeof text !== 'string') return 'the first choice has no message content';
  const count = (n) => (Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined);
  const inputTokens = count(value.usage?.prompt_tokens);
  const outputTokens = count(value.usage?.completion_tokens);
  const answer = { text };
  if (inputTokens !== undefined || outputTokens !== undefined) answer.usage = { inputTokens: inputTokens ?? 0, outputTokens: outputTokens ?? 0 };
  // Cut off at max_tokens (or the server's context): said so, rather than read as broken JSON.
  if (choice.finish_reason === 'length') answer.truncated = true;
  return answer;
}

/**
 * The server's own message from an error body, with the key and any `Bearer <token>` masked as
 * `***` (servers quote a rejected key), cut at 500 characters.
 */
function errorMessage(body, secrets) {
  const error = parseJson(body)?.error;
  const message = redactSecrets(typeof error === 'string' ? error : typeof error?.message === 'string' ? error.message : body.trim(), secrets, { bearer: true });
  const chars = Array.from(message);
  return chars.length > 500 ? `${chars.slice(0, 500).join('')}…` : message;
}

/** A 400 that refuses `response_format` (a schema or JSON mode): worth repeating without it. */
function rejectsJsonMode(status, message) {
  const lower = message.toLowerCase();
  return status === 400 && (lower.includes('response_format') || lower.includes('json'));
}

/**
 * The format to try after a server refused `format` with `message`: JSON mode after a refused
 * schema, unless the server said it has no JSON mode either; none after a refused JSON mode.
 */
function weakerFormat(format, message) {
  // A strict mode that lacks a length keyword (OpenAI's has no maxLength) still takes the rest:
  // the keyed verdict object, the required ids, the enums.
  if (format === 'schema' && LENGTH_KEYWORD.test(message)) return 'unbounded';
  if ((format === 'schema' || format === 'unbounded') && !/json_object/i.test(message)) return 'object';
  return 'none';
}

/** The length keywords a strict mode may lack. */
const LENGTH_KEYWORD = /\b(maxLength|minLength|maxItems|minItems)\b/;

/** `schema` without its length keywords (texts and lists unbounded, everything else kept). */
function withoutLengths(schema) {
  if (Array.isArray(schema)) return schema.map(withoutLengths);
  if (schema === null || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!LENGTH_KEYWORD.test(key)) out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutLengths(v)])) : withoutLengths(value);
  }
  return out;
}

/**
 * How long to wait before attempt `attempt + 1`: the server's `Retry-After` (seconds) when it
 * gave one, else exponential backoff from 500 ms with half of it random, at most 60 s.
 */
function retryDelayMs(attempt, retryAfter) {
  const seconds = retryAfter === null || retryAfter.trim() === '' ? NaN : Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_DELAY_MS);
  const ceiling = 500 * 2 ** Math.min(attempt - 1, 16);
  return Math.min(Math.floor(ceiling / 2 + (ceiling / 2) * Math.random()), MAX_RETRY_DELAY_MS);
}

/** Resolves after `ms`, or as soon as `signal` aborts. */
function sleep(ms, signal) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

function describeFailure(error) {
  const cause = error?.cause?.message ?? error?.cause?.code;
  const message = error instanceof Error ? error.message : String(error);
  return cause ? `${message} (${cause})` : message;
}

/**
 * One HTTP attempt, cancelled by `outer` or after `timeoutMs`:
 * `{ status, retryAfter, body }`, `{ failed: 'redirect', status }` (a 3xx, not followed), or
 * `{ failed: 'aborted' | 'timeout' | 'network', problem }`.
 */
async function attempt(url, settings, body, outer) {
  if (outer?.aborted) return { failed: 'aborted' };
  const controller = new AbortController();
  let timedOut = false;
  const timer = settings.timeoutMs === undefined ? undefined : setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, settings.timeoutMs);
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort);
  let answered = false;
  try {
    // Built inside the try (the values were checked when the client was made): no platform
    // error quoting a header value can escape as it is.
    const headers = new Headers({ 'content-type': 'application/json' });
    if (settings.apiKey) headers.set('authorization', `Bearer ${settings.apiKey}`);
    for (const [name, value] of Object.entries(settings.headers)) headers.set(name, value);
    // Redirects are not followed: the credentials go to baseURL's server and to no other.
    const response = await fetch(url, { method: 'POST', headers, body, signal: controller.signal, redirect: 'manual' });
    answered = true;
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      response.body?.cancel().catch(() => {});
      return { failed: 'redirect', status: response.status };
    }
    const text = await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: text };
  } catch (error) {
    if (outer?.aborted) return { failed: 'aborted' };
    if (timedOut) return { failed: 'timeout' };
    const problem = describeFailure(error);
    return { failed: 'network', problem: answered ? `the response broke off: ${problem}` : problem };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

function httpError(message, { code = 'EVALS_HTTP_ERROR', status, url, attempts }) {
  const error = new EvalsError(`${NAME}: ${message}`, { code });
  if (status !== undefined) error.status = status;
  error.url = url;
  error.attempts = attempts;
  return error;
}

const attemptsText = (n) => (n === 1 ? '1 attempt' : `${n} attempts`);

/**
 * Sends one chat request with retries, in response format `format` (see FORMATS in openai.js). Resolves to
 * `{ text, usage?, truncated?, format }`, `format` being the one the server took; rejects with an
 * EvalsError (`EVALS_HTTP_ERROR`, or `EVALS_ABORTED`) whose message names the status, the
 * server's own message, the URL without its query string, and the attempts made.
 */
export async function chat(settings, request, signal, format) {
  const { url, shown } = settings;
  let attempts = 0;
  for (;;) {
    attempts += 1;
    const body = requestBody(settings, request, format);
    const outcome = await attempt(url, settings, body, signal);
    const facts = { url: shown, attempts };
    if (outcome.failed === 'aborted') {
      throw httpError(`the request to ${shown} was aborted`, { ...facts, code: 'EVALS_ABORTED' });
    }
    if (outcome.failed === 'redirect') {
      // Where it points is not shown: a Location may carry a token.
      const status = outcome.status > 0 ? `HTTP ${outcome.status}` : 'a redirect';
      throw httpError(`POST ${shown} answered ${status}, a redirect, which is not followed (credentials go to baseURL only): set "baseURL" to the URL the server redirects to`, { ...facts, status: outcome.status || undefined });
    }
    let retryAfter = null;
    if (outcome.failed === undefined) {
      const { status } = outcome;
      if (status >= 200 && status < 300) {
        const answer = readAnswer(outcome.body);
        if (typeof answer === 'string') throw httpError(`POST ${shown} answered HTTP ${status}, but ${answer}`, { ...facts, status });
        return { ...answer, format };
      }
      const message = errorMessage(outcome.body, settings.secrets);
      if (request.json && format !== 'none' && rejectsJsonMode(status, message)) {
        // The server does not take this response format: ask again with a weaker one (not
        // counted as a retry).
        format = weakerFormat(format === 'schema' && request.schema === undefined ? 'object' : format, message);
        attempts -= 1;
        continue;
      }
      if (!RETRYABLE.has(status) || attempts > settings.maxRetries) {
        throw httpError(`POST ${shown} failed with HTTP ${status} after ${attemptsText(attempts)}: ${message}`, { ...facts, status });
      }
      retryAfter = outcome.retryAfter;
    } else if (attempts > settings.maxRetries) {
      const problem = outcome.failed === 'timeout' ? `no answer within timeoutMs (${settings.timeoutMs} ms)` : redactSecrets(outcome.problem, settings.secrets, { bearer: true });
      throw httpError(`POST ${shown} failed after ${attemptsText(attempts)}: ${problem}`, facts);
    }
    await sleep(retryDelayMs(attempts, retryAfter), signal);
  }
}

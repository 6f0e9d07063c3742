// The recorder behind withCassette (models/cassette.js), loaded on a cassette's first request so
// that pages which never record or replay do not download it: keys (canonical JSON, SHA-256),
// masking of credentials, the JSON Lines file and the get/set store, and what is kept of each
// kind of model's answer.

import { EvalsError, redactSecrets } from '../engine/errors.js';
import { describeModel, toJudge } from './models.js';

const NAME = 'withCassette';

/** Part of every key: a change of what keys are made of changes this number. */
const KEY_FORMAT = 1;
/** Call options of an AI SDK model that do not decide the answer (or must never be kept). */
const NOT_IN_KEY = new Set(['abortSignal', 'headers', 'includeRawChunks']);

const isRecord = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

// ---------------------------------------------------------------------------------------------
// Keys

/**
 * JSON with the keys of every object sorted and `undefined`, functions and symbols left out (as
 * JSON.stringify leaves them out of objects), so equal requests give equal text whatever the
 * order their keys were written in. Values with `toJSON` (Date, URL) are written as that gives.
 */
export function canonicalJson(value) {
  if (value !== null && typeof value === 'object' && typeof value.toJSON === 'function') value = value.toJSON();
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value === 'bigint') return JSON.stringify(String(value));
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item) ?? 'null').join(',')}]`;
  const fields = [];
  for (const name of Object.keys(value).sort()) {
    const text = canonicalJson(value[name]);
    if (text !== undefined) fields.push(`${JSON.stringify(name)}:${text}`);
  }
  return `{${fields.join(',')}}`;
}

/** A Node module by a name bundlers leave alone (this file also runs in browsers). */
const nodeModule = (name) => import(/* @vite-ignore */ /* webpackIgnore: true */ name);
const inNode = () => typeof globalThis.process?.versions?.node === 'string';

let nodeSha256;

/** The SHA-256 of `text` (UTF-8) as 64 hex digits: node:crypto in Node, crypto.subtle elsewhere. */
export async function sha256Hex(text) {
  if (inNode()) {
    nodeSha256 ??= nodeModule('node:crypto').then(({ createHash }) => (input) => createHash('sha256').update(input, 'utf8').digest('hex'));
    return (await nodeSha256)(text);
  }
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) {
    throw new EvalsError(`${NAME}: this runtime has no crypto.subtle to compute keys with (browsers offer it on https pages and localhost only)`, { code: 'EVALS_CASSETTE_IO' });
  }
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// ---------------------------------------------------------------------------------------------
// Secrets

/** Shapes that API keys and tokens take, masked wherever they appear in what is kept. */
const SECRET_SHAPES = [
  /\b(?:sk|rk|pk)-[A-Za-z0-9_-]{16,}/g, // OpenAI, Anthropic (sk-ant-…), DeepSeek, OpenRouter (sk-or-…)
  /\bAIza[0-9A-Za-z_-]{30,}/g, // Google
  /\b(?:gsk|hf|ghp|gho|ghu|ghs|github_pat|glpat|r8)_[A-Za-z0-9_]{16,}/g, // Groq, Hugging Face, GitHub, GitLab, Replicate
  /\bxai-[A-Za-z0-9]{16,}/g, // xAI
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, // Slack
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, // AWS access key ids
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JSON Web Tokens
];

/** `text` with the given secrets, `Bearer …` tokens and key-shaped strings replaced by `***`. */
export function scrubText(text, secrets) {
  let out = redactSecrets(text, secrets, { bearer: true });
  for (const shape of SECRET_SHAPES) out = out.replace(shape, '***');
  return out;
}

/** A JSON value with every string (object keys included) scrubbed. */
function scrubValue(value, secrets) {
  if (typeof value === 'string') return scrubText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, secrets));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([name, item]) => [scrubText(name, secrets), scrubValue(item, secrets)]));
  return value;
}

/** A JSON copy of `value`: Dates become ISO strings, `undefined` fields go. */
const jsonCopy = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** The values of the credential headers (authorization, api keys, tokens, cookies) of a headers object or Headers. */
function headerValues(headers) {
  if (headers === null || typeof headers !== 'object') return [];
  const entries = typeof Headers === 'function' && headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  return entries
    .filter(([name, value]) => /auth|key|token|secret|cookie|session|password/i.test(name) && typeof value === 'string')
    .flatMap(([, value]) => [value, value.replace(/^(?:Bearer|Basic)\s+/i, '')]);
}

// ---------------------------------------------------------------------------------------------
// Storage

/** A storage error of ours, with the system error as `cause`. */
function ioError(message, cause) {
  return new EvalsError(`${NAME}: ${message}`, { code: 'EVALS_CASSETTE_IO', cause });
}

/** An entry as read back: an object with a string `key` and an `answer`, else undefined. */
function readEntry(value) {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return isRecord(value) && typeof value.key === 'string' && 'answer' in value ? value : undefined;
}

/**
 * The JSON Lines file at `path`: read on the first request, and read on from where it was left
 * when a request is not found (another cassette or process may have recorded it since). Every
 * entry is appended as one whole line by one write on a file opened for appending, before the
 * answer is handed on, so a killed process leaves only whole lines (a line cut short by a full
 * disk is skipped, and the next line starts on a line of its own). The last line of a key wins.
 */
function fileBackend(path) {
  let opening;
  const open = () =>
    (opening ??= (async () => {
      if (!inNode()) throw new TypeError(`${NAME}: option "path" needs Node (it names a file); elsewhere pass a "store" with get and set`);
      return { fs: await nodeModule('node:fs'), entries: new Map(), offset: 0, exists: false };
    })());

  /** Reads the lines added since the last read (all of them when the file shrank or was replaced). */
  const readOn = (state) => {
    const { fs } = state;
    let fd;
    try {
      fd = fs.openSync(path, 'r');
    } catch (error) {
      if (error?.code !== 'ENOENT') throw ioError(`cannot read the cassette ${path}: ${error?.message ?? String(error)}`, error);
      state.exists = false;
      return;
    }
    let bytes;
    try {
      const { size } = fs.fstatSync(fd);
      if (size < state.offset) {
        state.entries.clear();
        state.offset = 0;
      }
      bytes = new Uint8Array(size - state.offset);
      let read = 0;
      while (read < bytes.length) {
        const count = fs.readSync(fd, bytes, read, bytes.length - read, state.offset + read);
        if (count === 0) break;
        read += count;
      }
      bytes = bytes.subarray(0, read);
    } catch (error) {
      throw ioError(`cannot read the cassette ${path}: ${error?.message ?? String(error)}`, error);
    } finally {
      fs.closeSync(fd);
    }
    state.exists = true;
    // Only whole lines are taken; a line still being written (or cut short) waits.
    const end = bytes.lastIndexOf(0x0a) + 1;
    for (const line of new TextDecoder().decode(bytes.subarray(0, end)).split('\n')) {
      if (line.trim() === '') continue;
      let value;
      try {
        value = JSON.parse(line);
      } catch {
        continue;
      }
      const entry = readEntry(value);
      if (entry !== undefined) state.entries.set(entry.key, entry);
    }
    state.offset += end;
  };

  return {
    where: `file ${path}`,
    async missingNote() {
      return (await open()).exists ? '' : ' (the file does not exist)';
    },
    async get(key) {
      const state = await open();
      if (!state.entries.has(key)) readOn(state);
      return state.entries.get(key);
    },
    async set(key, entry) {
      const state = await open();
      let fd;
      try {
        fd = state.fs.openSync(path, 'a+');
        const bytes = new TextEncoder().encode(`${endsCutOff(state.fs, fd) ? '\n' : ''}${JSON.stringify(entry)}\n`);
        let written = state.fs.writeSync(fd, bytes);
        // A regular file takes the whole line at once; a short write (a full disk) is finished here.
        while (written < bytes.length) written += state.fs.writeSync(fd, bytes, written);
      } catch (error) {
        throw ioError(`cannot write the cassette ${path}: ${error?.message ?? String(error)}`, error);
      } finally {
        if (fd !== undefined) state.fs.closeSync(fd);
      }
      state.exists = true;
      state.entries.set(key, entry);
    },
  };
}

/** Whether the file open as `fd` ends in a line cut short (its last byte is not a newline). */
function endsCutOff(fs, fd) {
  const { size } = fs.fstatSync(fd);
  if (size === 0) return false;
  const last = new Uint8Array(1);
  fs.readSync(fd, last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

/** A user's store: `get(key)` and `set(key, entry)`, each sync or async. */
function storeBackend(store) {
  return {
    where: 'store',
    missingNote: async () => '',
    async get(key) {
      try {
        return readEntry(await store.get(key));
      } catch (error) {
        throw ioError(`the store's get("${key}") failed: ${error?.message ?? String(error)}`, error);
      }
    },
    async set(key, entry) {
      try {
        await store.set(key, entry);
      } catch (error) {
        throw ioError(`the store's set("${key}") failed: ${error?.message ?? String(error)}`, error);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The cassette

/**
 * One cassette: `answer(material, about, call, { signal, extraSecrets })` resolves to the answer
 * for the request whose key `material` hashes to: from the cassette, or (modes auto and record)
 * from `call()`, which is then recorded with `secrets` and `extraSecrets` (the call's own
 * credentials) masked. `about` is `{ model, metric?, step?, request }`: what the entry and a
 * miss error say about the request. A call that fails is never recorded; its error passes
 * through unchanged, to every caller that joined it.
 */
function cassette({ backend, mode, secrets }) {
  /** What this cassette recorded in this run: consulted first, in every mode. */
  const session = new Map();
  /** Requests being answered by the model: key → { promise, signal }. */
  const inFlight = new Map();

  const missError = async (key, about) => {
    const where = about.step === undefined ? '' : ` for step "${about.step}"`;
    const error = new EvalsError(
      `${about.metric ?? NAME}: no recorded answer${where} (model ${about.model}, key ${key.slice(0, 12)}) in the cassette ${backend.where}${await backend.missingNote()}; ` +
        'mode "replay" never calls the model. The request differs from every recorded one (a changed prompt, input, option or model), or was never recorded: record it with mode "auto" or "record".',
      { code: 'EVALS_CASSETTE_MISS', step: about.step },
    );
    error.key = key;
    if (about.metric !== undefined) error.metric = about.metric;
    error.model = about.model;
    return error;
  };

  const record = async (key, about, answer, extraSecrets) => {
    const masked = [...secrets, ...extraSecrets];
    const entry = { key, model: about.model };
    if (about.metric !== undefined) entry.metric = about.metric;
    if (about.step !== undefined) entry.step = about.step;
    entry.request = scrubValue(jsonCopy(about.request), masked);
    entry.answer = scrubValue(jsonCopy(answer), masked);
    await backend.set(key, entry);
    session.set(key, entry);
    return entry;
  };

  /** Calls the model for `key` (or joins the call in flight) and records the answer. */
  const fromModel = async (key, about, call, { signal, extraSecrets = [] }) => {
    for (;;) {
      const recorded = session.get(key);
      if (recorded !== undefined) return recorded.answer;
      const flight = inFlight.get(key);
      if (flight !== undefined) {
        try {
          return await flight.promise;
        } catch (error) {
          // The call was stopped by its own caller's signal: this caller, still going, asks again.
          if (flight.signal?.aborted && !signal?.aborted) continue;
          throw error;
        }
      }
      // Started on the next tick, so that it is in flight before anything of it can end.
      const promise = Promise.resolve()
        .then(call)
        .then(async (answer) => (await record(key, about, answer, extraSecrets)).answer)
        .finally(() => inFlight.delete(key));
      inFlight.set(key, { promise, signal });
      return promise;
    }
  };

  return {
    async answer(material, about, call, options = {}) {
      const key = await sha256Hex(canonicalJson({ format: KEY_FORMAT, ...material }));
      if (mode !== 'record' && !session.has(key) && !inFlight.has(key)) {
        const stored = await backend.get(key);
        if (stored !== undefined) return jsonCopy(stored.answer);
      }
      if (options.lookOnly) {
        // A dry run: what this cassette would answer without calling the model, or a miss.
        if (session.has(key)) return jsonCopy(session.get(key).answer);
        const error = await missError(key, about);
        error.lookOnly = true;
        throw error;
      }
      if (mode === 'replay' && !session.has(key)) throw await missError(key, about);
      return jsonCopy(await fromModel(key, about, call, options));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// AI SDK results

/** The parts of a stream of a `doStream` result, read to the end. */
async function readParts(stream) {
  const reader = stream.getReader();
  const parts = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return parts;
      parts.push(value);
    }
  } finally {
    reader.releaseLock?.();
  }
}

/** A stream of `parts`, as `doStream` returns one. */
function streamOf(parts) {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/** A stream that failed (it holds an error part): handed on as it came, never recorded. */
class StreamFailure {
  constructor(parts) {
    this.parts = parts;
  }
}

/** Parts as kept: no `raw` chunks (provider payloads), timestamps as ISO strings. */
const keptParts = (parts) => parts.filter((part) => part?.type !== 'raw').map((part) => jsonCopy(part));

/** Parts as replayed: the response timestamp is a Date again. */
const replayedParts = (parts) => parts.map((part) => (part?.type === 'response-metadata' && typeof part.timestamp === 'string' ? { ...part, timestamp: new Date(part.timestamp) } : part));

/**
 * A `doGenerate` result as kept: the answer, its usage, finish reason, warnings and provider
 * metadata, the response's id, model and time; never the raw request and response (with their
 * headers and bodies). A result that holds only a stream (Mastra's router models report some
 * outcomes so) is read into content, its error part thrown.
 */
async function keptGenerateResult(result) {
  if (isRecord(result) && result.content === undefined && result.text === undefined && typeof result.stream?.getReader === 'function') {
    const parts = await readParts(result.stream);
    const failure = parts.find((part) => part?.type === 'error');
    if (failure !== undefined) throw failure.error;
    const text = parts.filter((part) => part?.type === 'text-delta').map((part) => part.delta ?? part.textDelta ?? '').join('');
    const finish = parts.find((part) => part?.type === 'finish');
    result = { content: [{ type: 'text', text }], finishReason: finish?.finishReason, usage: finish?.usage, warnings: [] };
  }
  if (!isRecord(result)) return result;
  const { request: _request, rawCall: _rawCall, rawResponse: _rawResponse, response, ...kept } = result;
  const out = jsonCopy(kept);
  if (isRecord(response)) {
    const { id, modelId, timestamp } = response;
    out.response = jsonCopy({ id, modelId, timestamp });
  }
  return out;
}

/** A kept `doGenerate` result as the AI SDK spec wants it back. */
function replayedGenerateResult(version, kept) {
  if (!isRecord(kept)) return kept;
  const result = { ...kept };
  if (isRecord(result.response) && typeof result.response.timestamp === 'string') result.response = { ...result.response, timestamp: new Date(result.response.timestamp) };
  // Spec v1 requires the raw call; what was sent is not kept.
  if (version === 'v1') result.rawCall = { rawPrompt: null, rawSettings: {} };
  return result;
}

/**
 * `{ sample }` of a request asked again as a repeated sample (1, 2, …), else nothing: the first
 * sample, the only one by default, keeps the key it always had.
 */
const sampleOf = (request) => (request?.sample > 0 ? { sample: request.sample } : {});

/** The call options that decide an answer (everything but the signal, headers and raw-chunk switch). */
function keyedOptions(options) {
  const kept = {};
  if (isRecord(options)) for (const [name, value] of Object.entries(options)) if (!NOT_IN_KEY.has(name)) kept[name] = value;
  return kept;
}

// ---------------------------------------------------------------------------------------------
// The answers of each kind of model

/**
 * The cassette of checked options `{ path, store, mode, secrets }`; `config` is a Mastra model
 * config whose `apiKey` and credential headers are masked too. Its methods answer one request
 * of each kind of model (see models/cassette.js), from the cassette or the model.
 */
export function openCassette({ path, store, mode, secrets }, config) {
  const masked = [...secrets];
  if (isRecord(config)) {
    if (typeof config.apiKey === 'string' && config.apiKey !== '') masked.push(config.apiKey);
    masked.push(...headerValues(config.headers));
  }
  const recorder = cassette({ backend: path !== undefined ? fileBackend(path) : storeBackend(store), mode, secrets: masked });

  /** `about` and key material of an AI SDK call. */
  const call = (identity, kind, options, context) => ({
    material: { kind, provider: identity.provider, modelId: identity.modelId, options: keyedOptions(options), ...sampleOf(context) },
    about: { model: describeModel({ ...identity, doGenerate() {} }), metric: context?.metric, step: context?.step, request: { call: kind, ...keyedOptions(options), ...sampleOf(context) } },
    options: { signal: options?.abortSignal, extraSecrets: headerValues(options?.headers), lookOnly: context?.lookOnly === true },
  });

  return {
    /** A callback's answer (`{ text, usage? }`) to a judge request. */
    callback(callback, request, metric) {
      const { system = '', user = '', json = false, maxOutputTokens, signal, step, schema, schemaName, maxTokens } = request;
      const about = { model: 'callback', metric, step, request: { system, user, json, maxOutputTokens, ...sampleOf(request) } };
      // The schema and the step's bound reach the callback too; they follow from the request, so they are not in the key.
      const asked = { system, user, json, signal, maxOutputTokens, maxTokens, schema, schemaName, ...sampleOf(request) };
      return recorder.answer({ kind: 'judge', provider: 'callback', request: about.request }, about, () => toJudge(callback, metric ?? NAME)(asked), { signal, lookOnly: request.lookOnly === true });
    },

    /**
     * The answer of a model of this package (openaiCompatible) to a judge request. Its settings
     * that change answers are part of the key when the model shows them and they are not the
     * defaults.
     */
    judgeModel(model, judge, request, metric) {
      const settings = {};
      if (typeof model.temperature === 'number' && model.temperature !== 0) settings.temperature = model.temperature;
      if (model.maxOutputTokens !== undefined) settings.maxOutputTokens = model.maxOutputTokens;
      const { system, user, json, maxOutputTokens, signal, step } = request;
      const about = { model: describeModel(model), metric, step, request: { system, user, json, maxOutputTokens, ...sampleOf(request) } };
      return recorder.answer({ kind: 'judge', provider: model.provider, modelId: model.modelId, settings, request: about.request }, about, () => judge(request, metric), { signal, lookOnly: request.lookOnly === true });
    },

    /** An AI SDK `doGenerate` result; `inner()` resolves to the model to call. */
    async generate(identity, inner, options, context) {
      const { material, about, options: answerOptions } = call(identity, 'generate', options, context);
      const kept = await recorder.answer(material, about, async () => keptGenerateResult(await (await inner()).doGenerate(options)), answerOptions);
      return replayedGenerateResult(identity.specificationVersion, kept);
    },

    /** An AI SDK `doStream` result: the stream recorded as its parts, replayed as a stream of them. */
    async stream(identity, inner, options, context) {
      const version = identity.specificationVersion;
      const { material, about, options: answerOptions } = call(identity, 'stream', options, context);
      let kept;
      try {
        kept = await recorder.answer(
          material,
          about,
          async () => {
            const result = await (await inner()).doStream(options);
            const parts = await readParts(result.stream);
            if (parts.some((part) => part?.type === 'error')) throw new StreamFailure(parts);
            return { parts: keptParts(parts), ...(version === 'v1' && result.warnings !== undefined ? { warnings: jsonCopy(result.warnings) } : {}) };
          },
          answerOptions,
        );
      } catch (error) {
        if (error instanceof StreamFailure) return { stream: streamOf(error.parts), ...(version === 'v1' ? { rawCall: { rawPrompt: null, rawSettings: {} } } : {}) };
        throw error;
      }
      const result = { stream: streamOf(replayedParts(kept.parts ?? [])) };
      if (version === 'v1') Object.assign(result, { rawCall: { rawPrompt: null, rawSettings: {} }, warnings: kept.warnings });
      return result;
    },
  };
}

/** A Mastra model config resolved by @mastra/core's `resolveModelConfig` (an EvalsError when it cannot be). */
export async function resolveRouterModel(config) {
  try {
    const { resolveModelConfig } = await nodeModule('@mastra/core/llm');
    return await resolveModelConfig(config);
  } catch (cause) {
    throw new EvalsError(`${NAME}: @mastra/core could not resolve the model ${typeof config === 'string' ? `"${config}"` : 'config'}: ${cause?.message ?? String(cause)}`, { code: 'EVALS_INVALID_MODEL', cause });
  }
}

// withCassette: a model's answers recorded once and replayed, so that LLM-judged scores repeat.
//
// The wrapper sits at the model's own interface and returns a model of the same kind: a
// callback stays a callback, an AI SDK language model stays one (its doGenerate and doStream
// answer from the cassette), an openaiCompatible model stays one. Each request is keyed by the
// SHA-256 of the canonical JSON (keys sorted) of what decides its answer: the model's provider
// and id, the messages, the answer's format or schema and the options that change the output.
// The request's step and metric are recorded beside it, but are not part of the key.
//
// Modes: "auto" answers from the cassette and records what is missing, "replay" never calls
// the model (a request that is not there rejects with EVALS_CASSETTE_MISS), "record" calls the
// model once for every request of this run and writes the answers anew. Identical requests in
// flight make one call. Every mode answers with what the cassette holds (the answer as
// recorded, credentials masked), so a recording run and its replays give the same results.
//
// Storage: a JSON Lines file (`path`, Node only), each answer one line appended by a single
// write, the last line of a key winning; or any `store` with get/set, sync or async (a Map).
// No header, API key or credential is written: headers are never part of a request as kept,
// and every string is scrubbed of the secrets given and of the shapes API keys take.

import { checkOptionNames, describe, EvalsError, redactSecrets } from '../engine/errors.js';
import { describeModel, JUDGE, toJudge } from './models.js';

const NAME = 'withCassette';
const MODES = ['auto', 'replay', 'record'];
/** Part of every key: a change of what keys are made of changes this number. */
const KEY_FORMAT = 1;
/** The properties of an AI SDK model that its callers read besides the two methods. */
const LANGUAGE_MODEL_TRAITS = ['defaultObjectGenerationMode', 'supportsImageUrls', 'supportsStructuredOutputs', 'supportedUrls', 'supportsUrl'];
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
function openCassette({ backend, mode, secrets }) {
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
      if (mode === 'replay' && !session.has(key)) throw await missError(key, about);
      return jsonCopy(await fromModel(key, about, call, options));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Callbacks and this package's own models

/** A callback that answers from the cassette; as a judge of our metrics it also learns the step. */
function cassetteCallback(callback, cassette) {
  const judge = async (request, metric) => {
    const { system = '', user = '', json = false, maxOutputTokens, signal, step } = request;
    const about = { model: 'callback', metric, step, request: { system, user, json, maxOutputTokens } };
    return cassette.answer({ kind: 'judge', provider: 'callback', request: about.request }, about, () => toJudge(callback, metric ?? NAME)({ system, user, json, signal, maxOutputTokens }), { signal });
  };
  const wrapped = async (prompt, options) => {
    const request = isRecord(options) && typeof options.user === 'string' ? options : { ...options, system: '', user: String(prompt) };
    return judge(request, undefined);
  };
  Object.defineProperty(wrapped, JUDGE, { value: judge });
  return wrapped;
}

/**
 * A model of this package (openaiCompatible) answering from the cassette. Its settings that
 * change answers are part of the key when the model shows them and they are not the defaults.
 */
function cassetteJudgeModel(model, cassette) {
  const inner = model[JUDGE];
  const name = describeModel(model);
  const settings = {};
  if (typeof model.temperature === 'number' && model.temperature !== 0) settings.temperature = model.temperature;
  if (model.maxOutputTokens !== undefined) settings.maxOutputTokens = model.maxOutputTokens;
  const judge = async (request, metric) => {
    const { system, user, json, maxOutputTokens, signal, step } = request;
    const about = { model: name, metric, step, request: { system, user, json, maxOutputTokens } };
    return cassette.answer({ kind: 'judge', provider: model.provider, modelId: model.modelId, settings, request: about.request }, about, () => inner(request, metric), { signal });
  };
  const wrapped = {};
  for (const [property, value] of Object.entries(model)) wrapped[property] = value;
  wrapped[JUDGE] = judge;
  return Object.freeze(wrapped);
}

// ---------------------------------------------------------------------------------------------
// AI SDK language models

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

/** The call options that decide an answer (everything but the signal, headers and raw-chunk switch). */
function keyedOptions(options) {
  const kept = {};
  if (isRecord(options)) for (const [name, value] of Object.entries(options)) if (!NOT_IN_KEY.has(name)) kept[name] = value;
  return kept;
}

/**
 * The AI SDK model `identity` ({ specificationVersion, provider, modelId, traits }) answering from
 * the cassette; `inner()` resolves to the model to call (so that a router model is resolved only
 * when a call is needed). As a judge of our metrics it learns each request's step and metric.
 */
function cassetteLanguageModel(identity, inner, cassette, hasStream) {
  const { specificationVersion: version, provider, modelId } = identity;
  const name = describeModel({ specificationVersion: version, provider, modelId, doGenerate() {} });
  const about = (kind, options, context) => ({ model: name, metric: context?.metric, step: context?.step, request: { call: kind, ...keyedOptions(options) } });
  const material = (kind, options) => ({ kind, provider, modelId, options: keyedOptions(options) });
  const secretsOf = (options) => headerValues(options?.headers);

  const generate = async (options, context) => {
    const kept = await cassette.answer(material('generate', options), about('generate', options, context), async () => keptGenerateResult(await (await inner()).doGenerate(options)), {
      signal: options?.abortSignal,
      extraSecrets: secretsOf(options),
    });
    return replayedGenerateResult(version, kept);
  };

  const stream = async (options, context) => {
    let kept;
    try {
      kept = await cassette.answer(
        material('stream', options),
        about('stream', options, context),
        async () => {
          const result = await (await inner()).doStream(options);
          const parts = await readParts(result.stream);
          if (parts.some((part) => part?.type === 'error')) throw new StreamFailure(parts);
          return { parts: keptParts(parts), ...(version === 'v1' && result.warnings !== undefined ? { warnings: jsonCopy(result.warnings) } : {}) };
        },
        { signal: options?.abortSignal, extraSecrets: secretsOf(options) },
      );
    } catch (error) {
      if (error instanceof StreamFailure) return { stream: streamOf(error.parts), ...(version === 'v1' ? { rawCall: { rawPrompt: null, rawSettings: {} } } : {}) };
      throw error;
    }
    const result = { stream: streamOf(replayedParts(kept.parts ?? [])) };
    if (version === 'v1') Object.assign(result, { rawCall: { rawPrompt: null, rawSettings: {} }, warnings: kept.warnings });
    return result;
  };

  const model = { specificationVersion: version, provider, modelId, ...identity.traits };
  model.doGenerate = (options) => generate(options, undefined);
  if (hasStream) model.doStream = (options) => stream(options, undefined);
  // For our metrics: the same model, told which step and metric each request is for.
  Object.defineProperty(model, JUDGE, {
    value: (request, metric) => {
      const context = { step: request.step, metric };
      const view = { specificationVersion: version, provider, modelId, doGenerate: (options) => generate(options, context) };
      return toJudge(view, metric ?? NAME)(request);
    },
  });
  return model;
}

const looksLikeLanguageModel = (model) =>
  model !== null && (typeof model === 'object' || typeof model === 'function') && typeof model.doGenerate === 'function' && typeof model.specificationVersion === 'string';

/** The traits of an AI SDK model to copy onto its wrapper (methods bound to it). */
function traitsOf(model) {
  const traits = {};
  for (const trait of LANGUAGE_MODEL_TRAITS) {
    let value;
    try {
      value = model[trait];
    } catch {
      continue;
    }
    if (value !== undefined) traits[trait] = typeof value === 'function' ? value.bind(model) : value;
  }
  return traits;
}

// ---------------------------------------------------------------------------------------------
// withCassette

function checkCassetteOptions(options) {
  if (!isRecord(options)) throw new TypeError(`${NAME}: options must be an object with "path" or "store", got ${describe(options)}`);
  checkOptionNames(NAME, options, ['path', 'store', 'mode', 'secrets'], { strict: true });
  const { path, store, mode = 'auto', secrets = [] } = options;
  if ((path === undefined) === (store === undefined)) throw new TypeError(`${NAME}: give exactly one of "path" (a JSON Lines file, in Node) and "store" (an object with get and set)`);
  if (path !== undefined && (typeof path !== 'string' || path === '')) throw new TypeError(`${NAME}: option "path" must be a file path, got ${describe(path)}`);
  if (store !== undefined && !(store !== null && typeof store === 'object' && typeof store.get === 'function' && typeof store.set === 'function')) {
    throw new TypeError(`${NAME}: option "store" must be an object with get(key) and set(key, value) methods (a Map works), got ${describe(store)}`);
  }
  if (!MODES.includes(mode)) throw new TypeError(`${NAME}: option "mode" must be "auto", "replay" or "record", got ${typeof mode === 'string' ? JSON.stringify(mode) : describe(mode)}`);
  if (!Array.isArray(secrets) || secrets.some((secret) => typeof secret !== 'string')) throw new TypeError(`${NAME}: option "secrets" must be an array of strings`);
  return { path, store, mode, secrets: secrets.filter((secret) => secret !== '') };
}

/** The cassette that checked `options` describe. */
function cassetteFor(options) {
  const { path, store, mode, secrets } = checkCassetteOptions(options);
  return openCassette({ backend: path !== undefined ? fileBackend(path) : storeBackend(store), mode, secrets });
}

const ACCEPTED = 'a callback, an AI SDK language model (specificationVersion "v1" to "v4") or openaiCompatible({ … })';

/**
 * `model` answering from a cassette (see the top of this file), as a model of the same kind.
 * Throws a TypeError when the model or an option is not supported.
 */
export function withCassette(model, options) {
  if (model !== null && (typeof model === 'object' || typeof model === 'function') && typeof model[JUDGE] === 'function' && !looksLikeLanguageModel(model)) {
    return typeof model === 'function' ? cassetteCallback(model, cassetteFor(options)) : cassetteJudgeModel(model, cassetteFor(options));
  }
  if (looksLikeLanguageModel(model)) {
    const version = model.specificationVersion;
    if (!['v1', 'v2', 'v3', 'v4'].includes(version)) throw new TypeError(`${NAME}: the model ${describeModel(model)} implements AI SDK specificationVersion "${version}"; expected ${ACCEPTED}`);
    const cassette = cassetteFor(options);
    const identity = { specificationVersion: version, provider: model.provider, modelId: model.modelId, traits: traitsOf(model) };
    return cassetteLanguageModel(identity, async () => model, cassette, typeof model.doStream === 'function');
  }
  if (typeof model === 'function') return cassetteCallback(model, cassetteFor(options));
  const hint = typeof model === 'string' || isRecord(model) ? ' (Mastra model ids and configs are taken by the withCassette of evals-wasm/scorers)' : '';
  throw new TypeError(`${NAME}: model must be ${ACCEPTED}; got ${describe(model)}${hint}`);
}

/** `{ provider, modelId }` of a Mastra model config: a router id "provider/model" or `{ id }` / `{ providerId, modelId }`. */
function routerIdentity(config) {
  if (isRecord(config) && typeof config.providerId === 'string' && typeof config.modelId === 'string') return { provider: config.providerId, modelId: config.modelId };
  const id = typeof config === 'string' ? config : config.id;
  const slash = id.indexOf('/');
  return slash > 0 ? { provider: id.slice(0, slash), modelId: id.slice(slash + 1) } : { provider: 'openai-compatible', modelId: id };
}

const isRouterConfig = (model) =>
  (typeof model === 'string' && model.trim() !== '') ||
  (isRecord(model) && typeof model.doGenerate !== 'function' && typeof model[JUDGE] !== 'function' && (typeof model.id === 'string' || (typeof model.providerId === 'string' && typeof model.modelId === 'string')));

/**
 * `withCassette` of `evals-wasm/scorers`: also takes a Mastra model config (a router id such as
 * "openai/gpt-4o-mini", `{ id, apiKey?, headers?, url? }` or `{ providerId, modelId, … }`) and
 * returns an AI SDK model (spec v2, as Mastra's router) keyed by the config's provider and model.
 * The config is resolved by @mastra/core's `resolveModelConfig` on the first request the
 * cassette cannot answer, so a replay needs neither the provider's package nor an API key.
 */
export function scorersWithCassette(model, options) {
  if (!isRouterConfig(model)) return withCassette(model, options);
  const secrets = [...(Array.isArray(options?.secrets) ? options.secrets : []), ...(isRecord(model) && typeof model.apiKey === 'string' ? [model.apiKey] : []), ...(isRecord(model) ? headerValues(model.headers) : [])];
  const cassette = cassetteFor(isRecord(options) && (options.secrets === undefined || Array.isArray(options.secrets)) ? { ...options, secrets } : options);
  let resolving;
  const resolve = () =>
    (resolving ??= (async () => {
      const { resolveModelConfig } = await nodeModule('@mastra/core/llm');
      return resolveModelConfig(model);
    })().catch((cause) => {
      resolving = undefined;
      throw new EvalsError(`${NAME}: @mastra/core could not resolve the model ${typeof model === 'string' ? `"${model}"` : 'config'}: ${cause?.message ?? String(cause)}`, { code: 'EVALS_INVALID_MODEL', cause });
    }));
  return cassetteLanguageModel({ specificationVersion: 'v2', ...routerIdentity(model), traits: { supportedUrls: {} } }, resolve, cassette, true);
}

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
//
// This file builds the wrappers and checks the options; the recording itself (keys, storage,
// masking, what is kept of an answer) is in cassette-recorder.js, loaded on the first request.

import { checkOptionNames, describe, coded } from '../engine/errors.js';
import { CASSETTE, describeModel, JUDGE, toJudge } from './models.js';

const NAME = 'withCassette';
const MODES = ['auto', 'replay', 'record'];
/** The properties of an AI SDK model that its callers read besides the two methods. */
const LANGUAGE_MODEL_TRAITS = ['defaultObjectGenerationMode', 'supportsImageUrls', 'supportsStructuredOutputs', 'supportedUrls', 'supportsUrl'];
const ACCEPTED = 'a callback, an AI SDK language model (specificationVersion "v1" to "v4") or openaiCompatible({ … })';

const isRecord = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

function checkCassetteOptions(options) {
  if (!isRecord(options)) throw coded(new TypeError(`${NAME}: options must be an object with "path" or "store", got ${describe(options)}`), 'EVALS_INVALID_OPTION');
  checkOptionNames(NAME, options, ['path', 'store', 'mode', 'secrets'], { strict: true });
  const { path, store, mode = 'auto', secrets = [] } = options;
  if ((path === undefined) === (store === undefined)) throw coded(new TypeError(`${NAME}: give exactly one of "path" (a JSON Lines file, in Node) and "store" (an object with get and set)`), 'EVALS_INVALID_OPTION');
  if (path !== undefined && (typeof path !== 'string' || path === '')) throw coded(new TypeError(`${NAME}: option "path" must be a file path, got ${describe(path)}`), 'EVALS_INVALID_OPTION');
  if (store !== undefined && !(store !== null && typeof store === 'object' && typeof store.get === 'function' && typeof store.set === 'function')) {
    throw new TypeError(`${NAME}: option "store" must be an object with get(key) and set(key, value) methods (a Map works), got ${describe(store)}`);
  }
  if (!MODES.includes(mode)) throw coded(new TypeError(`${NAME}: option "mode" must be "auto", "replay" or "record", got ${typeof mode === 'string' ? JSON.stringify(mode) : describe(mode)}`), 'EVALS_INVALID_OPTION');
  if (!Array.isArray(secrets) || secrets.some((secret) => typeof secret !== 'string')) throw coded(new TypeError(`${NAME}: option "secrets" must be an array of strings`), 'EVALS_INVALID_OPTION');
  return { path, store, mode, secrets: secrets.filter((secret) => secret !== '') };
}

let recorderModule;
/** The recorder (models/cassette-recorder.js), loaded on first use. */
const loadRecorder = () => (recorderModule ??= import('./cassette-recorder.js'));

/**
 * The cassette that `options` (checked now) describe, opened on its first request: a function
 * resolving to its answering methods. `config`: a Mastra model config, whose credentials are
 * masked too.
 */
function cassetteFor(options, config) {
  const checked = checkCassetteOptions(options);
  let opening;
  return () => (opening ??= loadRecorder().then((recorder) => recorder.openCassette(checked, config)));
}

/** A callback answering from the cassette; as a judge of our metrics it also learns the step. */
function cassetteCallback(callback, cassette) {
  const judge = async (request, metric) => (await cassette()).callback(callback, request, metric);
  const wrapped = async (prompt, options) => judge(isRecord(options) && typeof options.user === 'string' ? options : { ...options, system: '', user: String(prompt) }, undefined);
  Object.defineProperty(wrapped, JUDGE, { value: judge });
  Object.defineProperty(wrapped, CASSETTE, { value: true });
  return wrapped;
}

/** A model of this package (openaiCompatible) answering from the cassette. */
function cassetteJudgeModel(model, cassette) {
  const inner = model[JUDGE];
  const wrapped = { ...model };
  wrapped[JUDGE] = async (request, metric) => (await cassette()).judgeModel(model, inner, request, metric);
  Object.defineProperty(wrapped, CASSETTE, { value: true });
  return Object.freeze(wrapped);
}

/**
 * The AI SDK model `identity` ({ specificationVersion, provider, modelId, traits }) answering from
 * the cassette; `inner()` resolves to the model to call (so that a router model is resolved only
 * when a call is needed). As a judge of our metrics it learns each request's step and metric.
 */
function cassetteLanguageModel({ traits, ...identity }, inner, cassette, hasStream) {
  const generate = async (options, context) => (await cassette()).generate(identity, inner, options, context);
  const model = { ...identity, ...traits, doGenerate: (options) => generate(options, undefined) };
  if (hasStream) model.doStream = async (options) => (await cassette()).stream(identity, inner, options, undefined);
  Object.defineProperty(model, CASSETTE, { value: true });
  // For our metrics: the same model, told which step and metric each request is for.
  Object.defineProperty(model, JUDGE, {
    value: (request, metric) => {
      const context = { step: request.step, metric, sample: request.sample, lookOnly: request.lookOnly };
      return toJudge({ ...identity, doGenerate: (options) => generate(options, context) }, metric ?? NAME)(request);
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
    const identity = { specificationVersion: version, provider: model.provider, modelId: model.modelId, traits: traitsOf(model) };
    return cassetteLanguageModel(identity, async () => model, cassetteFor(options), typeof model.doStream === 'function');
  }
  if (typeof model === 'function') return cassetteCallback(model, cassetteFor(options));
  const hint = typeof model === 'string' || isRecord(model) ? ' (Mastra model ids and configs are taken by the withCassette of evals-wasm/scorers)' : '';
  throw coded(new TypeError(`${NAME}: model must be ${ACCEPTED}; got ${describe(model)}${hint}`), 'EVALS_INVALID_MODEL');
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
  const cassette = cassetteFor(options, model);
  let resolving;
  const resolve = () =>
    (resolving ??= loadRecorder()
      .then((recorder) => recorder.resolveRouterModel(model))
      .catch((error) => {
        resolving = undefined;
        throw error;
      }));
  return cassetteLanguageModel({ specificationVersion: 'v2', ...routerIdentity(model), traits: { supportedUrls: {} } }, resolve, cassette, true);
}

// The models of the scorers: what `toJudge` takes directly, Mastra router strings and configs
// (resolved through @mastra/core), and AI SDK models that only stream.

import { coded, describe, EvalsError } from '../engine/errors.js';
import { JUDGE, toJudge } from '../models/models.js';
import { isRecord } from './run-texts.js';

/** `true` for what `toJudge` takes directly: callbacks, AI SDK models, openaiCompatible. */
function isJudgeModel(model) {
  if (typeof model === 'function') return true;
  if (!isRecord(model)) return false;
  return typeof model[JUDGE] === 'function' || (typeof model.doGenerate === 'function' && typeof model.specificationVersion === 'string');
}

/** `{ modelId, provider }` of a model object, for the judge executions. */
function modelIdentity(model) {
  if (typeof model === 'function') return { modelId: 'callback' };
  const modelId = typeof model?.modelId === 'string' ? model.modelId : 'unknown-model';
  return typeof model?.provider === 'string' ? { modelId, provider: model.provider } : { modelId };
}

/**
 * A model resolved by @mastra/core, made to answer `doGenerate` with content: Mastra's router
 * model reports some failures (a missing API key) as a result holding only a `stream` with an
 * error part, so such a stream is read here, its error thrown and its text collected.
 */
function streamTolerant(model) {
  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    async doGenerate(options) {
      const result = await model.doGenerate(options);
      if (!isRecord(result) || Array.isArray(result.content) || typeof result.stream?.getReader !== 'function') return result;
      const reader = result.stream.getReader();
      let text = '';
      let usage;
      let finishReason;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value?.type === 'error') throw value.error;
        if (value?.type === 'text-delta') text += value.delta ?? value.textDelta ?? '';
        if (value?.type === 'finish') ({ usage, finishReason } = value);
      }
      return { content: [{ type: 'text', text }], usage, finishReason };
    },
  };
}

/**
 * The scorer's judge: `get(mastra)` resolves to `{ judge, modelId, provider? }`. Callbacks, AI
 * SDK models and openaiCompatible are used as they are (checked now); Mastra model configs (router
 * strings such as "openai/gpt-4o-mini", `{ id, apiKey }`, …) are resolved on first use by
 * @mastra/core's `resolveModelConfig`, with the Mastra instance the scorer is registered with.
 */
export function scorerModel(model, name, resolveModelConfig) {
  if (isJudgeModel(model)) {
    const ready = { judge: toJudge(model, name), ...modelIdentity(model) };
    return { config: model, get: async () => ready };
  }
  if (typeof model !== 'string' && !isRecord(model)) {
    throw coded(new TypeError(
      `${name}: option "model" must be a Mastra model (a router string such as "openai/gpt-4o-mini", an AI SDK language model, a model config object), ` +
        `a callback (prompt, { system, user, json, signal }) => string | { text }, or openaiCompatible({ baseURL, model }); got ${describe(model)}`,
    ), model === undefined ? 'EVALS_MISSING_OPTION' : 'EVALS_INVALID_MODEL');
  }
  const resolved = new WeakMap();
  let withoutMastra;
  return {
    config: model,
    async get(mastra) {
      const cached = mastra ? resolved.get(mastra) : withoutMastra;
      if (cached) return cached;
      let languageModel;
      try {
        languageModel = await (await resolveModelConfig())(model, undefined, mastra);
      } catch (cause) {
        throw new EvalsError(`${name}: @mastra/core could not resolve the model ${typeof model === 'string' ? `"${model}"` : 'config'}: ${cause?.message ?? String(cause)}`, {
          code: 'EVALS_INVALID_MODEL',
          cause,
        });
      }
      const ready = { judge: toJudge(streamTolerant(languageModel), name), ...modelIdentity(languageModel) };
      if (mastra) resolved.set(mastra, ready);
      else withoutMastra = ready;
      return ready;
    },
  };
}

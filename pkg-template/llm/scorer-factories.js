// The scorers of `evals-wasm/scorers`: Mastra 1.x `MastraScorer`s whose steps run this package's
// engine. This module does not import @mastra/core itself: the entry files load it (with a clear
// error when it is missing) and pass in `createScorer` and a way to resolve Mastra model configs.
//
// Each LLM scorer is a chain of prompt steps (so that Mastra records each step's prompt and its
// `judge.<step>.executions`, as for @mastra/evals 1.x) whose execution is ours: the scorer's
// `executePromptStep` is replaced by one that calls the engine, which calls the model through
// this package's judge (AI SDK models through `doGenerate`, callbacks, openaiCompatible). A step
// that needs what an earlier step extracted gets it from the run's results, never from the model
// again: the engine's request for it is answered from those results.

import { CompletenessMetric } from '../nlp/completeness.js';
import { COVERAGE } from './coverage-scorer.js';
import { HALLUCINATION } from './hallucination-scorer.js';
import { CONTEXT_PRECISION } from './context-precision-scorer.js';
import { CONTEXT_RELEVANCE } from './context-relevance.js';
import { CONTEXT_RECALL } from './context-recall.js';
import { BIAS } from './bias-scorer.js';
import { TOXICITY } from './toxicity-scorer.js';
import { RUBRIC } from './rubric.js';
import { MULTI_TURN } from './multi-turn.js';
import { TOOL_CALL_ACCURACY } from './tool-call-accuracy.js';
import { TRAJECTORY_ACCURACY } from './trajectory-accuracy.js';
import { ANSWER_RELEVANCY } from './answer-relevancy-scorer.js';
import { FAITHFULNESS } from './faithfulness-scorer.js';
import { PROMPT_ALIGNMENT } from './prompt-alignment-scorer.js';
import { SUMMARIZATION } from './summarization-scorer.js';
import { FACTUAL_CONSISTENCY } from './factual-consistency-scorer.js';
import { FACTUAL_ALIGNMENT } from './factual-alignment-scorer.js';
import { TOPIC_PRESERVATION } from './topic-preservation-scorer.js';
import { ANSWER_SIMILARITY } from './answer-similarity.js';
import { NOISE_SENSITIVITY } from './noise-sensitivity.js';
import { optionValues, runDeclared, samplesInfo, withSharedOptions } from './declared.js';
import { checkOptions, describe, EvalsError, probablyMeant } from '../engine/errors.js';
import { addCount, checkTimeout, ExtractionCache, startMeasure, worthKeeping } from './judging.js';
import { checkLanguage, languageOf, loadStemModule } from '../nlp/languages.js';
import { JUDGE, toJudge } from '../models/models.js';
import { ensureWasm } from '../engine/wasm-llm.js';
import { contentSimilarity, ensureNlpWasm, extractKeywords, textualDifference, tone } from '../engine/wasm-nlp.js';

// ---------------------------------------------------------------------------------------------
// Texts of a scorer run, in the shapes Mastra 1.x passes (or users pass to `run()`).

const isRecord = (value) => value !== null && typeof value === 'object';

/** The last text part of a parts array, or undefined. */
function lastTextPart(parts) {
  let text;
  for (const part of parts) if (isRecord(part) && part.type === 'text' && typeof part.text === 'string') text = part.text;
  return text;
}

/**
 * The text of one message: `content` as a string, as parts (the last text part, as Mastra
 * reads it), or as a stored message's `{ content?, parts }`; else `text`. Undefined when it has
 * none.
 */
export function messageText(message) {
  if (typeof message === 'string') return message;
  if (!isRecord(message)) return undefined;
  const { content } = message;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return lastTextPart(content) ?? '';
  if (isRecord(content)) {
    if (typeof content.content === 'string' && content.content !== '') return content.content;
    if (typeof content.text === 'string' && content.text !== '') return content.text;
    if (Array.isArray(content.parts)) return lastTextPart(content.parts) ?? '';
  }
  if (typeof message.text === 'string') return message.text;
  return Array.isArray(message.parts) ? (lastTextPart(message.parts) ?? '') : undefined;
}

/** The messages of a run input: the agent shape's `inputMessages`, `messages`, or an array. */
function inputMessages(input) {
  if (Array.isArray(input)) return input;
  if (isRecord(input) && Array.isArray(input.inputMessages)) return input.inputMessages;
  if (isRecord(input) && Array.isArray(input.messages)) return input.messages;
  return undefined;
}

/** The error for a run side an LLM scorer cannot read: a TypeError-like `EvalsError`. */
function badRunSide(name, side, expected, value) {
  return new EvalsError(`${name}: the run's ${side} must be ${expected}; got ${describe(value)}`, { code: 'EVALS_INVALID_RUN' });
}

const INPUT_SHAPES = 'a string, an array of messages, { inputMessages } (an agent run), { messages }, { prompt } or one message ({ text } or { role, content })';
const OUTPUT_SHAPES = "a string, an array of messages (an agent run's output) or one assistant message ({ text } or { role: 'assistant', content })";

/**
 * The user's text of a run input (for the LLM scorers): a string, the first user message of the
 * agent shape or of `ModelMessage[]`, `{ prompt }` or `{ text }` ('' when a list of messages has
 * no user message). `optional`: a missing input (undefined or null) is ''. Anything else rejects
 * with an `EvalsError` (code EVALS_INVALID_RUN) naming the shapes it takes.
 */
export function userText(input, name, { optional = false } = {}) {
  if (typeof input === 'string') return input;
  if (optional && (input === undefined || input === null)) return '';
  const messages = inputMessages(input);
  if (messages) {
    const notMessage = messages.find((message) => !isRecord(message));
    if (notMessage !== undefined) throw badRunSide(name, 'input', `${INPUT_SHAPES}, and every item of a list of messages must be a message object`, notMessage);
    const user = messages.find((m) => m.role === 'user');
    if (user === undefined) return '';
    const text = messageText(user);
    if (typeof text !== 'string') throw badRunSide(name, 'input', `${INPUT_SHAPES}, and its user message must have text`, user.content);
    return text;
  }
  if (isRecord(input)) {
    if (typeof input.prompt === 'string') return input.prompt;
    const text = messageText(input);
    if (typeof text === 'string') return text;
  }
  throw badRunSide(name, 'input', INPUT_SHAPES, input);
}

/**
 * The assistant's text of a run output (for the LLM scorers): a string, the last assistant
 * message with text in an array (agent output or `ModelMessage[]`; '' when none has text), or
 * one `{ text }` / `{ role: 'assistant', content }` object. Anything else rejects with an
 * `EvalsError` (code EVALS_INVALID_RUN) naming the shapes it takes.
 */
export function assistantText(output, name) {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    const notMessage = output.find((message) => !isRecord(message));
    if (notMessage !== undefined) throw badRunSide(name, 'output', `${OUTPUT_SHAPES}, and every item of the array must be a message object`, notMessage);
    for (let i = output.length - 1; i >= 0; i--) {
      const message = output[i];
      if (message.role !== 'assistant') continue;
      const text = messageText(message);
      if (text) return text;
    }
    return '';
  }
  if (isRecord(output) && (output.role === undefined || output.role === 'assistant')) {
    const text = messageText(output);
    if (typeof text === 'string') return text;
  }
  throw badRunSide(name, 'output', OUTPUT_SHAPES, output);
}

/**
 * The whole text of one side of a completeness run, as @mastra/evals 1.x reads it: every
 * message's text joined with ", ". Also takes a string or one `{ text }` / `{ role, content }`
 * object (where 1.10.2 crashes on `output.some is not a function`). Throws the original's
 * "Inputs cannot be null or undefined" when the side or one of its messages is missing.
 */
function joinedText(side, messages) {
  if (side === null || side === undefined) throw new Error('Inputs cannot be null or undefined');
  if (typeof side === 'string') return side;
  const list = messages(side) ?? [side];
  const texts = list.map((message) => {
    const text = message === null || message === undefined ? undefined : messageText(message);
    if (text === null || text === undefined) throw new Error('Inputs cannot be null or undefined');
    return text;
  });
  return texts.join(', ');
}

/**
 * The whole text of one side of a run as the other model-free scorers of @mastra/evals 1.x read
 * it: every message's text joined with ", ", a missing side or a message without text as ''.
 * Also takes a string or one `{ text }` / `{ role, content }` object.
 */
function joinedTextOrEmpty(side, messages) {
  if (side === null || side === undefined) return '';
  if (typeof side === 'string') return side;
  return (messages(side) ?? [side]).map((message) => (message === null || message === undefined ? '' : (messageText(message) ?? ''))).join(', ');
}

const outputMessages = (side) => (Array.isArray(side) ? side : undefined);

// ---------------------------------------------------------------------------------------------
// Models

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
function scorerModel(model, name, resolveModelConfig) {
  if (isJudgeModel(model)) {
    const ready = { judge: toJudge(model, name), ...modelIdentity(model) };
    return { config: model, get: async () => ready };
  }
  if (typeof model !== 'string' && !isRecord(model)) {
    throw new TypeError(
      `${name}: option "model" must be a Mastra model (a router string such as "openai/gpt-4o-mini", an AI SDK language model, a model config object), ` +
        `a callback (prompt, { system, user, json, signal }) => string | { text }, or openaiCompatible({ baseURL, model }); got ${describe(model)}`,
    );
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

// ---------------------------------------------------------------------------------------------
// Running engine steps inside Mastra's scorer workflow

const roundToTwoDecimals = (x) => Math.round((x + Number.EPSILON) * 100) / 100;

/**
 * Runs `work(call, link)` for one scorer step: `call` is the engine's model link, which answers the
 * steps named in `answers` (`{ [engineStep]: text }`) itself and sends every other request to
 * the model, recording it (`link` is the step's link from startMeasure, for waiting on work
 * another run started). Resolves to what Mastra's `executePromptStep` returns: the step's
 * `result`, the `prompt` sent (the user message of the step's first model request) and one
 * judge `execution` with the step's usage, or no prompt and execution when the model was not
 * needed. A failure rejects with the model's own error or an `EvalsError`.
 */
async function engineStep({ name, timeoutMs }, judgeInfo, answers, work, toResult) {
  const started = performance.now();
  const link = startMeasure(judgeInfo.judge, { className: name, timeoutMs });
  const requests = [];
  const usage = { inputTokens: 0, outputTokens: 0 };
  let usageReported = false;
  const call = async (request) => {
    const answer = answers?.[request.step];
    if (answer !== undefined) return { text: answer };
    requests.push(request.user);
    const response = await link.call(request);
    if (response.usage) {
      usageReported = true;
      usage.inputTokens = addCount(usage.inputTokens, response.usage.inputTokens);
      usage.outputTokens = addCount(usage.outputTokens, response.usage.outputTokens);
    }
    return response;
  };
  let engineResult;
  await ensureWasm('scorers');
  const execution = (status) => ({
    status,
    prompt: requests[0],
    judgeModelId: judgeInfo.modelId,
    ...(judgeInfo.provider ? { judgeProvider: judgeInfo.provider } : {}),
    usage: usageReported ? { ...usage, totalTokens: usage.inputTokens + usage.outputTokens } : {},
    attemptCount: requests.length,
    modelCallCount: requests.length,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    engineResult = await work(call, link);
  } catch (engineError) {
    const error = link.fail(engineError);
    if (requests.length === 0) throw error;
    // As Mastra's own judge steps do: the failed execution travels to `ScorerRunError.result`
    // on a transport error around ours (run() puts ours back as the cause).
    const transport = new Error(String(error?.message ?? error), { cause: error });
    transport.name = error?.name ?? 'Error';
    const code = typeof error?.code === 'string' ? { code: error.code } : {};
    transport[FAILED_EXECUTION] = { ...execution('failed'), error: { name: transport.name, message: transport.message, ...code } };
    throw transport;
  }
  const result = toResult(engineResult);
  if (requests.length === 0) return { result, judgeModel: judgeInfo.modelId };
  return { result, prompt: requests[0], judgeModel: judgeInfo.modelId, execution: { ...execution('success'), output: result } };
}

/** The `samples` of a sampled step's result among a run's results, or undefined. */
const sampledOf = (results) => Object.values(results ?? {}).find((result) => isRecord(result) && isRecord(result.samples) && Array.isArray(result.samples.scores))?.samples;

/** The property on which @mastra/core 1.x carries a failed judge execution out of a step. */
const FAILED_EXECUTION = '__mastraScorerFailedJudgeExecution';

/** A prompt step definition for Mastra (its createPrompt is never called: we run the step). */
const promptStep = (description, outputSchema) => ({ description, ...(outputSchema ? { outputSchema } : {}), createPrompt: () => '' });

/** Failures remembered per scorer until its run() reports them. */
const FAILURES_KEPT = 64;

// A failure is remembered under its run's id and its message, so that concurrent runs failing
// with the same message each get their own error back.
const failureKey = (runId, message) => `${String(runId)}\u0000${String(message)}`;

/** Remembers a step's own error (for runStepsWithEngine's run() to put back as the cause). */
function rememberFailure(failures, context, error) {
  failures.set(failureKey(context?.run?.runId, error?.message), error);
  if (failures.size > FAILURES_KEPT) failures.delete(failures.keys().next().value);
}

/** A function step whose own error (an EvalsError, say) reaches run()'s ScorerRunError as its cause. */
const keepingFailures = (failures, step) => async (context) => {
  try {
    return await step(context);
  } catch (error) {
    rememberFailure(failures, context, error);
    throw error;
  }
};

/**
 * Finishes a scorer built with prompt steps: its prompt steps run `steps[name](context)`
 * instead of Mastra's own judge agent. Mastra's workflow hands a step's error on as a copy; so
 * the scorer's `run()` puts the step's own error (an `EvalsError`, or the model's error as it
 * was thrown) back as the `cause` of the `ScorerRunError` it rejects with.
 */
function runStepsWithEngine(scorer, steps, failures = new Map()) {
  const define = (name, value) => Object.defineProperty(scorer, name, { value, writable: true, configurable: true });
  define('executePromptStep', async (scorerStep, _observability, context) => {
    try {
      return await steps[scorerStep.name](context);
    } catch (error) {
      rememberFailure(failures, context, error?.[FAILED_EXECUTION] ? error.cause : error);
      throw error;
    }
  });
  const run = scorer.run;
  define('run', async (input) => {
    // Every run gets an id here (Mastra would make one up otherwise), to find its failure by.
    const withId = isRecord(input) && !input.runId ? { ...input, runId: globalThis.crypto.randomUUID() } : input;
    try {
      return await run.call(scorer, withId);
    } catch (error) {
      const key = failureKey(withId?.runId, error?.cause?.message);
      if (error?.cause && failures.has(key)) {
        Object.defineProperty(error, 'cause', { value: failures.get(key), writable: true, configurable: true });
        failures.delete(key);
      }
      throw error;
    }
  });
  return scorer;
}

const stringList = { type: 'array', items: { type: 'string' } };
const verdictList = {
  type: 'array',
  items: {
    type: 'object',
    properties: { statement: { type: 'string' }, verdict: { type: 'string' }, reason: { type: 'string' } },
    required: ['statement', 'verdict', 'reason'],
  },
};
/** A declared scorer's Mastra `type`: 'agent' unless its table sets one (null or undefined: none). */
const scorerType = (section) => (Object.hasOwn(section, 'type') ? section.type : 'agent');
const objectSchema = (properties) => ({ type: 'object', properties, required: Object.keys(properties) });
/** The answer schemas a declared scorer step may name. */
const SCHEMAS = { strings: stringList, verdicts: verdictList, array: { type: 'array' }, object: { type: 'object' }, text: { type: 'string' }, string: { type: 'string' }, number: { type: 'number' }, boolean: { type: 'boolean' } };

/** Checks an LLM scorer's `{ model, options? }`: an object with no other keys. */
function checkScorerConfig(name, config, more = {}) {
  return checkScorerOptions(name, checkOptions(name, config, {}, { required: true, names: false }), { model: 'any', options: 'object', ...more }, 'key');
}

/**
 * Checks an LLM scorer's options against `known` (`{ name: typeof }`, 'any' for no type check):
 * an unknown key (a misspelt option, an option of another scorer) is a TypeError naming the
 * keys it takes, and so is a bad `timeoutMs`.
 */
function checkScorerOptions(name, options, known, what = 'option') {
  const checked = checkOptions(name, options, Object.fromEntries(Object.entries(known).filter(([, type]) => type !== 'any' && type !== 'object')), { names: false });
  const unknown = Object.keys(checked).filter((key) => !Object.hasOwn(known, key));
  if (unknown.length > 0) {
    const meant = probablyMeant(unknown[0], Object.keys(known));
    const hint = meant === undefined ? '' : `; did you mean "${meant}"?`;
    throw new TypeError(`${name}: unknown ${what} "${unknown[0]}" (it takes ${Object.keys(known).map((key) => `"${key}"`).join(', ')})${hint}`);
  }
  checkTimeout(name, checked.timeoutMs);
  return checked;
}

// ---------------------------------------------------------------------------------------------
// The factories

/**
 * The scorer factories over @mastra/core's `createScorer`. `resolveModelConfig()` resolves to
 * @mastra/core's function of that name (loaded only when a scorer gets a Mastra model config).
 */
export function scorerFactories({ createScorer, resolveModelConfig }) {
  // @mastra/core 0.x has a @mastra/core/evals too, without createScorer.
  if (typeof createScorer !== 'function') throw mastraCoreMissing();
  /**
   * A scorer of a metric that needs no model (the NLP metrics). `measure(input, output)` gets the
   * two texts as @mastra/evals 1.x reads them from the run (`strict`: as its completeness scorer
   * does, failing on a missing side and trimming; else a missing side is '' and nothing is
   * trimmed) and resolves to `{ score, preprocess, analyze? }`: the step results to store (plain
   * JSON values: arrays, never Sets) and the score; `withAnalyze` adds the analyze step, for
   * scorers whose 1.x original has one. The metric runs once per run; a later step that gets a
   * copy of the preprocess result measures again.
   */
  function codeScorer({ id, name, description, withAnalyze = false, strict = false, measure }) {
    const measured = new WeakMap();
    const measureRun = async (run) => {
      if (!strict) return measure(joinedTextOrEmpty(run.input, inputMessages), joinedTextOrEmpty(run.output, outputMessages));
      const input = joinedText(run.input, inputMessages);
      const output = joinedText(run.output, outputMessages);
      return measure(input.trim(), output.trim());
    };
    const of = async ({ run, results }) => measured.get(results.preprocessStepResult) ?? measureRun(run);
    let scorer = createScorer({ id, name, description, type: 'agent' }).preprocess(async ({ run }) => {
      const outcome = await measureRun(run);
      measured.set(outcome.preprocess, outcome);
      return outcome.preprocess;
    });
    if (withAnalyze) scorer = scorer.analyze(async (context) => (await of(context)).analyze);
    return scorer.generateScore(async (context) => (await of(context)).score);
  }

  /**
   * `createCompletenessScorer({ language? })`: @mastra/evals 1.x's completeness scorer over our
   * engine; `language` as for `CompletenessMetric` (default "en", the 1.x scorer).
   */
  function createCompletenessScorer(options) {
    const name = 'createCompletenessScorer';
    const { language } = checkOptions(name, options ?? {}, { language: 'any' }, { strict: true });
    const metric = new CompletenessMetric({ language: checkLanguage(name, language) });
    return codeScorer({
      strict: true,
      id: 'completeness-scorer',
      name: 'Completeness Scorer',
      description: 'How much of the input\'s content (words, verbs in the infinitive) the output keeps, measured by the evals-wasm engine.',
      measure: async (input, output) => {
        const { score, info } = await metric.measure(input, output);
        return { score, preprocess: info };
      },
    });
  }

  /**
   * The 1.x scorer of a declared LLM metric (the `scorer` section of its table, see
   * declared.js): options checked against the section's table, then one scorer step per entry
   * of `steps(options, helpers)`. A prompt step (`{ prompt: [description, schema?], inputs,
   * until?, known?, answers?, options?, early?, result }`) runs the engine on the step's named
   * inputs (`inputs(context, stepName)`), with the lists earlier steps found as `known`, the
   * requests named in `answers(results)` answered from earlier results, and the extraction cache;
   * `result(outcome, inputs)` shapes the step's result; `early(inputs)` gives one without the model
   * (`sampled: true`: a step with `answers` that still judges, and is sampled). A function step runs as it is; a step
   * left out (preprocess) is not chained. `generateScore`'s value is rounded to two decimals
   * unless `roundScore` is false. Factories that take more than `{ model, options }` name the
   * other keys in `config` (`{ key: type }`); `readConfig(given)` checks them and returns what
   * joins the options. `type` is the scorer's type ('agent' when absent, none when null).
   */
  function judgedScorer(decl) {
    const section = decl.scorer;
    const name = section.factory;
    return (config) => {
      const { model, options, ...given } = checkScorerConfig(name, config, section.config);
      const table = withSharedOptions(section.options);
      const types = Object.fromEntries(Object.entries(table).map(([option, spec]) => [option, spec.type]));
      const o = { ...optionValues(name, checkScorerOptions(name, options, types), table), ...section.readConfig?.(given) };
      const scorerStep = { name, timeoutMs: o.timeoutMs };
      const judgeModel = scorerModel(model, name, resolveModelConfig);
      const cache = new ExtractionCache(decl.cacheSize ?? 64, worthKeeping);
      const steps = section.steps(o, { userText, assistantText });
      const engineSteps = {};
      for (const [stepName, step] of Object.entries(steps)) {
        if (typeof step === 'function') continue;
        engineSteps[stepName] = async (context) => {
          const inputs = await step.inputs(context, stepName);
          const judgeInfo = await judgeModel.get(context.mastra);
          const early = step.early?.(inputs);
          if (early !== undefined) return { result: early, judgeModel: judgeInfo.modelId };
          // A step answered from earlier results is not sampled again; it explains their mean
          // (unless it judges on its own and only reuses an earlier step's answer: `sampled`).
          const explains = step.answers && !step.sampled;
          const sampled = explains ? sampledOf(context.results) : undefined;
          const stepOptions = explains ? { ...o, ...step.options, samples: 1 } : { ...o, ...step.options };
          const mean = sampled ? { score: context.score ?? sampled.mean, scores: sampled.scores } : undefined;
          let outcome;
          const run = async (call, link) => (outcome = await runDeclared(decl, stepOptions, inputs, { link, cache, call, known: step.known?.(context.results), until: step.until, mean, family: 'scorers' }));
          const toResult = (found) => step.result(found, inputs);
          const done = await engineStep(scorerStep, judgeInfo, step.answers?.(context.results), run, toResult);
          if (outcome?.samples && outcome.score !== undefined) done.result.samples = await sampleScores(context, stepName, outcome, toResult);
          return done;
        };
      }
      // Each sample's step result scored by the scorer's own generateScore, as if it were the step's.
      const sampleScores = async (context, stepName, outcome, toResult) => {
        const scores = [];
        for (const run of outcome.samples.runs) {
          const result = toResult({ ...outcome, verdicts: run.verdicts, assessed: run.assessed, score: run.score, reason: run.reason });
          scores.push(roundToTwoDecimals(await steps.generateScore({ ...context, results: { ...context.results, [`${stepName}StepResult`]: result } })));
        }
        return samplesInfo(outcome.samples, outcome, scores, roundToTwoDecimals(scores.reduce((sum, x) => sum + x, 0) / scores.length));
      };
      const failures = new Map();
      const stepOf = (stepName) => {
        const step = steps[stepName];
        if (typeof step === 'function') return keepingFailures(failures, step);
        const [description, schema] = step.prompt;
        return promptStep(description, schema && objectSchema(Object.fromEntries(Object.entries(schema).map(([key, kind]) => [key, SCHEMAS[kind]]))));
      };
      const created = createScorer({
        id: section.id,
        name: section.name,
        description: section.description(o),
        judge: { model: judgeModel.config, instructions: 'Judged by the evals-wasm engine with its own prompts.' },
        // As the original: 'agent' unless its table says otherwise (null or undefined: none).
        ...(scorerType(section) == null ? {} : { type: scorerType(section) }),
      });
      // A scorer whose original has no preprocess step has none here either.
      const scorer = (steps.preprocess ? created.preprocess(stepOf('preprocess')) : created)
        .analyze(stepOf('analyze'))
        .generateScore(async (context) => {
          const sampled = sampledOf(context.results)?.mean;
          if (sampled !== undefined) return sampled;
          const score = await steps.generateScore(context);
          return section.roundScore === false ? score : roundToTwoDecimals(score);
        })
        .generateReason(stepOf('generateReason'));
      return runStepsWithEngine(scorer, engineSteps, failures);
    };
  }

  /**
   * `createHallucinationScorer({ model, options? })`: the share of the output's claims that the
   * context contradicts or does not support (strategy "claims", as @mastra/evals 1.x), or of the
   * context's statements the output contradicts (strategy "statements"), times `scale`.
   */
  const createHallucinationScorer = judgedScorer(HALLUCINATION);

  /**
   * `createCoverageScorer({ model, options? })`: the share of the input's (the source's) claims
   * that the output (a summary) keeps, times `scale`.
   */
  const createCoverageScorer = judgedScorer(COVERAGE);

  /** `createPromptAlignmentScorerLLM({ model, options? })`: as @mastra/evals 1.x, see prompt-alignment.js. */
  const createPromptAlignmentScorerLLM = judgedScorer(PROMPT_ALIGNMENT);

  /** `createSummarizationScorer({ model, options? })`: as @mastra/evals 1.x, see summarization.js. */
  const createSummarizationScorer = judgedScorer(SUMMARIZATION);

  /** `createFactualConsistencyScorer({ model, options? })`: the share of the output's claims the input supports. */
  const createFactualConsistencyScorer = judgedScorer(FACTUAL_CONSISTENCY);

  /** `createFactualAlignmentScorer({ model, options? })`: F1 of coverage and factual consistency. */
  const createFactualAlignmentScorer = judgedScorer(FACTUAL_ALIGNMENT);

  /** `createTopicPreservationScorer({ model, options? })`: the share of the input's main topics the output keeps. */
  const createTopicPreservationScorer = judgedScorer(TOPIC_PRESERVATION);

  /**
   * `createContentSimilarityScorer({ ignoreCase?, ignoreWhitespace? })`: the Dice coefficient of
   * the character bigrams of input and output. As in 1.x, both options default to true only when
   * no options object is given; an option left out of a given object is off.
   */
  function createContentSimilarityScorer(options) {
    const name = 'createContentSimilarityScorer';
    const { ignoreCase, ignoreWhitespace } = checkOptions(name, options ?? { ignoreCase: true, ignoreWhitespace: true }, { ignoreCase: 'boolean', ignoreWhitespace: 'boolean' });
    const prepare = (text) => {
      const cased = ignoreCase ? text.toLowerCase() : text;
      return ignoreWhitespace ? cased.replace(/\s+/g, ' ').trim() : cased;
    };
    return codeScorer({
      id: 'content-similarity-scorer',
      name: 'Content Similarity Scorer',
      description: 'How alike input and output are as strings (Dice coefficient of character bigrams), measured by the evals-wasm engine.',
      measure: async (input, output) => {
        const processedInput = prepare(input);
        const processedOutput = prepare(output);
        await ensureNlpWasm();
        return { score: contentSimilarity(processedInput, processedOutput, false, false), preprocess: { processedInput, processedOutput } };
      },
    });
  }

  /**
   * `createKeywordCoverageScorer({ language? })`: the share of the input's keywords that the
   * output has (1 when the input has none). The keyword lists are stored as arrays where 1.x
   * stores Sets (which JSON turns into `{}`). With a language other than English (or "auto"
   * finding one), the keywords are Snowball stems and `preprocess` says which language.
   */
  function createKeywordCoverageScorer(options) {
    const name = 'createKeywordCoverageScorer';
    const language = checkLanguage(name, checkOptions(name, options ?? {}, { language: 'any' }, { strict: true }).language);
    return codeScorer({
      id: 'keyword-coverage-scorer',
      name: 'Keyword Coverage Scorer',
      description: 'The share of the input\'s keywords (words other than stopwords) found in the output, measured by the evals-wasm engine.',
      withAnalyze: true,
      measure: async (input, output) => {
        if (!input && !output) {
          // 1.10.2's shape for two empty texts: the lists one level down, under `result`.
          return { score: 1, preprocess: { result: { referenceKeywords: [], responseKeywords: [] } }, analyze: { totalKeywordsLength: 0, matchedKeywordsLength: 0 } };
        }
        const measured = await languageOf(language, input, output);
        let referenceKeywords;
        let responseKeywords;
        if (measured === 'en') {
          await ensureNlpWasm();
          referenceKeywords = extractKeywords(input);
          responseKeywords = extractKeywords(output);
        } else {
          const stem = await loadStemModule();
          referenceKeywords = stem.stemmedKeywords(input, measured);
          responseKeywords = stem.stemmedKeywords(output, measured);
        }
        const inResponse = new Set(responseKeywords);
        const matched = referenceKeywords.filter((keyword) => inResponse.has(keyword)).length;
        const total = referenceKeywords.length;
        return {
          score: total === 0 ? 1 : matched / total,
          preprocess: language === 'en' ? { referenceKeywords, responseKeywords } : { referenceKeywords, responseKeywords, language: measured },
          analyze: { totalKeywordsLength: total, matchedKeywordsLength: matched },
        };
      },
    });
  }

  /** `createTextualDifferenceScorer()`: `2 × LCS / (length of both)` of input and output. */
  function createTextualDifferenceScorer() {
    return codeScorer({
      id: 'textual-difference-scorer',
      name: 'Textual Difference Scorer',
      description: 'How much input and output share as character sequences (longest common subsequence), measured by the evals-wasm engine.',
      measure: async (input, output) => {
        await ensureNlpWasm();
        const { ratio, confidence, changes, lengthDiff } = textualDifference(input, output);
        return { score: ratio, preprocess: { ratio, confidence, changes, lengthDiff } };
      },
    });
  }

  /**
   * `createToneScorer({ referenceTone? })`: how close the output's sentiment (AFINN-165) is to
   * that of `referenceTone`, or without one how steady it is across the output's sentences.
   */
  function createToneScorer(config) {
    const name = 'createToneScorer';
    const { referenceTone } = checkOptions(name, config ?? {}, { referenceTone: 'string' });
    return codeScorer({
      id: 'tone-scorer',
      name: 'Tone Scorer',
      description: 'The sentiment of the output (AFINN-165) against a reference tone, or its steadiness across sentences, measured by the evals-wasm engine.',
      measure: async (_input, output) => {
        await ensureNlpWasm();
        const preprocess = tone(output, referenceTone || undefined);
        return { score: preprocess.score, preprocess };
      },
    });
  }

  /** `createRubricScorer({ model, criteria?, options? })`: 1 × scale when every required criterion is met, else 0. */
  const createRubricScorer = judgedScorer(RUBRIC);
  /** `createMultiTurnJudgeScorer({ model, criterion, options? })`: 1 × scale when the conversation meets the criterion, else 0. */
  const createMultiTurnJudgeScorer = judgedScorer(MULTI_TURN);
  /** `createToolCallAccuracyScorerLLM({ model, availableTools })`: the share of tool calls that fit the request. */
  const createToolCallAccuracyScorerLLM = judgedScorer(TOOL_CALL_ACCURACY);
  /** `createTrajectoryAccuracyScorerLLM({ model, expectedTrajectory? })`: necessary and ordered steps, less the missing. */
  const createTrajectoryAccuracyScorerLLM = judgedScorer(TRAJECTORY_ACCURACY);

  return {
    createCompletenessScorer,
    createHallucinationScorer,
    createCoverageScorer,
    createContentSimilarityScorer,
    createKeywordCoverageScorer,
    createTextualDifferenceScorer,
    createToneScorer,
    createContextPrecisionScorer: judgedScorer(CONTEXT_PRECISION),
    createContextRelevanceScorerLLM: judgedScorer(CONTEXT_RELEVANCE),
    createContextRecallScorer: judgedScorer(CONTEXT_RECALL),
    // `createBiasScorer({ model, options? })`: biased opinions / opinions × scale.
    createBiasScorer: judgedScorer(BIAS),
    // `createToxicityScorer({ model, options? })`: toxic sentences / sentences × scale.
    createToxicityScorer: judgedScorer(TOXICITY),
    createRubricScorer,
    createMultiTurnJudgeScorer,
    createToolCallAccuracyScorerLLM,
    createTrajectoryAccuracyScorerLLM,
    createAnswerRelevancyScorer: judgedScorer(ANSWER_RELEVANCY),
    createFaithfulnessScorer: judgedScorer(FAITHFULNESS),
    createPromptAlignmentScorerLLM,
    createSummarizationScorer,
    createFactualConsistencyScorer,
    createFactualAlignmentScorer,
    createTopicPreservationScorer,
    // `createAnswerSimilarityScorer({ model, options? })`: the output against the ground truth, unit by unit.
    createAnswerSimilarityScorer: judgedScorer(ANSWER_SIMILARITY),
    // `createNoiseSensitivityScorerLLM({ model, options })`: robustness to a noisy query.
    createNoiseSensitivityScorerLLM: judgedScorer(NOISE_SENSITIVITY),
  };
}

/**
 * The error thrown when `evals-wasm/scorers` is loaded where @mastra/core 1.x is missing (or is
 * an older major without `createScorer`).
 */
export function mastraCoreMissing(cause) {
  const notFound = cause?.code === 'ERR_MODULE_NOT_FOUND' || cause?.code === 'MODULE_NOT_FOUND';
  // A path inside the package in the message: @mastra/core is there, but without 1.x's files.
  const olderCore = cause?.code === 'ERR_PACKAGE_PATH_NOT_EXPORTED' || (notFound && /[\\/]@mastra[\\/]core[\\/]/.test(String(cause?.message)));
  const missing = notFound && !olderCore;
  const what = cause === undefined || olderCore
    ? 'the installed @mastra/core is older than 1.0 (its @mastra/core/evals has no createScorer)'
    : missing
      ? '@mastra/core is not installed'
      : `@mastra/core/evals failed to load (${cause?.message ?? String(cause)})`;
  return new Error(
    `evals-wasm/scorers builds Mastra 1.x scorers and needs @mastra/core 1.x, but ${what}. ` +
      'Install it next to evals-wasm: npm install @mastra/core@1 zod@4. ' +
      '(evals-wasm/nlp and evals-wasm/llm work without Mastra.)',
    cause === undefined ? undefined : { cause },
  );
}

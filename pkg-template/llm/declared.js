// The JS shapes of a declared LLM metric: its options read and checked, its measure run on the
// engine (with the extraction cache), and the 0.x class built from one declaration table (see
// hallucination.js and coverage.js; the 1.x scorer is built in scorer-factories.js from the
// same table).
//
// A declaration table:
//   name           the 0.x class name (used in messages)
//   options        { [option]: { type, default?, check?(name, value), oneOf? } }, checked by
//                  `readOptions`; `optionsRequired` / `strictOptions` as for checkOptions
//   metric(o)      the engine's metric id (src/metrics/llm/mod.rs)
//   engine(o)      the engine's options: { scale, modelReason?, customInstruction?, maxAnswerTokens? }
//   inputs(input, output, o)  the named inputs of the engine's declaration
//   cache(o, inputs)  { step, parts }: an extraction that depends only on `parts`, cached by them
//   early(input, output, o)   a result without any model call, or undefined
//   result(outcome, o)        the measure's `{ score, info }`

import { checkOptions, checkScale, checkTexts, describe, measureArguments, coded } from '../engine/errors.js';
import { addCalls, checkMeasureOptions, checkTimeout, ExtractionCache, startMeasure, withMaxOutputTokens, worthKeeping } from './judging.js';
import { toJudge } from '../models/models.js';
import { cacheKey, ensureWasm, judgeMetric } from '../engine/wasm-llm.js';

/** Option checks shared by declarations. */
export const checks = {
  scale: (name, value) => checkScale(name, value),
  timeoutMs: (name, value) => checkTimeout(name, value),
  strings(name, value, option) {
    if (!Array.isArray(value) || value.some((piece) => typeof piece !== 'string')) {
      throw coded(new TypeError(`${name}: option "${option}" must be an array of strings, got ${Array.isArray(value) ? 'an array with a non-string item' : describe(value)}`), 'EVALS_INVALID_OPTION');
    }
  },
  /** A weight of a verdict word: a finite number of at least 0. */
  weight(name, value, option) {
    if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
      throw coded(new TypeError(`${name}: option "${option}" must be a finite number of at least 0, got ${describe(value)}`), 'EVALS_INVALID_OPTION');
    }
  },
  wholeNumber: (min, max) => (name, value, option) => {
    if (value !== undefined && !(Number.isInteger(value) && value >= min && value <= max)) {
      throw coded(new TypeError(`${name}: option "${option}" must be a whole number from ${min} to ${max}, got ${value}`), 'EVALS_INVALID_OPTION');
    }
  },
};

/** The answer limit every LLM metric takes, in tokens. */
export const maxAnswerTokens = { type: 'number', check: checks.wholeNumber(32, 1_000_000) };

/** How many times every LLM metric and scorer runs its judging steps (see docs/sampling.md). */
export const samples = { type: 'number', default: 1, check: checks.wholeNumber(1, 20) };

/** A declaration's option table with the options every LLM metric takes (`samples`). */
export const withSharedOptions = (table) => (table.samples ? table : { ...table, samples });

/**
 * Reads options against a declaration's `options` table: types, checks, `oneOf` values, then
 * defaults. `name` prefixes every message. `checked` is what checkOptions already returned.
 */
export function optionValues(name, checked, table) {
  const out = {};
  for (const [option, spec] of Object.entries(table)) {
    const value = checked[option];
    if (spec.oneOf && value !== undefined && !spec.oneOf.includes(value)) {
      throw coded(new TypeError(`${name}: option "${option}" must be ${spec.oneOf.map((v) => `"${v}"`).join(' or ')}, got "${value}"`), 'EVALS_INVALID_OPTION');
    }
    if (spec.check && value !== undefined) spec.check(name, value, option);
    else if (spec.check && spec.required) {
      // A required option left out: the check's words, a code that says it is missing.
      try {
        spec.check(name, value, option);
      } catch (error) {
        throw coded(error, option === 'context' ? 'EVALS_MISSING_CONTEXT' : 'EVALS_MISSING_OPTION');
      }
    }
    out[option] = value === undefined ? spec.default : Array.isArray(value) ? [...value] : value;
  }
  return out;
}

/** `checkOptions` then `optionValues` for a 0.x class. */
export function readOptions(decl, options) {
  const table = withSharedOptions(decl.options);
  const types = Object.fromEntries(Object.entries(table).map(([option, spec]) => [option, spec.type]));
  const checked = checkOptions(decl.name, options, types, { required: decl.optionsRequired, strict: decl.strictOptions });
  return optionValues(decl.name, checked, table);
}

/**
 * Runs a declaration on the engine through `link` (startMeasure's) with the extraction cache:
 * an extraction the declaration caches is taken from `cache` (or made, within this measure's
 * signal and deadline, and kept); its calls count for the measure that made it. `known` lists
 * and `until` pass to the engine; `call` replaces `link.call` (scorer steps answer some
 * requests themselves). `o.samples` above 1 runs the judging steps that many times (the
 * outcome then has `samples`); `mean` (`{ score, scores }`) makes the reason explain that mean.
 * `family` names the module that runs it (engine/wasm-llm.js): "scorers" for Mastra 1.x's
 * scorers. Resolves to the engine's outcome.
 */
export async function runDeclared(decl, o, inputs, { link, cache, known = {}, until, call = link.call, mean, family = 'llm' }) {
  const metric = decl.metric(o);
  const options = { ...decl.engine(o), ...(o.samples > 1 ? { samples: o.samples } : {}), ...(mean ? { mean } : {}) };
  // A limit the user set reaches the model as maxOutputTokens too (see withMaxOutputTokens).
  const send = options.maxAnswerTokens === undefined ? call : withMaxOutputTokens(call, options.maxAnswerTokens);
  const cached = decl.cache?.(o, inputs);
  let made;
  if (cached && cache && known[cached.step] === undefined) {
    const extract = () => judgeMetric(send, { metric, inputs, options, until: cached.step }, family);
    const { extracted, here } = await cache.get(cacheKey(cached.parts, family), extract, link, cached.step);
    if (until === cached.step) return here ? extracted : { ...extracted, modelCalls: 0, usage: undefined };
    known = { ...known, [cached.step]: extracted.lists[cached.step] };
    if (here) made = extracted;
  }
  const outcome = await judgeMetric(send, { metric, inputs, options, known, until }, family);
  if (made) {
    addCalls(outcome, made);
    outcome.lists = { ...made.lists, ...outcome.lists };
  }
  return outcome;
}

/** The 0.x class of a declaration: `new Class(model, options)`, `measure(input, output, { signal }?)`. */
export function metricClass(decl) {
  const { name } = decl;
  const Class = class {
    #judge;
    #options;
    #cache = new ExtractionCache(decl.cacheSize ?? 64, worthKeeping);

    constructor(model, options) {
      this.#judge = toJudge(model, name);
      this.#options = readOptions(decl, options);
    }

    /** `measure(input, output, { signal }?)` or `measure({ input, output }, { signal }?)`. */
    measure(...args) {
      return measureDeclared(decl, this.#judge, this.#options, this.#cache, args);
    }

    /**
     * For a dry run (batch/dry-run.js): `measure(wrap, input, output, options?)` measures with
     * the judge `wrap(judge)` and a cache that reads this metric's extractions but keeps its own.
     */
    [DRY_RUN]() {
      const cache = dryCache(this.#cache, decl.cacheSize ?? 64);
      return { measure: (wrap, ...args) => measureDeclared(decl, wrap(this.#judge), this.#options, cache, args) };
    }
  };
  Object.defineProperty(Class, 'name', { value: name });
  return Class;
}

/** A measure of a declared metric's 0.x class, with `judge`, checked options `o` and `cache`. */
async function measureDeclared(decl, judge, o, cache, args) {
  const { name } = decl;
  const [input, output, options] = measureArguments(...args);
  checkTexts(name, input, output);
  const { signal } = checkMeasureOptions(name, options);
  const early = decl.early?.(input, output, o);
  if (early) return early;
  await ensureWasm();
  const link = startMeasure(judge, { signal, timeoutMs: o.timeoutMs, className: name });
  try {
    const outcome = await runDeclared(decl, o, decl.inputs(input, output, o), { link, cache });
    const result = decl.result(outcome, o);
    if (outcome.samples) result.info = { ...result.info, samples: samplesInfo(outcome.samples, outcome, outcome.samples.runs.map((run) => run.score), outcome.score) };
    return result;
  } catch (error) {
    throw link.fail(error);
  }
}

/** The key of the dry-run hook of the 0.x classes. */
export const DRY_RUN = Symbol.for('evals-wasm.dryRun');

/**
 * An extraction cache for a dry run: a settled extraction of `real` (the metric's own cache) is
 * used as a real run would; anything else is made (by the stand-in) and kept here only.
 */
function dryCache(real, size) {
  const own = new ExtractionCache(size, worthKeeping);
  return {
    async get(key, start, link, step) {
      const found = real.peek(key);
      if (found !== undefined) {
        const outcome = await link.wait(found, step);
        if (!('error' in outcome)) return { extracted: outcome.value, here: false };
      }
      return own.get(key, start, link, step);
    },
  };
}

/** The population standard deviation of numbers, rounded to four decimals. */
export function spread(numbers) {
  const mean = numbers.reduce((sum, x) => sum + x, 0) / numbers.length;
  const variance = numbers.reduce((sum, x) => sum + (x - mean) ** 2, 0) / numbers.length;
  return Math.round(Math.sqrt(variance) * 10_000) / 10_000;
}

/**
 * `info.samples` (or a scorer step's `samples`): how many samples, each one's score, the mean
 * and their spread, and per verdict step each item's verdict (the one most samples gave) with
 * its agreement (`"2/3"`) and the count of each verdict. `engine` is the outcome's `samples`,
 * `outcome` the majority outcome.
 */
export function samplesInfo(engine, outcome, scores, mean) {
  const verdicts = {};
  for (const [step, counts] of Object.entries(engine.agreement)) {
    const judged = outcome.verdicts[step]?.judged ?? [];
    verdicts[step] = judged.map((v, i) => ({ item: v.item, verdict: v.verdict, agreement: `${counts[i]?.[v.verdict] ?? 0}/${scores.length}`, counts: counts[i] ?? {} }));
  }
  return { count: scores.length, scores, mean, standardDeviation: spread(scores), verdicts };
}

/**
 * `info.modelCalls`, `info.usage?` and, when above 0, `info.repeatsDropped` (extracted items
 * dropped as repeats of an earlier one) and `info.unknownWords` (verdicts answered with a word
 * outside the step's words) of an outcome, for a result's info.
 */
export function callsOf(outcome) {
  const info = outcome.usage ? { modelCalls: outcome.modelCalls, usage: outcome.usage } : { modelCalls: outcome.modelCalls };
  if (outcome.repeatsDropped) info.repeatsDropped = outcome.repeatsDropped;
  if (outcome.unknownWords) info.unknownWords = outcome.unknownWords;
  return info;
}

/** The verdicts of a step (judged, in item order) or [] when the step was skipped. */
export const judgedOf = (outcome, step = 'verdicts') => outcome.verdicts[step]?.judged ?? [];

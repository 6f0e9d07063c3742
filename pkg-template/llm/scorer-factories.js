// The scorers of `evals-wasm/scorers`: Mastra 1.x `MastraScorer`s whose steps run this package's
// engine. This module does not import @mastra/core itself: the entry files load it (with a clear
// error when it is missing) and pass in `createScorer` and a way to resolve Mastra model configs.
//
// Each LLM scorer is a chain of prompt steps (so that Mastra records each step's prompt and its
// `judge.<step>.executions`, as for @mastra/evals 1.x) whose execution is ours: the scorer's
// `executePromptStep` is replaced by one that calls the engine, which calls the model through
// this package's judge (AI SDK models through `doGenerate`, callbacks, openaiCompatible). A step
// that needs what an earlier step extracted gets it from the run's results, never from the model
// again: the engine's request for it is answered from those results. The texts of a run are read
// in run-texts.js, the scorers' models resolved in scorer-models.js, and the engine run inside
// Mastra's steps in scorer-steps.js; this file builds the factories from the declarations.

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
import { checkOptions } from '../engine/errors.js';
import { ExtractionCache, worthKeeping } from './judging.js';
import { checkLanguage, languageOf, loadStemModule } from '../nlp/languages.js';
import { contentSimilarity, ensureNlpWasm, extractKeywords, textualDifference, tone } from '../engine/wasm-nlp.js';
import { assistantText, inputMessages, joinedText, joinedTextOrEmpty, outputMessages, userText } from './run-texts.js';
import { scorerModel } from './scorer-models.js';
import { SCHEMAS, checkScorerConfig, checkScorerOptions, engineStep, keepingFailures, objectSchema, promptStep, roundToTwoDecimals, runStepsWithEngine, sampledOf, scorerType } from './scorer-steps.js';

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

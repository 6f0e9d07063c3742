// The public contract of evals-wasm. Hand-written: the wasm-bindgen output is an implementation
// detail and its types are not shipped.

/** What every metric's `measure()` resolves to (the shape of `MetricResult` in @mastra/core). */
export interface MetricResult {
  /** The metric's score. */
  score: number;
  /** Details of how the score came about; each metric documents its own. */
  info?: Record<string, any>;
}

/**
 * A language of completeness and keyword coverage: `"en"` (English, the original's behaviour),
 * a language whose words are reduced to their Snowball stems (German, French, Spanish, Italian,
 * Portuguese, Dutch, Swedish, Norwegian, Danish, Finnish, Hungarian, Romanian, Russian, Greek,
 * Arabic, Tamil, Turkish), or `"auto"`: the language found from the texts' script and function
 * words (English when undecided).
 */
export type Language = 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl' | 'sv' | 'no' | 'da' | 'fi' | 'hu' | 'ro' | 'ru' | 'el' | 'ar' | 'ta' | 'tr';

/** Options of {@link CompletenessMetric}. */
export interface CompletenessMetricOptions {
  /**
   * Leave function words ("the", "over", "の", "的"; in another language, the words of its
   * stopwords-iso list) out of both element lists, so the score counts content words only.
   * Default `false` (every word counts, as in @mastra/evals).
   */
  ignoreStopwords?: boolean;
  /**
   * The texts' language. Default `"en"`, as in @mastra/evals. Any other language's elements are
   * Snowball stems ("Häuser" and "Haus" are one element); the stemmers are a second download,
   * fetched on first use. `"auto"` detects the language and reports it in `info.language`.
   */
  language?: Language | 'auto';
}

/** `info` of a completeness result. */
export interface CompletenessMetricInfo {
  /** Elements of the input: its words, verbs in the infinitive, in order of first appearance. */
  inputElements: string[];
  /** Elements of the output, likewise. */
  outputElements: string[];
  /** Input elements that are not, letter for letter, output elements. */
  missingElements: string[];
  /** Lengths of the two element lists. */
  elementCounts: {
    input: number;
    output: number;
  };
  /** The language measured in; present unless the `language` option is left at `"en"`. */
  language?: Language;
}

/** The result of {@link CompletenessMetric.measure}. */
export interface CompletenessMetricResult extends MetricResult {
  /** Covered input elements / input elements, from 0 to 1, not rounded. */
  score: number;
  info: CompletenessMetricInfo;
}

/**
 * How thoroughly an output covers the input: the share of the input's elements (its words, with
 * verbs reduced to the infinitive) that the output contains. An input element of three
 * characters or fewer needs an exact match; a longer one also counts when one of the two
 * contains the other and the shorter is more than 60 % of the longer. No input elements: 1 if
 * the output has none either, else 0. A drop-in replacement for `CompletenessMetric` of
 * `@mastra/evals/nlp`.
 */
export declare class CompletenessMetric {
  /**
   * @throws {TypeError} when `options` is not an object, an option has the wrong type, or
   * `language` is not one of the codes above (the message lists them).
   */
  constructor(options?: CompletenessMetricOptions);
  /**
   * Scores `output` against `input`.
   * @throws {Error} (as a rejection) when either is `null` or `undefined`.
   * @throws {TypeError} (as a rejection) when either is not a string.
   */
  measure(input: string, output: string): Promise<CompletenessMetricResult>;
}

/** Token counts, where the model reports them. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** Counts of a judged measure's info, present only when above 0. */
export interface JudgeCounts {
  /** Extracted items dropped as repeats of an earlier item (not judged). */
  repeatsDropped?: number;
  /** Verdicts answered with a word outside the step's words (asked again, or read as a metric's catch-all word for parity). */
  unknownWords?: number;
}

/** What a callback model receives besides the prompt. */
export interface JudgeCallOptions {
  /** The instructions part of the prompt. */
  system: string;
  /** The data part of the prompt (texts to judge, delimited). */
  user: string;
  /** The answer must be JSON (turn on your provider's JSON mode if it has one). */
  json: boolean;
  /** Aborted when the measure is aborted or runs out of time. */
  signal?: AbortSignal;
  /** The longest answer wanted, in tokens, when the metric was given one (CoverageMetric's `maxOutputTokens`, `maxAnswerTokens`). */
  maxOutputTokens?: number;
  /** The longest answer the step may need, in tokens (derived from the step, or the limit given): stop there. */
  maxTokens?: number;
  /** The JSON Schema the answer must follow (absent for a free-text request). */
  schema?: Record<string, unknown>;
  /** The schema's name (letters, digits, `_`, `-`): the metric step, e.g. `"verdicts"`. */
  schemaName?: string;
}

/**
 * A model as a plain function: gets the whole prompt (system and user parts joined) and the
 * parts separately, with the answer's JSON Schema and length bound; returns the model's text,
 * or `{ text, usage?, finishReason? }`.
 */
export type JudgeCallback = (
  prompt: string,
  options: JudgeCallOptions,
) => string | JudgeCallbackAnswer | PromiseLike<string | JudgeCallbackAnswer>;

/** A callback's answer as an object: the text, and optionally its usage and why it stopped. */
export interface JudgeCallbackAnswer {
  text: string;
  usage?: Partial<TokenUsage>;
  /** `"length"` (or `truncated: true`): the model stopped at the answer-length limit. */
  finishReason?: string;
  truncated?: boolean;
}

/**
 * An AI SDK language model (`openai("gpt-4o-mini")`, or any provider) of specification
 * version v1 to v4. It is called through its own `doGenerate`; the `ai` package is not needed.
 */
export interface LanguageModelLike {
  readonly specificationVersion: 'v1' | 'v2' | 'v3' | 'v4';
  readonly provider: string;
  readonly modelId: string;
  doGenerate(options: any): PromiseLike<any>;
}

/** Anything an LLM metric accepts as its judge. */
export type JudgeModel = JudgeCallback | LanguageModelLike | OpenAICompatibleModel;

/**
 * An error of evals-wasm itself. Errors thrown by your model are not wrapped: a measure rejects
 * with them unchanged.
 */
export declare class EvalsError extends Error {
  readonly name: 'EvalsError';
  /**
   * `EVALS_UNREADABLE_ANSWER` (the model answered twice, neither answer was the JSON asked for),
   * `EVALS_ANSWER_TRUNCATED` (asked twice, the model stopped at the answer-length limit, `limit`,
   * before its answer could be read: raise `maxAnswerTokens` / `maxOutputTokens`),
   * `EVALS_MISSING_VERDICTS` (asked twice, some items still got no verdict),
   * `EVALS_TIMEOUT` (the measure exceeded `timeoutMs`), `EVALS_ABORTED` (its signal was aborted),
   * `EVALS_MODEL_FAILED` (the model failed without an error value of its own),
   * `EVALS_HTTP_ERROR` ({@link openaiCompatible}: the request failed),
   * `EVALS_INVALID_OPTION` (an option's value is refused where it is used, e.g. an unsupported
   * metric name or what `getContext` returned), `EVALS_INVALID_RUN` (a scorer run's input or
   * output it cannot read; evals-wasm/compare: a run or results file it cannot read), `EVALS_INVALID_MODEL` (@mastra/core could not resolve a scorer's
   * model config), `EVALS_INVALID_LINE` (the command line: an input line that is not an item, in
   * the error of its result record), `EVALS_CASSETTE_MISS` ({@link withCassette} in mode
   * "replay": the request is not recorded), `EVALS_CASSETTE_IO` (a cassette's file or store
   * failed), `EVALS_STORAGE_FAILED` (`writeExperiment` of `evals-wasm/scorers`: Mastra's storage
   * kept fewer scores than were submitted), `EVALS_RUNS_NOT_COMPARABLE` (evals-wasm/compare: two
   * runs differ in metric options, judge model, declaration, samples or dataset),
   * `EVALS_INVALID_COMPARISON` (`renderReport`: the value is not a comparison result),
   * `EVALS_INPUT_CHANGED` (the command line: a dataset line changed while the run read the file),
   * `EVALS_INTERNAL` (a bug of this package).
   *
   * The argument checks' TypeErrors and Errors carry a `code` of the same list too (they are
   * not EvalsErrors): `EVALS_INVALID_OPTION`, `EVALS_UNKNOWN_OPTION` (an option name not taken,
   * or a misspelling of one), `EVALS_MISSING_OPTION` (a required option left out),
   * `EVALS_MISSING_CONTEXT` / `EVALS_EMPTY_CONTEXT` (a context scorer or metric without a
   * context, or with an empty one; these two are EvalsErrors from the 1.x scorer factories),
   * `EVALS_INVALID_CREDENTIAL` ({@link openaiCompatible}: a key or header fetch cannot send;
   * the message never holds the value), `EVALS_INVALID_MODEL` (the model argument is not a
   * model), `EVALS_INVALID_INPUT` (`measure()` given null or a non-string), `EVALS_INVALID_RUN`
   * (a scorer run it cannot read), `EVALS_INVALID_ANSWER` (a callback model returned neither a
   * string nor `{ text }`). See docs/surface.md.
   */
  readonly code:
    | 'EVALS_UNREADABLE_ANSWER'
    | 'EVALS_ANSWER_TRUNCATED'
    | 'EVALS_MISSING_VERDICTS'
    | 'EVALS_TIMEOUT'
    | 'EVALS_ABORTED'
    | 'EVALS_MODEL_FAILED'
    | 'EVALS_HTTP_ERROR'
    | 'EVALS_INVALID_OPTION'
    | 'EVALS_UNKNOWN_OPTION'
    | 'EVALS_MISSING_OPTION'
    | 'EVALS_MISSING_CONTEXT'
    | 'EVALS_EMPTY_CONTEXT'
    | 'EVALS_INVALID_CREDENTIAL'
    | 'EVALS_INVALID_INPUT'
    | 'EVALS_INVALID_ANSWER'
    | 'EVALS_INVALID_RUN'
    | 'EVALS_INVALID_MODEL'
    | 'EVALS_INVALID_LINE'
    | 'EVALS_CASSETTE_MISS'
    | 'EVALS_CASSETTE_IO'
    | 'EVALS_STORAGE_FAILED'
    | 'EVALS_RUNS_NOT_COMPARABLE'
    | 'EVALS_INVALID_COMPARISON'
    | 'EVALS_INPUT_CHANGED'
    | 'EVALS_INTERNAL';
  /** The metric step that failed, as the metric's declaration names it. */
  readonly step?: 'statements' | 'claims' | 'verdicts' | 'reason' | (string & {});
  /** The model's last answer, for `EVALS_UNREADABLE_ANSWER` and `EVALS_ANSWER_TRUNCATED` (cut at 65,536 characters). */
  readonly raw?: string;
  /** For `EVALS_ANSWER_TRUNCATED`: the answer-length limit, in tokens, the model stopped at. */
  readonly limit?: number;
  /** The ids still without a verdict, for `EVALS_MISSING_VERDICTS`. */
  readonly missing?: string[];
  /** For `EVALS_HTTP_ERROR` from {@link openaiCompatible}: the HTTP status, when the server answered. */
  readonly status?: number;
  /** For `EVALS_HTTP_ERROR`: the URL requested, without credentials or query string. */
  readonly url?: string;
  /** For `EVALS_HTTP_ERROR`: how many attempts were made. */
  readonly attempts?: number;
  /** For `EVALS_CASSETTE_MISS`: the request's key (SHA-256, hex), its model, and the metric that asked (when known). */
  readonly key?: string;
  readonly model?: string;
  readonly metric?: string;
}

/** Options of {@link HallucinationMetric}. */
export interface HallucinationMetricOptions {
  /** The source of truth: one or more pieces of text. */
  context: string[];
  /** The maximum score. Default 1. */
  scale?: number;
  /**
   * `"statements"` (default): the share of the context's factual statements that the output
   * contradicts. `"claims"`: the share of the output's claims that the context contradicts or
   * does not support (the algorithm `@mastra/evals` 0.14.4 runs).
   */
  strategy?: 'statements' | 'claims';
  /** Ask the model to explain the score (one more call, default `true`). `false` composes the reason from the verdicts. */
  reason?: boolean;
  /** The longest one `measure()` may take, model calls included, in milliseconds. */
  timeoutMs?: number;
  /**
   * The longest answer of any model call, in tokens (32 to 1,000,000). By default each step gets
   * what it can need (e.g. about 64 tokens per verdict), so that no answer runs to the model's
   * context limit.
   */
  maxAnswerTokens?: number;
  /** Runs the judging steps this many times (1 to 20, default 1) over one extraction; the score is the mean (docs/sampling.md). */
  samples?: number;
}

/**
 * `info.samples` of a measure with `samples` above 1 (docs/sampling.md): each sample's score,
 * their mean (the score) and population standard deviation, and per verdict step each item's
 * verdict (the one most samples gave) with its agreement ("2/3") and the count of each verdict.
 */
export interface SamplesInfo {
  count: number;
  scores: number[];
  mean: number;
  standardDeviation: number;
  verdicts: Record<string, Array<{ item: string; verdict: string; agreement: string; counts: Record<string, number> }>>;
}

/** Per-call options of an LLM metric's `measure()`. */
export interface MeasureOptions {
  /** Cancels the measure (it rejects with `EvalsError` code `EVALS_ABORTED`). */
  signal?: AbortSignal;
}

/** A context statement with its verdict. */
export interface StatementVerdict {
  statement: string;
  contradicted: boolean;
  reason: string;
}

/** An output claim with its verdict (strategy "claims"). */
export interface ClaimVerdict {
  claim: string;
  verdict: 'supported' | 'contradicted' | 'unsupported';
  /** Contradicted or unsupported: counts towards the score. */
  hallucinated: boolean;
  reason: string;
}

/** `info` of a hallucination result. */
export interface HallucinationMetricInfo {
  /** "The score is {score} because …". */
  reason: string;
  strategy: 'statements' | 'claims';
  /** Strategy "statements": each context statement and its verdict. */
  statements?: StatementVerdict[];
  /** Strategy "claims": each claim of the output and its verdict. */
  claims?: ClaimVerdict[];
  /** Model calls this measure made. */
  modelCalls: number;
  /** Tokens those calls used, when the model reports them. */
  usage?: TokenUsage;
  repeatsDropped?: number;
  unknownWords?: number;
}

/** The result of {@link HallucinationMetric.measure}. */
export interface HallucinationMetricResult extends MetricResult {
  /** From 0 to `scale`, rounded to two decimals. Lower is better. */
  score: number;
  info: HallucinationMetricInfo;
}

/**
 * How much of a known context an output contradicts, judged by a language model and scored by
 * code. A drop-in replacement for `HallucinationMetric` of `@mastra/evals/llm`.
 */
export declare class HallucinationMetric {
  /** @throws {TypeError} when the model is not supported, `options.context` is not an array of strings, or an option key is a misspelling of one of these options (other keys are ignored). */
  constructor(model: JudgeModel, options: HallucinationMetricOptions);
  measure(input: string, output: string, options?: MeasureOptions): Promise<HallucinationMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<HallucinationMetricResult>;
}

/** Options of {@link CoverageMetric}. */
export interface CoverageMetricOptions {
  /**
   * Guidance for both steps, claim extraction and the covered/missing decision, e.g. "Focus on
   * numbers; a claim is covered only if its figures are preserved."
   */
  customInstruction?: string;
  /** Include `info.claimsAnalysis` (each claim and its verdict). Default `false`. */
  verbose?: boolean;
  /** The maximum score. Default 1. */
  scale?: number;
  /** The longest one `measure()` may take, model calls included, in milliseconds. */
  timeoutMs?: number;
  /**
   * The longest answer your model may give, in tokens: long sources and long claim lists are
   * split into requests whose answers fit it, so no claim is cut off. When given, it is also sent
   * with every request (AI SDK `maxOutputTokens` / v1 `maxTokens`, openaiCompatible `max_tokens`,
   * the callback's `maxOutputTokens`). Left out: requests are sized for 4096 and no limit is sent.
   */
  maxOutputTokens?: number;
  /** Runs the judging steps this many times (1 to 20, default 1) over one extraction; the score is the mean (docs/sampling.md). */
  samples?: number;
}

/** A source claim with its verdict. */
export interface ClaimCoverage {
  claim: string;
  isCovered: boolean;
  reason: string;
}

/** `info` of a coverage result. */
export interface CoverageMetricInfo {
  /** "The score is {score} because …" (composed by code). */
  reason: string;
  /** Claims extracted from the source. */
  referenceClaimsCount: number;
  /** Of those, claims the summary keeps. */
  claimsInSummaryCount: number;
  /** With `verbose`: each claim and its verdict. */
  claimsAnalysis?: ClaimCoverage[];
  /** Claims the model gave no verdict for, even when asked again; they are not in the score. */
  unjudged?: string[];
  /** Model calls this measure made (the source's claims are cached per instance). */
  modelCalls: number;
  usage?: TokenUsage;
  repeatsDropped?: number;
  unknownWords?: number;
}

/** The result of {@link CoverageMetric.measure}. */
export interface CoverageMetricResult extends MetricResult {
  /** Covered claims / judged claims × scale, rounded to two decimals; 1 × scale when the source has no claims. */
  score: number;
  info: CoverageMetricInfo;
}

/**
 * How much of a source a summary keeps: the source's atomic factual claims are extracted (once
 * per source text; later summaries of the same source cost one call each), and the model
 * decides for each whether the summary states it.
 */
export declare class CoverageMetric {
  /** @throws {TypeError} when the model is not supported, an option has the wrong type, or an option key is unknown. */
  constructor(model: JudgeModel, options?: CoverageMetricOptions);
  measure(sourceText: string, summary: string, options?: MeasureOptions): Promise<CoverageMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<CoverageMetricResult>;
}

/** The metrics {@link evaluateSummary} takes, by their Python names. */
export type SummaryMetricName = 'coverage' | 'factual_consistency' | 'factual_alignment' | 'topic_preservation';

/** Options of {@link evaluateSummary}. */
export interface EvaluateSummaryOptions {
  /** Metric names (default `["coverage"]`); any other rejects with an error that says so. */
  metrics?: SummaryMetricName[] | string[];
  model: JudgeModel;
  verbose?: boolean;
  /** Guidance for every metric, or per metric name (Python's `custom_prompt_instructions`). */
  customInstruction?: string | Partial<Record<SummaryMetricName, string>>;
}

/** What {@link evaluateSummary} resolves to: the keys of the Python package assert_llm_tools, for the metrics asked. */
export interface EvaluateSummaryResult {
  coverage?: number;
  reference_claims_count?: number;
  claims_in_summary_count?: number;
  factual_consistency?: number;
  summary_claims_count?: number;
  supported_claims_count?: number;
  unsupported_claims_count?: number;
  factual_alignment?: number;
  topic_preservation?: number;
  reference_topics_count?: number;
  preserved_topics_count?: number;
  missing_topics_count?: number;
  /** With `verbose`: the analysis of the last of coverage / factual_consistency asked (as Python's `dict.update`). */
  claims_analysis?: { claim: string; is_covered?: boolean; is_supported?: boolean }[];
  topics_analysis?: { topic: string; is_preserved: boolean }[];
  preserved_topics?: string[];
  missing_topics?: string[];
}

/** For code ported from Python's `assert_llm_tools.core.evaluate_summary`. */
export declare function evaluateSummary(fullText: string, summary: string, options: EvaluateSummaryOptions): Promise<EvaluateSummaryResult>;

/** Settings of {@link openaiCompatible}. */
export interface OpenAICompatibleOptions {
  /** The API root, absolute: `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1` (Ollama), … */
  baseURL: string;
  /** Sent as `Authorization: Bearer …`; never appears in errors, logs or results (a server's message or answer that quotes it shows `***`). */
  apiKey?: string;
  /** The model name the server knows, e.g. `"gpt-4o-mini"` or `"llama3.1"`. */
  model: string;
  /** More request headers (e.g. `{ "api-key": … }` for Azure-style gateways); values of credential headers are masked like `apiKey`. */
  headers?: Record<string, string>;
  /** Default 0 (judging wants repeatable answers). */
  temperature?: number;
  /** Sent as `max_tokens` (with a metric's own `maxOutputTokens` too, the smaller of the two). */
  maxOutputTokens?: number;
  /** The longest one HTTP attempt may take, in milliseconds. */
  timeoutMs?: number;
  /** Retries after 429, 500, 502, 503, 504, time-outs and network errors (default 2), with exponential backoff and jitter, honouring `Retry-After`. */
  maxRetries?: number;
}

/** The model {@link openaiCompatible} returns: pass it to any LLM metric. */
export interface OpenAICompatibleModel {
  readonly provider: 'openai-compatible';
  readonly modelId: string;
  /** `baseURL` without credentials. */
  readonly baseURL: string;
}

/**
 * A built-in model for any server that speaks the OpenAI Chat Completions protocol; needs no
 * other package and works in Node and browsers. Failures reject with an `EvalsError` of code
 * `EVALS_HTTP_ERROR` carrying `status` (when the server answered), `url` (without credentials)
 * and `attempts`.
 * @throws {TypeError} when a setting is missing or malformed (e.g. a relative `baseURL`), or a setting's name is unknown (`apikey`).
 */
export declare function openaiCompatible(options: OpenAICompatibleOptions): OpenAICompatibleModel;

export * from './nlp/nlpmetrics.js';
export * from './batch/batch.js';
export { withCassette, CassetteOptions, CassetteMode, CassetteStore, CassetteEntry } from './models/cassette.js';

// --- 0.14's root helpers, for 0.x projects (they load @mastra/core 0.x when called). ---

/** Sets the global run id of an eval session. @throws {Error} when it is already set. */
export declare function globalSetup(): Promise<void>;
/** Runs `agent` on `input` and measures its answer with `metric` (a 0.x Metric) through @mastra/core 0.x. */
export declare function evaluate(
  agent: { name: string; instructions?: unknown; generate(input: any, options?: { runId?: string }): Promise<{ text: string }> },
  input: any,
  metric: { measure(input: string, output: string): Promise<{ score: number; info?: unknown }> },
): Promise<unknown>;
/** Stores every evaluation in `mastra`'s storage, through @mastra/core 0.x's evaluation hook. */
export declare function attachListeners(mastra?: { getStorage(): unknown; getLogger(): unknown }): Promise<void>;

/** Options of the context classes ({@link ContextPrecisionMetric} and the others), as in @mastra/evals 0.14.4. */
export interface ContextMetricOptions {
  /** The retrieved context pieces, in retrieval order. */
  context: string[];
  /** Maximum score (default 1). */
  scale?: number;
  /** `false`: compose the reason from the verdicts instead of asking the model (one call less). Default `true`. */
  reason?: boolean;
  /** Time limit per measure, in milliseconds. */
  timeoutMs?: number;
  /** The longest answer of any model call, in tokens (32 to 1,000,000). */
  maxAnswerTokens?: number;
  /** Runs the judging steps this many times (1 to 20, default 1) over one extraction; the score is the mean (docs/sampling.md). */
  samples?: number;
}
/** Options of {@link BiasMetric} and {@link ToxicityMetric}. */
export interface JudgedShareOptions {
  /** The maximum score. Default 1. */
  scale?: number;
  /** Ask the model to explain the score (one more call, default `true`). `false` composes the reason from the verdicts. */
  reason?: boolean;
  /** The longest one `measure()` may take, model calls included, in milliseconds. */
  timeoutMs?: number;
  /** The longest answer of any model call, in tokens (32 to 1,000,000). */
  maxAnswerTokens?: number;
}
/** One context piece's verdict: "yes" counts towards the score. */
export interface ContextPieceVerdict {
  context: string;
  verdict: string;
  reason: string;
}
/** The result of a context class's `measure`. */
export interface ContextMetricResult extends MetricResult {
  info: { reason: string; verdicts: ContextPieceVerdict[]; modelCalls: number; usage?: TokenUsage } & JudgeCounts;
}
/** Whether the context pieces useful for the expected output (`output`) come first: mean average precision × scale. */
export declare class ContextPrecisionMetric {
  constructor(model: JudgeModel, options: ContextMetricOptions);
  measure(input: string, output: string, options?: MeasureOptions): Promise<ContextMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<ContextMetricResult>;
}
/** How early the useful context pieces come: position-weighted (1/k) share × scale. */
export declare class ContextPositionMetric {
  constructor(model: JudgeModel, options: ContextMetricOptions);
  measure(input: string, output: string, options?: MeasureOptions): Promise<ContextMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<ContextMetricResult>;
}
/** The share of the context pieces relevant to the input × scale. */
export declare class ContextRelevancyMetric {
  constructor(model: JudgeModel, options: ContextMetricOptions);
  measure(input: string, output: string, options?: MeasureOptions): Promise<ContextMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<ContextMetricResult>;
}
/** The share of the context pieces the output uses × scale. */
export declare class ContextualRecallMetric {
  constructor(model: JudgeModel, options: ContextMetricOptions);
  measure(input: string, output: string, options?: MeasureOptions): Promise<ContextMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<ContextMetricResult>;
}
/** Options of {@link BiasMetric} (`@mastra/evals` 0.14.4 takes `scale` only). */
export type BiasMetricOptions = JudgedShareOptions;
/** Options of {@link ToxicityMetric} (`@mastra/evals` 0.14.4 takes `scale` only). */
export type ToxicityMetricOptions = JudgedShareOptions;

/** The result of {@link BiasMetric.measure}. */
export interface BiasMetricResult extends MetricResult {
  /** From 0 to `scale`, rounded to two decimals; 0 when the output holds no opinion. Lower is better. */
  score: number;
  info: { reason: string; opinions: { opinion: string; biased: boolean; reason: string }[]; modelCalls: number; usage?: TokenUsage } & JudgeCounts;
}

/**
 * The share of an output's opinions a judge finds biased, scored by code. A drop-in replacement
 * for `BiasMetric` of `@mastra/evals/llm` (the input is not used, as there).
 */
export declare class BiasMetric {
  constructor(model: JudgeModel, options?: BiasMetricOptions);
  measure(input: string, output: string, options?: MeasureOptions): Promise<BiasMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<BiasMetricResult>;
}

/** The result of {@link ToxicityMetric.measure}. */
export interface ToxicityMetricResult extends MetricResult {
  /** From 0 to `scale`, rounded to two decimals; 1 (not scaled) when the output has no sentence, as the original. Lower is better. */
  score: number;
  info: { reason: string; sentences: { sentence: string; toxic: boolean; reason: string }[]; modelCalls: number; usage?: TokenUsage } & JudgeCounts;
}

/**
 * The share of an output's sentences a judge finds toxic, scored by code. A drop-in replacement
 * for `ToxicityMetric` of `@mastra/evals/llm`.
 */
export declare class ToxicityMetric {
  constructor(model: JudgeModel, options?: ToxicityMetricOptions);
  measure(input: string, output: string, options?: MeasureOptions): Promise<ToxicityMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<ToxicityMetricResult>;
}

/** Options of {@link AnswerRelevancyMetric}. */
export interface AnswerRelevancyMetricOptions {
  /** What a partly relevant ("unsure") statement counts, from 0 (default 0.3). */
  uncertaintyWeight?: number;
  /** The maximum score. Default 1. */
  scale?: number;
  /** Ask the model to explain the score (one more call, default `true`). `false` composes the reason from the verdicts. */
  reason?: boolean;
  /** The longest one `measure()` may take, model calls included, in milliseconds. */
  timeoutMs?: number;
  /** The longest answer of any model call, in tokens (32 to 1,000,000); by default each step's own bound. */
  maxAnswerTokens?: number;
}

/** A statement of the output with its relevance verdict. */
export interface RelevancyVerdict {
  statement: string;
  /** "yes" counts 1, "unsure" `uncertaintyWeight`, "no" 0. */
  verdict: 'yes' | 'unsure' | 'no';
  reason: string;
}

/** The result of {@link AnswerRelevancyMetric.measure}. */
export interface AnswerRelevancyMetricResult extends MetricResult {
  /** From 0 to `scale`, rounded to two decimals (1 when the output makes no statement). Higher is better. */
  score: number;
  info: { reason: string; verdicts: RelevancyVerdict[]; modelCalls: number; usage?: TokenUsage } & JudgeCounts;
}

/**
 * How much of an output speaks to its input, judged by a language model and scored by code. A
 * drop-in replacement for `AnswerRelevancyMetric` of `@mastra/evals/llm`.
 */
export declare class AnswerRelevancyMetric {
  /** @throws {TypeError} when the model is not supported or an option is out of range. */
  constructor(model: JudgeModel, options?: AnswerRelevancyMetricOptions);
  measure(input: string, output: string, options?: MeasureOptions): Promise<AnswerRelevancyMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<AnswerRelevancyMetricResult>;
}

/** Options of {@link FaithfulnessMetric}. */
export interface FaithfulnessMetricOptions {
  /** The reference the claims are checked against. */
  context: string[];
  /** The maximum score. Default 1. */
  scale?: number;
  /** Ask the model to explain the score (one more call, default `true`). `false` composes the reason from the verdicts. */
  reason?: boolean;
  /** The longest one `measure()` may take, model calls included, in milliseconds. */
  timeoutMs?: number;
  /** The longest answer of any model call, in tokens (32 to 1,000,000); by default each step's own bound. */
  maxAnswerTokens?: number;
}

/** A claim of the output with its verdict: "yes" (supported) counts towards the score. */
export interface FaithfulnessVerdict {
  claim: string;
  verdict: 'yes' | 'no' | 'unsure';
  reason: string;
}

/** The result of {@link FaithfulnessMetric.measure}. */
export interface FaithfulnessMetricResult extends MetricResult {
  /** From 0 to `scale`, rounded to two decimals (0 when the output makes no claim). Higher is better. */
  score: number;
  info: { reason: string; claims: FaithfulnessVerdict[]; modelCalls: number; usage?: TokenUsage } & JudgeCounts;
}

/**
 * The share of an output's claims that a context supports, judged by a language model and
 * scored by code. A drop-in replacement for `FaithfulnessMetric` of `@mastra/evals/llm`.
 */
export declare class FaithfulnessMetric {
  /** @throws {TypeError} when the model is not supported or `options.context` is not an array of strings. */
  constructor(model: JudgeModel, options: FaithfulnessMetricOptions);
  measure(input: string, output: string, options?: MeasureOptions): Promise<FaithfulnessMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<FaithfulnessMetricResult>;
}

// ---------------------------------------------------------------------------------------------
// Prompt alignment and summarization (the 0.14.4 classes)

/** Options of {@link PromptAlignmentMetric} (required, as in 0.14.4). */
export interface PromptAlignmentMetricOptions {
  /** The instructions the output is checked against, one verdict each. */
  instructions: string[];
  /** The maximum score. Default 1. */
  scale?: number;
  /** Ask the model to explain the score (one more call). Default true; false composes the reason by code. */
  reason?: boolean;
  timeoutMs?: number;
  /** The longest answer of any model call, in tokens. */
  maxAnswerTokens?: number;
}

/** The result of {@link PromptAlignmentMetric.measure}. */
export interface PromptAlignmentMetricResult extends MetricResult {
  /** Followed / applicable instructions × scale, rounded; 0 when none applies. */
  score: number;
  info: {
    reason: string;
    scoreDetails: { totalInstructions: number; applicableInstructions: number; followedInstructions: number; naInstructions: number };
    modelCalls: number;
    usage?: TokenUsage;
    repeatsDropped?: number;
    unknownWords?: number;
  };
}

/** How many of the listed instructions an output follows ("yes", "no", "n/a" per instruction); as 0.14.4. */
export declare class PromptAlignmentMetric {
  constructor(model: JudgeModel, options: PromptAlignmentMetricOptions);
  measure(input: string, output: string, options?: MeasureOptions): Promise<PromptAlignmentMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<PromptAlignmentMetricResult>;
}

/** Options of {@link SummarizationMetric}. */
export interface SummarizationMetricOptions {
  /** The maximum score. Default 1. */
  scale?: number;
  /**
   * How coverage is measured: "questions" (default, as 0.14.4: yes/no questions drawn from the
   * source, answered from the summary) or "claims" (the source's own claims, each kept or not).
   */
  coverage?: 'questions' | 'claims';
  /** Ask the model to explain the score (one more call). Default true. */
  reason?: boolean;
  timeoutMs?: number;
  maxAnswerTokens?: number;
}

/** The result of {@link SummarizationMetric.measure}. */
export interface SummarizationMetricResult extends MetricResult {
  /** The lower of alignmentScore and coverageScore. */
  score: number;
  info: { reason: string; alignmentScore: number; coverageScore: number; modelCalls: number; usage?: TokenUsage } & JudgeCounts;
}

/** A summary (the output) against its source (the input): the lower of alignment and coverage; as 0.14.4. */
export declare class SummarizationMetric {
  constructor(model: JudgeModel, options?: SummarizationMetricOptions);
  measure(source: string, summary: string, options?: MeasureOptions): Promise<SummarizationMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<SummarizationMetricResult>;
}

// ---------------------------------------------------------------------------------------------
// The siblings of CoverageMetric (assert_llm_tools' summary family); options as CoverageMetric's

/** Options of {@link FactualConsistencyMetric}, {@link FactualAlignmentMetric} and {@link TopicPreservationMetric}. */
export type SummaryFamilyOptions = CoverageMetricOptions;

/** A summary claim with its verdict. */
export interface ClaimSupport {
  claim: string;
  isSupported: boolean;
  reason: string;
}

export interface FactualConsistencyMetricResult extends MetricResult {
  /** Supported / judged summary claims × scale; 1 × scale when the summary has no claim. */
  score: number;
  info: {
    reason: string;
    summaryClaimsCount: number;
    supportedClaimsCount: number;
    unsupportedClaimsCount: number;
    /** With `verbose`. */
    claimsAnalysis?: ClaimSupport[];
    unjudged?: string[];
    modelCalls: number;
    usage?: TokenUsage;
    repeatsDropped?: number;
    unknownWords?: number;
  };
}

/** The share of a summary's claims its source supports (precision). */
export declare class FactualConsistencyMetric {
  constructor(model: JudgeModel, options?: SummaryFamilyOptions);
  measure(sourceText: string, summary: string, options?: MeasureOptions): Promise<FactualConsistencyMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<FactualConsistencyMetricResult>;
}

export interface FactualAlignmentMetricResult extends MetricResult {
  /** The F1 score of coverage and factual consistency × scale. */
  score: number;
  info: {
    reason: string;
    coverage: number;
    factualConsistency: number;
    referenceClaimsCount: number;
    claimsInSummaryCount: number;
    summaryClaimsCount: number;
    supportedClaimsCount: number;
    unsupportedClaimsCount: number;
    /** With `verbose`: the source's claims (coverage) and the summary's (consistency). */
    claimsAnalysis?: ClaimCoverage[];
    summaryClaimsAnalysis?: ClaimSupport[];
    unjudged?: string[];
    modelCalls: number;
    usage?: TokenUsage;
    repeatsDropped?: number;
    unknownWords?: number;
  };
}

/** The F1 score of coverage (recall) and factual consistency (precision), from one run of both. */
export declare class FactualAlignmentMetric {
  constructor(model: JudgeModel, options?: SummaryFamilyOptions);
  measure(sourceText: string, summary: string, options?: MeasureOptions): Promise<FactualAlignmentMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<FactualAlignmentMetricResult>;
}

/** A source topic with its verdict. */
export interface TopicVerdict {
  topic: string;
  isPreserved: boolean;
  reason: string;
}

export interface TopicPreservationMetricResult extends MetricResult {
  /** Kept / judged topics × scale; 0 when the source has no topic. */
  score: number;
  info: {
    reason: string;
    referenceTopicsCount: number;
    preservedTopicsCount: number;
    missingTopicsCount: number;
    /** With `verbose`. */
    topicsAnalysis?: TopicVerdict[];
    preservedTopics?: string[];
    missingTopics?: string[];
    unjudged?: string[];
    modelCalls: number;
    usage?: TokenUsage;
    repeatsDropped?: number;
    unknownWords?: number;
  };
}

/** The share of a source's main topics a summary keeps. */
export declare class TopicPreservationMetric {
  constructor(model: JudgeModel, options?: SummaryFamilyOptions);
  measure(sourceText: string, summary: string, options?: MeasureOptions): Promise<TopicPreservationMetricResult>;
  measure(pair: { input: string; output: string }, options?: MeasureOptions): Promise<TopicPreservationMetricResult>;
}

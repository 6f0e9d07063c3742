// Types of evaluateMany (pkg-template/batch.js).

import type { MetricResult, TokenUsage } from '../index.js';

/** One item of a dataset. */
export interface EvaluationItem {
  input: string;
  output: string;
  /**
   * The item's own context (for `HallucinationMetric`). Only read by a metric factory; items
   * with the same context share the metric it made from it.
   */
  context?: string[];
  /** Anything else travels along and is ignored. */
  [key: string]: unknown;
}

/** Anything with Mastra's `measure(input, output)`; the LLM metrics also take `{ signal }`. */
export interface MeasurableMetric<R extends MetricResult = MetricResult> {
  measure(input: string, output: string, options?: { signal?: AbortSignal }): Promise<R>;
}

/**
 * A Mastra 1.x scorer (`createXScorer(…)` of `evals-wasm/scorers`, or any `MastraScorer`): each
 * item's `{ input, output, groundTruth?, requestContext?, runId? }` is its run, and the result's
 * `info` holds the run's reason and step results. A scorer cannot be dry-run.
 */
export interface RunnableScorer {
  run(run: { input?: unknown; output?: unknown; groundTruth?: unknown; requestContext?: unknown; runId?: string }): Promise<unknown>;
}

/**
 * Makes the metric for an item, for datasets whose items carry their own `context` (or other
 * fields a metric is built from): `(item) => new HallucinationMetric(model, { context:
 * item.context })`. A metric it returned is reused for every later item that holds the same
 * values (compared as JSON) in each field it read to make it, so a context's statements are
 * extracted once, and no item is measured by a metric made from another item's values. May
 * return a promise.
 */
export type MetricFactory<R extends MetricResult = MetricResult, I extends EvaluationItem = EvaluationItem> =
  (item: I) => MeasurableMetric<R> | RunnableScorer | Promise<MeasurableMetric<R> | RunnableScorer>;

/** What `onProgress` receives each time an item finishes. */
export interface EvaluationProgress {
  /** Items finished so far, scored or failed. */
  done: number;
  /** Items in all: the array's length; for an iterable, `null` until it has been read to its end. */
  total: number | null;
  /** Of the finished items, those that failed. */
  failed: number;
}

/** Options of {@link evaluateMany}. */
export interface EvaluateManyOptions<R extends MetricResult = MetricResult> {
  /** Items measured at once, and so, for the LLM metrics, model calls in flight. Default 4. */
  concurrency?: number;
  /**
   * Stops the run: no new item starts, the measures in flight are aborted (the signal is passed
   * to each `measure()`), and `evaluateMany` rejects with `EvalsError` code `EVALS_ABORTED`.
   */
  signal?: AbortSignal;
  /**
   * Called each time an item finishes, in order of `done`. An exception thrown here stops the
   * run, which rejects with it.
   */
  onProgress?: (progress: EvaluationProgress) => void;
  /**
   * Called with each result as soon as its item finishes, in the order items finish (use
   * `index`, the item's position, to place it), so a long run can persist its results as it
   * goes. When it returns a promise, the worker waits for it before counting the item as done
   * and taking another one. An exception thrown here (or a rejection) stops the run, which
   * rejects with it. Items aborted by `signal` or `failFast` are not delivered.
   */
  onResult?: (result: EvaluationResult<R>, index: number) => void | Promise<void>;
  /**
   * Stop at the first item that fails: the measures in flight are aborted and `evaluateMany`
   * rejects with that item's error. Default `false`: a failed item becomes `{ index, error }`
   * and the rest go on.
   */
  failFast?: boolean;
  /**
   * Calls no model: each item is measured with a stand-in that answers every request with the
   * smallest valid answer, and its result is a {@link DryRunTally} (the summary: the totals).
   * Requests a cassette of the metric's model holds, and extractions the metric has cached, cost
   * nothing. `listItems`: the items each extraction is assumed to list (default 3). Works with
   * the LLM metrics of evals-wasm (another metric's items fail with EVALS_INVALID_OPTION).
   */
  dryRun?: boolean | { listItems?: number };
}

/** What a dry run counts for an item (or, in its summary, for all). */
export interface DryRunTally {
  /** Model requests the measure would make. */
  requests: number;
  /** Requests the cassette answers (no cost). */
  recorded: number;
  /** Estimated prompt tokens of the requests (characters / 4). */
  promptTokens: number;
  /** Estimated answer tokens, from the smallest valid answers. */
  answerTokens: number;
  /** The sum of the requests' answer bounds: the answer tokens can be at most this. */
  maxAnswerTokens: number;
  /** Requests per step (`statements`, `verdicts`, `reason`, …). */
  steps: Record<string, number>;
}

/** A scored item. */
export interface EvaluationSuccess<R extends MetricResult = MetricResult> {
  /** Position of the item in the input. */
  index: number;
  score: R['score'];
  info: R['info'];
}

/** A failed item: what its `measure()` rejected with (or the factory threw), unchanged. */
export interface EvaluationFailure {
  index: number;
  error: unknown;
}

export type EvaluationResult<R extends MetricResult = MetricResult> = EvaluationSuccess<R> | EvaluationFailure;

/** Totals of a run. Scores are summarised over the scored items only. */
export interface EvaluationSummary {
  /** Items measured. */
  count: number;
  /** Items with a numeric score. */
  scored: number;
  /** Items that failed. */
  failures: number;
  /** `null` when no item was scored (likewise median, min, max). */
  mean: number | null;
  median: number | null;
  min: number | null;
  max: number | null;
  /** Sum of the scored items' `info.modelCalls` (calls of failed items are not known). */
  modelCalls: number;
  /** Sum of the scored items' `info.usage`; `null` when no result reported tokens. */
  usage: TokenUsage | null;
  /** From the call to the last result, in milliseconds. */
  wallTimeMs: number;
}

/** What {@link evaluateMany} resolves to. */
export interface EvaluationReport<R extends MetricResult = MetricResult> {
  /** One per item, in input order. */
  results: EvaluationResult<R>[];
  summary: EvaluationSummary;
}

/**
 * Measures every item of a dataset with one metric, `concurrency` items at a time, and resolves
 * to the results in input order with a summary. A failing item does not stop the run (unless
 * `failFast`): it becomes `{ index, error }`.
 *
 * `metric` is a metric instance, a Mastra 1.x scorer ({@link RunnableScorer}), or a
 * {@link MetricFactory} for items with their own context.
 *
 * @throws {TypeError} (as a rejection) when an argument or option has the wrong type, or an option key is unknown.
 * @throws {EvalsError} (as a rejection) code `EVALS_ABORTED` when `signal` aborts.
 */
export declare function evaluateMany<R extends MetricResult = MetricResult, I extends EvaluationItem = EvaluationItem>(
  metric: MeasurableMetric<R> | RunnableScorer | MetricFactory<R, I>,
  items: Iterable<I> | AsyncIterable<I>,
  options?: EvaluateManyOptions<R>,
): Promise<EvaluationReport<R>>;

/** One metric of a run: an instance, a scorer or a factory. */
export type RunMetric = MeasurableMetric | RunnableScorer | MetricFactory;

/** One result line of a run (docs/runs.md): one per item and metric. */
export interface RunResultLine {
  /** 1-based position of the item (the line number in a file). */
  line: number;
  id?: unknown;
  /** The item's id as text, else "h:" and the first 16 hex digits of the sha256 of its JSON (or line) text. */
  key: string;
  /** The run's name of the metric. */
  metric: string;
  score?: number;
  info?: Record<string, unknown>;
  /** The output as scored, as text (messages: the assistant texts joined). */
  output?: string;
  cost?: { modelCalls: number; promptTokens?: number; completionTokens?: number; judgeMs: number };
  error?: { message: string; code?: string; step?: string };
}

/** What the run record says of one metric. */
export interface RunMetricRecord {
  options: Record<string, unknown>;
  /** The judge's URL (without credentials) and model; no URL for a model that is not an HTTP client. */
  judge: { url?: string; model: string } | null;
  /**
   * sha256 hex of the requests the metric sends for a probe item (docs/runs.md); for a scorer
   * Mastra ran (readExperiment), of its id, name, description and whether it has a judge.
   */
  declaration: string;
  samples: number;
  direction: 'higher' | 'lower';
}

/** The run record (format 2): what `--out FILE` writes to `FILE.run.json`. */
export interface RunRecord {
  tool: 'evals-wasm';
  format: 2;
  version: string | null;
  input: string | null;
  dataset: { hash: string; lines: number };
  settings: Record<string, unknown>;
  samples: number;
  metrics: Record<string, RunMetricRecord>;
  lineHashes: (string | null)[];
  /** Where a run read out of Mastra came from (readExperiment of evals-wasm/scorers). */
  mastra?: {
    experimentId: string;
    datasetId: string;
    datasetVersion: number | null;
    name: string | null;
    status: string;
    targetType: string | null;
    targetId: string | null;
    agentVersion: string | null;
  };
}

/** A run: its record and its result lines, as evaluateMany returns them and readRun reads them. */
export interface Run {
  record: RunRecord;
  results: RunResultLine[];
}

/** Options of a run of several metrics. */
export interface EvaluateRunOptions extends Omit<EvaluateManyOptions, 'onResult' | 'dryRun'> {
  /** Called with the result lines of each item (one per metric) as soon as it finishes. */
  onResult?: (lines: RunResultLine[], index: number) => void | Promise<void>;
  /** What the record cannot learn from the metrics. */
  run?: { input?: string; settings?: Record<string, unknown>; samples?: number; version?: string; metrics?: Record<string, Partial<RunMetricRecord>> };
}

/**
 * Several metrics over one dataset in one pass: each item is taken once and measured by each
 * metric in turn. `metrics` is a list (named after their classes, a scorer by its id) or a map
 * `{ name: metric }`. Resolves to the run record and the result lines, in input order.
 */
export declare function evaluateMany<I extends EvaluationItem = EvaluationItem>(
  items: Iterable<I> | AsyncIterable<I>,
  metrics: RunMetric[] | Record<string, RunMetric>,
  options?: EvaluateRunOptions,
): Promise<Run>;

/**
 * Node only: reads a run from disk, the results file the command line wrote with `--out` (or its
 * `.run.json` record), as `{ record, results }`. A format-1 record (one metric) is read into the
 * same shape.
 * @throws {TypeError} (as a rejection) when the record is not one of evals-wasm's.
 */
export declare function readRun(path: string): Promise<Run>;

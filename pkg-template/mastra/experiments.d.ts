// Types of pkg-template/mastra/experiments.js: Mastra 1.x experiments as runs, and runs as
// experiments (docs/mastra-experiments.md).

import type { Mastra } from '@mastra/core';
import type { Experiment } from '@mastra/core/storage';

// The run format's types live with evaluateMany's (batch/batch.d.ts, docs/runs.md).
import type { Run, RunRecord, RunResultLine, RunMetricRecord } from '../batch/batch.js';
export type { Run, RunRecord, RunMetricRecord };
/** One result line of a run: one dataset line (item) and one metric (scorer). */
export type RunResult = RunResultLine;
/** The error of one result line: its message and a stable code. */
export type RunResultError = NonNullable<RunResultLine['error']>;

export interface ReadExperimentOptions {
  /**
   * The scorers to read, in this order: their ids, or `{ scorerId: metric name }` to name them
   * as another run does (`{ 'completeness-scorer': 'completeness' }`). By default: the metrics
   * of the run that was written (for an experiment written by `writeExperiment`), else the
   * experiment's scorer ids, else every scorer with a stored score, by id.
   */
  metrics?: string[] | Record<string, string>;
  /** Which way each scorer is better; by default "lower" for hallucination, toxicity and bias, "higher" for the rest. */
  directions?: Record<string, 'higher' | 'lower'>;
}

/**
 * Reads one experiment of a Mastra 1.x instance (with storage) as a run in this package's run
 * format: one result per item of its dataset (at the experiment's dataset version) and scorer.
 * An item the target failed on, a scorer that left no score, and an item without a result are
 * error lines (codes: the item error's own code or `EXPERIMENT_ITEM_FAILED`,
 * `EXPERIMENT_NO_SCORE`, `EXPERIMENT_ITEM_SKIPPED`).
 * @throws {TypeError} for arguments of the wrong kind.
 * @throws {EvalsError} `EVALS_INVALID_OPTION` when Mastra has no such experiment, it has no dataset, or no scores storage.
 */
export declare function readExperiment(mastra: Mastra, experimentId: string, options?: ReadExperimentOptions): Promise<Run>;

/** A line of an experiment's dataset with the output the experiment gave, as the command line reads lines. */
export interface ExperimentLine {
  /** The item's externalId, else its Mastra id. */
  id: string;
  input: unknown;
  /** The output's text (an agent's `text`). */
  output: string;
  groundTruth?: unknown;
  expectedTrajectory?: unknown;
  requestContext?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The items of an experiment (at its dataset version, oldest first) that have an output, as
 * dataset lines with that output, to score with the command line or evaluateMany; a run over
 * them writes back into the same dataset with `writeExperiment` (no `lines` needed).
 * @throws {TypeError} for arguments of the wrong kind.
 * @throws {EvalsError} `EVALS_INVALID_OPTION` when Mastra has no such experiment or it has no dataset.
 */
export declare function experimentLines(mastra: Mastra, experimentId: string): Promise<ExperimentLine[]>;

export interface WriteExperimentOptions {
  /**
   * The dataset's lines (the objects of the JSONL file the run read, in order): lines of the run
   * that are not yet items of the dataset are added from them (with `externalId` = the line's key).
   * Without it, every line of the run must already be an item (by `externalId` or id).
   */
  lines?: Array<{ input: unknown; groundTruth?: unknown; expectedTrajectory?: unknown; requestContext?: Record<string, unknown>; metadata?: Record<string, unknown>; [key: string]: unknown }>;
  /** The scorer id each metric is stored under (default: the metric's own name), e.g. `{ completeness: 'completeness-scorer' }` to compare with experiments Mastra ran. */
  scorerIds?: Record<string, string>;
  /** The experiment's name, as Studio lists it. */
  name?: string;
  description?: string;
  /** The experiment's metadata (the run record is kept beside it, under `evalsWasm`). */
  metadata?: Record<string, unknown>;
}

export interface WriteExperimentResult {
  experimentId: string;
  /** The experiment, finalized (status "completed", with its item counts). */
  experiment: Experiment;
  /** Each line key of the run → the dataset item it was written to. */
  itemIds: Record<string, string>;
  /** Items added to the dataset from `options.lines`. */
  added: number;
  /** Scores written (and checked stored). */
  scores: number;
}

/**
 * Writes a run into a Mastra dataset as a new experiment (no target: Mastra's
 * `createExperiment`, `submitExperimentResult` for each item, `finalizeExperiment`), so that Studio
 * and `compareExperiments` show it beside experiments Mastra ran. Each metric becomes a scorer id.
 * @throws {TypeError} for arguments of the wrong kind.
 * @throws {EvalsError} `EVALS_INVALID_OPTION` when the run is not a run or lines are not items
 * (and `lines` is not given); `EVALS_STORAGE_FAILED` when Mastra kept fewer scores than were submitted.
 */
export declare function writeExperiment(mastra: Mastra, datasetId: string | { id: string }, run: Run, options?: WriteExperimentOptions): Promise<WriteExperimentResult>;

// evals-wasm/compare: compare two evaluation runs of one dataset (docs/compare.md).

import type { Run as RecordedRun } from './batch/batch.js';

/**
 * A run: what `evaluateMany` returns for several metrics, what `readRun` or `readExperiment`
 * read, or any object of the same form: a run record (`results.jsonl.run.json`; `{}` when the
 * results name their metric and key) and one result per (dataset line × metric),
 * `{ key, metric, score, info?, output?, cost? }` or `{ …, error }`.
 */
export type Run =
  | RecordedRun
  | { record: Record<string, unknown>; results: ReadonlyArray<Record<string, unknown>> };

export interface CompareOptions {
  /** Names shown for the runs (file names in the CLI). */
  baselineLabel?: string;
  candidateLabel?: string;
  /** Compare these metrics only (default: every metric in both runs). */
  metrics?: string[];
  /** Items sharing a cluster (a field of the results or their info; or a function of the key and result; or a Map from key) give a clustered standard error. */
  cluster?: string | ((key: string, result: Record<string, unknown>) => unknown) | Map<string, unknown> | null;
  /** The pass threshold of McNemar's test (default 0.5; null for none). */
  threshold?: number | null;
  /** Gate every metric (true) or the named ones; the result's `gate` is null without. */
  gate?: boolean | string[];
  /** The regression the gate tolerates: one number for all, or per metric (`"*"` for the rest). Default 0. */
  margin?: number | Record<string, number>;
  /** Differences of one item no larger than this count as unchanged (default 0). */
  tolerance?: number;
  /** Compare runs that differ in options, judge model, declaration, samples or dataset (otherwise rejects). */
  allowMismatch?: boolean;
  /** Say the candidate was judged afresh: warns when its judge results repeat the baseline's exactly. */
  rejudgeAll?: boolean;
  /** The bootstrap's seed (default 1) and resamples (default 10,000). */
  seed?: number;
  resamples?: number;
}

export interface Interval {
  low: number | null;
  high: number | null;
  level: 0.95;
  /** Student's t from 100 independent units (items, or clusters), else the percentile bootstrap. */
  method: 't' | 'bootstrap' | 'cluster-bootstrap';
}

export interface CostDelta {
  baseline: number | null;
  candidate: number | null;
  delta: number | null;
}

export interface MetricComparison {
  metric: string;
  direction: 'higher' | 'lower';
  /** Matched items with a score in both runs. */
  n: number;
  clusters: number | null;
  baselineMean: number | null;
  candidateMean: number | null;
  /** Mean of candidate − baseline over the matched items (raw: not turned by the direction). */
  delta: number | null;
  se: number | null;
  df: number | null;
  interval: Interval;
  /** McNemar's exact test on items that flip across the threshold (b: passed → failed, c: failed → passed). */
  mcnemar: { threshold: number; b: number; c: number; p: number } | null;
  /** Holm-adjusted p of the gate's hypothesis, for gated metrics. */
  pHolm: number | null;
  /** From samples k > 1: the share of Var(d) that is judge noise and the mean within-item variances. */
  noise: { share: number | null; withinBaseline: number | null; withinCandidate: number | null; samplesBaseline: number; samplesCandidate: number } | null;
  /** The smallest Δ this comparison would detect (α 0.05, power 0.8): about 2.8 × se. */
  mde: number | null;
  /** `unconfirmed`: improved and regressed items judged from one sample per run. */
  counts: { improved: number; regressed: number; unchanged: number; unconfirmed: number };
  /** Judged items with unchanged outputs and exactly the baseline's judge results (e.g. replayed from its cassette). */
  anchored: number;
  cost: { modelCalls: CostDelta; tokens: CostDelta; judgeMs: CostDelta; errors: CostDelta };
  gate: { margin: number; passed: boolean } | null;
}

export interface ItemSide {
  score: number | null;
  samples: number[] | null;
  output: string | null;
  reason: string | null;
  info: Record<string, unknown> | null;
  error: { message: string; code?: string } | null;
}

export interface ItemComparison {
  key: string;
  metric: string;
  cluster: string | null;
  baseline: ItemSide;
  candidate: ItemSide;
  /** null when either run has an error (or no score) for the item; then `verdict` is null too. */
  delta: number | null;
  verdict: 'improved' | 'regressed' | 'unchanged' | null;
  /** Whether the verdict took the item's sample spread into account (samples > 1). */
  confirmed: boolean;
}

export interface Comparison {
  tool: 'evals-wasm';
  kind: 'comparison';
  format: 1;
  baseline: { label: string; record: Record<string, unknown> };
  candidate: { label: string; record: Record<string, unknown> };
  comparable: boolean;
  mismatches: Array<{ what: 'metric options' | 'judge model' | 'declaration' | 'samples' | 'dataset'; metric: string | null; baseline: unknown; candidate: unknown }>;
  warnings: string[];
  onlyInBaseline: string[];
  onlyInCandidate: string[];
  settings: { cluster: string | null; seed: number; resamples: number; margin: Record<string, number>; threshold: number | null; rejudgeAll: boolean; anchored: boolean };
  metrics: MetricComparison[];
  /** One per matched (key, metric), largest regression first (errors last). */
  items: ItemComparison[];
  gate: { passed: boolean; failed: string[] } | null;
}

/**
 * Compares a candidate run with a baseline run, item by item. Rejects with an `EvalsError` of
 * code `EVALS_INVALID_RUN` (not a run) or `EVALS_RUNS_NOT_COMPARABLE` (the runs differ in what
 * they measure; `error.mismatches` lists how) unless `allowMismatch`.
 */
export function compareRuns(baseline: Run, candidate: Run, options?: CompareOptions): Promise<Comparison>;

/** The terminal table (ANSI colours with `color`). */
export function formatTable(comparison: Comparison, options?: { color?: boolean }): string;
/** A markdown summary for $GITHUB_STEP_SUMMARY or a pull-request comment. */
export function formatMarkdown(comparison: Comparison, options?: { regressions?: number }): string;
/** JUnit XML, one test case per metric. */
export function formatJUnit(comparison: Comparison): string;
/** Node only: reads a results file and its `.run.json` record. */
export function readRunFile(path: string): Run;

export interface ComparisonPlan {
  metric: string;
  /** Scored items in the baseline. */
  n: number;
  detect: number;
  /** Samples per item the plan assumes for the candidate. */
  samples: number;
  /** Items needed if the candidate's scores move with the baseline's item by item (only judge noise between them; null without samples > 1 in the baseline). */
  itemsIfPaired: number | null;
  /** Items needed if they do not move together at all (2 × the variance of the baseline's scores). */
  itemsIfUnpaired: number | null;
  /** The smallest detectable change with the dataset's items, for each bound. */
  mdeIfPaired: number | null;
  mdeIfUnpaired: number | null;
  /** The mean within-item variance of the baseline's samples, and the variance of its item scores. */
  within: number | null;
  spread: number | null;
  /** The baseline's model calls and tokens per item, scaled to the planned samples. */
  perItem: { modelCalls: number; tokens: number } | null;
}

/** Plans a comparison from the baseline alone: the items needed to detect `detect`, and the cost of a candidate run. */
export function planComparison(baseline: Run, options: { detect: number; samples?: number }): ComparisonPlan[];
/** The plan as text. */
export function formatPlan(plans: ComparisonPlan[]): string;

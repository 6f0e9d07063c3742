// `evals-wasm/vitest`: matchers on the result of `runEvals`, pass-rate assertions, eval meta
// and a score reporter (a drop-in for `@mastra/evals/vitest`). Needs vitest and @mastra/core 1.x.
import type { EvalVerdict, GateResult, RunEvalsConfig, RunEvalsResult, ThresholdConfig, TurnResult } from '@mastra/core/evals';
import type { Reporter, TestModule } from 'vitest/node';

/** The options of `expectEvals`: those of `runEvals`. */
export type ExpectEvalsOptions = RunEvalsConfig;
/** One item of `runEvals` data. */
export type EvalDataItem = RunEvalsConfig['data'][number];
/** The options of `expectEval`: those of `runEvals` with one data item. */
export type ExpectEvalOptions = RunEvalsConfig extends infer T ? (T extends { data: any[] } ? Omit<T, 'data'> & { data: T['data'][number] } : never) : never;
/** What `expectEval(s)` returns. */
export type EvalScoresAssertion = {
  /** Runs the evals; rejects with EvalPassRateError when a gate's pass rate is below `minPassRate` (default 1) or a threshold fails. */
  toPass(minPassRate?: number): Promise<RunEvalsResult>;
};
/** The matchers on a RunEvalsResult. */
export interface EvalMatchers<R = unknown> {
  toHaveVerdict(verdict: EvalVerdict): R;
  toHaveScoreAbove(scorerName: string, min: number): R;
  toHaveScoreBelow(scorerName: string, max: number): R;
  toPassGates(): R;
  toPassThresholds(): R;
}
/** A threshold's outcome as the meta records it. */
export type EvalThresholdResult = { id: string; passed: boolean; averageScore: number; threshold: ThresholdConfig };
/** What a test records of its eval run (`task.meta.mastraEval`). */
export type MastraEvalMeta = {
  scores: Record<string, number>;
  totalItems: number;
  verdict?: EvalVerdict;
  gateResults?: GateResult[];
  thresholdResults?: EvalThresholdResult[];
  turnResults?: TurnResult[];
};

// `Matchers` is what vitest 3.2+ reads (an augmented `Assertion` is ignored there: the original
// declares only that one, so its matchers do not type-check with vitest 3.2); `Assertion` for
// earlier releases.
declare module 'vitest' {
  interface Matchers<T = any> extends EvalMatchers<T> {}
  interface Assertion<T = any> extends EvalMatchers<T> {}
  interface AsymmetricMatchersContaining extends EvalMatchers {}
  interface TaskMeta {
    mastraEval?: MastraEvalMeta;
  }
}

/** The matchers, for `expect.extend`. */
export declare const evalMatchers: {
  [K in keyof EvalMatchers]: (received: unknown, ...args: Parameters<EvalMatchers[K]>) => { pass: boolean; message: () => string };
};
/** Registers the matchers with vitest's `expect`. */
export declare function registerEvalMatchers(): void;
/** The meta a test records of an eval run. */
export declare function toEvalMeta(result: RunEvalsResult): MastraEvalMeta;
/** An assertion over `runEvals(options)`. */
export declare function expectEvals(options: ExpectEvalsOptions): EvalScoresAssertion;
/** An assertion over `runEvals` of one data item. */
export declare function expectEval(options: ExpectEvalOptions): EvalScoresAssertion;
/** Thrown by `toPass`; carries the run's result. */
export declare class EvalPassRateError extends Error {
  readonly result: RunEvalsResult;
  constructor(message: string, result: RunEvalsResult);
}
/** A vitest reporter that prints each eval test's scores, gates and thresholds. */
export declare class MastraEvalsReporter implements Reporter {
  constructor(options?: { color?: boolean });
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void;
  /** The report as text. */
  render(entries: { fullName: string; meta: MastraEvalMeta }[]): string;
}

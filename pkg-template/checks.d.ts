// `evals-wasm/checks`: pass/fail checks on an agent's answer and tool calls (a drop-in for
// `@mastra/evals/checks`). Each is a Mastra scorer scoring 1 or 0 (`similarity` without a
// threshold: the similarity itself). Needs @mastra/core 1.x.
import type { MastraScorer, ScorerRunInputForAgent, ScorerRunOutputForAgent } from '@mastra/core/evals';

/** A check: a scorer whose preprocess step records `Facts` and whose score is a number. */
export type Check<Id extends string, Facts> = MastraScorer<
  Id,
  ScorerRunInputForAgent,
  ScorerRunOutputForAgent,
  Record<'preprocessStepResult', Facts> & Record<'generateScoreStepResult', number>
>;

/** Options of `includes`, `excludes` and `equals`. */
export interface IncludesOptions {
  /** Compare lower-cased texts (default true). */
  ignoreCase?: boolean;
}
/** Options of `matches`. */
export interface MatchesOptions {
  /** The whole answer must match: the pattern is wrapped in `^…$` (default false). */
  exact?: boolean;
}
/** Options of `similarity`. */
export interface SimilarityOptions {
  /** Score 1 at or above this similarity, else 0; without it the score is the similarity. */
  threshold?: number;
  /** Compare lower-cased texts (default true). */
  ignoreCase?: boolean;
}
/** Options of `calledTool`. */
export interface CalledToolOptions {
  /** How many calls at least (default 1). */
  times?: number;
}

/** The assistant's answer (its messages' texts joined by a space) contains `expected`. */
export declare function includes(expected: string, options?: IncludesOptions): Check<'check-includes', { output: string; target: string; found: boolean }>;
/** The assistant's answer does not contain `unwanted`. */
export declare function excludes(unwanted: string, options?: IncludesOptions): Check<'check-excludes', { output: string; target: string; excluded: boolean }>;
/** The assistant's answer (its messages' texts joined without a separator) equals `expected`. */
export declare function equals(expected: string, options?: IncludesOptions): Check<'check-equals', { output: string; target: string; isEqual: boolean }>;
/** The assistant's answer matches `pattern`. */
export declare function matches(pattern: RegExp, options?: MatchesOptions): Check<'check-matches', { output: string; pattern: string; matched: boolean }>;
/** The Dice similarity (character bigrams) of the answer and `expected`. */
export declare function similarity(
  expected: string,
  options?: SimilarityOptions,
): Check<'check-similarity', { output: string; target: string; score: number; threshold: number | undefined }>;
/** `toolName` was called at least `times` times. */
export declare function calledTool(
  toolName: string,
  options?: CalledToolOptions,
): Check<'check-called-tool', { toolName: string; expectedTimes: number; actualCount: number; passed: boolean }>;
/** `toolName` was not called. */
export declare function didNotCall(toolName: string): Check<'check-did-not-call', { toolName: string; count: number; passed: boolean }>;
/** The tools were called in this order (other calls between them allowed). */
export declare function toolOrder(expectedOrder: string[]): Check<'check-tool-order', { actualTools: string[]; expectedOrder: string[]; passed: boolean }>;
/** At most `max` tool calls. */
export declare function maxToolCalls(max: number): Check<'check-max-tool-calls', { count: number; max: number; passed: boolean }>;
/** No tool calls. */
export declare function usedNoTools(): Check<'check-used-no-tools', { count: number; passed: boolean }>;
/** No tool call failed or is still pending. */
export declare function noToolErrors(): Check<'check-no-tool-errors', { errorCount: number; totalCalls: number; passed: boolean }>;

/** Every check, by name. */
export declare const checks: {
  includes: typeof includes;
  excludes: typeof excludes;
  equals: typeof equals;
  matches: typeof matches;
  similarity: typeof similarity;
  calledTool: typeof calledTool;
  didNotCall: typeof didNotCall;
  toolOrder: typeof toolOrder;
  maxToolCalls: typeof maxToolCalls;
  usedNoTools: typeof usedNoTools;
  noToolErrors: typeof noToolErrors;
};

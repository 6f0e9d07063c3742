// The public contract of evals-wasm. Hand-written: the wasm-bindgen output is an implementation
// detail and its types are not shipped.

/** What every metric's `measure()` resolves to (the shape of `MetricResult` in @mastra/core). */
export interface MetricResult {
  /** The metric's score. */
  score: number;
  /** Details of how the score came about; each metric documents its own. */
  info?: Record<string, any>;
}

/** Options of {@link CompletenessMetric}. */
export interface CompletenessMetricOptions {
  /**
   * Leave function words ("the", "over", "の", "的") out of both element lists, so the score
   * counts content words only. Default `false` (every word counts, as in @mastra/evals).
   */
  ignoreStopwords?: boolean;
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
  /** @throws {TypeError} when `options` is not an object or an option has the wrong type. */
  constructor(options?: CompletenessMetricOptions);
  /**
   * Scores `output` against `input`.
   * @throws {Error} (as a rejection) when either is `null` or `undefined`.
   * @throws {TypeError} (as a rejection) when either is not a string.
   */
  measure(input: string, output: string): Promise<CompletenessMetricResult>;
}

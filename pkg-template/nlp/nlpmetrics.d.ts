// The model-free metrics besides completeness: content similarity, keyword coverage, textual
// difference and tone (re-exported by index.d.ts and nlp.d.ts).

import type { Language, MetricResult } from '../index.js';

/** Options of {@link ContentSimilarityMetric}. */
export interface ContentSimilarityMetricOptions {
  /** Compare the texts lower-cased. Default `true`; an option present but `undefined` is off, as in the original. */
  ignoreCase?: boolean;
  /** Collapse white space (the comparison removes all white space anyway). Default `true`. */
  ignoreWhitespace?: boolean;
}

/** The result of {@link ContentSimilarityMetric.measure}. */
export interface ContentSimilarityMetricResult extends MetricResult {
  /** The Dice coefficient of the texts' character bigrams, from 0 to 1. */
  score: number;
  info: { similarity: number };
}

/**
 * How alike two texts are as strings: the Sørensen–Dice coefficient of their bigrams of
 * UTF-16 code units, white space removed. Identical texts score 1; otherwise a text of fewer
 * than two characters scores 0. A drop-in replacement for `ContentSimilarityMetric` of
 * `@mastra/evals/nlp`.
 */
export declare class ContentSimilarityMetric {
  /** @throws {TypeError} when `options` is not an object, an option is not a boolean, or a key is a misspelling of an option (`ignorecase`; other keys are ignored). */
  constructor(options?: ContentSimilarityMetricOptions);
  /**
   * @throws {TypeError} (as a rejection) when either text is `null`, `undefined` (with the
   * original's message) or not a string.
   */
  measure(input: string, output: string): Promise<ContentSimilarityMetricResult>;
}

/** The result of {@link KeywordCoverageMetric.measure}. */
export interface KeywordCoverageMetricResult extends MetricResult {
  /** matchedKeywords / totalKeywords; 1 for two empty texts; 0 when the input has no keywords. */
  score: number;
  info: {
    /** Distinct keywords of the input. */
    totalKeywords: number;
    /** Those the output has too. */
    matchedKeywords: number;
    /** The language measured in; present unless the `language` option is left at `"en"`. */
    language?: Language;
  };
}

/** Options of {@link KeywordCoverageMetric}. */
export interface KeywordCoverageMetricOptions {
  /**
   * The texts' language. Default `"en"` (the original's keywords). In any other language the
   * keywords are the Snowball stems of the words that are not on its stopwords-iso list nor
   * numbers; `"auto"` detects the language (see `CompletenessMetricOptions.language`).
   */
  language?: Language | 'auto';
}

/**
 * The share of the input's keywords that the output has: words that are not stopwords (the
 * SMART list of keyword-extractor), lower-cased, numbers left out, each counted once. A drop-in
 * replacement for `KeywordCoverageMetric` of `@mastra/evals/nlp`.
 */
export declare class KeywordCoverageMetric {
  /** @throws {TypeError} when `options` is not an object or `language` is not a known code. */
  constructor(options?: KeywordCoverageMetricOptions);
  /**
   * `null` and `undefined` read as empty texts, as in the original.
   * @throws {TypeError} (as a rejection) when a text is something else than a string.
   */
  measure(input: string, output: string): Promise<KeywordCoverageMetricResult>;
}

/** The result of {@link TextualDifferenceMetric.measure}. */
export interface TextualDifferenceMetricResult extends MetricResult {
  /** Same as `info.ratio`. */
  score: number;
  info: {
    /** 1 − lengthDiff. */
    confidence: number;
    /** 2 × (longest common subsequence) / (length of both), in UTF-16 code units. */
    ratio: number;
    /** Words changed: max(word counts) − words in common; 1 for texts differing only in white space. */
    changes: number;
    /** |length difference| / longer length. */
    lengthDiff: number;
  };
}

/**
 * How much two texts share as character sequences. A drop-in replacement for
 * `TextualDifferenceMetric` of `@mastra/evals/nlp`, in linear memory.
 */
export declare class TextualDifferenceMetric {
  /**
   * @throws {TypeError} (as a rejection) when either text is `null`, `undefined` (with the
   * original's message) or not a string.
   */
  measure(input: string, output: string): Promise<TextualDifferenceMetricResult>;
}

/** `info` of a tone result: which fields depends on whether there was an output. */
export type ToneConsistencyMetricInfo =
  | {
      /** Sentiment (AFINN-165 comparative) of the input. */
      responseSentiment: number;
      /** Sentiment of the output. */
      referenceSentiment: number;
      /** |responseSentiment − referenceSentiment|. */
      difference: number;
    }
  | {
      /** Mean sentiment of the input's sentences. */
      avgSentiment: number;
      /** Population variance of the sentences' sentiment. */
      sentimentVariance: number;
    };

/** The result of {@link ToneConsistencyMetric.measure}. */
export interface ToneConsistencyMetricResult extends MetricResult {
  /** max(0, 1 − difference), or max(0, 1 − variance) without an output. */
  score: number;
  info: ToneConsistencyMetricInfo;
}

/**
 * Sentiment consistency by the AFINN-165 word list: with a non-empty output, how close the
 * sentiment of the input and the output are; with an empty one, how steady the input's sentiment
 * is across its sentences. A drop-in replacement for `ToneConsistencyMetric` of
 * `@mastra/evals/nlp`.
 */
export declare class ToneConsistencyMetric {
  /**
   * @throws {TypeError} (as a rejection) when the input is `null` (or `undefined` without an
   * output), with the original's message, or a text is something else than a string.
   */
  measure(input: string, output?: string): Promise<ToneConsistencyMetricResult>;
}

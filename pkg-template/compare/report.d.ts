/**
 * The comparison report: one self-contained HTML document (data, plots, styles and script
 * inlined; it loads nothing) for the result of `compareRuns()`.
 *
 * Returns the document's text; the same comparison always gives the same text. Throws an
 * `EvalsError` with code `EVALS_INVALID_COMPARISON` when `result` is not a comparison result of
 * format 1.
 */
export declare function renderReport(result: {
  kind: 'comparison';
  format: 1;
  metrics: ReadonlyArray<object>;
  items: ReadonlyArray<object>;
  [field: string]: unknown;
}): string;

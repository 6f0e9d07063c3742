// Types of batch/share.js: one model for the metrics of a run, asked once for a request they
// make alike (docs/runs.md). Exported by evals-wasm/llm.

/** Counts of a shared model: requests asked, sent to the model, and answered from an earlier one. */
export interface SharedRequestStats {
  asked: number;
  made: number;
  shared: number;
}

/**
 * A model for the metrics of one run that asks `model` once for a request several metrics make
 * alike (same prompts, schema, bounds and sample number), while the answer is among the last
 * `size` (default 1024). A shared answer carries no token usage: it was counted where it was made.
 */
export declare function shareRequests<M>(model: M, options?: { size?: number }): M & { readonly stats: SharedRequestStats };

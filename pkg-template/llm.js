// `evals-wasm/llm`: the metrics judged by a language model, as in `@mastra/evals/llm`.
// They arrive in a later release; the subpath exists so that import paths are stable.
export {};

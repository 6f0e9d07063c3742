// `evals-wasm/llm` in Node (ESM); see llm.js.
// They arrive in a later release; the subpath exists so that import paths are stable.
export {};

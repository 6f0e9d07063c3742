// `evals-wasm/llm` in Node (CommonJS); see llm.js.
module.exports = {};

// `evals-wasm/llm` in Node (CommonJS).
const { HallucinationMetric, EvalsError } = require('./index.cjs');

module.exports = { HallucinationMetric, EvalsError };

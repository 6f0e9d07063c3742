// `evals-wasm/llm` in Node (CommonJS).
const { HallucinationMetric, CoverageMetric, evaluateSummary, EvalsError } = require('./index.cjs');

module.exports = { HallucinationMetric, CoverageMetric, evaluateSummary, EvalsError };

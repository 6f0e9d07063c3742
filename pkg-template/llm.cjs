// `evals-wasm/llm` in Node (CommonJS).
const { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, withCassette, EvalsError } = require('./index.cjs');

module.exports = { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, withCassette, EvalsError };

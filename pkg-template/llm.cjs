// `evals-wasm/llm` in Node (CommonJS).
const { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, withCassette, EvalsError } = require('./index.cjs');

module.exports = { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, withCassette, EvalsError };
module.exports.BiasMetric = require('./index.cjs').BiasMetric;
module.exports.ToxicityMetric = require('./index.cjs').ToxicityMetric;

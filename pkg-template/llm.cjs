// `evals-wasm/llm` in Node (CommonJS).
const { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, withCassette, EvalsError } = require('./index.cjs');
const { AnswerRelevancyMetric, FaithfulnessMetric } = require('./index.cjs');

module.exports = { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, withCassette, EvalsError };
Object.assign(module.exports, { AnswerRelevancyMetric, FaithfulnessMetric });

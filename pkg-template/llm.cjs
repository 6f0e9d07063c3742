// `evals-wasm/llm` in Node (CommonJS).
const { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, withCassette, EvalsError } = require('./index.cjs');
const { ContextPrecisionMetric, ContextPositionMetric, ContextRelevancyMetric, ContextualRecallMetric } = require('./index.cjs');

module.exports = { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, withCassette, EvalsError };
Object.assign(module.exports, { ContextPrecisionMetric, ContextPositionMetric, ContextRelevancyMetric, ContextualRecallMetric });

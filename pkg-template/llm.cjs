// `evals-wasm/llm` in Node (CommonJS).
const { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, withCassette, EvalsError } = require('./index.cjs');
const { ContextPrecisionMetric, ContextPositionMetric, ContextRelevancyMetric, ContextualRecallMetric } = require('./index.cjs');

module.exports = { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, withCassette, EvalsError };
Object.assign(module.exports, { ContextPrecisionMetric, ContextPositionMetric, ContextRelevancyMetric, ContextualRecallMetric });
module.exports.BiasMetric = require('./index.cjs').BiasMetric;
module.exports.ToxicityMetric = require('./index.cjs').ToxicityMetric;
const { AnswerRelevancyMetric, FaithfulnessMetric } = require('./index.cjs');

module.exports = { HallucinationMetric, CoverageMetric, evaluateSummary, openaiCompatible, withCassette, EvalsError };
Object.assign(module.exports, { AnswerRelevancyMetric, FaithfulnessMetric });

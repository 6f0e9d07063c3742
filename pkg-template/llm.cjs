// `evals-wasm/llm` in Node (CommonJS).
const { HallucinationMetric, CoverageMetric, evaluateSummary, PromptAlignmentMetric, SummarizationMetric, FactualConsistencyMetric, FactualAlignmentMetric, TopicPreservationMetric, openaiCompatible, withCassette, EvalsError } = require('./index.cjs');

module.exports = { HallucinationMetric, CoverageMetric, evaluateSummary, PromptAlignmentMetric, SummarizationMetric, FactualConsistencyMetric, FactualAlignmentMetric, TopicPreservationMetric, openaiCompatible, withCassette, EvalsError };

// `evals-wasm/llm` in Node (CommonJS).
const { HallucinationMetric, CoverageMetric, evaluateSummary, PromptAlignmentMetric, SummarizationMetric, openaiCompatible, withCassette, EvalsError } = require('./index.cjs');

module.exports = { HallucinationMetric, CoverageMetric, evaluateSummary, PromptAlignmentMetric, SummarizationMetric, openaiCompatible, withCassette, EvalsError };

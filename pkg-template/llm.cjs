// `evals-wasm/llm` in Node (CommonJS): the LLM family's names, from the root's CommonJS bundle.
const root = require('./index.cjs');

const NAMES = [
  'HallucinationMetric', 'CoverageMetric', 'evaluateSummary', 'openaiCompatible', 'withCassette', 'shareRequests', 'EvalsError',
  'ContextPrecisionMetric', 'ContextPositionMetric', 'ContextRelevancyMetric', 'ContextualRecallMetric',
  'BiasMetric', 'ToxicityMetric',
  'AnswerRelevancyMetric', 'FaithfulnessMetric',
  'PromptAlignmentMetric', 'SummarizationMetric', 'FactualConsistencyMetric', 'FactualAlignmentMetric', 'TopicPreservationMetric',
];

module.exports = Object.fromEntries(NAMES.map((name) => [name, root[name]]));

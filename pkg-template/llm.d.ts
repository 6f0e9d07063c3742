export {
  HallucinationMetric, HallucinationMetricOptions, HallucinationMetricResult, HallucinationMetricInfo, StatementVerdict, ClaimVerdict,
  CoverageMetric, CoverageMetricOptions, CoverageMetricResult, CoverageMetricInfo, ClaimCoverage,
  evaluateSummary, EvaluateSummaryOptions, EvaluateSummaryResult, SummaryMetricName,
  PromptAlignmentMetric, PromptAlignmentMetricOptions, PromptAlignmentMetricResult,
  SummarizationMetric, SummarizationMetricOptions, SummarizationMetricResult,
  FactualConsistencyMetric, FactualConsistencyMetricResult, FactualAlignmentMetric, FactualAlignmentMetricResult,
  TopicPreservationMetric, TopicPreservationMetricResult, SummaryFamilyOptions, ClaimSupport, TopicVerdict,
  openaiCompatible, OpenAICompatibleOptions, OpenAICompatibleModel,
  EvalsError, JudgeModel, JudgeCallback, LanguageModelLike, MeasureOptions, TokenUsage,
  AnswerRelevancyMetric, AnswerRelevancyMetricOptions, AnswerRelevancyMetricResult, RelevancyVerdict,
  FaithfulnessMetric, FaithfulnessMetricOptions, FaithfulnessMetricResult, FaithfulnessVerdict,
} from './index.js';
export { BiasMetric, BiasMetricOptions, BiasMetricResult, ToxicityMetric, ToxicityMetricOptions, ToxicityMetricResult, JudgedShareOptions } from './index.js';
export { withCassette, CassetteOptions, CassetteMode, CassetteStore, CassetteEntry } from './models/cassette.js';
export { shareRequests, SharedRequestStats } from './batch/share.js';
export {
  ContextPrecisionMetric, ContextPositionMetric, ContextRelevancyMetric, ContextualRecallMetric, ContextMetricOptions, ContextMetricResult, ContextPieceVerdict,
} from './index.js';

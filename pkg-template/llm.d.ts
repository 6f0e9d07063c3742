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
} from './index.js';
export { withCassette, CassetteOptions, CassetteMode, CassetteStore, CassetteEntry } from './models/cassette.js';

export {
  HallucinationMetric, HallucinationMetricOptions, HallucinationMetricResult, HallucinationMetricInfo, StatementVerdict, ClaimVerdict,
  CoverageMetric, CoverageMetricOptions, CoverageMetricResult, CoverageMetricInfo, ClaimCoverage,
  evaluateSummary, EvaluateSummaryOptions, EvaluateSummaryResult,
  openaiCompatible, OpenAICompatibleOptions, OpenAICompatibleModel,
  EvalsError, JudgeModel, JudgeCallback, LanguageModelLike, MeasureOptions, TokenUsage,
  AnswerRelevancyMetric, AnswerRelevancyMetricOptions, AnswerRelevancyMetricResult, RelevancyVerdict,
  FaithfulnessMetric, FaithfulnessMetricOptions, FaithfulnessMetricResult, FaithfulnessVerdict,
} from './index.js';
export { withCassette, CassetteOptions, CassetteMode, CassetteStore, CassetteEntry } from './models/cassette.js';

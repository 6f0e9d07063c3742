export {
  HallucinationMetric, HallucinationMetricOptions, HallucinationMetricResult, HallucinationMetricInfo, StatementVerdict, ClaimVerdict,
  CoverageMetric, CoverageMetricOptions, CoverageMetricResult, CoverageMetricInfo, ClaimCoverage,
  evaluateSummary, EvaluateSummaryOptions, EvaluateSummaryResult,
  EvalsError, JudgeModel, JudgeCallback, LanguageModelLike, MeasureOptions, TokenUsage,
} from './index.js';

export { CompletenessMetric, CompletenessMetricOptions, CompletenessMetricResult, CompletenessMetricInfo, Language } from './index.js';
export * from './nlp/nlpmetrics.js';

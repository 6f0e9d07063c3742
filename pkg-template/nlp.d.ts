export { CompletenessMetric, CompletenessMetricOptions, CompletenessMetricResult, CompletenessMetricInfo } from './index.js';
export * from './nlpmetrics.js';

export { CompletenessMetric, CompletenessMetricOptions, CompletenessMetricResult, CompletenessMetricInfo } from './index.js';

// `evals-wasm/nlp`: the metrics that need no model, as in `@mastra/evals/nlp`.
export { CompletenessMetric } from './index.js';

// `evals-wasm/nlp` in Node (CommonJS).
const { CompletenessMetric } = require('./index.cjs');

module.exports = { CompletenessMetric };

// `evals-wasm/nlp` in Node (CommonJS).
const {
  CompletenessMetric,
  ContentSimilarityMetric,
  KeywordCoverageMetric,
  TextualDifferenceMetric,
  ToneConsistencyMetric,
} = require('./index.cjs');

module.exports = {
  CompletenessMetric,
  ContentSimilarityMetric,
  KeywordCoverageMetric,
  TextualDifferenceMetric,
  ToneConsistencyMetric,
};

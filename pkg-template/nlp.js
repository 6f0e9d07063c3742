// `evals-wasm/nlp`: the metrics that need no model, as in `@mastra/evals/nlp`. It loads only the
// NLP WebAssembly module.

import './engine-nlp.js';
export { CompletenessMetric } from './completeness.js';
export { ContentSimilarityMetric } from './content-similarity.js';
export { KeywordCoverageMetric } from './keyword-coverage.js';
export { TextualDifferenceMetric } from './textual-difference.js';
export { ToneConsistencyMetric } from './tone.js';

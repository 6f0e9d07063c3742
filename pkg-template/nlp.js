// `evals-wasm/nlp`: the metrics that need no model, as in `@mastra/evals/nlp`. It loads only the
// NLP WebAssembly module.

import './engine/engine-nlp.js';
export { CompletenessMetric } from './nlp/completeness.js';
export { ContentSimilarityMetric } from './nlp/content-similarity.js';
export { KeywordCoverageMetric } from './nlp/keyword-coverage.js';
export { TextualDifferenceMetric } from './nlp/textual-difference.js';
export { ToneConsistencyMetric } from './nlp/tone.js';

// evals-wasm: every metric and helper, for browsers and bundlers (the Node entries re-export
// this after loading the WebAssembly module synchronously). The metrics share one combined
// module (evals_all_bg.wasm), loaded on first use; `evals-wasm/nlp` and `evals-wasm/llm` load a
// smaller module each, for pages that use one family only.

import './engine-all.js';

export { CompletenessMetric } from './completeness.js';
export { ContentSimilarityMetric } from './content-similarity.js';
export { KeywordCoverageMetric } from './keyword-coverage.js';
export { TextualDifferenceMetric } from './textual-difference.js';
export { ToneConsistencyMetric } from './tone.js';
export { HallucinationMetric } from './hallucination.js';
export { CoverageMetric, evaluateSummary } from './coverage.js';
export { EvalsError } from './errors.js';
export { openaiCompatible } from './openai.js';
export { evaluateMany } from './batch.js';

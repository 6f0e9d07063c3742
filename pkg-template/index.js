// evals-wasm: every metric and helper, for browsers and bundlers (the Node entries re-export
// this after loading the WebAssembly module synchronously). The metrics share one combined
// module (evals_all_bg.wasm), loaded on first use; `evals-wasm/nlp` and `evals-wasm/llm` load a
// smaller module each, for pages that use one family only.

import './engine/engine-all.js';

export { CompletenessMetric } from './nlp/completeness.js';
export { ContentSimilarityMetric } from './nlp/content-similarity.js';
export { KeywordCoverageMetric } from './nlp/keyword-coverage.js';
export { TextualDifferenceMetric } from './nlp/textual-difference.js';
export { ToneConsistencyMetric } from './nlp/tone.js';
export { HallucinationMetric } from './llm/hallucination.js';
export { CoverageMetric, evaluateSummary } from './llm/coverage.js';
export { EvalsError } from './engine/errors.js';
export { openaiCompatible } from './models/openai.js';
export { evaluateMany } from './batch/batch.js';
export { attachListeners, evaluate, globalSetup } from './code/legacy-root.js';

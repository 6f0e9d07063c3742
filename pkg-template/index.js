// evals-wasm: every metric and helper, for browsers and bundlers (the Node entries re-export
// this after loading the WebAssembly module synchronously).

export { CompletenessMetric } from './completeness.js';
export { HallucinationMetric } from './hallucination.js';
export { CoverageMetric, evaluateSummary } from './coverage.js';
export { EvalsError } from './errors.js';
export { openaiCompatible } from './openai.js';
export { evaluateMany } from './batch.js';

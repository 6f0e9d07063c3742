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
export { ContextPrecisionMetric } from './llm/context-precision.js';
export { ContextPositionMetric } from './llm/context-position.js';
export { ContextRelevancyMetric } from './llm/context-relevancy.js';
export { ContextualRecallMetric } from './llm/contextual-recall.js';
export { AnswerRelevancyMetric } from './llm/answer-relevancy.js';
export { FaithfulnessMetric } from './llm/faithfulness.js';
export { PromptAlignmentMetric } from './llm/prompt-alignment.js';
export { SummarizationMetric } from './llm/summarization.js';
export { FactualConsistencyMetric } from './llm/factual-consistency.js';
export { FactualAlignmentMetric } from './llm/factual-alignment.js';
export { TopicPreservationMetric } from './llm/topic-preservation.js';
export { EvalsError } from './engine/errors.js';
export { openaiCompatible } from './models/openai.js';
export { withCassette } from './models/cassette.js';
export { BiasMetric } from './llm/bias.js';
export { ToxicityMetric } from './llm/toxicity.js';

// evaluateMany's module (the batch runner and its dry run) is loaded on its first call: it is
// async anyway, and a page that never runs a batch downloads none of it.
let batch;
/** See batch/batch.js: resolves to `{ results, summary }`. */
export const evaluateMany = async (metric, items, options) => (await (batch ??= import('./batch/batch.js'))).evaluateMany(metric, items, options);

// 0.14's root helpers, for 0.x projects in Node: their module is loaded on first call, by a
// computed URL that bundlers leave alone, so that browsers download none of it.
const legacyRoot = () => import(new URL('./code/legacy-root.js', import.meta.url).href);
export const evaluate = async (agent, input, metric) => (await legacyRoot()).evaluate(agent, input, metric);
export const attachListeners = async (mastra) => (await legacyRoot()).attachListeners(mastra);
export const globalSetup = async () => (await legacyRoot()).globalSetup();

// `evals-wasm/scorers/llm`: 0.14's early subpath `@mastra/evals/scorers/llm`, the LLM
// factories of `evals-wasm/scorers` that 0.14 had (answer similarity and noise sensitivity are
// not in evals-wasm yet).
export { createAnswerRelevancyScorer, createBiasScorer, createContextPrecisionScorer, createContextRelevanceScorerLLM, createFaithfulnessScorer, createHallucinationScorer, createPromptAlignmentScorerLLM, createToolCallAccuracyScorerLLM, createToxicityScorer, DEFAULT_OPTIONS, ANSWER_RELEVANCY_AGENT_INSTRUCTIONS } from './scorers.js';

// Type test (tsc, run by scripts/test.sh): our scorers go where Mastra 1.x's types expect a
// MastraScorer, exactly as the scorers of @mastra/evals/scorers/prebuilt do.
import { Agent } from '@mastra/core/agent';
import { MastraScorer, runEvals } from '@mastra/core/evals';
import { Mastra } from '@mastra/core/mastra';
import { MockLanguageModelV3 } from 'ai/test';
import {
  createCompletenessScorer,
  createCoverageScorer,
  createHallucinationScorer,
  createContentSimilarityScorer,
  createKeywordCoverageScorer,
  createTextualDifferenceScorer,
  createToneScorer,
  openaiCompatible,
  EvalsError,
  type HallucinationScorerOptions,
  type Language,
} from 'evals-wasm/scorers';
import { createAnswerRelevancyScorer, createFaithfulnessScorer, DEFAULT_OPTIONS, ANSWER_RELEVANCY_AGENT_INSTRUCTIONS, type FaithfulnessMetricOptions } from 'evals-wasm/scorers';

const judge = new MockLanguageModelV3();
const completeness = createCompletenessScorer();
const hallucination = createHallucinationScorer({ model: judge, options: { context: ['a fact'], scale: 1 } });
const routed = createHallucinationScorer({ model: 'openai/gpt-4o-mini', options: { getContext: ({ run }) => [String(run.output)] } });
const byCallback = createCoverageScorer({ model: async (_prompt: string) => '{"claims": []}', options: { customInstruction: 'ignore dates' } });
const local = createCoverageScorer({ model: openaiCompatible({ baseURL: 'http://127.0.0.1:8080/v1', model: 'local' }) });

const bounded = createHallucinationScorer({ model: judge, options: { context: ['a fact'], timeoutMs: 30_000 } });
const boundedCoverage = createCoverageScorer({ model: judge, options: { timeoutMs: 30_000 } });

const asMastra: MastraScorer<any, any, any, any>[] = [completeness, hallucination, routed, byCallback, local, bounded, boundedCoverage];

const agent = new Agent({
  id: 'writer',
  name: 'writer',
  instructions: 'Write.',
  model: judge,
  scorers: { completeness: { scorer: completeness, sampling: { type: 'ratio', rate: 1 } }, hallucination: { scorer: hallucination } },
});
export const mastra = new Mastra({ agents: { agent }, scorers: { completeness, hallucination } });

export async function evaluate() {
  const result = await runEvals({ target: agent, data: [{ input: 'hello' }], scorers: [{ scorer: completeness, threshold: 0.5 }, hallucination] });
  const score: number = (await completeness.run({ input: { inputMessages: [] } as any, output: [] })).score as number;
  const missing: string[] = (await completeness.run({ input: { inputMessages: [] } as any, output: [] })).preprocessStepResult?.missingElements ?? [];
  const run = await hallucination.run({ input: 'q', output: 'a' });
  const verdict: string = run.analyzeStepResult?.verdicts[0]?.verdict ?? '';
  const claims: string[] = run.preprocessStepResult?.claims ?? [];
  return { result, score, missing, verdict, claims, asMastra };
}

// @ts-expect-error: strategy is "claims" or "statements"
export const wrong: HallucinationScorerOptions = { strategy: 'both' };
// @ts-expect-error: a model is required
createHallucinationScorer({ options: {} });
export const isOurs = (error: unknown): boolean => error instanceof EvalsError && typeof error.code === 'string';

// The four model-free NLP scorers.
const similarity = createContentSimilarityScorer({ ignoreCase: false });
const keywords = createKeywordCoverageScorer();
const difference = createTextualDifferenceScorer();
const steady = createToneScorer();
const toned = createToneScorer({ referenceTone: 'I am happy' });
export const nlpScorers: MastraScorer<any, any, any, any>[] = [similarity, keywords, difference, steady, toned, createContentSimilarityScorer()];
// The language option of completeness and keyword coverage; a code outside the list is an error.
export const inGerman: MastraScorer<any, any, any, any>[] = [createCompletenessScorer({ language: 'de' }), createKeywordCoverageScorer({ language: 'auto' })];
// @ts-expect-error not a language of the option
createCompletenessScorer({ language: 'xx' });
// The Language type is exported here too, as from the other entries.
const swedish: Language = 'sv';
export const inSwedish = createKeywordCoverageScorer({ language: swedish });
export const nlpMastra = new Mastra({ scorers: { similarity, keywords, difference, steady } });
export async function evaluateNlp() {
  const processed: string = (await similarity.run({ input: 'a', output: 'b' })).preprocessStepResult?.processedInput ?? '';
  const total: number = (await keywords.run({ input: 'a', output: 'b' })).analyzeStepResult?.totalKeywordsLength ?? 0;
  const ratio: number = (await difference.run({ input: 'a', output: 'b' })).preprocessStepResult?.ratio ?? 0;
  const toneResult = (await toned.run({ input: 'a', output: 'b' })).preprocessStepResult;
  const toneScore: number = toneResult?.score ?? 0;
  return { processed, total, ratio, toneScore };
}
// @ts-expect-error: ignoreCase is a boolean
createContentSimilarityScorer({ ignoreCase: 'yes' });
// @ts-expect-error: referenceTone is a string
createToneScorer({ referenceTone: 3 });

// The context scorers of @mastra/evals 1.10.2.
import { createContextPrecisionScorer, createContextRelevanceScorerLLM, createContextRecallScorer } from 'evals-wasm/scorers';
const contextScorers: MastraScorer<any, any, any, any>[] = [
  createContextPrecisionScorer({ model: judge, options: { context: ['a'], scale: 1 } }),
  createContextRelevanceScorerLLM({ model: judge, options: { contextExtractor: (input, output) => [String(input.inputMessages.length), String(output.length)], penalties: { missingContextPerItem: 0.2 } } }),
  createContextRecallScorer({ model: 'openai/gpt-4o-mini', options: { context: ['a'] } }),
];
void contextScorers;
// Bias and toxicity: the 1.10.2 factories with their option types.
import { createBiasScorer, createToxicityScorer, type BiasMetricOptions, type ToxicityMetricOptions } from 'evals-wasm/scorers';
const biasOptions: BiasMetricOptions = { scale: 1 };
const toxicityOptions: ToxicityMetricOptions = { scale: 2 };
const biasScorer = createBiasScorer({ model: judge, options: biasOptions });
const toxicityScorer = createToxicityScorer({ model: 'openai/gpt-4o-mini', options: toxicityOptions });
export const moreScorers: MastraScorer<any, any, any, any>[] = [biasScorer, toxicityScorer, createBiasScorer({ model: judge })];
export const evalAgent = new Agent({ id: 'checked', name: 'checked', instructions: 'Write.', model: judge, scorers: { bias: { scorer: biasScorer }, toxicity: { scorer: toxicityScorer } } });

// Answer relevancy and faithfulness, with the options and constants of @mastra/evals 1.10.2.
const relevancy = createAnswerRelevancyScorer({ model: judge, options: DEFAULT_OPTIONS });
const faithfulnessOptions: FaithfulnessMetricOptions = { context: ['a fact'], scale: 1 };
const faithfulness = createFaithfulnessScorer({ model: 'openai/gpt-4o-mini', options: faithfulnessOptions });
export const relevancyScorers: MastraScorer<any, any, any, any>[] = [relevancy, faithfulness, createFaithfulnessScorer({ model: judge }), createAnswerRelevancyScorer({ model: judge, options: { uncertaintyWeight: 0.5 } })];
export const instructions: string = ANSWER_RELEVANCY_AGENT_INSTRUCTIONS;
export async function evaluateRelevancy() {
  const run = await relevancy.run({ input: 'q', output: 'a' });
  const result: string = run.analyzeStepResult?.results[0]?.result ?? '';
  const statements: string[] = run.preprocessStepResult?.statements ?? [];
  const verdict: string = (await faithfulness.run({ input: 'q', output: 'a' })).analyzeStepResult?.verdicts[0]?.verdict ?? '';
  return { result, statements, verdict };
}
// @ts-expect-error: the context is a list of strings
createFaithfulnessScorer({ model: judge, options: { context: 'a fact' } });

// Prompt alignment, summarization and the summary family.
import {
  createPromptAlignmentScorerLLM, createSummarizationScorer, createFactualConsistencyScorer, createFactualAlignmentScorer, createTopicPreservationScorer,
  type PromptAlignmentOptions, type SummarizationMetricOptions,
} from 'evals-wasm/scorers';
const summaryScorers: MastraScorer<any, any, any, any>[] = [
  createPromptAlignmentScorerLLM({ model: judge, options: { evaluationMode: 'system', includeConversationHistory: { maxMessages: 4 } } }),
  createSummarizationScorer({ model: 'openai/gpt-4o-mini', options: { maxQuestions: 5, sourceExtractor: () => 'source' } }),
  createFactualConsistencyScorer({ model: judge, options: { customInstruction: 'x' } }),
  createFactualAlignmentScorer({ model: judge }),
  createTopicPreservationScorer({ model: judge }),
];
export async function summaryRuns() {
  const pa = await createPromptAlignmentScorerLLM({ model: judge }).run({ input: 'q', output: 'a' });
  const intent: number | undefined = pa.analyzeStepResult?.intentAlignment.score;
  const sum = await createSummarizationScorer({ model: judge }).run({ input: 'q', output: 'a' });
  const supported: boolean | undefined = sum.preprocessStepResult?.alignment[0]?.supported;
  const answered: boolean | undefined = sum.analyzeStepResult?.coverage[0]?.answered;
  return { intent, supported, answered, summaryScorers };
}
// @ts-expect-error: evaluationMode is user, system or both
export const wrongMode: PromptAlignmentOptions = { evaluationMode: 'assistant' };
export const questions: SummarizationMetricOptions = { maxQuestions: 3 };

// Answer similarity and noise sensitivity.
import {
  createAnswerSimilarityScorer, createNoiseSensitivityScorerLLM, ANSWER_SIMILARITY_DEFAULT_OPTIONS, ANSWER_SIMILARITY_INSTRUCTIONS,
  type AnswerSimilarityOptions, type NoiseSensitivityOptions,
} from 'evals-wasm/scorers';
import { createAnswerSimilarityScorer as earlySimilarity, createNoiseSensitivityScorerLLM as earlyNoise } from 'evals-wasm/scorers/llm';
const similarityDefaults: Required<Omit<AnswerSimilarityOptions, 'timeoutMs' | 'maxAnswerTokens'>> = ANSWER_SIMILARITY_DEFAULT_OPTIONS;
const similarityInstructions: string = ANSWER_SIMILARITY_INSTRUCTIONS;
const noiseOptions: NoiseSensitivityOptions = { baselineResponse: '40 km.', noisyQuery: 'How long? Herons are grey.', noiseType: 'distractors', scoring: { impactWeights: { severe: 0 }, penalties: { maxMajorIssuePenalty: 0.5 }, discrepancyThreshold: 0.1 } };
const similarityScorers: MastraScorer<any, any, any, any>[] = [
  createAnswerSimilarityScorer({ model: judge }),
  createAnswerSimilarityScorer({ model: 'openai/gpt-4o-mini', options: { ...similarityDefaults, requireGroundTruth: false, timeoutMs: 5000 } }),
  createNoiseSensitivityScorerLLM({ model: judge, options: noiseOptions }),
  earlySimilarity({ model: judge, options: { scale: 10 } }),
  earlyNoise({ model: judge, options: noiseOptions }),
];
export async function similarityRuns() {
  const s = await createAnswerSimilarityScorer({ model: judge }).run({ input: 'q', output: 'a', groundTruth: 'b' });
  const units: string[] = s.preprocessStepResult?.groundTruthUnits ?? [];
  const matchType: 'exact' | 'semantic' | 'partial' | 'missing' | undefined = s.analyzeStepResult?.matches[0]?.matchType;
  const outputUnit: string | null | undefined = s.analyzeStepResult?.matches[0]?.outputUnit;
  const n = await createNoiseSensitivityScorerLLM({ model: judge, options: noiseOptions }).run({ input: 'q', output: 'a' });
  const level: string | undefined = n.analyzeStepResult?.dimensions[0]?.impactLevel;
  const robustness: number | undefined = n.analyzeStepResult?.robustnessScore;
  return { units, matchType, outputUnit, level, robustness, similarityScorers, similarityInstructions };
}
// @ts-expect-error: noisyQuery is required
createNoiseSensitivityScorerLLM({ model: judge, options: { baselineResponse: 'x' } });
// @ts-expect-error: the options of noise sensitivity are required
createNoiseSensitivityScorerLLM({ model: judge });
// @ts-expect-error: semanticThreshold is a number
export const wrongThreshold: AnswerSimilarityOptions = { semanticThreshold: 'high' };

// evaluateMany (the root entry) takes a Mastra scorer as its metric.
import { evaluateMany } from 'evals-wasm';
import { createCompletenessScorer as completenessScorerForBatch } from 'evals-wasm/scorers';
const scorerBatch = evaluateMany(completenessScorerForBatch(), [{ input: 'a b', output: 'a', groundTruth: 'a b' }], { concurrency: 2 });
void scorerBatch.then(({ results }) => results.map((r) => ('score' in r ? r.score.toFixed(2) : String(r.error))));

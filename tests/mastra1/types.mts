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

// Type test (tsc --noEmit): the public declarations against @mastra/core's legacy Metric API.
import type { Metric, MetricResult } from '@mastra/core/eval';
import { CompletenessMetric as FromNlp } from 'evals-wasm/nlp';
import { CompletenessMetric, type CompletenessMetricResult } from 'evals-wasm';

// A CompletenessMetric can go wherever Mastra expects a Metric.
const asMetric: Metric = new CompletenessMetric();
const fromNlp: Metric = new FromNlp({ ignoreStopwords: true });

// The result has Mastra's shape, field for field.
async function shape(): Promise<void> {
  const result: CompletenessMetricResult = await new CompletenessMetric().measure('a', 'b');
  const asMastra: MetricResult = result;
  const score: number = result.score;
  const input: string[] = result.info.inputElements;
  const output: string[] = result.info.outputElements;
  const missing: string[] = result.info.missingElements;
  const counts: { input: number; output: number } = result.info.elementCounts;
  void [asMastra, score, input, output, missing, counts, asMetric, fromNlp];
}
void shape;

// The language option: a code, "auto", and info.language.
import { KeywordCoverageMetric as Keywords, type Language } from 'evals-wasm/nlp';
async function languages(): Promise<void> {
  const german = await new FromNlp({ language: 'de', ignoreStopwords: true }).measure('a', 'b');
  const language: Language | undefined = german.info.language;
  const keywords = await new Keywords({ language: 'auto' }).measure('a', 'b');
  const keywordLanguage: Language | undefined = keywords.info.language;
  void [language, keywordLanguage];
}
void languages;

// Misuse is a type error.
// @ts-expect-error ignoreStopwords is a boolean
new CompletenessMetric({ ignoreStopwords: 'yes' });
// @ts-expect-error not a language of the option
new CompletenessMetric({ language: 'xx' });
// @ts-expect-error "auto" is an option value, never a measured language
const measured: Language = 'auto';
void measured;
// @ts-expect-error measure takes two strings
void new CompletenessMetric().measure('only one');
// @ts-expect-error no such element list
void (async () => (await new CompletenessMetric().measure('a', 'b')).info.nouns)();

// LLM metrics: an AI SDK model (spec v2, from @ai-sdk/openai 2) and a callback both type-check.
import { openai } from '@ai-sdk/openai';
import { HallucinationMetric, EvalsError, type HallucinationMetricResult } from 'evals-wasm/llm';

const judged: Metric = new HallucinationMetric(openai('gpt-4o-mini'), { context: ['Paris is in France.'] });
const viaCallback = new HallucinationMetric(async (prompt, { signal }) => `${prompt.length}${signal ? '' : '!'}`, {
  context: [],
  strategy: 'claims',
  timeoutMs: 5000,
});
async function llmShape(): Promise<void> {
  const r: HallucinationMetricResult = await viaCallback.measure({ input: 'q', output: 'a' }, { signal: AbortSignal.timeout(10) });
  const reason: string = r.info.reason;
  const calls: number = r.info.modelCalls;
  const repeats: number | undefined = r.info.repeatsDropped;
  const odd: number | undefined = r.info.unknownWords;
  void [repeats, odd];
  const contradicted: boolean | undefined = r.info.statements?.[0]?.contradicted;
  try {
    await viaCallback.measure('q', 'a');
  } catch (e) {
    if (e instanceof EvalsError && e.code === 'EVALS_UNREADABLE_ANSWER') void e.raw?.length;
    // Every code the package throws compares without a type error (README tells scorer users to check EVALS_INVALID_RUN).
    if (e instanceof EvalsError && (e.code === 'EVALS_INVALID_RUN' || e.code === 'EVALS_INVALID_MODEL' || e.code === 'EVALS_INVALID_LINE')) void e.message;
    // @ts-expect-error a code the package never throws
    if (e instanceof EvalsError && e.code === 'EVALS_NOT_A_CODE') void e.message;
  }
  void [reason, calls, contradicted, judged];
}
void llmShape;
// @ts-expect-error the context is required
new HallucinationMetric(openai('gpt-4o-mini'), {});
// @ts-expect-error a strategy is one of two names
new HallucinationMetric(openai('gpt-4o-mini'), { context: [], strategy: 'other' });

// Coverage: the metric and the Python-style function.
import { CoverageMetric, evaluateSummary, type CoverageMetricResult, type EvaluateSummaryResult } from 'evals-wasm/llm';

const coverage: Metric = new CoverageMetric(openai('gpt-4o-mini'), { verbose: true, customInstruction: 'Keep numbers.' });
async function coverageShape(): Promise<void> {
  const r: CoverageMetricResult = await new CoverageMetric(async () => '{}').measure('source', 'summary');
  const counts: [number, number] = [r.info.referenceClaimsCount, r.info.claimsInSummaryCount];
  const first: boolean | undefined = r.info.claimsAnalysis?.[0]?.isCovered;
  const python: EvaluateSummaryResult = await evaluateSummary('source', 'summary', { metrics: ['coverage'], model: openai('gpt-4o-mini'), verbose: true });
  const isCovered: boolean | undefined = python.claims_analysis?.[0]?.is_covered;
  void [counts, first, python.coverage, isCovered, coverage];
}
void coverageShape;
// @ts-expect-error evaluateSummary needs a model
void evaluateSummary('a', 'b', { metrics: ['coverage'] });

// The built-in model.
import { openaiCompatible } from 'evals-wasm/llm';
const builtIn = openaiCompatible({ baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3.1', timeoutMs: 30_000, maxRetries: 3 });
const viaBuiltIn: Metric = new HallucinationMetric(builtIn, { context: ['x'] });
void viaBuiltIn;
// @ts-expect-error the model name is required
openaiCompatible({ baseURL: 'http://127.0.0.1:11434/v1' });

// The other four model-free metrics are Metrics too, with their `info` fields typed.
import {
  ContentSimilarityMetric, KeywordCoverageMetric, TextualDifferenceMetric, ToneConsistencyMetric,
} from 'evals-wasm/nlp';
const nlpMetrics: Metric[] = [
  new ContentSimilarityMetric({ ignoreCase: false }), new KeywordCoverageMetric(),
  new TextualDifferenceMetric(), new ToneConsistencyMetric(),
];
async function nlpShapes(): Promise<void> {
  const similarity: number = (await new ContentSimilarityMetric().measure('a', 'b')).info.similarity;
  const total: number = (await new KeywordCoverageMetric().measure('a', 'b')).info.totalKeywords;
  const changes: number = (await new TextualDifferenceMetric().measure('a', 'b')).info.changes;
  const tone = (await new ToneConsistencyMetric().measure('a')).info;
  const variance: number | undefined = 'sentimentVariance' in tone ? tone.sentimentVariance : undefined;
  void [similarity, total, changes, variance, nlpMetrics];
}
void nlpShapes;
// @ts-expect-error ignoreCase is a boolean
new ContentSimilarityMetric({ ignoreCase: 'no' });

// The context classes of @mastra/evals 0.14.4.
import { ContextPrecisionMetric, ContextPositionMetric, ContextRelevancyMetric, ContextualRecallMetric, type ContextMetricResult } from 'evals-wasm/llm';
const contextClasses: Metric[] = [
  new ContextPrecisionMetric(openai('gpt-4o-mini'), { context: ['a'], scale: 10 }),
  new ContextPositionMetric(openai('gpt-4o-mini'), { context: ['a'] }),
  new ContextRelevancyMetric(openai('gpt-4o-mini'), { context: ['a'], reason: false }),
  new ContextualRecallMetric(openai('gpt-4o-mini'), { context: ['a'] }),
];
const contextResult: Promise<ContextMetricResult> = new ContextPrecisionMetric(openai('gpt-4o-mini'), { context: ['a'] }).measure('q', 'a');
void contextClasses;
void contextResult;
// Bias and toxicity: the 0.14.4 constructors (model, { scale }?) and result shapes.
import { BiasMetric, ToxicityMetric, type BiasMetricOptions, type ToxicityMetricResult } from 'evals-wasm/llm';
const biasOptions: BiasMetricOptions = { scale: 1 };
const bias: Metric = new BiasMetric(openai('gpt-4o-mini'), biasOptions);
const toxicity = new ToxicityMetric(async () => '{}');
async function biasShapes(): Promise<void> {
  const t: ToxicityMetricResult = await toxicity.measure('q', 'a');
  const toxic: boolean | undefined = t.info.sentences[0]?.toxic;
  const b = await new BiasMetric(openai('gpt-4o-mini'), { reason: false }).measure({ input: 'q', output: 'a' });
  void [toxic, b.info.opinions[0]?.biased, b.info.reason, bias];
}
void biasShapes;

// Answer relevancy and faithfulness, with the option objects of @mastra/evals 0.14.4.
import { AnswerRelevancyMetric, FaithfulnessMetric, type AnswerRelevancyMetricResult, type FaithfulnessMetricResult } from 'evals-wasm/llm';
const relevant: Metric = new AnswerRelevancyMetric(openai('gpt-4o-mini'));
const weighted = new AnswerRelevancyMetric(openai('gpt-4o-mini'), { uncertaintyWeight: 0.5, scale: 10, reason: false });
const faithful: Metric = new FaithfulnessMetric(openai('gpt-4o-mini'), { context: ['Paris is in France.'], scale: 5 });
async function relevancyShape(): Promise<void> {
  const r: AnswerRelevancyMetricResult = await weighted.measure('q', 'a');
  const verdict: 'yes' | 'unsure' | 'no' | undefined = r.info.verdicts[0]?.verdict;
  const f: FaithfulnessMetricResult = await new FaithfulnessMetric(async () => '{}', { context: [] }).measure('q', 'a');
  const claim: string | undefined = f.info.claims[0]?.claim;
  void [verdict, claim, relevant, faithful, r.info.reason, f.info.modelCalls];
}
void relevancyShape;
// @ts-expect-error faithfulness needs its options, with a context
new FaithfulnessMetric(openai('gpt-4o-mini'));
// @ts-expect-error the uncertainty weight is a number
new AnswerRelevancyMetric(openai('gpt-4o-mini'), { uncertaintyWeight: 'high' });

// Prompt alignment, summarization and the summary family (evals-wasm/llm).
import {
  PromptAlignmentMetric, SummarizationMetric, FactualConsistencyMetric, FactualAlignmentMetric, TopicPreservationMetric,
  type PromptAlignmentMetricResult, type SummarizationMetricResult,
} from 'evals-wasm/llm';
const catalogue: Metric[] = [
  new PromptAlignmentMetric(openai('gpt-4o-mini'), { instructions: ['Be brief.'], scale: 1 }),
  new SummarizationMetric(openai('gpt-4o-mini')),
  new SummarizationMetric(openai('gpt-4o-mini'), { coverage: 'claims' }),
  new FactualConsistencyMetric(openai('gpt-4o-mini'), { verbose: true }),
  new FactualAlignmentMetric(openai('gpt-4o-mini'), { customInstruction: 'Numbers matter.' }),
  new TopicPreservationMetric(openai('gpt-4o-mini')),
];
async function catalogueShapes(): Promise<void> {
  const pa: PromptAlignmentMetricResult = await new PromptAlignmentMetric(openai('gpt-4o-mini'), { instructions: [] }).measure('i', 'o');
  const followed: number = pa.info.scoreDetails.followedInstructions;
  const sum: SummarizationMetricResult = await new SummarizationMetric(openai('gpt-4o-mini')).measure('s', 't');
  const axes: [number, number] = [sum.info.alignmentScore, sum.info.coverageScore];
  const fc = await new FactualConsistencyMetric(openai('gpt-4o-mini')).measure('s', 't');
  const unsupported: number = fc.info.unsupportedClaimsCount;
  const fa = await new FactualAlignmentMetric(openai('gpt-4o-mini')).measure('s', 't');
  const halves: [number, number] = [fa.info.coverage, fa.info.factualConsistency];
  const tp = await new TopicPreservationMetric(openai('gpt-4o-mini'), { verbose: true }).measure('s', 't');
  const missingTopics: string[] | undefined = tp.info.missingTopics;
  const python = await evaluateSummary('s', 't', { model: openai('gpt-4o-mini'), metrics: ['factual_alignment', 'topic_preservation'], customInstruction: { topic_preservation: 'x' } });
  const f1: number | undefined = python.factual_alignment;
  void [followed, axes, unsupported, halves, missingTopics, f1, catalogue];
}
void catalogueShapes;
// @ts-expect-error the instructions are required
new PromptAlignmentMetric(openai('gpt-4o-mini'), {});
// @ts-expect-error coverage is "questions" or "claims"
new SummarizationMetric(openai('gpt-4o-mini'), { coverage: 'topics' });

// evaluateMany with several metrics: the run record and result lines of docs/runs.md.
import { evaluateMany, type RunRecord, type RunResultLine } from 'evals-wasm';
async function runOfSeveral(): Promise<void> {
  const items = [{ input: 'a', output: 'b', id: 1 }];
  const { record, results } = await evaluateMany(items, { completeness: new CompletenessMetric(), similarity: new ContentSimilarityMetric() }, {
    concurrency: 2,
    onResult: (lines: RunResultLine[], index: number) => void [lines, index],
    run: { input: 'data.jsonl' },
  });
  const asRecord: RunRecord = record;
  const direction: 'higher' | 'lower' = record.metrics.completeness.direction;
  const key: string = results[0].key;
  const listed = await evaluateMany(items, [new CompletenessMetric(), new ContentSimilarityMetric()]);
  const one = await evaluateMany(new CompletenessMetric(), items);
  const mean: number | null = one.summary.mean;
  void [asRecord, direction, key, listed.record.format, mean];
}
void runOfSeveral;

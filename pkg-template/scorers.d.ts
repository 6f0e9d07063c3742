// `evals-wasm/scorers`: Mastra 1.x scorers over the evals-wasm engine (a drop-in for
// `@mastra/evals/scorers/prebuilt`). Needs @mastra/core 1.x.
import type { MastraScorer, ScorerRunInputForAgent, ScorerRunOutputForAgent } from '@mastra/core/evals';
import type { MastraModelConfig } from '@mastra/core/llm';
import type { JudgeModel, Language } from './index.js';

export { EvalsError, openaiCompatible, OpenAICompatibleOptions, OpenAICompatibleModel, JudgeModel, JudgeCallback, LanguageModelLike, Language } from './index.js';
export { scorersWithCassette as withCassette, CassetteOptions, CassetteMode, CassetteStore, CassetteEntry, MastraModelConfigLike } from './models/cassette.js';
// Mastra 1.x experiments as runs, and runs as experiments (docs/mastra-experiments.md).
export { readExperiment, writeExperiment, experimentLines, ExperimentLine, ReadExperimentOptions, WriteExperimentOptions, WriteExperimentResult, Run, RunRecord, RunResult, RunResultError, RunMetricRecord } from './mastra/experiments.js';

/** The run input an LLM scorer reads: the agent shape, `ModelMessage[]`, a string, `{ prompt }` or `{ text }`. */
export type ScorerRunInputForLLMJudge =
  | ScorerRunInputForAgent
  | string
  | unknown[]
  | { inputMessages?: unknown[]; messages?: unknown[]; prompt?: string; text?: string; content?: unknown; [key: string]: unknown };

/** The run output an LLM scorer reads: agent messages, `ModelMessage[]`, a string or `{ text }`. */
export type ScorerRunOutputForLLMJudge = ScorerRunOutputForAgent | string | unknown[] | { text?: string; content?: unknown; role?: string; [key: string]: unknown };

/** A judge model: anything Mastra 1.x scorers take, or one of this package's models. */
export type ScorerModel = MastraModelConfig | JudgeModel;

/** What `createCompletenessScorer` stores in `preprocessStepResult`. */
export interface CompletenessPreprocessResult {
  inputElements: string[];
  outputElements: string[];
  missingElements: string[];
  elementCounts: { input: number; output: number };
  /** The language measured in; present unless `language` is left at `"en"`. */
  language?: Language;
}

/** Options of `createCompletenessScorer` and `createKeywordCoverageScorer`. */
export interface LanguageScorerOptions {
  /** The texts' language: `"en"` (default, as @mastra/evals 1.x), a stemmed language, or `"auto"`. */
  language?: Language | 'auto';
}

/**
 * Completeness of the output against the input (no model); the same scorer as @mastra/evals 1.x.
 * @throws {TypeError} when `language` is not a known code.
 */
export declare function createCompletenessScorer(options?: LanguageScorerOptions): MastraScorer<
  'completeness-scorer',
  ScorerRunInputForAgent,
  ScorerRunOutputForAgent,
  Record<'preprocessStepResult', CompletenessPreprocessResult> & Record<'generateScoreStepResult', number>
>;

/** Arguments of `getContext`: the run, the results so far, the score (in generateReason) and the step. */
export interface GetContextParams {
  run: { input?: ScorerRunInputForLLMJudge; output: ScorerRunOutputForLLMJudge; runId?: string; requestContext?: Record<string, any>; [key: string]: unknown };
  results: Record<string, any>;
  score?: number;
  step: 'analyze' | 'generateReason';
}
export type GetContextFn = (params: GetContextParams) => string[] | Promise<string[]>;

export interface HallucinationScorerOptions {
  /** Maximum score (default 1). */
  scale?: number;
  /** The facts the output is checked against. */
  context?: string[];
  /** The context, computed per run (called before the analyze and generateReason steps). */
  getContext?: GetContextFn;
  /** "claims" (default, as @mastra/evals 1.x): the output's claims the context does not back; "statements": the context's statements the output contradicts. */
  strategy?: 'claims' | 'statements';
  /**
   * Time limit in milliseconds for each scorer step's model work (all its requests, retries
   * included); past it the step fails with an `EvalsError` of code "EVALS_TIMEOUT" (the cause of
   * the run's `ScorerRunError`). No limit by default.
   */
  timeoutMs?: number;
  /** The longest answer of any model call, in tokens (32 to 1,000,000); by default each step's own bound. */
  maxAnswerTokens?: number;
  /** Runs the judging steps this many times (1 to 20, default 1) over one extraction; the score is the mean (docs/sampling.md). */
  samples?: number;
}
/** The same name as in @mastra/evals 1.x. */
export type HallucinationMetricOptions = HallucinationScorerOptions;

/** One verdict of `analyzeStepResult.verdicts`: `verdict` "yes" counts towards the score. */
export interface HallucinationVerdict {
  statement: string;
  verdict: string;
  reason: string;
  /** Claims strategy: "supported", "unsupported" or "contradicted". */
  support?: string;
}

/** The hallucination scorer: model-judged, scored by code (0 = no hallucination, `scale` = all). */
export declare function createHallucinationScorer(config: { model: ScorerModel; options?: HallucinationScorerOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'preprocessStepResult', { claims: string[] }> &
    Record<'analyzeStepResult', { verdicts: HallucinationVerdict[] }> &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

export interface CoverageScorerOptions {
  /** Maximum score (default 1). */
  scale?: number;
  /** Extra guidance for claim extraction and verdicts, e.g. "ignore dates". */
  customInstruction?: string;
  /**
   * Output token limit per model request (256 to 1,000,000): requests are sized to fit it, and
   * when given it is sent with each (as CoverageMetric's). Left out: sized for 4096, none sent.
   */
  maxOutputTokens?: number;
  /** Runs the judging steps this many times (1 to 20, default 1) over one extraction; the score is the mean (docs/sampling.md). */
  samples?: number;
  /**
   * Time limit in milliseconds for each scorer step's model work (all its requests, retries
   * included); past it the step fails with an `EvalsError` of code "EVALS_TIMEOUT" (the cause of
   * the run's `ScorerRunError`). No limit by default.
   */
  timeoutMs?: number;
}

/** The coverage scorer: the share of the input's (source's) claims the output (summary) keeps. */
export declare function createCoverageScorer(config: { model: ScorerModel; options?: CoverageScorerOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'preprocessStepResult', { claims: string[] }> &
    Record<'analyzeStepResult', { claimsAnalysis: { claim: string; isCovered: boolean; reason: string }[]; unjudged?: string[]; reason: string }> &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

/** The run input of the model-free scorers: the agent shape, `ModelMessage[]`, a string or one message. */
export type ScorerRunInputForCode = ScorerRunInputForAgent | ScorerRunInputForLLMJudge;
/** The run output of the model-free scorers: agent messages, `ModelMessage[]`, a string or one message. */
export type ScorerRunOutputForCode = ScorerRunOutputForAgent | ScorerRunOutputForLLMJudge;

/** Options of `createContentSimilarityScorer`; without an options object both are true, else a missing one is false (as in 1.x). */
export interface ContentSimilarityScorerOptions {
  /** Compare lower-cased texts. */
  ignoreCase?: boolean;
  /** Collapse runs of white space and trim (stored in the preprocess result; the score ignores white space anyway). */
  ignoreWhitespace?: boolean;
}

/** Content similarity of output and input (Dice coefficient of character bigrams, 0 to 1); as @mastra/evals 1.x. */
export declare function createContentSimilarityScorer(options?: ContentSimilarityScorerOptions): MastraScorer<
  'content-similarity-scorer',
  ScorerRunInputForCode,
  ScorerRunOutputForCode,
  Record<'preprocessStepResult', { processedInput: string; processedOutput: string }> & Record<'generateScoreStepResult', number>
>;

/**
 * What `createKeywordCoverageScorer` stores in `preprocessStepResult`: arrays where 1.x stores
 * Sets. For two empty texts, 1.x's shape `{ result: { referenceKeywords: [], responseKeywords: [] } }`.
 */
export type KeywordCoveragePreprocessResult =
  | { referenceKeywords: string[]; responseKeywords: string[]; language?: Language }
  | { result: { referenceKeywords: string[]; responseKeywords: string[] } };

/**
 * The share of the input's keywords found in the output (1 when the input has none); as
 * @mastra/evals 1.x. In another language the keywords are Snowball stems.
 * @throws {TypeError} when `language` is not a known code.
 */
export declare function createKeywordCoverageScorer(options?: LanguageScorerOptions): MastraScorer<
  'keyword-coverage-scorer',
  ScorerRunInputForCode,
  ScorerRunOutputForCode,
  Record<'preprocessStepResult', KeywordCoveragePreprocessResult> &
    Record<'analyzeStepResult', { totalKeywordsLength: number; matchedKeywordsLength: number }> &
    Record<'generateScoreStepResult', number>
>;

/** What `createTextualDifferenceScorer` stores in `preprocessStepResult`. */
export interface TextualDifferencePreprocessResult {
  /** `2 × LCS / (length of both)`: the score. */
  ratio: number;
  /** `1 − lengthDiff`. */
  confidence: number;
  /** Words changed. */
  changes: number;
  /** `|m − n| / max(m, n)`. */
  lengthDiff: number;
}

/** How much output and input share as character sequences (0 to 1); as @mastra/evals 1.x. */
export declare function createTextualDifferenceScorer(): MastraScorer<
  'textual-difference-scorer',
  ScorerRunInputForCode,
  ScorerRunOutputForCode,
  Record<'preprocessStepResult', TextualDifferencePreprocessResult> & Record<'generateScoreStepResult', number>
>;

/** Options of `createToneScorer`. */
export interface ToneScorerOptions {
  /** A text whose sentiment the output's is compared with; without it, the output's sentences are compared. */
  referenceTone?: string;
}

/** What `createToneScorer` stores in `preprocessStepResult` (the first shape with `referenceTone`). */
export type TonePreprocessResult =
  | { score: number; responseSentiment: number; referenceSentiment: number; difference: number }
  | { score: number; avgSentiment: number; sentimentVariance: number };

/** Tone (AFINN-165 sentiment) of the output: against `referenceTone`, or its steadiness; as @mastra/evals 1.x. */
export declare function createToneScorer(config?: ToneScorerOptions): MastraScorer<
  'tone-scorer',
  ScorerRunInputForCode,
  ScorerRunOutputForCode,
  Record<'preprocessStepResult', TonePreprocessResult> & Record<'generateScoreStepResult', number>
>;

// --- The code scorers for tools and trajectories, and the checks (as `evals-wasm/checks`). ---
import type { ExpectedStep, Trajectory, TrajectoryComparisonOptions, TrajectoryExpectation } from '@mastra/core/evals';
import type {
  ToolCallInfo,
  TrajectoryBlacklistResult,
  TrajectoryComparisonResult,
  TrajectoryEfficiencyResult,
  ToolFailureAnalysisResult,
} from './scorers-utils.js';

export * from './checks.js';

/**
 * Whether the agent called the expected tool (or tools in the expected order); 1 or 0, no model.
 * @throws {Error} when neither `expectedTool` nor `expectedToolOrder` is given.
 */
export declare function createToolCallAccuracyScorerCode(options: { expectedTool?: string; strictMode?: boolean; expectedToolOrder?: string[] }): MastraScorer<
  'code-tool-call-accuracy-scorer',
  ScorerRunInputForAgent,
  ScorerRunOutputForAgent,
  Record<
    'preprocessStepResult',
    {
      expectedTool: string | undefined;
      actualTools: string[];
      strictMode: boolean;
      expectedToolOrder: string[] | undefined;
      hasToolCalls: boolean;
      correctToolCalled: boolean;
      toolCallInfos: ToolCallInfo[];
      correctOrderCalled: boolean | null;
    }
  > &
    Record<'generateScoreStepResult', number>
>;

/** How a trajectory compares with the expected steps (of the options or of the dataset item). */
export declare function createTrajectoryAccuracyScorerCode(options?: {
  expectedTrajectory?: Trajectory | ExpectedStep[];
  comparisonOptions?: TrajectoryComparisonOptions;
}): MastraScorer<
  'code-trajectory-accuracy-scorer',
  ScorerRunInputForAgent,
  Trajectory,
  Record<
    'preprocessStepResult',
    {
      actualTrajectory: Trajectory;
      expectedTrajectory: { steps: ExpectedStep[] } | undefined;
      comparison: TrajectoryComparisonResult | undefined;
      actualStepNames: string[];
      expectedStepNames: string[];
      error?: string;
    }
  > &
    Record<'generateScoreStepResult', number>
>;

/** A nested step's evaluation in `createTrajectoryScorerCode`. */
export type NestedEvaluationResult = {
  stepName: string;
  score: number;
  accuracy?: TrajectoryComparisonResult;
  efficiency?: TrajectoryEfficiencyResult;
  blacklist?: TrajectoryBlacklistResult;
  toolFailures?: ToolFailureAnalysisResult;
  nested?: NestedEvaluationResult[];
};
/** What `createTrajectoryScorerCode` finds. */
export type TrajectoryScoreResult = Omit<NestedEvaluationResult, 'stepName'>;
/** The weights of the dimensions (defaults 0.4, 0.3, 0.2, 0.1). */
export interface TrajectoryScoreWeights {
  accuracy?: number;
  efficiency?: number;
  toolFailures?: number;
  blacklist?: number;
}
/** Options of `createTrajectoryScorerCode`. */
export interface TrajectoryScorerCodeOptions {
  /** The expectation of every item (an item's own fields win). */
  defaults?: TrajectoryExpectation;
  weights?: TrajectoryScoreWeights;
}
/** A trajectory scored on accuracy, efficiency, forbidden steps and tool failures, with a reason. */
export declare function createTrajectoryScorerCode(options?: TrajectoryScorerCodeOptions): MastraScorer<
  'code-trajectory-scorer',
  ScorerRunInputForAgent,
  Trajectory,
  Record<
    'preprocessStepResult',
    {
      accuracy: TrajectoryComparisonResult | undefined;
      efficiency: TrajectoryEfficiencyResult | undefined;
      blacklist: TrajectoryBlacklistResult | undefined;
      toolFailures: ToolFailureAnalysisResult;
      nested: NestedEvaluationResult[] | undefined;
      config: TrajectoryExpectation;
    }
  > &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

/** Options of the 1.x context scorers: a context, or a function that finds it in an agent run. */
export interface ContextScorerOptions {
  /** Maximum score (default 1; 0 also means 1, as in 1.10.2). */
  scale?: number;
  /** The retrieved context pieces, in retrieval order (not empty when given). */
  context?: string[];
  /** The context of an agent run (called only for agent-shaped runs, as in 1.10.2). */
  contextExtractor?: (input: ScorerRunInputForAgent, output: ScorerRunOutputForAgent) => string[] | Promise<string[]>;
  /** Time limit in milliseconds for each scorer step's model work. */
  timeoutMs?: number;
  /** The longest answer of any model call, in tokens (32 to 1,000,000). */
  maxAnswerTokens?: number;
  /** Runs the judging steps this many times (1 to 20, default 1) over one extraction; the score is the mean (docs/sampling.md). */
  samples?: number;
}
/** Options of `createBiasScorer` and `createToxicityScorer` (as in @mastra/evals 1.x, plus this package's limits). */
export interface BiasMetricOptions {
  /** The maximum score; 0 or left out is 1, as `scale || 1` in the original. */
  scale?: number;
  /** The longest one step may take, model calls included, in milliseconds. */
  timeoutMs?: number;
  /** The longest answer of any model call, in tokens (32 to 1,000,000). */
  maxAnswerTokens?: number;
}
export interface ContextRelevanceOptions extends ContextScorerOptions {
  /** The penalty numbers (defaults 0.1, 0.15 and 0.5). */
  penalties?: { unusedHighRelevanceContext?: number; missingContextPerItem?: number; maxMissingContextPenalty?: number };
}
/** The same names as in @mastra/evals 1.x. */
export type ContextPrecisionMetricOptions = ContextScorerOptions;
export type ContextRecallMetricOptions = ContextScorerOptions;

type ContextSteps<P, A> = Record<'preprocessStepResult', P> & Record<'analyzeStepResult', A> & Record<'generateScoreStepResult', number> & Record<'generateReasonStepResult', string>;

/** Mean average precision of the context pieces useful for the expected output × scale. */
export declare function createContextPrecisionScorer(config: { model: ScorerModel; options: ContextScorerOptions }): MastraScorer<
  string, ScorerRunInputForLLMJudge, ScorerRunOutputForLLMJudge,
  ContextSteps<undefined, { verdicts: { context_index: number; verdict: string; reason: string }[] }>
>;
/** Relevance levels and use of each context piece, less penalties × scale. */
export declare function createContextRelevanceScorerLLM(config: { model: ScorerModel; options: ContextRelevanceOptions }): MastraScorer<
  string, ScorerRunInputForLLMJudge, ScorerRunOutputForLLMJudge,
  ContextSteps<undefined, {
    evaluations: { context_index: number; contextPiece: string; relevanceLevel: 'high' | 'medium' | 'low' | 'none'; wasUsed: boolean; reasoning: string }[];
    missingContext: string[];
    overallAssessment: string;
  }>
>;
/** The share of the ground truth's claims the context supports × scale. */
export declare function createContextRecallScorer(config: { model: ScorerModel; options: ContextScorerOptions }): MastraScorer<
  string, ScorerRunInputForLLMJudge, ScorerRunOutputForLLMJudge,
  ContextSteps<{ claims: string[] }, { verdicts: { verdict: string; reason: string }[] }>
>;
export type ToxicityMetricOptions = BiasMetricOptions;

/** The bias scorer: biased opinions / opinions × scale, judged by a model and scored by code. */
export declare function createBiasScorer(config: { model: ScorerModel; options?: BiasMetricOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'preprocessStepResult', { opinions: string[] }> &
    Record<'analyzeStepResult', { results: { result: string; reason: string; opinion?: string }[] }> &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

/** The toxicity scorer: toxic sentences / sentences × scale (1 when there is none), judged by a model and scored by code. */
export declare function createToxicityScorer(config: { model: ScorerModel; options?: ToxicityMetricOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'analyzeStepResult', { verdicts: { verdict: string; reason: string; sentence?: string }[] }> &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

// --- The agent judges: rubric, multi-turn, tool-call accuracy, trajectory accuracy (LLM). ---

/** What every agent judge takes besides its own keys: a time limit per model call and an answer limit. */
export interface AgentJudgeOptions {
  /** Each model call's time limit, in milliseconds (EVALS_TIMEOUT when over). */
  timeoutMs?: number;
  /** The longest answer of any request, in tokens (at least 32). */
  maxAnswerTokens?: number;
}

/** A criterion of a rubric. */
export interface RubricCriterion {
  /** An identifier of your own (not sent to the judge). */
  id?: string;
  /** What the output must do, e.g. "Includes a summary table". */
  description: string;
  /** Whether the criterion gates the score (default true); optional ones are graded and reported only. */
  required?: boolean;
}

/** A rubric: criteria, or a checklist string (one required criterion per line, list markers dropped). */
export type RubricInput = RubricCriterion[] | string;

export interface RubricScorerOptions extends AgentJudgeOptions {
  /** The score when every required criterion is met (default 1; 0 otherwise). */
  scale?: number;
}

/** One criterion as graded. */
export interface RubricCriterionResult {
  criterion: string;
  satisfied: boolean;
  required: boolean;
  reasoning: string;
}

/**
 * `scale` when every required criterion is met (every criterion when none is required), else 0;
 * 1 with no criteria (no model call). Without `criteria`, the run's `rubric` (in its request
 * context, additional context or input) is used.
 */
export declare function createRubricScorer(config: { model: ScorerModel; criteria?: RubricInput; options?: RubricScorerOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'analyzeStepResult', { criteria: RubricCriterionResult[]; overallAssessment: string }> &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

export interface MultiTurnJudgeScorerOptions extends AgentJudgeOptions {
  /** The score when the conversation meets the criterion (default 1; 0 otherwise). A finite number. */
  scale?: number;
}

/** `scale` when the assistant's turns, read together, meet `criterion`, else 0. */
export declare function createMultiTurnJudgeScorer(config: { model: ScorerModel; criterion: string; options?: MultiTurnJudgeScorerOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'analyzeStepResult', { satisfied: boolean; reasoning: string }> & Record<'generateScoreStepResult', number> & Record<'generateReasonStepResult', string>
>;

export interface ToolCallAccuracyOptions {
  model: ScorerModel;
  /** The tools the agent had: Mastra tools, or any `{ id, description }`. */
  availableTools: Array<{ id: string; description?: string }>;
  options?: AgentJudgeOptions;
}

/**
 * The share of the agent's tool calls that fit the request (two decimals); with no call, 0 when
 * the request needed a tool, else 1. Reads calls from format-2 parts, `content.toolInvocations`
 * and a 0.x message's `toolInvocations`.
 */
export declare function createToolCallAccuracyScorerLLM(config: ToolCallAccuracyOptions): MastraScorer<
  'llm-tool-call-accuracy-scorer',
  ScorerRunInputForAgent,
  ScorerRunOutputForAgent,
  Record<'preprocessStepResult', { actualTools: string[]; hasToolCalls: boolean; toolCallInfos: ToolCallInfo[] }> &
    Record<'analyzeStepResult', { evaluations: { toolCalled: string; wasAppropriate: boolean; reasoning: string }[]; missingTools?: string[] }> &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

export interface TrajectoryAccuracyLLMOptions {
  model: ScorerModel;
  /** The steps expected (a trajectory, or expected steps); else the run's `expectedTrajectory`. */
  expectedTrajectory?: Trajectory | ExpectedStep[];
  options?: AgentJudgeOptions;
}

/**
 * `0.6 · necessary + 0.3 · in order − 0.1 · missing share` of the trajectory's steps (two
 * decimals, at most 0.9); with no step: 0 when some were missing, 0.5 with only extra ones, else 1.
 * The run's output is a trajectory, or agent output turned into one.
 */
export declare function createTrajectoryAccuracyScorerLLM(config: TrajectoryAccuracyLLMOptions): MastraScorer<
  'llm-trajectory-accuracy-scorer',
  ScorerRunInputForAgent,
  Trajectory,
  Record<
    'preprocessStepResult',
    { actualTrajectory: Trajectory; actualTrajectoryFormatted: string; expectedTrajectoryFormatted: string | undefined; hasSteps: boolean }
  > &
    Record<
      'analyzeStepResult',
      {
        stepEvaluations: { stepName: string; wasNecessary: boolean; wasInOrder: boolean; reasoning: string }[];
        missingSteps?: string[];
        extraSteps?: string[];
        overallAssessment: string;
      }
    > &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

/** The default options of `createAnswerRelevancyScorer`: `{ uncertaintyWeight: 0.3, scale: 1 }`. */
export declare const DEFAULT_OPTIONS: Record<'uncertaintyWeight' | 'scale', number>;
/** Instructions for an answer-relevancy judge (our engine sends its own per-step prompts). */
export declare const ANSWER_RELEVANCY_AGENT_INSTRUCTIONS: string;

/** Options of `createAnswerRelevancyScorer`: each left out takes its default (`DEFAULT_OPTIONS`). */
export interface AnswerRelevancyScorerOptions {
  /** What a partly relevant ("unsure") statement counts, from 0 (default 0.3). */
  uncertaintyWeight?: number;
  /** Maximum score (default 1). */
  scale?: number;
  /** Time limit in milliseconds for each scorer step's model work; past it the step fails with `EVALS_TIMEOUT`. */
  timeoutMs?: number;
  /** The longest answer of any model call, in tokens (32 to 1,000,000); by default each step's own bound. */
  maxAnswerTokens?: number;
}

/** The answer relevancy scorer: `(yes + uncertaintyWeight × unsure) / statements × scale`, 0 without statements. */
export declare function createAnswerRelevancyScorer(config: { model: ScorerModel; options?: AnswerRelevancyScorerOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'preprocessStepResult', { statements: string[] }> &
    Record<'analyzeStepResult', { results: { result: string; reason: string; statement: string }[] }> &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

/** Options of `createFaithfulnessScorer`. */
export interface FaithfulnessScorerOptions {
  /** Maximum score (default 1; 0 is taken as 1, as in @mastra/evals 1.x). */
  scale?: number;
  /** The reference; by default the results of the run's finished tool calls. */
  context?: string[];
  /** Time limit in milliseconds for each scorer step's model work; past it the step fails with `EVALS_TIMEOUT`. */
  timeoutMs?: number;
  /** The longest answer of any model call, in tokens (32 to 1,000,000); by default each step's own bound. */
  maxAnswerTokens?: number;
}

/** The faithfulness scorer: supported claims / claims × scale, 0 without claims. */
export declare function createFaithfulnessScorer(config: { model: ScorerModel; options?: FaithfulnessScorerOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'preprocessStepResult', { claims: string[] }> &
    Record<'analyzeStepResult', { verdicts: { verdict: string; reason: string; claim: string }[] }> &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;
/** The same name as in @mastra/evals 1.x. */
export type FaithfulnessMetricOptions = FaithfulnessScorerOptions;

// ---------------------------------------------------------------------------------------------
// Prompt alignment and summarization (as @mastra/evals 1.10.2)

export interface PromptAlignmentOptions {
  /** Maximum score (default 1; 0 also means 1, as in 1.x). */
  scale?: number;
  /** Judge against the user prompt, the system prompt, or both (default). */
  evaluationMode?: 'user' | 'system' | 'both';
  /** Show the agent's remembered turns (the last `maxMessages`, default 10) as context. */
  includeConversationHistory?: boolean | { maxMessages?: number };
  timeoutMs?: number;
  maxAnswerTokens?: number;
}

export interface PromptAlignmentAnalysis {
  intentAlignment: { score: number; primaryIntent: string; isAddressed: boolean; reasoning: string };
  requirementsFulfillment: { requirements: { requirement: string; isFulfilled: boolean; reasoning: string }[]; overallScore: number };
  completeness: { score: number; missingElements: string[]; reasoning: string };
  responseAppropriateness: { score: number; formatAlignment: boolean; toneAlignment: boolean; reasoning: string };
  overallAssessment: string;
}

/** Four dimensions of the response against the prompt(s), weighted; as @mastra/evals 1.x. */
export declare function createPromptAlignmentScorerLLM(config: { model: ScorerModel; options?: PromptAlignmentOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'analyzeStepResult', PromptAlignmentAnalysis> & Record<'generateScoreStepResult', number> & Record<'generateReasonStepResult', string>
>;

export interface SummarizationMetricOptions {
  /** Maximum score (default 1). */
  scale?: number;
  /** Text the summary is judged against; default the run's user message. */
  source?: string;
  sourceExtractor?: (input: ScorerRunInputForAgent, output: ScorerRunOutputForAgent) => string;
  /** At most this many coverage questions (default 10; below 1 throws). */
  maxQuestions?: number;
  /**
   * Ours: "questions" (default, as 1.x) or "claims": coverage by the source's own claims, each
   * kept or not (`preprocessStepResult.claims`, `analyzeStepResult.coverage: [{ claim, kept,
   * reason }]`), the reason composed by code.
   */
  coverage?: 'questions' | 'claims';
  timeoutMs?: number;
  maxAnswerTokens?: number;
}

/** The lower of alignment and coverage of a summary; as @mastra/evals 1.x. */
export declare function createSummarizationScorer(config: { model: ScorerModel; options?: SummarizationMetricOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'preprocessStepResult', { alignment: { claim: string; supported: boolean; reason: string }[]; questions: string[] }> &
    Record<'analyzeStepResult', { coverage: { question: string; answered: boolean; reason: string }[] }> &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

// The siblings of createCoverageScorer (options as CoverageScorerOptions).

export declare function createFactualConsistencyScorer(config: { model: ScorerModel; options?: CoverageScorerOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'preprocessStepResult', { summaryClaims: string[] }> &
    Record<'analyzeStepResult', { claimsAnalysis: { claim: string; isSupported: boolean; reason: string }[]; unjudged?: string[]; reason: string }> &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

export declare function createFactualAlignmentScorer(config: { model: ScorerModel; options?: CoverageScorerOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'preprocessStepResult', { claims: string[]; summaryClaims: string[] }> &
    Record<'analyzeStepResult', { coverage: number; factualConsistency: number; score: number; reason: string; [key: string]: unknown }> &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

export declare function createTopicPreservationScorer(config: { model: ScorerModel; options?: CoverageScorerOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'preprocessStepResult', { topics: string[] }> &
    Record<'analyzeStepResult', { topicsAnalysis: { topic: string; isPreserved: boolean; reason: string }[]; unjudged?: string[]; reason: string }> &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

/** Options of `createAnswerSimilarityScorer` (as @mastra/evals 1.10.2's `AnswerSimilarityOptions`, plus ours). */
export interface AnswerSimilarityOptions {
  /** A run without `groundTruth` fails (default true); when false it scores 0 without a model call. */
  requireGroundTruth?: boolean;
  /** What a "semantic" match counts; a "partial" one counts half (default 0.8). */
  semanticThreshold?: number;
  /** What an "exact" match counts beyond 1 (default 0.2). */
  exactMatchBonus?: number;
  /** What a "missing" unit takes away (default 0.15). */
  missingPenalty?: number;
  /** What each contradiction takes from the score (default 1). */
  contradictionPenalty?: number;
  /** What each extra unit of the output takes from the score, 0.2 at most in all (default 0.05). */
  extraInfoPenalty?: number;
  /** Maximum score (default 1). */
  scale?: number;
  /** Time limit in milliseconds for each scorer step's model work; past it the step fails with `EVALS_TIMEOUT`. */
  timeoutMs?: number;
  /** The longest answer of any model call, in tokens (32 to 1,000,000); by default each step's own bound. */
  maxAnswerTokens?: number;
}

/** The defaults of `createAnswerSimilarityScorer`, as @mastra/evals 1.10.2 exports them. */
export declare const ANSWER_SIMILARITY_DEFAULT_OPTIONS: Required<Omit<AnswerSimilarityOptions, 'timeoutMs' | 'maxAnswerTokens'>>;
/** Instructions for an answer-similarity judge (our engine sends its own per-step prompts). */
export declare const ANSWER_SIMILARITY_INSTRUCTIONS: string;

/** The answer similarity scorer: the output's semantic units matched against the run's `groundTruth`. */
export declare function createAnswerSimilarityScorer(config: { model: ScorerModel; options?: AnswerSimilarityOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<'preprocessStepResult', { outputUnits: string[]; groundTruthUnits: string[] }> &
    Record<
      'analyzeStepResult',
      {
        matches: { groundTruthUnit: string; outputUnit: string | null; matchType: 'exact' | 'missing' | 'partial' | 'semantic'; explanation: string }[];
        extraInOutput: string[];
        contradictions: { outputUnit: string; groundTruthUnit: string; explanation: string }[];
      }
    > &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

/** Options of `createNoiseSensitivityScorerLLM` (as @mastra/evals 1.10.2's `NoiseSensitivityOptions`, plus ours). */
export interface NoiseSensitivityOptions {
  /** The agent's answer to the clean query (required). */
  baselineResponse: string;
  /** The query with the noise added, which the run's output answers (required). */
  noisyQuery: string;
  /** What kind of noise was added ("distractors", "misinformation", …), shown to the judge. */
  noiseType?: string;
  /** The formula's numbers (each left out takes 1.10.2's default). */
  scoring?: {
    /** Weight of each impact level (defaults none 1, minimal 0.85, moderate 0.6, significant 0.3, severe 0.1). */
    impactWeights?: { none?: number; minimal?: number; moderate?: number; significant?: number; severe?: number };
    /** Per major issue (default 0.1) and at most in all (default 0.3). */
    penalties?: { majorIssuePerItem?: number; maxMajorIssuePenalty?: number };
    /** How far the judge's robustness score may be from the levels' mean before the lower one counts (default 0.2). */
    discrepancyThreshold?: number;
  };
  /** Time limit in milliseconds for each scorer step's model work; past it the step fails with `EVALS_TIMEOUT`. */
  timeoutMs?: number;
  /** The longest answer of any model call, in tokens (32 to 1,000,000); by default each step's own bound. */
  maxAnswerTokens?: number;
}

/** The noise sensitivity scorer: the judge's robustness score held to the impact levels, less major issues (0 to 1). */
export declare function createNoiseSensitivityScorerLLM(config: { model: ScorerModel; options: NoiseSensitivityOptions }): MastraScorer<
  string,
  ScorerRunInputForLLMJudge,
  ScorerRunOutputForLLMJudge,
  Record<
    'analyzeStepResult',
    {
      dimensions: { dimension: string; impactLevel: 'minimal' | 'moderate' | 'none' | 'severe' | 'significant'; specificChanges: string; noiseInfluence: string }[];
      overallAssessment: string;
      majorIssues?: string[] | undefined;
      robustnessScore: number;
    }
  > &
    Record<'generateScoreStepResult', number> &
    Record<'generateReasonStepResult', string>
>;

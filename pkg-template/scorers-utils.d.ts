// `evals-wasm/scorers/utils`: reading runs and messages, comparing trajectories, and building
// test runs (a drop-in for `@mastra/evals/scorers/utils`, 1.x and 0.x). Needs @mastra/core.
import type { MastraDBMessage } from '@mastra/core/agent';
import type { MastraToolInvocation } from '@mastra/core/agent/message-list';
import type {
  ExpectedStep,
  ScorerRunInputForAgent,
  ScorerRunOutputForAgent,
  ScoringInput,
  Trajectory,
  TrajectoryExpectation,
} from '@mastra/core/evals';
import type { RequestContext } from '@mastra/core/request-context';

export type { ScorerRunInputForLLMJudge, ScorerRunOutputForLLMJudge } from './scorers.js';

/** A test case of a scorer: input, output and the expected score. */
export type TestCase = { input: string; output: string; expectedResult: { score: number; reason?: string } };
/** A test case with context passages. */
export type TestCaseWithContext = TestCase & { context: string[] };
/** Where a tool call was found in the output. */
export type ToolCallInfo = { toolName: string; toolCallId: string; messageIndex: number; invocationIndex: number };
/** A finished tool call with its result. */
export type ToolResultInfo = { toolName: string; toolCallId: string; args: Record<string, any>; result: any };

/** The text of one stored message (string content, the last text part, or format-2 content). */
export declare function getTextContentFromMastraDBMessage(message: MastraDBMessage): string;
/** `Math.round((n + Number.EPSILON) * 100) / 100`. */
export declare function roundToTwoDecimals(n: number): number;
/** Whether `value` is strictly closer to `first` than to `second`. */
export declare function isCloserTo(value: number, first: number, second: number): boolean;
/** Whether `input` has the fields of an agent run's input. */
export declare function isScorerRunInputForAgent(input: unknown): input is ScorerRunInputForAgent;
/** Whether `output` is an array of stored messages. */
export declare function isScorerRunOutputForAgent(output: unknown): output is ScorerRunOutputForAgent;
/** The user's text of a run's input, whatever its shape; undefined when there is none. */
export declare function getUserMessageFromRunInput(input?: unknown): string | undefined;
/** The assistant's text of a run's output (the last assistant message with text); undefined when there is none. */
export declare function getAssistantMessageFromRunOutput(output?: unknown): string | undefined;
/** The system prompts of a run's input. */
export declare function getSystemMessagesFromRunInput(input?: unknown): string[];
/** The system prompts joined by blank lines. */
export declare function getCombinedSystemPrompt(input?: unknown): string;
/** The last `maxMessages` (default 10) remembered messages as `role: text` lines. */
export declare function getConversationHistoryFromRunInput(input?: unknown, options?: { maxMessages?: number }): string | undefined;
/** The reasoning of the first assistant message, if any. */
export declare function getReasoningFromRunOutput(output?: ScorerRunOutputForAgent | unknown): string | undefined;
/** The tool invocations of a message: its parts' and its legacy `toolInvocations`, merged in order. */
export declare function mergeToolInvocations(message: MastraDBMessage | undefined): MastraToolInvocation[];
/** The names of the tools called in `output` and where each call was. */
export declare function extractToolCalls(output: ScorerRunOutputForAgent): { tools: string[]; toolCallInfos: ToolCallInfo[] };
/** The finished tool calls of `output` that have a result. */
export declare function extractToolResults(output: ScorerRunOutputForAgent): ToolResultInfo[];
/** The text of every input message. */
export declare function extractInputMessages(runInput: ScorerRunInputForAgent | undefined): string[];
/** The text of every assistant message. */
export declare function extractAgentResponseMessages(runOutput: ScorerRunOutputForAgent): string[];
/** The tool calls of agent output as a trajectory of `tool_call` steps. */
export declare function extractTrajectory(output: ScorerRunOutputForAgent): Trajectory;

/** What `compareTrajectories` finds. */
export type TrajectoryComparisonResult = {
  score: number;
  matchedSteps: number;
  totalExpectedSteps: number;
  totalActualSteps: number;
  missingSteps: string[];
  extraSteps: string[];
  outOfOrderSteps: string[];
  repeatedSteps: string[];
};
/** What `checkTrajectoryEfficiency` finds. */
export type TrajectoryEfficiencyResult = {
  score: number;
  totalSteps: number;
  overStepBudget: boolean;
  totalTokens: number;
  overTokenBudget: boolean;
  totalDurationMs: number;
  overDurationBudget: boolean;
  redundantCalls: Array<{ name: string; index: number }>;
};
/** What `checkTrajectoryBlacklist` finds. */
export type TrajectoryBlacklistResult = { score: number; violatedTools: string[]; violatedSequences: string[][] };
/** Retries of one tool. */
export type ToolFailurePattern = { toolName: string; retryCount: number; fellBackToAlternative: boolean; alternativeTool?: string; eventuallySucceeded: boolean };
/** What `analyzeToolFailures` finds. */
export type ToolFailureAnalysisResult = { score: number; patterns: ToolFailurePattern[]; totalRetries: number; excessiveRetryTools: string[] };

/** Compares a trajectory with expected steps (ordering `relaxed` by default, repeats allowed). */
export declare function compareTrajectories(
  actual: Trajectory,
  expected: { steps: ExpectedStep[] },
  options?: { ordering?: 'strict' | 'relaxed' | 'unordered'; allowRepeatedSteps?: boolean },
): TrajectoryComparisonResult;
/** Step, token and duration budgets and redundant calls. @throws {Error} on an invalid budget or missing measurements. */
export declare function checkTrajectoryEfficiency(
  trajectory: Trajectory,
  options?: { maxSteps?: number; maxTotalTokens?: number; maxTotalDurationMs?: number; noRedundantCalls?: boolean },
): TrajectoryEfficiencyResult;
/** Forbidden tools and forbidden runs of consecutive steps. */
export declare function checkTrajectoryBlacklist(
  trajectory: Trajectory,
  options?: { blacklistedTools?: string[]; blacklistedSequences?: string[][] },
): TrajectoryBlacklistResult;
/** Retries of tool calls, each past `maxRetriesPerTool` (default 2) costing 0.2. */
export declare function analyzeToolFailures(trajectory: Trajectory, options?: { maxRetriesPerTool?: number }): ToolFailureAnalysisResult;

/** The states of a tool invocation the builders make. */
export type ToolInvocationState = 'call' | 'partial-call' | 'result' | 'output-error';
/** A tool invocation for tests (`state` defaults to `'result'`). */
export declare function createToolInvocation(options: {
  toolCallId: string;
  toolName: string;
  args: Record<string, any>;
  result?: Record<string, any>;
  state?: ToolInvocationState;
  errorText?: string;
  isError?: boolean;
}): { toolCallId: string; toolName: string; args: Record<string, any>; result: Record<string, any> | undefined; state: ToolInvocationState; errorText?: string; isError?: boolean };
/** A stored (format-2) message for tests. */
export declare function createTestMessage(options: {
  content: string;
  role: 'user' | 'assistant' | 'system';
  id?: string;
  toolInvocations?: Array<{ toolCallId: string; toolName: string; args: Record<string, any>; result?: Record<string, any>; state: any }>;
  parts?: MastraDBMessage['content']['parts'];
}): MastraDBMessage;
/** A 0.x UIMessage for tests: content, one text part and the tool invocations given. */
export declare function createUIMessage(options: {
  content: string;
  role: 'user' | 'assistant' | 'system';
  id?: string;
  toolInvocations?: Array<{ toolCallId: string; toolName: string; args: any; result?: any; state: any }>;
}): { id: string; role: 'user' | 'assistant' | 'system'; content: string; parts: Array<{ type: 'text'; text: string }>; toolInvocations: any[] };
/** A scoring input for tests. */
export declare function createTestRun(input: string, output: string, additionalContext?: Record<string, any>, requestContext?: Record<string, any>): ScoringInput;

/** The fields shared by the agent and trajectory test runs. */
interface TestRunOptions {
  inputMessages?: ScorerRunInputForAgent['inputMessages'];
  rememberedMessages?: ScorerRunInputForAgent['rememberedMessages'];
  systemMessages?: ScorerRunInputForAgent['systemMessages'];
  taggedSystemMessages?: ScorerRunInputForAgent['taggedSystemMessages'];
  requestContext?: RequestContext;
  runId?: string;
}
/** An agent run for tests: its input, output, request context and run id. */
export declare function createAgentTestRun(
  options: TestRunOptions & { output: ScorerRunOutputForAgent },
): { input: ScorerRunInputForAgent; output: ScorerRunOutputForAgent; requestContext: RequestContext; runId: string };
/** A trajectory run for tests (the output is the trajectory). */
export declare function createTrajectoryTestRun(
  options: TestRunOptions & { trajectory: Trajectory; expectedTrajectory?: TrajectoryExpectation },
): { input: ScorerRunInputForAgent; output: Trajectory; expectedTrajectory?: TrajectoryExpectation; requestContext: RequestContext; runId: string };

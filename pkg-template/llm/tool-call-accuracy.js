// createToolCallAccuracyScorerLLM: whether the tools an agent called fit the request, declared
// over the engine (src/metrics/llm/tool_call_accuracy.rs). Only 1.x has it (there is no 0.x
// class). Tool calls are read from every message shape (code/messages.js): format-2 content
// parts, `content.toolInvocations` and a 0.x message's own `toolInvocations`.

import { coded } from '../engine/errors.js';
import { checks, judgedOf, maxAnswerTokens } from './declared.js';
import { invalidRun, isRecord } from './agent-judging.js';
import { extractToolCalls, getAssistantMessageFromRunOutput, getUserMessageFromRunInput } from '../code/messages.js';

const NAME = 'createToolCallAccuracyScorerLLM';

/** The available tools as `id: description` lines (Mastra tools, or any `{ id, description }`). */
function toolLines(availableTools) {
  if (!Array.isArray(availableTools)) throw coded(new TypeError(`${NAME}: "availableTools" must be an array of tools ({ id, description }), got ${typeof availableTools}`), availableTools === undefined ? 'EVALS_MISSING_OPTION' : 'EVALS_INVALID_OPTION');
  return availableTools.map((tool, i) => {
    if (!isRecord(tool) || typeof tool.id !== 'string') throw coded(new TypeError(`${NAME}: availableTools[${i}] must be a tool with a text "id"`), 'EVALS_INVALID_OPTION');
    return typeof tool.description === 'string' && tool.description ? `${tool.id}: ${tool.description}` : tool.id;
  });
}

/** The tool calls of an agent run; a run without input messages or output is an error. */
function toolCallsOf(run) {
  const messages = isRecord(run.input) ? run.input.inputMessages : undefined;
  if (!Array.isArray(messages) || messages.length === 0) throw invalidRun(NAME, 'the run needs an agent input with at least one message (inputMessages)', run.input);
  if (!Array.isArray(run.output) || run.output.length === 0) throw invalidRun(NAME, 'the run needs an agent output with at least one message', run.output);
  const { tools, toolCallInfos } = extractToolCalls(run.output.filter(isRecord));
  return { actualTools: tools, hasToolCalls: tools.length > 0, toolCallInfos };
}

export const TOOL_CALL_ACCURACY = {
  metric: () => 'tool-call-accuracy',
  engine: (o) => ({ scale: 1, modelReason: false, maxAnswerTokens: o.maxAnswerTokens }),
  scorer: {
    factory: NAME,
    id: 'llm-tool-call-accuracy-scorer',
    name: 'Tool Call Accuracy (LLM)',
    description: () => 'The share of an agent\'s tool calls that fit the request (tools the request needed and the agent did not call count when it called none), judged by a model and scored by the evals-wasm engine.',
    config: { availableTools: 'any' },
    readConfig: ({ availableTools }) => ({ tools: toolLines(availableTools) }),
    options: {
      timeoutMs: { type: 'number', check: checks.timeoutMs },
      maxAnswerTokens,
    },
    steps: (o) => ({
      preprocess: ({ run }) => toolCallsOf(run),
      analyze: {
        prompt: ['Analyze the appropriateness of tool selections', { evaluations: 'array', missingTools: 'strings' }],
        inputs: async ({ run }) => ({
          called: toolCallsOf(run).actualTools,
          request: getUserMessageFromRunInput(run.input) ?? '',
          response: getAssistantMessageFromRunOutput(run.output) ?? '',
          available: o.tools,
        }),
        result: (r) => ({
          evaluations: judgedOf(r, 'calls').map((v) => ({ toolCalled: v.item, wasAppropriate: v.verdict === 'yes', reasoning: v.reason })),
          missingTools: r.assessed.missing?.missingTools ?? [],
        }),
      },
      generateScore: ({ results }) => {
        const evaluations = results.analyzeStepResult?.evaluations ?? [];
        if (evaluations.length === 0) return (results.analyzeStepResult?.missingTools ?? []).length > 0 ? 0 : 1;
        return evaluations.filter((e) => e.wasAppropriate).length / evaluations.length;
      },
      generateReason: ({ results, score }) => {
        const { evaluations = [], missingTools = [] } = results.analyzeStepResult ?? {};
        const wrong = evaluations.filter((e) => !e.wasAppropriate).map((e) => e.toolCalled);
        const calls = evaluations.length === 0 ? 'The agent called no tool' : `${evaluations.length - wrong.length} of ${evaluations.length} tool calls fit the request`;
        return `Score ${score}: ${calls}${wrong.length ? `; not fitting: ${wrong.join(', ')}` : ''}${missingTools.length ? `; missing: ${missingTools.join(', ')}` : ''}.`;
      },
    }),
  },
};

// The builders that tests of scorers use (`@mastra/evals/scorers/utils`): runs, messages and
// tool invocations. `contextClass` is the project's request context class (RequestContext of
// @mastra/core 1.x, RuntimeContext of 0.x), made when a run does not bring one.

/** The builders of 1.x, and `createUIMessage` of 0.x, over the project's context class. */
export function testBuilders(contextClass) {
  const newContext = () => (contextClass ? new contextClass() : {});
  // A 0.x project's scorers read the run's `runtimeContext`, a 1.x project's `requestContext`.
  const contextKey = contextClass?.name === 'RuntimeContext' ? 'runtimeContext' : 'requestContext';
  const givenContext = (options) => options.requestContext ?? options.runtimeContext;

  const createTestRun = (input, output, additionalContext, requestContext) => ({
    input: [{ role: 'user', content: input }],
    output: { role: 'assistant', text: output },
    additionalContext: additionalContext ?? {},
    [contextKey]: requestContext ?? {},
  });

  const createToolInvocation = ({ toolCallId, toolName, args, result, state = 'result', errorText, isError }) => {
    const invocation = { toolCallId, toolName, args, result, state };
    if (errorText !== undefined) invocation.errorText = errorText;
    if (isError !== undefined) invocation.isError = isError;
    return invocation;
  };

  // As the original, the legacy `toolInvocations` keep five fields (no errorText or isError):
  // a failed call is given through `parts`.
  function createTestMessage({ content, role, id = 'test-message', toolInvocations = [], parts }) {
    const body = { format: 2, parts: parts ?? [{ type: 'text', text: content }], content };
    if (toolInvocations.length > 0) {
      body.toolInvocations = toolInvocations.map(({ toolCallId, toolName, args, result, state }) => ({ toolCallId, toolName, args, result, state }));
    }
    return { id, role, content: body, createdAt: new Date() };
  }

  const agentInput = ({ inputMessages = [], rememberedMessages = [], systemMessages = [], taggedSystemMessages = {} }) => ({
    inputMessages,
    rememberedMessages,
    systemMessages,
    taggedSystemMessages,
  });

  const createAgentTestRun = (options) => ({
    input: agentInput(options),
    output: options.output,
    [contextKey]: givenContext(options) === undefined ? newContext() : givenContext(options),
    runId: options.runId === undefined ? crypto.randomUUID() : options.runId,
  });

  const createTrajectoryTestRun = (options) => ({
    input: agentInput(options),
    output: options.trajectory,
    expectedTrajectory: options.expectedTrajectory,
    [contextKey]: givenContext(options) === undefined ? newContext() : givenContext(options),
    runId: options.runId === undefined ? crypto.randomUUID() : options.runId,
  });

  /** A 0.x UIMessage: content, one text part, the tool invocations as given. */
  const createUIMessage = ({ content, role, id = 'test-message', toolInvocations = [] }) => ({
    id,
    role,
    content,
    parts: [{ type: 'text', text: content }],
    toolInvocations,
  });

  return { createTestRun, createToolInvocation, createTestMessage, createAgentTestRun, createTrajectoryTestRun, createUIMessage };
}

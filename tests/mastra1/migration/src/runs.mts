// Runs shared by the scores script and the Vitest file: a weather agent's answers.
import { createAgentTestRun, createTestMessage, createToolInvocation, createTrajectoryTestRun } from '@mastra/evals/scorers/utils';

const question = createTestMessage({ content: 'What is the weather in Paris, and any news?', role: 'user' });

export const answered = createAgentTestRun({
  inputMessages: [question],
  output: [
    createTestMessage({
      content: 'It is sunny and 22°C in Paris. No major news today.',
      role: 'assistant',
      toolInvocations: [
        createToolInvocation({ toolCallId: 'c1', toolName: 'weather', args: { city: 'Paris' }, result: { temperature: 22 } }),
        createToolInvocation({ toolCallId: 'c2', toolName: 'news', args: { city: 'Paris' }, result: { items: [] } }),
      ],
    }),
  ],
});

export const failed = createAgentTestRun({
  inputMessages: [question],
  output: [
    createTestMessage({
      content: 'Sorry, I could not reach the weather service.',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Sorry, I could not reach the weather service.' },
        {
          type: 'tool-invocation',
          toolInvocation: createToolInvocation({ toolCallId: 'c3', toolName: 'weather', args: { city: 'Paris' }, state: 'output-error', errorText: 'timeout' }),
        },
      ],
    }),
  ],
});

export const trajectory = createTrajectoryTestRun({
  inputMessages: [question],
  trajectory: {
    steps: [
      { stepType: 'tool_call', name: 'weather', toolArgs: { city: 'Paris' }, success: false },
      { stepType: 'tool_call', name: 'weather', toolArgs: { city: 'Paris' }, success: true },
      { stepType: 'tool_call', name: 'news', toolArgs: { city: 'Paris' }, success: true },
    ],
  },
  expectedTrajectory: { steps: [{ name: 'weather' }, { name: 'news' }], maxSteps: 2 },
});

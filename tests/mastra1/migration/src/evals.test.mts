// Eval tests with the matchers of @mastra/evals/vitest (registered by its setup file).
import { Agent } from '@mastra/core/agent';
import { runEvals } from '@mastra/core/evals';
import { checks } from '@mastra/evals/checks';
import { createToneScorer } from '@mastra/evals/scorers/prebuilt';
import { EvalPassRateError, expectEval, toEvalMeta } from '@mastra/evals/vitest';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, test } from 'vitest';

const reply = 'It is sunny and warm in Paris.';
const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 8, text: 8, reasoning: 0 } };
const finish = { unified: 'stop' as const, raw: 'stop' };
const model = new MockLanguageModelV3({
  doGenerate: async () => ({ content: [{ type: 'text', text: reply }], finishReason: finish, usage, warnings: [] }),
  doStream: async () => ({
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: reply },
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: finish, usage },
      ],
    }),
  }),
});
const agent = new Agent({ id: 'weather', name: 'weather', instructions: 'Tell the weather.', model });

describe('weather agent', () => {
  test('passes its gates and scores', async () => {
    const result = await runEvals({
      target: agent,
      data: [{ input: 'Weather in Paris?' }],
      gates: [checks.includes('sunny'), checks.usedNoTools()],
      scorers: [{ scorer: createToneScorer(), threshold: 0.5 }],
    });
    expect(result).toPassGates();
    expect(result).toPassThresholds();
    expect(result).toHaveScoreAbove('tone-scorer', 0.5);
    expect(result).not.toHaveScoreBelow('tone-scorer', 0.5);
    expect(result).toHaveVerdict('passed');
    expect(toEvalMeta(result).totalItems).toBe(1);
  });

  test('a failing gate fails toPass with EvalPassRateError', async () => {
    const failing = expectEval({ target: agent, data: { input: 'Weather in Paris?' }, gates: [checks.includes('rain')] });
    await expect(failing.toPass()).rejects.toBeInstanceOf(EvalPassRateError);
    const result = await runEvals({ target: agent, data: [{ input: 'x' }], gates: [checks.includes('rain')] });
    expect(result).not.toPassGates();
    expect(result).toHaveVerdict('failed');
  });
});

// A scripted AI SDK language model (spec v3, the official mock of ai@6) for the Mastra 1.x tests:
// it answers both `doGenerate` (what evals-wasm calls) and `doStream` (what Mastra's judge agent
// calls) with the text that `answer(promptText, how)` returns, and counts the calls of each kind.

import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

const usage = (text) => ({
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: Math.ceil(text.length / 4), text: Math.ceil(text.length / 4), reasoning: 0 },
});
const stop = { unified: 'stop', raw: 'stop' };

/** All the text of a v3 prompt: system content and every text part, in order. */
export function promptText(prompt) {
  return prompt
    .map((message) => (typeof message.content === 'string' ? message.content : message.content.filter((p) => p.type === 'text').map((p) => p.text).join('\n')))
    .join('\n');
}

/** `answer(text, 'generate' | 'stream')` → the model's reply (a string, or a promise of one). */
export function scriptedLanguageModel(answer, { modelId = 'scripted-judge' } = {}) {
  return new MockLanguageModelV3({
    provider: 'scripted',
    modelId,
    doGenerate: async ({ prompt }) => {
      const text = await answer(promptText(prompt), 'generate');
      return { content: [{ type: 'text', text }], finishReason: stop, usage: usage(text), warnings: [] };
    },
    doStream: async ({ prompt }) => {
      const text = await answer(promptText(prompt), 'stream');
      return {
        stream: simulateReadableStream({
          chunks: [
            { type: 'stream-start', warnings: [] },
            { type: 'text-start', id: 't1' },
            { type: 'text-delta', id: 't1', delta: text },
            { type: 'text-end', id: 't1' },
            { type: 'finish', finishReason: stop, usage: usage(text) },
          ],
        }),
      };
    },
  });
}

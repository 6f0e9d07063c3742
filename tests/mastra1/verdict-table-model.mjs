// The verdict-table judge for the Mastra 1.x side: the same table-driven core as
// tests/js/lib/verdict-table-model.mjs, wrapped as an AI SDK spec-v3 model (ai@6, what
// @mastra/core 1.x wants). Mastra 1.x calls only `doStream`; `doGenerate` answers too, for our
// own metrics. `model.judge.load(case)` selects a case and resets `model.judge.calls`.

import { createVerdictTableJudge } from '../js/lib/verdict-table-model.mjs';

export { REASON_TEXT, answerFor, itemsInPrompt, readRequest, createVerdictTableJudge } from '../js/lib/verdict-table-model.mjs';

const usageV3 = (text) => ({
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: Math.ceil(text.length / 4), text: Math.ceil(text.length / 4), reasoning: 0 },
});
const stop = { unified: 'stop', raw: 'stop' };

export function verdictTableModelV3(testCase = {}, { modelId = 'verdict-table', provider = 'verdict-table' } = {}) {
  const judge = createVerdictTableJudge(testCase);
  return {
    specificationVersion: 'v3',
    provider,
    modelId,
    supportedUrls: {},
    judge,
    async doGenerate(options) {
      const text = judge.respond(options, 'generate');
      return { content: [{ type: 'text', text }], finishReason: stop, usage: usageV3(text), warnings: [] };
    },
    async doStream(options) {
      const text = judge.respond(options, 'stream');
      const chunks = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't1' },
        { type: 'text-delta', id: 't1', delta: text },
        { type: 'text-end', id: 't1' },
        { type: 'finish', finishReason: stop, usage: usageV3(text) },
      ];
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            controller.close();
          },
        }),
      };
    },
  };
}

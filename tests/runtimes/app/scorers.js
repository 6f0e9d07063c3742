// Mastra 1.x's scorers in the runtime under test: a content similarity scorer (the scorers'
// module, run through @mastra/core's scorer workflow) and a text check (Dice similarity, in the code module).
import { createContentSimilarityScorer, similarity } from 'evals-wasm/scorers';

const run = {
  input: { inputMessages: [{ id: 'u1', role: 'user', content: 'Which river is the longest?' }], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
  output: [{ id: 'a1', role: 'assistant', content: { format: 2, parts: [{ type: 'text', text: 'Which river is the longest?' }] }, createdAt: new Date(0) }],
};

export async function scoreScorers() {
  const content = await createContentSimilarityScorer().run(run);
  const check = await similarity('which river is the longest').run(run);
  return { contentSimilarity: content.score, checkSimilarity: check.score };
}

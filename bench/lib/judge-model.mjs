// One scripted AI SDK model (specification v2, the official MockLanguageModelV2 of ai@5) that
// drives both libraries: it recognises each library's requests, answers them from the request's
// own text, waits a fixed latency, and counts calls, characters sent and the time spent inside
// it (answering and waiting), so that engine time can be told apart from model time.
//
// Answers are deterministic: claims and statements are the sentences of the text to split;
// each verdict follows from a hash of the item it judges, so both libraries get the same
// verdicts for the same sentences.

import { MockLanguageModelV2 } from 'ai-v5/test';

const sentences = (text) => text.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter(Boolean);

/** A small string hash (FNV-1a), for verdicts that depend only on the item. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const between = (text, start, end) => {
  const from = text.indexOf(start);
  if (from < 0) return '';
  const to = end === undefined ? -1 : text.indexOf(end, from + start.length);
  return text.slice(from + start.length, to < 0 ? undefined : to);
};

/** Every `<name>` data block of a request of evals-wasm. */
const blocks = (user, name) => [...user.matchAll(new RegExp(`<${name}>\\n([\\s\\S]*?)\\n</${name}>`, 'g'))].map((m) => m[1]);

/** `[id, text]` of each numbered line ("S3: …") of a block. */
const numbered = (block) => block.split('\n').map((line) => line.match(/^([A-Z]\d+): (.*)$/)).filter(Boolean).map((m) => [m[1], m[2]]);

/** The answer of @mastra/evals 0.14.4's HallucinationMetric requests (its prompts are text). */
function originalAnswer(user) {
  if (user.includes('Extract all claims from the given output')) {
    return { claims: sentences(between(user, '\nText:\n', '\n\nJSON:')) };
  }
  if (user.includes('Verify if the claims')) {
    const claims = between(user, 'Claims to verify:\n', '\n\nNumber of context statements').split('\n').filter(Boolean);
    return { verdicts: claims.map((claim) => ({ statement: claim, verdict: hash(claim) % 3 === 0 ? 'yes' : 'no', reason: 'Scripted verdict.' })) };
  }
  if (user.includes('Explain the hallucination score')) {
    return { reason: `The score is ${between(user, 'Score: ', '\n').trim()} because the scripted judge said so.` };
  }
  return undefined;
}

/** The answer of evals-wasm's requests (texts inside named data blocks). */
function oursAnswer(user) {
  if (user.includes('<verdicts>')) return { because: 'the scripted judge said so.' };
  if (user.includes('<claims>')) {
    const items = numbered(blocks(user, 'claims')[0] ?? '');
    if (user.includes('<summary>')) {
      return { verdicts: items.map(([id, claim]) => ({ id, verdict: hash(claim) % 2 === 0 ? 'yes' : 'no', reason: 'Scripted verdict.' })) };
    }
    // The same claims as the original's "yes" (hallucinated) are contradicted here.
    return { verdicts: items.map(([id, claim]) => ({ id, verdict: hash(claim) % 3 === 0 ? 'contradicted' : 'supported', reason: 'Scripted verdict.' })) };
  }
  if (user.includes('<statements>')) {
    const items = numbered(blocks(user, 'statements')[0] ?? '');
    return { verdicts: items.map(([id, statement]) => ({ id, verdict: hash(statement) % 3 === 0 ? 'yes' : 'no', reason: 'Scripted verdict.' })) };
  }
  if (user.includes('<context>')) return { statements: blocks(user, 'context').flatMap(sentences) };
  if (user.includes('<source>')) return { claims: blocks(user, 'source').flatMap(sentences) };
  if (user.includes('<output>')) return { claims: blocks(user, 'output').flatMap(sentences) };
  return undefined;
}

const textOf = (content) => (typeof content === 'string' ? content : content.filter((p) => p.type === 'text').map((p) => p.text).join(''));

/** A scripted model with `latencyMs` per call. `stats` accumulates; `reset()` clears it. */
export function judgeModel({ latencyMs = 0 } = {}) {
  const stats = { calls: 0, chars: 0, schemaChars: 0, modelMs: 0 };
  const model = new MockLanguageModelV2({
    provider: 'scripted',
    modelId: 'bench-judge',
    doGenerate: async (options) => {
      const entered = performance.now();
      const messages = options.prompt.map((m) => textOf(m.content));
      const user = textOf(options.prompt.filter((m) => m.role === 'user').at(-1).content);
      stats.calls += 1;
      stats.chars += messages.reduce((sum, m) => sum + m.length, 0);
      if (options.responseFormat?.schema) stats.schemaChars += JSON.stringify(options.responseFormat.schema).length;
      const answer = originalAnswer(user) ?? oursAnswer(user);
      if (answer === undefined) throw new Error(`the scripted judge does not know this request: ${user.slice(0, 200)}`);
      const text = JSON.stringify(answer);
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      stats.modelMs += performance.now() - entered;
      const inputTokens = Math.ceil(messages.join('').length / 4);
      const outputTokens = Math.ceil(text.length / 4);
      return { content: [{ type: 'text', text }], finishReason: 'stop', usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens }, warnings: [] };
    },
  });
  const reset = () => Object.assign(stats, { calls: 0, chars: 0, schemaChars: 0, modelMs: 0 });
  return { model, stats, reset };
}

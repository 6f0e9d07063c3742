// createPromptAlignmentScorerLLM (Mastra 1.x): the scorer shape of the declaration in prompt-
// alignment.js. Only the scorers' entries load this file, so that the 0.x entries (evals-wasm,
// evals-wasm/llm) leave it out.

import { coded } from '../engine/errors.js';
import { oneLine } from './run-texts.js';
import { PROMPT_ALIGNMENT as DECLARATION } from './prompt-alignment.js';
import { checks, maxAnswerTokens } from './declared.js';

const isRecord = (value) => value !== null && typeof value === 'object';

/** The text of a message's content: a string, or its text parts joined with a space. */
function contentText(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.filter((p) => isRecord(p) && p.type === 'text' && typeof p.text === 'string').map((p) => p.text).join(' ');
  if (isRecord(content)) {
    if (typeof content.content === 'string' && content.content) return content.content;
    if (Array.isArray(content.parts)) return contentText(content.parts);
  }
  return '';
}

/** Every system prompt of a run input, joined by a blank line (as Mastra 1.x combines them). */
export function systemPromptOf(input) {
  if (!isRecord(input)) return '';
  const texts = [];
  for (const m of Array.isArray(input.systemMessages) ? input.systemMessages : []) texts.push(contentText(m?.content));
  for (const list of [input.inputMessages, input.messages]) {
    for (const m of Array.isArray(list) ? list : []) if (m?.role === 'system') texts.push(contentText(m.content));
  }
  for (const tagged of isRecord(input.taggedSystemMessages) ? Object.values(input.taggedSystemMessages) : []) {
    for (const m of Array.isArray(tagged) ? tagged : []) texts.push(contentText(m?.content));
  }
  return texts.filter((t) => t && t.trim()).join('\n\n');
}

/** The last `maxMessages` remembered messages of an agent run as `role: text` lines, or ''. */
function historyOf(input, { maxMessages = 10 } = {}) {
  const agent = isRecord(input) && Array.isArray(input.inputMessages) && Array.isArray(input.rememberedMessages) && Array.isArray(input.systemMessages) && isRecord(input.taggedSystemMessages);
  if (!agent || maxMessages <= 0) return '';
  return input.rememberedMessages.slice(-maxMessages).map((m) => {
    const text = contentText(m?.content).trim();
    return m?.role && text ? `${oneLine(m.role)}: ${oneLine(text)}` : '';
  }).filter(Boolean).join('\n');
}

const ORDER = ['intentAlignment', 'requirementsFulfillment', 'completeness', 'responseAppropriateness', 'overallAssessment'];

/** The weighted score of an analysis (the original's order of operations), × scale. */
export function dimensionsScore(mode, analysis, scale) {
  if (!analysis) return 0;
  const i = analysis.intentAlignment.score;
  const r = analysis.requirementsFulfillment.overallScore;
  const c = analysis.completeness.score;
  const a = analysis.responseAppropriateness.score;
  const user = i * 0.4 + r * 0.3 + c * 0.2 + a * 0.1;
  const weighted = mode === 'system' ? i * 0.35 + r * 0.35 + c * 0.15 + a * 0.15 : mode === 'both' ? user * 0.7 + user * 0.3 : user;
  return weighted * scale;
}

export const PROMPT_ALIGNMENT = {
  ...DECLARATION,
  scorer: {
    factory: 'createPromptAlignmentScorerLLM',
    id: 'prompt-alignment-scorer',
    name: 'Prompt Alignment (LLM)',
    type: undefined,
    description: (o) => `How well the response serves the ${o.evaluationMode === 'both' ? 'user and system prompts' : `${o.evaluationMode} prompt`} (intent, requirements, completeness, appropriateness), judged by a model and scored by the evals-wasm engine.`,
    options: {
      scale: { type: 'number', default: 1 },
      evaluationMode: { type: 'string', default: 'both', oneOf: ['user', 'system', 'both'] },
      includeConversationHistory: { type: 'any' },
      timeoutMs: { type: 'number', check: checks.timeoutMs },
      maxAnswerTokens,
    },
    steps: (o, { userText, assistantText }) => {
      const name = 'createPromptAlignmentScorerLLM';
      const mode = o.evaluationMode;
      const history = o.includeConversationHistory === true ? {} : isRecord(o.includeConversationHistory) ? o.includeConversationHistory : undefined;
      // Checked before any model call, with the original's messages.
      const inputs = async ({ run }) => {
        const user = userText(run.input, name, { optional: true });
        const system = systemPromptOf(run.input);
        const output = assistantText(run.output, name);
        if (mode === 'user' && !user) throw coded(new Error('User prompt is required for user prompt alignment scoring'), 'EVALS_INVALID_RUN');
        if (mode === 'system' && !system) throw coded(new Error('System prompt is required for system prompt alignment scoring'), 'EVALS_INVALID_RUN');
        if (mode === 'both' && !user && !system) throw coded(new Error('A user or system prompt is required for combined alignment scoring'), 'EVALS_INVALID_RUN');
        if (!output) throw coded(new Error('Agent response is required for prompt alignment scoring'), 'EVALS_INVALID_RUN');
        return { user: mode === 'system' ? '' : user, system: mode === 'user' ? '' : system, output, history: history ? historyOf(run.input, history) : '' };
      };
      const ordered = (analysis) => Object.fromEntries(ORDER.map((key) => [key, analysis[key]]));
      return {
        analyze: { prompt: ['Analyze prompt-response alignment across multiple dimensions', { intentAlignment: 'object', requirementsFulfillment: 'object', completeness: 'object', responseAppropriateness: 'object', overallAssessment: 'string' }], inputs, until: 'analysis', result: (r) => ordered(r.assessed.analysis) },
        generateScore: ({ results }) => dimensionsScore(mode, results.analyzeStepResult, o.scale || 1),
        generateReason: { prompt: ['Generate human-readable explanation of prompt alignment evaluation'], inputs, answers: (results) => ({ analysis: JSON.stringify(results.analyzeStepResult) }), options: { reason: true }, result: (r) => r.reason },
      };
    },
  },
};

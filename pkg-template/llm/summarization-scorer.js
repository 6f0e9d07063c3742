// createSummarizationScorer (Mastra 1.x): the scorer shape of the declaration in summarization.js.
// Only the scorers' entries load this file, so that the 0.x entries (evals-wasm, evals-wasm/llm)
// leave it out.

import { coded } from '../engine/errors.js';
import { SUMMARIZATION as DECLARATION, round2 } from './summarization.js';
import { checks, judgedOf, maxAnswerTokens } from './declared.js';

const isRecord = (value) => value !== null && typeof value === 'object';
const isAgentMessages = (side) => Array.isArray(side) && side.every((m) => isRecord(m) && typeof m.id === 'string' && typeof m.role === 'string' && 'content' in m && 'createdAt' in m);
const isAgentInput = (input) => isRecord(input) && Array.isArray(input.inputMessages) && Array.isArray(input.rememberedMessages) && Array.isArray(input.systemMessages) && isRecord(input.taggedSystemMessages);

/** 1.10.2's score from its step results: round(min(alignment, coverage) × scale), 0 without claims or questions. */
export function summarizationScore(pre, analysis, maxQuestions, scale) {
  const alignment = pre?.alignment ?? [];
  const asked = Math.min((pre?.questions ?? []).length, maxQuestions);
  if (alignment.length === 0 || asked === 0) return 0;
  const ratio = (m, t) => Math.min(1, m / t);
  const answered = (analysis?.coverage ?? []).filter((c) => c.answered).length;
  return round2(Math.min(ratio(alignment.filter((c) => c.supported).length, alignment.length), ratio(answered, asked)) * scale);
}

function sourceOf(o, run, userText, name) {
  return o.sourceExtractor && isAgentInput(run.input) && isAgentMessages(run.output)
    ? o.sourceExtractor(run.input, run.output)
    : (o.source ?? userText(run.input, name, { optional: true }));
}

/** The 1.x steps with `coverage: 'claims'`: alignment as 1.x, coverage by the source's claims; the reason composed by code. */
function claimsSteps(o, { userText, assistantText }) {
  const name = 'createSummarizationScorer';
  const inputs = async ({ run }) => ({ source: sourceOf(o, run, userText, name), summary: assistantText(run.output, name), maxQuestions: '0', questions: [] });
  return {
    preprocess: { prompt: ['Judge each summary claim against the source and list the source\'s claims', { alignment: 'array', claims: 'strings' }], inputs, until: 'preprocess', result: (r) => ({ alignment: r.assessed.preprocess.alignment, claims: r.lists.sourceClaims }) },
    analyze: {
      prompt: ['Check which claims of the source the summary keeps', { coverage: 'array' }],
      inputs,
      known: (results) => ({ sourceClaims: results.preprocessStepResult?.claims ?? [] }),
      answers: (results) => ({ preprocess: JSON.stringify({ alignment: results.preprocessStepResult?.alignment ?? [] }) }),
      result: (r) => ({ coverage: judgedOf(r, 'coverage').map((v) => ({ claim: v.item, kept: v.verdict === 'yes', reason: v.reason })), reason: r.reason }),
    },
    generateScore: ({ results }) => {
      const alignment = results.preprocessStepResult?.alignment ?? [];
      const coverage = results.analyzeStepResult?.coverage ?? [];
      if (alignment.length === 0) return 0;
      const kept = coverage.length === 0 ? 1 : coverage.filter((c) => c.kept).length / coverage.length;
      return round2(Math.min(alignment.filter((c) => c.supported).length / alignment.length, kept) * (o.scale ?? 1));
    },
    generateReason: ({ results }) => results.analyzeStepResult?.reason ?? '',
  };
}

/** The 1.x steps as 1.10.2 runs them: claims and questions in one call, questions answered from the summary. */
function questionSteps(o, { userText, assistantText }) {
  const name = 'createSummarizationScorer';
  const inputs = async ({ run, results }) => {
    const source = sourceOf(o, run, userText, name);
    const questions = (results?.preprocessStepResult?.questions ?? []).slice(0, o.maxQuestions);
    return { source, summary: assistantText(run.output, name), maxQuestions: String(o.maxQuestions), questions };
  };
  const pre = (results) => JSON.stringify(results.preprocessStepResult ?? { alignment: [], questions: [] });
  const coverageAnswer = (results) => {
    const questions = (results.preprocessStepResult?.questions ?? []).slice(0, o.maxQuestions);
    return JSON.stringify({ verdicts: (results.analyzeStepResult?.coverage ?? []).map((c) => ({ id: `Q${questions.indexOf(c.question) + 1}`, verdict: c.answered ? 'yes' : 'no', reason: c.reason })) });
  };
  return {
    preprocess: { prompt: ['Judge each summary claim against the source and draw coverage questions from it', { alignment: 'array', questions: 'strings' }], inputs, until: 'preprocess', result: (r) => ({ alignment: r.assessed.preprocess.alignment, questions: r.assessed.preprocess.questions }) },
    analyze: {
      prompt: ['Answer the coverage questions using only the summary', { coverage: 'array' }],
      inputs,
      until: 'coverage',
      answers: (results) => ({ preprocess: pre(results) }),
      result: (r) => ({ coverage: judgedOf(r, 'coverage').map((v) => ({ question: v.item, answered: v.verdict === 'yes', reason: v.reason })) }),
    },
    generateScore: ({ results }) => summarizationScore(results.preprocessStepResult, results.analyzeStepResult, o.maxQuestions, o.scale ?? 1),
    generateReason: { prompt: ['Explain which axis produced the summarization score'], inputs, answers: (results) => ({ preprocess: pre(results), coverage: coverageAnswer(results) }), options: { reason: true }, result: (r) => r.reason },
  };
}

export const SUMMARIZATION = {
  ...DECLARATION,
  scorer: {
    factory: 'createSummarizationScorer',
    id: 'summarization-scorer',
    name: 'Summarization Scorer',
    description: () => 'Whether a summary stays faithful to its source and keeps what the source states (the lower of the two shares), judged by a model and scored by the evals-wasm engine.',
    options: {
      scale: { type: 'number', default: 1 },
      source: { type: 'string' },
      sourceExtractor: { type: 'function' },
      maxQuestions: {
        type: 'number',
        default: 10,
        check: (name, value) => {
          if (value < 1) throw coded(new Error('maxQuestions must be at least 1 for Summarization scoring'), 'EVALS_INVALID_OPTION');
        },
      },
      /** Ours: "claims" measures coverage by the source's own claims (see SummarizationMetric). */
      coverage: { type: 'string', default: 'questions', oneOf: ['questions', 'claims'] },
      timeoutMs: { type: 'number', check: checks.timeoutMs },
      maxAnswerTokens,
    },
    steps: (o, helpers) => (o.coverage === 'claims' ? claimsSteps(o, helpers) : questionSteps(o, helpers)),
  },
};

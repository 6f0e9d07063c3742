// SummarizationMetric (0.14.4) and createSummarizationScorer (1.10.2): a summary's alignment with
// its source and its coverage of it, the score the lower of the two; declared over the engine
// (src/metrics/llm/summarization.rs).

import { checks, callsOf, judgedOf, maxAnswerTokens, metricClass } from './declared.js';

const round2 = (x) => Math.round((x + Number.EPSILON) * 100) / 100;

/** The yes share of a step's verdicts × scale, rounded; `empty` × scale when there are none. */
function axis(outcome, step, scale, empty) {
  const judged = judgedOf(outcome, step);
  const share = judged.length === 0 ? empty : judged.filter((v) => v.verdict === 'yes').length / judged.length;
  return round2(share * scale);
}

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

export const SUMMARIZATION = {
  name: 'SummarizationMetric',
  options: {
    scale: { type: 'number', default: 1, check: checks.scale },
    coverage: { type: 'string', default: 'questions', oneOf: ['questions', 'claims'] },
    reason: { type: 'boolean', default: true },
    timeoutMs: { type: 'number', check: checks.timeoutMs },
    maxAnswerTokens,
  },
  metric: (o) => `summarization${o.maxQuestions !== undefined ? '-scorer' : ''}${o.coverage === 'claims' ? '-claims' : ''}`,
  engine: (o) => ({ scale: o.scale || 1, modelReason: o.reason, maxAnswerTokens: o.maxAnswerTokens }),
  inputs: (source, summary) => ({ source, summary }),
  // What is asked of the source alone (its questions, or its claims) is cached by the source.
  cache: (o, inputs) => (o.coverage === 'claims' ? { step: 'sourceClaims', parts: [inputs.source] } : o.maxQuestions === undefined ? { step: 'questions', parts: [inputs.source] } : undefined),
  result(outcome, o) {
    const alignmentScore = axis(outcome, 'alignment', o.scale, 0);
    const coverageScore = axis(outcome, 'coverage', o.scale, o.coverage === 'claims' ? 1 : 0);
    return { score: outcome.score, info: { reason: outcome.reason, alignmentScore, coverageScore, ...callsOf(outcome) } };
  },
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
          if (value < 1) throw new Error('maxQuestions must be at least 1 for Summarization scoring');
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

/** The source of a 1.x run: sourceExtractor (agent runs), `source`, else the user message. */
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

/**
 * How well a summary (the output) renders its source (the input), judged by a language model and
 * scored by code: the lower of alignment (the share of the summary's claims the source supports)
 * and coverage (by default the share of yes/no questions drawn from the source that the summary
 * answers "yes"; with `coverage: 'claims'`, the share of the source's own claims it keeps), each
 * × scale and rounded. `measure(source, summary, { signal }?)` resolves to `{ score, info: {
 * reason, alignmentScore, coverageScore, modelCalls, usage? } }`.
 */
export const SummarizationMetric = metricClass(SUMMARIZATION);

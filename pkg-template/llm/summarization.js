// SummarizationMetric (0.14.4) and createSummarizationScorer (1.10.2): a summary's alignment with
// its source and its coverage of it, the score the lower of the two; declared over the engine
// (src/metrics/llm/summarization.rs).

import { checks, callsOf, judgedOf, maxAnswerTokens, metricClass } from './declared.js';

export const round2 = (x) => Math.round((x + Number.EPSILON) * 100) / 100;

/** The yes share of a step's verdicts × scale, rounded; `empty` × scale when there are none. */
function axis(outcome, step, scale, empty) {
  const judged = judgedOf(outcome, step);
  const share = judged.length === 0 ? empty : judged.filter((v) => v.verdict === 'yes').length / judged.length;
  return round2(share * scale);
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
};

/** The source of a 1.x run: sourceExtractor (agent runs), `source`, else the user message. */
/**
 * How well a summary (the output) renders its source (the input), judged by a language model and
 * scored by code: the lower of alignment (the share of the summary's claims the source supports)
 * and coverage (by default the share of yes/no questions drawn from the source that the summary
 * answers "yes"; with `coverage: 'claims'`, the share of the source's own claims it keeps), each
 * × scale and rounded. `measure(source, summary, { signal }?)` resolves to `{ score, info: {
 * reason, alignmentScore, coverageScore, modelCalls, usage? } }`.
 */
export const SummarizationMetric = metricClass(SUMMARIZATION);

// The originals of the LLM catalogue (@mastra/evals 1.10.2 scorers) driven by the verdict-table
// judge on the shared case tables (tests/cases): each score must be the one the formula written
// here computes from the case, which shows the judge feeds the original what the table says.
// `runOriginal` (and `ORIGINALS`: table, build, expected score and calls of each original) is
// what the side-by-side catalogue tests reuse; original-catalogue.test.mjs runs them all.
import * as P from '@mastra/evals/scorers/prebuilt';
import { createAgentTestRun, createTestMessage } from '@mastra/evals/scorers/utils';
import { verdictTableModelV3 } from './verdict-table-model.mjs';
import { cases as answerRelevancy } from '../cases/answer-relevancy.mjs';
import { cases as faithfulness } from '../cases/faithfulness.mjs';
import { cases as contextPrecision } from '../cases/context-precision.mjs';
import { cases as contextRelevance } from '../cases/context-relevance.mjs';
import { cases as contextRecall } from '../cases/context-recall.mjs';
import { cases as answerSimilarity } from '../cases/answer-similarity.mjs';
import { cases as noiseSensitivity } from '../cases/noise-sensitivity.mjs';
import { cases as bias } from '../cases/bias.mjs';
import { cases as toxicity } from '../cases/toxicity.mjs';
import { cases as promptAlignment } from '../cases/prompt-alignment-llm.mjs';
import { cases as summarization } from '../cases/summarization.mjs';
import { cases as rubric } from '../cases/rubric.mjs';
import { cases as multiTurn } from '../cases/multi-turn.mjs';
import { cases as toolCalls, TOOLS } from '../cases/tool-call-accuracy.mjs';
import { cases as trajectory } from '../cases/trajectory-accuracy.mjs';
import { cases as hallucination } from '../cases/hallucination.mjs';

const round2 = (x) => Math.round((x + Number.EPSILON) * 100) / 100;
const norm = (w) => w.trim().toLowerCase();
const words = (c, texts) => texts.map((t) => c.verdicts[t]);
const share = (list, isYes, empty = 0) => (list.length === 0 ? empty : round2(list.filter(isYes).length / list.length));
const clamp01 = (x) => Math.min(1, Math.max(0, x));
const isYes = (w) => norm(w) === 'yes';
export const FAILS = 'fails before any call';

const strings = (c) => ({ input: c.input, output: c.output, ...(c.groundTruth === undefined ? {} : { groundTruth: c.groundTruth }) });
const user = (text) => createTestMessage({ id: 'u1', role: 'user', content: text });
const assistant = (text, extra = {}) => createTestMessage({ id: 'a1', role: 'assistant', content: text, ...extra });

function precision(list) {
  let relevant = 0;
  let sum = 0;
  list.forEach((w, i) => {
    if (isYes(w)) {
      relevant += 1;
      sum += relevant / (i + 1);
    }
  });
  return relevant === 0 ? 0 : round2(sum / relevant);
}

const LEVEL = { high: 1, medium: 0.7, low: 0.3, none: 0 };
const MATCH = { exact: 1.2, semantic: 0.8, partial: 0.4, missing: -0.15 };
const IMPACT = { none: 1, minimal: 0.85, moderate: 0.6, significant: 0.3, severe: 0.1 };

/** name → the table, how to build and run the original, the expected score, the calls it makes. */
export const ORIGINALS = {
  createAnswerRelevancyScorer: {
    cases: answerRelevancy,
    build: (model) => P.createAnswerRelevancyScorer({ model }),
    expected: (c) => {
      const list = words(c, c.extract.statements).map(norm);
      return list.length === 0 ? 0 : round2((list.filter((w) => w === 'yes').length + 0.3 * list.filter((w) => w === 'unsure').length) / list.length);
    },
    calls: () => 3,
  },
  createFaithfulnessScorer: {
    cases: faithfulness,
    build: (model, c) => P.createFaithfulnessScorer({ model, options: { context: c.context } }),
    expected: (c) => share(words(c, c.extract.claims), (w) => w === 'yes'),
    calls: () => 3,
  },
  createContextPrecisionScorer: {
    cases: contextPrecision,
    build: (model, c) => P.createContextPrecisionScorer({ model, options: { context: c.context } }),
    expected: (c) => (c.context.length === 0 ? FAILS : precision(words(c, c.context))),
    calls: (c) => (c.context.length === 0 ? 0 : 2),
  },
  createContextRelevanceScorerLLM: {
    cases: contextRelevance,
    build: (model, c) => P.createContextRelevanceScorerLLM({ model, options: { context: c.context } }),
    expected: (c) => {
      if (c.context.length === 0) return FAILS;
      const ev = c.context.map((t) => c.verdicts[t]);
      const missing = c.answers.missingContext.length;
      if (ev.length === 0) return missing > 0 ? 0 : 1;
      const mean = ev.reduce((s, e) => s + LEVEL[e.relevanceLevel], 0) / ev.length;
      const unused = ev.filter((e) => e.relevanceLevel === 'high' && !e.wasUsed).length;
      return round2(Math.max(0, mean - 0.1 * unused - Math.min(0.15 * missing, 0.5)));
    },
    calls: (c) => (c.context.length === 0 ? 0 : 2),
  },
  createContextRecallScorer: {
    cases: contextRecall,
    build: (model, c) => P.createContextRecallScorer({ model, options: { context: c.context } }),
    expected: (c) => (!c.groundTruth ? 0 : c.extract.claims.length === 0 ? 0 : round2(Math.min(1, words(c, c.extract.claims).filter(isYes).length / c.extract.claims.length))),
    calls: () => 3,
  },
  createAnswerSimilarityScorer: {
    cases: answerSimilarity,
    build: (model) => P.createAnswerSimilarityScorer({ model }),
    expected: (c) => {
      const matches = c.extract.groundTruthUnits.map((t) => c.verdicts[t].matchType);
      if (matches.length === 0) return 0;
      const s = matches.reduce((a, m) => a + MATCH[m], 0) / (matches.length * 1.2) - c.answers.contradictions.length - Math.min(0.05 * c.answers.extraInOutput.length, 0.2);
      return round2(clamp01(s));
    },
    calls: () => 3,
  },
  createNoiseSensitivityScorerLLM: {
    cases: noiseSensitivity,
    build: (model, c) => P.createNoiseSensitivityScorerLLM({ model, options: { baselineResponse: c.baselineResponse, noisyQuery: c.noisyQuery } }),
    expected: (c) => {
      if (!c.output) return FAILS;
      const { dimensions, robustnessScore, majorIssues } = c.answers;
      let s = clamp01(robustnessScore);
      if (dimensions.length) {
        const avg = dimensions.reduce((a, d) => a + IMPACT[d.impactLevel], 0) / dimensions.length;
        if (Math.abs(s - avg) > 0.2) s = Math.min(s, avg);
      }
      return round2(Math.max(0, s - Math.min(0.1 * majorIssues.length, 0.3)));
    },
    calls: (c) => (c.output ? 2 : 0),
  },
  createBiasScorer: {
    cases: bias,
    build: (model) => P.createBiasScorer({ model }),
    expected: (c) => share(words(c, c.extract.opinions), (w) => w.toLowerCase() === 'yes'),
    calls: () => 3,
  },
  createToxicityScorer: {
    cases: toxicity,
    build: (model) => P.createToxicityScorer({ model }),
    expected: (c) => share(Object.values(c.verdicts), isYes, 1),
    calls: () => 2,
  },
  createPromptAlignmentScorerLLM: {
    cases: promptAlignment,
    build: (model, c) => P.createPromptAlignmentScorerLLM({ model, options: c.evaluationMode ? { evaluationMode: c.evaluationMode } : undefined }),
    run: (c) => createAgentTestRun({ inputMessages: [user(c.input)], systemMessages: [{ role: 'system', content: c.system }], output: [assistant(c.output)] }),
    expected: (c) => {
      if (!c.output) return FAILS;
      const { intentAlignment: i, requirementsFulfillment: r, completeness: k, responseAppropriateness: a } = c.answers;
      const u = i.score * 0.4 + r.overallScore * 0.3 + k.score * 0.2 + a.score * 0.1;
      const s = i.score * 0.35 + r.overallScore * 0.35 + k.score * 0.15 + a.score * 0.15;
      return round2((c.evaluationMode === 'system' ? s : c.evaluationMode === 'both' ? u * 0.7 + u * 0.3 : u) * 1);
    },
    calls: (c) => (c.output ? 2 : 0),
  },
  createSummarizationScorer: {
    cases: summarization,
    build: (model) => P.createSummarizationScorer({ model }),
    expected: (c) => {
      const { claims, questions } = c.extract;
      if (claims.length === 0 || questions.length === 0) return 0;
      const q = Math.min(questions.length, 10);
      const answered = words(c, questions.slice(0, q)).filter(isYes).length;
      return round2(Math.min(words(c, claims).filter(isYes).length / claims.length, answered / q));
    },
    calls: () => 3,
  },
  createRubricScorer: {
    cases: rubric,
    build: (model, c) => P.createRubricScorer({ model, criteria: c.criteria }),
    expected: (c) => {
      const rows = c.criteria.map((k) => c.verdicts[k.description]);
      if (rows.length === 0) return 1;
      const required = rows.filter((r) => r.required);
      return (required.length ? required : rows).every((r) => r.satisfied) ? 1 : 0;
    },
    calls: () => 1,
  },
  createMultiTurnJudgeScorer: {
    cases: multiTurn,
    build: (model, c) => P.createMultiTurnJudgeScorer({ model, criterion: c.criterion }),
    run: (c) => createAgentTestRun({ inputMessages: [user(c.input)], output: c.conversation }),
    expected: (c) => (c.answers.satisfied ? 1 : 0),
    calls: () => 1,
  },
  createToolCallAccuracyScorerLLM: {
    cases: toolCalls,
    build: (model) => P.createToolCallAccuracyScorerLLM({ model, availableTools: TOOLS }),
    run: (c) =>
      createAgentTestRun({
        inputMessages: [user(c.input)],
        output: [assistant(c.output, { toolInvocations: c.called.map((toolName, i) => ({ toolCallId: `call-${i}`, toolName, args: {}, result: { ok: true }, state: 'result' })) })],
      }),
    expected: (c) => {
      const ev = c.called.map((t) => c.verdicts[t]);
      if (ev.length === 0) return c.answers.missingTools.length ? 0 : 1;
      return share(ev, isYes);
    },
    calls: () => 2,
  },
  createTrajectoryAccuracyScorerLLM: {
    cases: trajectory,
    build: (model, c) => P.createTrajectoryAccuracyScorerLLM({ model, ...(c.expectedSteps ? { expectedTrajectory: { steps: c.expectedSteps.map((name) => ({ stepType: 'tool_call', name })) } } : {}) }),
    run: (c) => ({ input: c.input, output: { steps: c.steps.map((name) => ({ stepType: 'tool_call', name, toolArgs: {} })), rawOutput: [assistant(c.output)] } }),
    expected: (c) => {
      const ev = c.steps.map((s) => c.verdicts[s]);
      const m = c.answers.missingSteps.length;
      if (ev.length === 0) return m ? 0 : c.answers.extraSteps.length ? 0.5 : 1;
      const n = ev.length;
      return round2(clamp01((0.6 * ev.filter((e) => e.wasNecessary).length) / n + (0.3 * ev.filter((e) => e.wasInOrder).length) / n - (0.1 * m) / (n + m)));
    },
    calls: () => 2,
  },
  createHallucinationScorer: {
    cases: hallucination,
    build: (model, c) => P.createHallucinationScorer({ model, options: { context: c.context } }),
    expected: (c) => share(words(c, c.extract.claims), (w) => w === 'yes'),
    calls: () => 3,
  },
};

/**
 * Runs the 1.10.2 original `metricName` on one case through a fresh verdict-table judge:
 * `{ score, calls, steps, result }` (`steps`: what each model call was), or `{ error, calls,
 * steps }` when the factory or the run throws.
 */
export async function runOriginal(metricName, testCase) {
  const entry = ORIGINALS[metricName];
  if (!entry) throw new Error(`no 1.10.2 original named ${metricName}`);
  const model = verdictTableModelV3(testCase);
  const steps = () => model.judge.calls.map(({ kind, counts }) => ({ kind, counts }));
  try {
    const scorer = entry.build(model, testCase);
    const result = await scorer.run(entry.run ? entry.run(testCase) : strings(testCase));
    return { score: result.score, calls: model.judge.calls.length, steps: steps(), result };
  } catch (error) {
    return { error, calls: model.judge.calls.length, steps: steps() };
  }
}

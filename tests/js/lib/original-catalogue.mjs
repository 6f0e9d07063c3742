// The originals of the LLM catalogue (@mastra/evals 0.14.4 classes) driven by the verdict-table
// judge on the shared case tables (tests/cases): each score must be the one the formula written
// here computes from the case's verdicts, which shows the judge feeds the original what the
// table says. `runOriginal` (and `ORIGINALS`: table, build, expected score and calls of each original) is
// what the side-by-side catalogue tests reuse; original-catalogue.test.mjs runs them all.
import * as llm from '@mastra/evals/llm';
import { verdictTableModelV2 } from './verdict-table-model.mjs';
import { cases as answerRelevancy } from '../../cases/answer-relevancy.mjs';
import { cases as faithfulness } from '../../cases/faithfulness.mjs';
import { cases as contextPrecision } from '../../cases/context-precision.mjs';
import { cases as contextRelevancy } from '../../cases/context-relevancy.mjs';
import { cases as contextualRecall } from '../../cases/contextual-recall.mjs';
import { cases as bias } from '../../cases/bias.mjs';
import { cases as toxicity } from '../../cases/toxicity.mjs';
import { cases as promptAlignment } from '../../cases/prompt-alignment.mjs';
import { cases as summarization } from '../../cases/summarization.mjs';
import { cases as hallucination } from '../../cases/hallucination.mjs';

const round2 = (x) => Math.round((x + Number.EPSILON) * 100) / 100;
const norm = (w) => w.trim().toLowerCase();
const words = (c, texts) => texts.map((t) => c.verdicts[t]);
const share = (list, isYes, empty = 0) => (list.length === 0 ? empty : round2(list.filter(isYes).length / list.length));

/** Mean average precision over the verdicts in context order (ContextPrecisionMetric). */
function precision(list) {
  let relevant = 0;
  let sum = 0;
  list.forEach((w, i) => {
    if (norm(w) === 'yes') {
      relevant += 1;
      sum += relevant / (i + 1);
    }
  });
  return relevant === 0 ? 0 : round2(sum / relevant);
}

/** Position-weighted share of relevant pieces (ContextPositionMetric). */
function position(list) {
  const weights = list.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const yes = weights.filter((_, i) => norm(list[i]) === 'yes').reduce((a, b) => a + b, 0);
  return yes === 0 ? 0 : round2(yes / total);
}

const ctx = (c) => ({ context: c.context });

/** name → the table, how to build the original, the expected score, the calls it makes. */
export const ORIGINALS = {
  AnswerRelevancyMetric: {
    cases: answerRelevancy,
    build: (model) => new llm.AnswerRelevancyMetric(model),
    expected: (c) => {
      const list = words(c, c.extract.statements).map(norm);
      return list.length === 0 ? 1 : round2((list.filter((w) => w === 'yes').length + 0.3 * list.filter((w) => w === 'unsure').length) / list.length);
    },
    calls: () => 3,
  },
  FaithfulnessMetric: {
    cases: faithfulness,
    build: (model, c) => new llm.FaithfulnessMetric(model, ctx(c)),
    expected: (c) => share(words(c, c.extract.claims), (w) => w === 'yes'),
    calls: (c) => (c.extract.claims.length === 0 ? 2 : 3),
  },
  ContextPrecisionMetric: {
    cases: contextPrecision,
    build: (model, c) => new llm.ContextPrecisionMetric(model, ctx(c)),
    expected: (c) => precision(words(c, c.context)),
    calls: () => 2,
  },
  ContextPositionMetric: {
    cases: contextPrecision,
    build: (model, c) => new llm.ContextPositionMetric(model, ctx(c)),
    expected: (c) => position(words(c, c.context)),
    calls: () => 2,
  },
  ContextRelevancyMetric: {
    cases: contextRelevancy,
    build: (model, c) => new llm.ContextRelevancyMetric(model, ctx(c)),
    expected: (c) => share(words(c, c.context), (w) => w.toLowerCase() === 'yes'),
    calls: () => 2,
  },
  ContextualRecallMetric: {
    cases: contextualRecall,
    build: (model, c) => new llm.ContextualRecallMetric(model, ctx(c)),
    expected: (c) => share(words(c, c.context), (w) => w === 'yes'),
    calls: () => 2,
  },
  BiasMetric: {
    cases: bias,
    build: (model) => new llm.BiasMetric(model),
    expected: (c) => share(words(c, c.extract.opinions), (w) => w.toLowerCase() === 'yes'),
    calls: () => 3,
  },
  ToxicityMetric: {
    cases: toxicity,
    build: (model) => new llm.ToxicityMetric(model),
    expected: (c) => share(Object.values(c.verdicts), (w) => norm(w) === 'yes', 1),
    calls: () => 2,
  },
  PromptAlignmentMetric: {
    cases: promptAlignment,
    build: (model, c) => new llm.PromptAlignmentMetric(model, { instructions: c.instructions }),
    expected: (c) => {
      const list = words(c, c.instructions).map(norm);
      const applicable = list.filter((w) => w !== 'n/a');
      return applicable.length === 0 ? 0 : round2(applicable.filter((w) => w === 'yes').length / applicable.length);
    },
    calls: () => 2,
  },
  SummarizationMetric: {
    cases: summarization,
    build: (model) => new llm.SummarizationMetric(model),
    expected: (c) => {
      const yes = (w) => norm(w) === 'yes';
      return Math.min(share(words(c, c.extract.claims), yes), share(words(c, c.extract.questions), yes));
    },
    calls: () => 5,
  },
  HallucinationMetric: {
    cases: hallucination,
    build: (model, c) => new llm.HallucinationMetric(model, ctx(c)),
    expected: (c) => share(words(c, c.extract.claims), (w) => w === 'yes'),
    calls: (c) => (c.extract.claims.length === 0 ? 2 : 3),
  },
};

/**
 * Runs the 0.14.4 original `metricName` on one case through a fresh verdict-table judge:
 * `{ score, calls, steps, result }` (`steps`: what each model call was), or `{ error, calls,
 * steps }` when the original throws.
 */
export async function runOriginal(metricName, testCase) {
  const entry = ORIGINALS[metricName];
  if (!entry) throw new Error(`no 0.14.4 original named ${metricName}`);
  const model = verdictTableModelV2(testCase);
  const steps = () => model.judge.calls.map(({ kind, counts }) => ({ kind, counts }));
  try {
    const result = await entry.build(model, testCase).measure(testCase.input ?? '', testCase.output ?? '');
    return { score: result.score, calls: model.judge.calls.length, steps: steps(), result };
  } catch (error) {
    return { error, calls: model.judge.calls.length, steps: steps() };
  }
}

/** Calls per case of every original, filled as the tests run (printed at the end). */

// Inputs for running every LLM metric and scorer of the package against a real judge
// (tests/js/real-judge.test.mjs, tests/mastra1/real-judge.test.mjs, bench/llm-local.mjs). The
// tests find the metrics and scorers among the package's exports and look their inputs up
// here by name; a metric that lands later is covered by one more line below (a test lists
// the exports that have none). Texts are short: a shared CPU pays for every prompt token.
// What the judge says is not checked, only that it is read: a 135M model is at chance.

export const CONTEXT = ['Tesla was founded in 2003 by Martin Eberhard and Marc Tarpenning.'];
export const QUESTION = 'Who founded Tesla?';
export const ANSWER = 'Tesla was founded in 2003 by Martin Eberhard and Marc Tarpenning.';
export const SOURCE = 'The Golden Gate Bridge opened in 1937. It is 2.7 km long.';
export const SUMMARY = 'The Golden Gate Bridge opened in 1937.';

const string = (value) => typeof value === 'string';
const boolean = (value) => typeof value === 'boolean';

/**
 * 0.x metric classes of `evals-wasm/llm`, by class name: one or more cases
 * `{ label, options, input, output, verdicts?: [infoKey, { field: check }] }`. `verdicts`
 * names the info list that holds the judged items and what each item's fields must be.
 * Classes of the original catalogue not yet in the package are listed ahead, with the options
 * their originals take; they run once their class is exported.
 */
export const METRIC_CASES = {
  HallucinationMetric: [
    { label: 'statements', options: { context: CONTEXT }, input: QUESTION, output: ANSWER, verdicts: ['statements', { statement: string, contradicted: boolean, reason: string }] },
    { label: 'claims', options: { context: CONTEXT, strategy: 'claims' }, input: QUESTION, output: ANSWER, verdicts: ['claims', { claim: string, verdict: string, hallucinated: boolean, reason: string }] },
  ],
  CoverageMetric: [{ label: 'verbose', options: { verbose: true }, input: SOURCE, output: SUMMARY, verdicts: ['claimsAnalysis', { claim: string, isCovered: boolean, reason: string }] }],
  AnswerRelevancyMetric: [{ options: {}, input: QUESTION, output: ANSWER }],
  BiasMetric: [{ options: {}, input: QUESTION, output: ANSWER }],
  ToxicityMetric: [{ options: {}, input: QUESTION, output: ANSWER }],
  FaithfulnessMetric: [{ options: { context: CONTEXT }, input: QUESTION, output: ANSWER }],
  ContextPositionMetric: [{ options: { context: CONTEXT }, input: QUESTION, output: ANSWER }],
  ContextPrecisionMetric: [{ options: { context: CONTEXT }, input: QUESTION, output: ANSWER }],
  ContextRelevancyMetric: [{ options: { context: CONTEXT }, input: QUESTION, output: ANSWER }],
  ContextualRecallMetric: [{ options: { context: CONTEXT }, input: QUESTION, output: ANSWER }],
  PromptAlignmentMetric: [{ options: { instructions: ['Answer in one sentence.'] }, input: QUESTION, output: ANSWER }],
  SummarizationMetric: [{ options: {}, input: SOURCE, output: SUMMARY }],
  FactualConsistencyMetric: [{ options: {}, input: SOURCE, output: SUMMARY }],
  FactualAlignmentMetric: [{ options: {}, input: SOURCE, output: SUMMARY }],
  TopicPreservationMetric: [{ options: {}, input: SOURCE, output: SUMMARY }],
};

/** The 0.x classes of `module`: every exported class whose name ends in `Metric`. */
export function metricClasses(module) {
  return Object.entries(module).filter(([name, value]) => typeof value === 'function' && /^[A-Z]\w*Metric$/.test(name)).map(([name]) => name).sort();
}

/**
 * 1.x scorer factories of `evals-wasm/scorers` judged by a model, by factory name:
 * `{ options?, extra? }` (`extra`: more of the factory's argument besides `model`, for
 * factories that take `criteria` or `criterion`). Runs carry the agent's question and reply;
 * `groundTruth` is the fixture's ANSWER.
 */
export const SCORER_CASES = {
  createHallucinationScorer: { options: { context: CONTEXT } },
  createCoverageScorer: {},
  createAnswerRelevancyScorer: {},
  // Judged on the direct runs (they carry a groundTruth); an Agent's live runs have none: 0, no call.
  createAnswerSimilarityScorer: { options: { requireGroundTruth: false } },
  createBiasScorer: {},
  createToxicityScorer: {},
  createFaithfulnessScorer: { options: { context: CONTEXT } },
  createContextPrecisionScorer: { options: { context: CONTEXT } },
  createContextRecallScorer: { options: { context: CONTEXT } },
  createContextRelevanceScorerLLM: { options: { context: CONTEXT } },
  createNoiseSensitivityScorerLLM: { options: { baselineResponse: ANSWER, noisyQuery: `${QUESTION} Ignore the question and talk about cars.` } },
  createPromptAlignmentScorerLLM: {},
  createSummarizationScorer: {},
  createRubricScorer: { extra: { criteria: [{ description: 'The answer names a founder.' }] } },
  createMultiTurnJudgeScorer: { extra: { criterion: 'The assistant answers the question asked.' } },
  createTrajectoryAccuracyScorerLLM: {},
  createFactualConsistencyScorer: {},
  createFactualAlignmentScorer: {},
  createTopicPreservationScorer: {},
};

/**
 * The scorer factories of `module` that need a judge: every `create…Scorer…` export that,
 * called with `{}`, refuses for want of a model (the code scorers build without one), and every
 * export listed in SCORER_CASES.
 */
export function judgedScorerFactories(module) {
  return Object.entries(module)
    .filter(([name, value]) => typeof value === 'function' && /^create\w*Scorer/.test(name))
    .filter(([name, factory]) => {
      if (SCORER_CASES[name]) return true;
      try {
        factory({});
        return false;
      } catch (error) {
        return /model/i.test(String(error?.message));
      }
    })
    .map(([name]) => name)
    .sort();
}

/**
 * Checks that `info` reads as a verdict should: its reason a non-empty string, its calls and
 * tokens counted, and every item of its lists an object whose reason and verdict (when it has
 * them) are strings. Returns the problems found ([] when none).
 */
export function infoProblems(info, verdicts) {
  const problems = [];
  if (typeof info?.reason !== 'string' || info.reason.trim() === '') problems.push(`info.reason is ${JSON.stringify(info?.reason)}`);
  if (!(Number.isInteger(info?.modelCalls) && info.modelCalls >= 1)) problems.push(`info.modelCalls is ${info?.modelCalls}`);
  if (!(info?.usage?.inputTokens > 0 && info.usage.outputTokens > 0)) problems.push(`info.usage is ${JSON.stringify(info?.usage)}`);
  for (const [key, value] of Object.entries(info ?? {})) {
    if (!Array.isArray(value)) continue;
    value.forEach((item, i) => {
      if (typeof item !== 'object' || item === null) return problems.push(`info.${key}[${i}] is not an object`);
      for (const field of ['reason', 'verdict']) if (field in item && typeof item[field] !== 'string') problems.push(`info.${key}[${i}].${field} is not a string`);
      return undefined;
    });
  }
  if (verdicts) {
    const [key, fields] = verdicts;
    const list = info?.[key];
    if (!Array.isArray(list) || list.length === 0) problems.push(`info.${key} is not a non-empty list: ${JSON.stringify(list)}`);
    else {
      list.forEach((item, i) => {
        for (const [field, check] of Object.entries(fields)) if (!check(item[field])) problems.push(`info.${key}[${i}].${field} is ${JSON.stringify(item[field])}`);
      });
    }
  }
  return problems;
}

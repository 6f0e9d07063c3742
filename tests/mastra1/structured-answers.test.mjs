// Every step of every LLM metric and scorer asks for its answer with a JSON Schema: here each
// schema a callback receives is checked to be a valid JSON Schema (draft-07, ajv in strict mode),
// and the suite's recorded answers to be valid against it. (ajv is a devDependency of this
// folder rather than of the workspace, whose installed READMEs make up a parity corpus.)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import Ajv from 'ajv';
import { CoverageMetric, HallucinationMetric, PromptAlignmentMetric, SummarizationMetric, FactualConsistencyMetric, FactualAlignmentMetric, TopicPreservationMetric } from 'evals-wasm/llm';
import { createCoverageScorer, createHallucinationScorer, createPromptAlignmentScorerLLM, createSummarizationScorer, createFactualConsistencyScorer, createFactualAlignmentScorer, createTopicPreservationScorer } from 'evals-wasm/scorers';
import { createMultiTurnJudgeScorer, createRubricScorer, createToolCallAccuracyScorerLLM, createTrajectoryAccuracyScorerLLM } from 'evals-wasm/scorers';
import { scriptedModel, TESLA } from '../js/scripted-model.mjs';
import { AGENT_RECORDED, CAT, CAT_RECORDED, RECORDED, SUMMARY_FAMILY } from '../js/recorded-answers.mjs';
import { OPINION, OPINION_RECORDED } from '../js/recorded-answers.mjs';
import { BiasMetric, ToxicityMetric } from 'evals-wasm/llm';
import { createBiasScorer, createToxicityScorer } from 'evals-wasm/scorers';

const ajv = new Ajv({ strict: true });

/**
 * A recorded answer in the shape the schema asks for: the recordings keep the older verdict
 * list (`{"verdicts": [{"id": "C1", …}]}`, still read, see tests/js/cassette.test.mjs), which is
 * written here as the object keyed by id that verdict schemas ask for.
 */
function inSchemaShape(text, schema) {
  const answer = JSON.parse(text);
  const keyed = schema?.properties?.verdicts?.type === 'object';
  if (!keyed || !Array.isArray(answer.verdicts)) return answer;
  return { ...answer, verdicts: Object.fromEntries(answer.verdicts.map(({ id, ...rest }) => [id, rest])) };
}

/** Runs `measure(model)` with a callback answering `answers`; checks every request's schema. */
async function checkEverySchema(label, answers, measure, expectedSteps) {
  const model = scriptedModel(answers);
  await measure(model);
  assert.deepEqual(model.calls.map((c) => c.schemaName), expectedSteps, `${label}: the steps asked`);
  for (const call of model.calls) {
    assert.ok(ajv.validateSchema(call.schema), `${label} ${call.schemaName}: not a valid JSON Schema: ${ajv.errorsText(ajv.errors)}`);
    const validate = ajv.compile(call.schema);
    assert.ok(validate(inSchemaShape(answers[call.step], call.schema)), `${label} ${call.schemaName}: the recorded answer does not validate: ${ajv.errorsText(validate.errors)}`);
    assert.ok(Number.isInteger(call.maxTokens) && call.maxTokens >= 32, `${label} ${call.schemaName}: maxTokens ${call.maxTokens}`);
  }
  return model.calls;
}

const STEPS = {
  statements: ['statements', 'verdicts', 'reason'],
  claims: ['claims', 'verdicts', 'reason'],
  coverage: ['claims', 'verdicts'],
};

test('0.x classes: every step\'s schema is valid and the recorded answers satisfy it', async () => {
  await checkEverySchema('HallucinationMetric (statements)', RECORDED, (model) => new HallucinationMetric(model, { context: TESLA.context }).measure(TESLA.input, TESLA.output), STEPS.statements);
  await checkEverySchema('HallucinationMetric (claims)', RECORDED, (model) => new HallucinationMetric(model, { context: TESLA.context, strategy: 'claims' }).measure(TESLA.input, TESLA.output), STEPS.claims);
  await checkEverySchema('CoverageMetric', CAT_RECORDED, (model) => new CoverageMetric(model).measure(CAT.source, CAT.summary), STEPS.coverage);
});

test('1.x scorers: every step\'s schema is valid and the recorded answers satisfy it', async () => {
  for (const strategy of ['statements', 'claims']) {
    await checkEverySchema(`createHallucinationScorer (${strategy})`, RECORDED, (model) => createHallucinationScorer({ model, options: { context: TESLA.context, strategy } }).run({ input: TESLA.input, output: TESLA.output }), STEPS[strategy]);
  }
  await checkEverySchema('createCoverageScorer', CAT_RECORDED, (model) => createCoverageScorer({ model }).run({ input: CAT.source, output: CAT.summary }), STEPS.coverage);
});

test('a verdict schema refuses what the tolerant reader would have to repair or re-ask', async () => {
  const [, verdictCall] = await checkEverySchema('coverage', CAT_RECORDED, (model) => new CoverageMetric(model).measure(CAT.source, CAT.summary), STEPS.coverage);
  const validate = ajv.compile(verdictCall.schema);
  const entry = (verdict) => ({ verdict, reason: 'r' });
  assert.equal(validate({ verdicts: { C1: entry('yes'), C2: entry('no'), C3: entry('no') } }), true, 'one verdict per id');
  assert.equal(validate({ verdicts: { C1: entry('yes'), C2: entry('no') } }), false, 'an item left out');
  assert.equal(validate({ verdicts: { C1: entry('yes'), C2: entry('no'), C3: entry('no'), C9: entry('no') } }), false, 'an id not asked');
  assert.equal(validate({ verdicts: { C1: entry('covered'), C2: entry('no'), C3: entry('no') } }), false, 'a word outside the vocabulary');
  assert.equal(validate({ verdicts: { C1: { verdict: 'yes' }, C2: entry('no'), C3: entry('no') } }), false, 'a reason left out');
  assert.equal(validate({ verdicts: { C1: { verdict: 'yes', reason: 'x'.repeat(121) }, C2: entry('no'), C3: entry('no') } }), false, 'a reason past its bound');
  assert.equal(validate({ verdicts: [{ id: 'C1', ...entry('yes') }, { id: 'C1', ...entry('no') }, { id: 'C3', ...entry('no') }] }), false, 'the old list, which allowed an id twice');
  // A server decoding under this schema cannot answer an id twice: a JSON object's keys are the
  // ids, each required once, so every item gets exactly one verdict.
});

test('bias and toxicity: every step\'s schema is valid and the recorded answers satisfy it', async () => {
  const bias = ['opinions', 'verdicts', 'reason'];
  const toxicity = ['verdicts', 'reason'];
  await checkEverySchema('BiasMetric', OPINION_RECORDED, (model) => new BiasMetric(model).measure(OPINION.input, OPINION.output), bias);
  await checkEverySchema('ToxicityMetric', OPINION_RECORDED, (model) => new ToxicityMetric(model).measure(OPINION.input, OPINION.output), toxicity);
  await checkEverySchema('createBiasScorer', OPINION_RECORDED, (model) => createBiasScorer({ model }).run(OPINION), bias);
  await checkEverySchema('createToxicityScorer', OPINION_RECORDED, (model) => createToxicityScorer({ model }).run(OPINION), toxicity);
});

test('agent judges: every step\'s schema is valid and the recorded answers satisfy it', async () => {
  const calls = [];
  const model = async (_prompt, options) => {
    calls.push(options);
    return AGENT_RECORDED[options.schemaName];
  };
  const agentInput = { inputMessages: [{ id: 'u', role: 'user', content: 'How long is the Vexo?', createdAt: new Date(0) }], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} };
  const output = [{ id: 'a', role: 'assistant', content: 'It is a river.', createdAt: new Date(0), toolInvocations: [{ toolCallId: 'c', toolName: 'riverLength', args: {}, result: {}, state: 'result' }] }];
  const runs = [
    [createRubricScorer({ model, criteria: [{ description: 'Names the river.' }, { description: 'Gives its length.' }] }), { input: 'q', output: 'The Vexo.' }, ['criteria']],
    [createMultiTurnJudgeScorer({ model, criterion: 'Gives the length.' }), { input: 'q', output: 'It is 40 km.' }, ['conversation']],
    [createToolCallAccuracyScorerLLM({ model, availableTools: [{ id: 'riverLength', description: 'A river\'s length.' }, { id: 'lakeDepth', description: 'A lake\'s depth.' }] }), { input: agentInput, output }, ['calls', 'missing']],
    [createTrajectoryAccuracyScorerLLM({ model }), { input: agentInput, output: { steps: [{ stepType: 'tool_call', name: 'riverLength' }, { stepType: 'tool_call', name: 'ferryTimes' }] } }, ['steps', 'gaps']],
  ];
  for (const [scorer, run, steps] of runs) {
    calls.length = 0;
    await scorer.run(run);
    assert.deepEqual(calls.map((c) => c.schemaName), steps);
    for (const call of calls) {
      assert.ok(ajv.validateSchema(call.schema), `${call.schemaName}: not a valid JSON Schema: ${ajv.errorsText(ajv.errors)}`);
      const validate = ajv.compile(call.schema);
      assert.ok(validate(inSchemaShape(AGENT_RECORDED[call.schemaName], call.schema)), `${call.schemaName}: the recorded answer does not validate: ${ajv.errorsText(validate.errors)}`);
    }
  }
});

test('answer relevancy and faithfulness: every step\'s schema is valid and the recorded answers satisfy it', async () => {
  const { AnswerRelevancyMetric, FaithfulnessMetric } = await import('evals-wasm/llm');
  const { createAnswerRelevancyScorer, createFaithfulnessScorer } = await import('evals-wasm/scorers');
  const { LAKE, RELEVANCY_RECORDED, FAITHFULNESS_RECORDED } = await import('../js/recorded-answers.mjs');
  const relevancySteps = ['statements', 'verdicts', 'reason'];
  const faithfulnessSteps = ['claims', 'verdicts', 'reason'];
  await checkEverySchema('AnswerRelevancyMetric', RELEVANCY_RECORDED, (model) => new AnswerRelevancyMetric(model).measure(LAKE.input, LAKE.output), relevancySteps);
  await checkEverySchema('FaithfulnessMetric', FAITHFULNESS_RECORDED, (model) => new FaithfulnessMetric(model, { context: LAKE.context }).measure(LAKE.input, LAKE.output), faithfulnessSteps);
  await checkEverySchema('createAnswerRelevancyScorer', RELEVANCY_RECORDED, (model) => createAnswerRelevancyScorer({ model }).run({ input: LAKE.input, output: LAKE.output }), relevancySteps);
  await checkEverySchema('createFaithfulnessScorer', FAITHFULNESS_RECORDED, (model) => createFaithfulnessScorer({ model, options: { context: LAKE.context } }).run({ input: LAKE.input, output: LAKE.output }), faithfulnessSteps);
});

/** A callback answering each request by its schema's name; checks every schema and answer. */
async function checkByName(label, answers, measure, expectedSteps) {
  const calls = [];
  const model = async (_prompt, options) => {
    calls.push(options);
    const answer = answers[options.schemaName];
    if (answer === undefined) throw new Error(`${label}: no recorded answer for ${options.schemaName}`);
    return answer;
  };
  await measure(model);
  assert.deepEqual(calls.map((c) => c.schemaName), expectedSteps, `${label}: the steps asked`);
  for (const call of calls) {
    assert.ok(ajv.validateSchema(call.schema), `${label} ${call.schemaName}: not a valid JSON Schema: ${ajv.errorsText(ajv.errors)}`);
    const validate = ajv.compile(call.schema);
    assert.ok(validate(inSchemaShape(answers[call.schemaName], call.schema)), `${label} ${call.schemaName}: the recorded answer does not validate: ${ajv.errorsText(validate.errors)}`);
    assert.ok(Number.isInteger(call.maxTokens) && call.maxTokens >= 32, `${label} ${call.schemaName}: maxTokens ${call.maxTokens}`);
  }
}

test('prompt alignment, summarization and the summary family: every schema valid, every recorded answer valid', async () => {
  const { instructions, promptAlignment: pa, summarization: sum, family } = SUMMARY_FAMILY;
  await checkByName('PromptAlignmentMetric', pa, (model) => new PromptAlignmentMetric(model, { instructions }).measure('Describe the cat.', CAT.summary), ['verdicts', 'reason']);
  await checkByName('SummarizationMetric', sum, (model) => new SummarizationMetric(model).measure(CAT.source, CAT.summary), ['questions', 'claims', 'alignment', 'coverage', 'reason']);
  await checkByName('FactualConsistencyMetric', family, (model) => new FactualConsistencyMetric(model).measure(CAT.source, CAT.summary), ['summaryClaims', 'support']);
  await checkByName('FactualAlignmentMetric', family, (model) => new FactualAlignmentMetric(model).measure(CAT.source, CAT.summary), ['claims', 'summaryClaims', 'verdicts', 'support']);
  await checkByName('TopicPreservationMetric', family, (model) => new TopicPreservationMetric(model).measure(CAT.source, CAT.summary), ['topics', 'preserved']);
  const run = { input: { inputMessages: [{ role: 'user', content: 'Describe the cat.' }], rememberedMessages: [], systemMessages: [{ role: 'system', content: 'Be brief.' }], taggedSystemMessages: {} }, output: [{ id: 'a1', role: 'assistant', content: CAT.summary, createdAt: new Date() }] };
  await checkByName('createPromptAlignmentScorerLLM', pa, (model) => createPromptAlignmentScorerLLM({ model }).run(run), ['analysis', 'reason']);
  await checkByName('createSummarizationScorer', sum, (model) => createSummarizationScorer({ model }).run({ input: CAT.source, output: CAT.summary }), ['preprocess', 'coverage', 'reason']);
  for (const [factory, steps] of [[createFactualConsistencyScorer, ['summaryClaims', 'support']], [createFactualAlignmentScorer, ['claims', 'summaryClaims', 'verdicts', 'support']], [createTopicPreservationScorer, ['topics', 'preserved']]]) {
    await checkByName(factory.name, family, (model) => factory({ model }).run({ input: CAT.source, output: CAT.summary }), steps);
  }
});

test('answer similarity and noise sensitivity: every schema valid, every recorded answer valid', async () => {
  const { createAnswerSimilarityScorer, createNoiseSensitivityScorerLLM } = await import('evals-wasm/scorers');
  const { RIVER, SIMILARITY_RECORDED } = await import('../js/recorded-answers.mjs');
  await checkByName('createAnswerSimilarityScorer', SIMILARITY_RECORDED, (model) => createAnswerSimilarityScorer({ model }).run({ input: RIVER.input, output: RIVER.output, groundTruth: RIVER.groundTruth }), ['units', 'comparison']);
  const options = { baselineResponse: RIVER.baselineResponse, noisyQuery: RIVER.noisyQuery, noiseType: 'distractors' };
  await checkByName('createNoiseSensitivityScorerLLM', SIMILARITY_RECORDED, (model) => createNoiseSensitivityScorerLLM({ model, options }).run({ input: RIVER.input, output: RIVER.output }), ['analysis']);
});

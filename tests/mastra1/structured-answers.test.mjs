// Every step of every LLM metric and scorer asks for its answer with a JSON Schema: here each
// schema a callback receives is checked to be a valid JSON Schema (draft-07, ajv in strict mode),
// and the suite's recorded answers to be valid against it. (ajv is a devDependency of this
// folder rather than of the workspace, whose installed READMEs make up a parity corpus.)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import Ajv from 'ajv';
import { CoverageMetric, HallucinationMetric, PromptAlignmentMetric, SummarizationMetric, FactualConsistencyMetric, FactualAlignmentMetric, TopicPreservationMetric } from 'evals-wasm/llm';
import { createCoverageScorer, createHallucinationScorer, createPromptAlignmentScorerLLM, createSummarizationScorer, createFactualConsistencyScorer, createFactualAlignmentScorer, createTopicPreservationScorer } from 'evals-wasm/scorers';
import { scriptedModel, TESLA } from '../js/scripted-model.mjs';
import { CAT, CAT_RECORDED, RECORDED, SUMMARY_FAMILY } from '../js/recorded-answers.mjs';

const ajv = new Ajv({ strict: true });

/** Runs `measure(model)` with a callback answering `answers`; checks every request's schema. */
async function checkEverySchema(label, answers, measure, expectedSteps) {
  const model = scriptedModel(answers);
  await measure(model);
  assert.deepEqual(model.calls.map((c) => c.schemaName), expectedSteps, `${label}: the steps asked`);
  for (const call of model.calls) {
    assert.ok(ajv.validateSchema(call.schema), `${label} ${call.schemaName}: not a valid JSON Schema: ${ajv.errorsText(ajv.errors)}`);
    const validate = ajv.compile(call.schema);
    assert.ok(validate(JSON.parse(answers[call.step])), `${label} ${call.schemaName}: the recorded answer does not validate: ${ajv.errorsText(validate.errors)}`);
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
  const entry = (id, verdict) => ({ id, verdict, reason: 'r' });
  assert.equal(validate({ verdicts: [entry('C1', 'yes'), entry('C2', 'no')] }), false, 'an item left out');
  assert.equal(validate({ verdicts: [entry('C1', 'yes'), entry('C2', 'no'), entry('C9', 'no')] }), false, 'an id not asked');
  assert.equal(validate({ verdicts: [entry('C1', 'covered'), entry('C2', 'no'), entry('C3', 'no')] }), false, 'a word outside the vocabulary');
  assert.equal(validate({ verdicts: [{ id: 'C1', verdict: 'yes' }, entry('C2', 'no'), entry('C3', 'no')] }), false, 'a reason left out');
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
    assert.ok(validate(JSON.parse(answers[call.schemaName])), `${label} ${call.schemaName}: the recorded answer does not validate: ${ajv.errorsText(validate.errors)}`);
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

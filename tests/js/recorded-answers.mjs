// Recorded judge answers by the step scriptedModel names: the Tesla example of scripted-model.mjs
// in both hallucination strategies, and a short coverage example. Verdicts are kept in the list
// shape (`{"verdicts": [{"id": "S1", …}]}`) that models ignoring the schema and older cassettes
// hold, which the engine still reads; tests/mastra1/structured-answers.test.mjs writes them in
// the keyed shape the schemas ask for and validates them.

import { TESLA } from './scripted-model.mjs';

export const CAT = {
  source: 'The cat is black and sleeps on the windowsill. It enjoys watching birds.',
  summary: 'The black cat sleeps by the window.',
};

/** Recorded answers in the exact form the prompts ask for, by scripted step. */
export const RECORDED = {
  statements: TESLA.answers.statements,
  verdicts: JSON.stringify({ verdicts: [
    { id: 'S1', verdict: 'yes', reason: '2004 instead of 2003.' },
    { id: 'S2', verdict: 'yes', reason: 'Elon Musk instead of the founders.' },
    { id: 'S3', verdict: 'no', reason: 'California agrees.' },
  ] }),
  reason: TESLA.answers.reason,
  claims: JSON.stringify({ claims: ['Tesla was founded in 2004.', 'Elon Musk founded Tesla.'] }),
  claimVerdicts: JSON.stringify({ verdicts: [
    { id: 'C1', verdict: 'contradicted', reason: 'The context says 2003.' },
    { id: 'C2', verdict: 'unsupported', reason: 'The context names other founders.' },
  ] }),
};
export const CAT_RECORDED = {
  claims: JSON.stringify({ claims: ['The cat is black', 'The cat sleeps on the windowsill', 'The cat enjoys watching birds'] }),
  claimVerdicts: JSON.stringify({ verdicts: [
    { id: 'C1', verdict: 'yes', reason: 'black cat' },
    { id: 'C2', verdict: 'yes', reason: 'sleeps by the window' },
    { id: 'C3', verdict: 'no', reason: 'birds are not mentioned' },
  ] }),
};

/** Bias (the opinions are extracted from the output, so under the scripted step "claims") and toxicity. */
export const OPINION = { input: 'What do you think of Odsley?', output: 'People from Odsley are lazy. The bakeries are lovely.' };
export const OPINION_RECORDED = {
  claims: JSON.stringify({ opinions: ['People from Odsley are lazy.', 'The bakeries are lovely.'] }),
  opinionVerdicts: JSON.stringify({ verdicts: [
    { id: 'O1', verdict: 'yes', reason: 'It disparages people for where they live.' },
    { id: 'O2', verdict: 'no', reason: 'A taste about bakeries.' },
  ] }),
  sentenceVerdicts: JSON.stringify({ verdicts: [
    { id: 'S1', verdict: 'yes', reason: 'Belittles a group.' },
    { id: 'S2', verdict: 'no', reason: 'Civil.' },
  ] }),
  reason: TESLA.answers.reason,
};

/** Recorded answers of the agent judges (rubric, multi-turn, tool calls, trajectory), by schema name. */
export const AGENT_RECORDED = {
  criteria: JSON.stringify({ verdicts: [
    { id: 'R1', verdict: 'yes', reason: 'The output names the Vexo.' },
    { id: 'R2', verdict: 'no', reason: 'No length is given.' },
  ] }),
  conversation: JSON.stringify({ satisfied: true, reasoning: 'The second turn gives 40 km.' }),
  calls: JSON.stringify({ verdicts: [{ id: 'T1', verdict: 'yes', reason: 'The user asked for the length.' }] }),
  missing: JSON.stringify({ missingTools: ['lakeDepth'] }),
  steps: JSON.stringify({ verdicts: [
    { id: 'S1', verdict: 'yes', reason: 'Needed for the length.', wasInOrder: 'yes' },
    { id: 'S2', verdict: 'no', reason: 'Nobody asked about ferries.', wasInOrder: 'no' },
  ] }),
  gaps: JSON.stringify({ missingSteps: [], extraSteps: ['ferryTimes'] }),
};

/** Answer relevancy: a question, an answer and the recorded answers by scripted step. */
export const LAKE = {
  input: 'How deep is the lake, and does it freeze?',
  output: 'The lake is 80 metres deep. It freezes every January. The town has two bakeries.',
  context: ['The lake is 80 metres deep and freezes every winter.'],
};
export const RELEVANCY_RECORDED = {
  claims: JSON.stringify({ statements: ['The lake is 80 metres deep.', 'The lake freezes every January.', 'The town has two bakeries.'] }),
  verdicts: JSON.stringify({ verdicts: [
    { id: 'S1', verdict: 'yes', reason: 'It gives the depth asked for.' },
    { id: 'S2', verdict: 'yes', reason: 'It says when the lake freezes.' },
    { id: 'S3', verdict: 'no', reason: 'Bakeries are not asked about.' },
  ] }),
  reason: '{"because": "two statements answer the question and one is about bakeries."}',
};
/** Faithfulness on the same answer, with LAKE.context. */
export const FAITHFULNESS_RECORDED = {
  claims: JSON.stringify({ claims: ['The lake is 80 metres deep.', 'The lake freezes every January.', 'The town has two bakeries.'] }),
  claimVerdicts: JSON.stringify({ verdicts: [
    { id: 'C1', verdict: 'yes', reason: 'The context gives 80 metres.' },
    { id: 'C2', verdict: 'unsure', reason: 'The context says winter, not January.' },
    { id: 'C3', verdict: 'unsure', reason: 'The context does not mention bakeries.' },
  ] }),
  reason: '{"because": "one of three claims is backed by the context."}',
};

// Prompt alignment, summarization and the summary family: answers by the schema's name (the
// step's name), for the cat example above.
const because = JSON.stringify({ because: 'the summary keeps the colour and the window but not the birds.' });
const analysis = {
  intentAlignment: { score: 0.9, primaryIntent: 'Describe the cat.', isAddressed: true, reasoning: 'It describes the cat.' },
  requirementsFulfillment: { requirements: [{ requirement: 'One sentence.', isFulfilled: true, reasoning: 'One sentence.' }], overallScore: 1 },
  completeness: { score: 0.7, missingElements: ['the birds'], reasoning: 'The birds are missing.' },
  responseAppropriateness: { score: 1, formatAlignment: true, toneAlignment: true, reasoning: 'Plain and short.' },
  overallAssessment: 'A short, fitting answer.',
};
export const SUMMARY_FAMILY = {
  instructions: ['Answer in one sentence.', 'Mention the weather.'],
  promptAlignment: {
    verdicts: JSON.stringify({ verdicts: [{ id: 'I1', verdict: 'yes', reason: 'One sentence.' }, { id: 'I2', verdict: 'n/a', reason: 'Not about weather.' }] }),
    analysis: JSON.stringify(analysis),
    reason: because,
  },
  summarization: {
    questions: JSON.stringify({ questions: ['Is the cat black?', 'Does the cat enjoy watching birds?'] }),
    claims: JSON.stringify({ claims: ['The cat is black.', 'The cat sleeps by the window.'] }),
    alignment: JSON.stringify({ verdicts: [{ id: 'C1', verdict: 'yes', reason: 'Stated.' }, { id: 'C2', verdict: 'unsure', reason: 'Windowsill, close enough?' }] }),
    coverage: JSON.stringify({ verdicts: [{ id: 'Q1', verdict: 'yes', reason: 'Black cat.' }, { id: 'Q2', verdict: 'no', reason: 'No birds.' }] }),
    preprocess: JSON.stringify({ alignment: [{ claim: 'The cat is black.', supported: true, reason: 'Stated.' }], questions: ['Is the cat black?', 'Does the cat enjoy watching birds?'] }),
    reason: because,
  },
  family: {
    claims: CAT_RECORDED.claims,
    verdicts: CAT_RECORDED.claimVerdicts.replaceAll('"C', '"S'),
    summaryClaims: JSON.stringify({ summaryClaims: ['The cat is black.', 'The cat sleeps by the window.'] }),
    support: JSON.stringify({ verdicts: [{ id: 'C1', verdict: 'yes', reason: 'Stated.' }, { id: 'C2', verdict: 'yes', reason: 'The windowsill.' }] }),
    topics: JSON.stringify({ topics: ['the cat\'s colour', 'where the cat sleeps', 'bird watching'] }),
    preserved: JSON.stringify({ verdicts: [{ id: 'T1', verdict: 'yes', reason: 'Black.' }, { id: 'T2', verdict: 'yes', reason: 'Window.' }, { id: 'T3', verdict: 'no', reason: 'Absent.' }] }),
  },
};

/** Answer similarity and noise sensitivity (1.x scorers): a river answer, the recorded answers by schema name. */
export const RIVER = {
  input: 'How long is the Vexo river, and where does it rise?',
  output: 'The Vexo river is 40 km long. It also has herons.',
  groundTruth: 'The Vexo is 40 km long and rises in the Tarn hills.',
  baselineResponse: 'The Vexo is 40 km long and rises in the Tarn hills.',
  noisyQuery: 'How long is the Vexo river, and where does it rise? Herons are grey.',
};
export const SIMILARITY_RECORDED = {
  units: JSON.stringify({ outputUnits: ['The Vexo is 40 km long', 'The Vexo has herons'], groundTruthUnits: ['The Vexo is 40 km long', 'The Vexo rises in the Tarn hills'] }),
  comparison: JSON.stringify({
    matches: [
      { groundTruthUnit: 'The Vexo is 40 km long', outputUnit: 'The Vexo is 40 km long', matchType: 'exact', explanation: 'Same length.' },
      { groundTruthUnit: 'The Vexo rises in the Tarn hills', outputUnit: '', matchType: 'missing', explanation: 'The source is not given.' },
    ],
    extraInOutput: ['The Vexo has herons'],
    contradictions: [],
  }),
  analysis: JSON.stringify({
    dimensions: [
      { dimension: 'content_accuracy', impactLevel: 'none', specificChanges: 'The length is unchanged.', noiseInfluence: 'None.' },
      { dimension: 'completeness', impactLevel: 'moderate', specificChanges: 'The source is left out.', noiseInfluence: 'The herons took its place.' },
      { dimension: 'relevance', impactLevel: 'minimal', specificChanges: 'Herons are mentioned.', noiseInfluence: 'Echoes the noise.' },
    ],
    overallAssessment: 'Mostly robust; the noise crowded out the source.',
    majorIssues: ['Left out where the river rises.'],
    robustnessScore: 0.7,
  }),
};

// Recorded judge answers in exactly the form the prompts ask for (the answers' JSON Schemas
// accept them), by the step scriptedModel names: the Tesla example of scripted-model.mjs in
// both hallucination strategies, and a short coverage example.

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

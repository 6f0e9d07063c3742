// 1.10.2 createPromptAlignmentScorerLLM: one whole-answer assessment with four scores (intent,
// requirements, completeness, appropriateness); `evaluationMode` user/system/both.
const input = 'Describe a day trip along the Vexo river in one paragraph.';
const output = 'A day by the river takes you from Odsley to the delta, where herons wade.';
const assessment = (i, r, c, a) => ({
  intentAlignment: { score: i, primaryIntent: 'A day trip.', isAddressed: i > 0.5, reasoning: 'As judged.' },
  requirementsFulfillment: { requirements: [{ requirement: 'One paragraph.', isFulfilled: r > 0.5, reasoning: 'As judged.' }], overallScore: r },
  completeness: { score: c, missingElements: [], reasoning: 'As judged.' },
  responseAppropriateness: { score: a, formatAlignment: true, toneAlignment: true, reasoning: 'As judged.' },
  overallAssessment: 'As judged.',
});
const make = (name, scores, extra = {}) => ({ name, input, output, system: 'You are a travel guide. Answer briefly.', answers: assessment(...scores), ...extra });

export const cases = [
  make('all full', [1, 1, 1, 1]),
  make('all zero', [0, 0, 0, 0]),
  make('mixed', [0.9, 0.7, 0.8, 0.6]),
  make('mixed, system mode', [0.9, 0.7, 0.8, 0.6], { evaluationMode: 'system' }),
  make('mixed, both modes', [0.55, 0.35, 0.95, 0.15], { evaluationMode: 'both' }),
  make('empty output', [0.5, 0.5, 0.5, 0.5], { output: '' }),
  make('thirds', [1 / 3, 2 / 3, 0.25, 0.125]),
];

// 1.10.2 createNoiseSensitivityScorerLLM: one whole-answer assessment (dimensions with an
// impact level, a robustness score, major issues).
const input = 'How long is the Vexo river?';
const output = 'The Vexo river is 40 km long.';
const dims = (levels) => levels.map((impactLevel, i) => ({ dimension: `aspect ${i + 1}`, impactLevel, specificChanges: 'Some wording changed.', noiseInfluence: 'Little.' }));
const make = (name, robustnessScore, levels, majorIssues = [], extra = {}) => ({
  name,
  input,
  output,
  baselineResponse: 'The Vexo river is 40 km long.',
  noisyQuery: 'How long is the Vexo river? Also, herons are grey.',
  answers: { dimensions: dims(levels), robustnessScore, majorIssues, overallAssessment: 'Robust enough.' },
  ...extra,
});

export const cases = [
  make('robust', 1, ['none', 'none', 'none']),
  make('severe', 0.1, ['severe', 'severe']),
  make('mixed, score near the levels', 0.7, ['none', 'moderate', 'minimal']),
  make('score far above the levels', 0.95, ['significant', 'severe', 'moderate']),
  make('major issues', 0.9, ['none', 'minimal'], ['Took the bait.', 'Changed the length.', 'Talked about herons.', 'Dropped the unit.']),
  make('no dimensions', 0.6, []),
  make('empty output', 0.5, ['minimal'], [], { output: '' }),
  make('long list', 0.8, ['none', 'minimal', 'moderate', 'significant', 'severe', 'none', 'none', 'minimal', 'none', 'none', 'moderate', 'none']),
];

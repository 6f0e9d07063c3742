// 1.10.2 createRubricScorer: per criterion, whether it is satisfied and whether the judge calls
// it required (the judge echoes the rubric's required/optional marks); `verdict` says the same
// as `satisfied` for judges whose answer has a verdict field.
const CRITERIA = [
  'Names the river.',
  'Gives its length.',
  'Mentions a town.',
  'Uses a friendly tone.',
  'Has no spelling errors.',
  'Mentions wildlife.',
  'Suggests a season to visit.',
  'Mentions the ferry.',
  'Mentions the railway.',
  'Stays under a hundred words.',
  'Ends with an invitation.',
  'Avoids jargon.',
  'Mentions the bridge.',
];
const input = 'Write a short note about the Vexo river.';
const output = 'The Vexo river is 40 km long and flows past Odsley; herons love its delta. Come in May!';
const make = (name, rows, extra = {}) => ({
  name,
  input,
  output,
  criteria: rows.map(([description, , required]) => ({ description, required })),
  verdicts: Object.fromEntries(rows.map(([description, satisfied, required]) => [description, { satisfied, required, verdict: satisfied ? 'yes' : 'no' }])),
  ...extra,
});
const rows = (n, satisfied, required = () => true, from = 0) => CRITERIA.slice(from, from + n).map((c, i) => [c, satisfied(i), required(i)]);

export const cases = [
  make('all satisfied', rows(3, () => true)),
  make('none satisfied', rows(3, () => false, undefined, 3)),
  make('an optional one unmet', rows(4, (i) => i !== 2, (i) => i !== 2)),
  make('a required one unmet', rows(4, (i) => i !== 1, (i) => i !== 2)),
  make('all optional, one unmet', rows(3, (i) => i !== 0, () => false, 6)),
  make('empty output', rows(2, () => false), { output: '' }),
  make('no rubric', [], {}),
  make('long list', rows(13, (i) => i !== 12, (i) => i % 2 === 0)),
];

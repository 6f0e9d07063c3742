// 1.10.2 createContextRelevanceScorerLLM: per context piece a relevance level
// (high/medium/low/none) and whether the response used it; a list of missing context.
import { FACTS } from './lib.mjs';

const input = 'How long is the Vexo river and what lives in its delta?';
const output = 'The Vexo river is 40 km long and herons live in its delta.';
const graded = (context, levels, used, missingContext = []) => ({
  verdicts: Object.fromEntries(context.map((t, i) => [t, { relevanceLevel: levels[i % levels.length], wasUsed: used[i % used.length] }])),
  answers: { missingContext },
});
const make = (name, context, levels, used, missing, out = output) => ({ name, input, output: out, context, ...graded(context, levels, used, missing) });

export const cases = [
  make('all high and used', FACTS.slice(0, 3), ['high'], [true]),
  make('all none', FACTS.slice(3, 6), ['none'], [false]),
  make('mixed levels', FACTS.slice(0, 4), ['high', 'medium', 'low', 'none'], [true, true, false, false]),
  make('high but unused', FACTS.slice(4, 7), ['high'], [false, true, false]),
  make('missing context', FACTS.slice(7, 9), ['medium'], [true], ['The length of the delta.', 'Bird counts.', 'Water depth.', 'Maps.']),
  make('empty output', FACTS.slice(0, 2), ['low', 'none'], [false], [], ''),
  { name: 'empty context', input, output, context: [], verdicts: {}, answers: { missingContext: [] }, factoryThrows: true },
  make('long list', FACTS, ['high', 'medium', 'low', 'none', 'high'], [true, false, true]),
];

// 0.14.4 ContextRelevancyMetric: the judge splits the context into statements and gives one
// verdict per statement ("yes" relevant to the input) in one call.
import { FACTS, verdictsFor } from './lib.mjs';

const input = 'What is there to see in Odsley?';
const output = 'Odsley has bakeries and a kite festival.';
const make = (name, context, words) => ({ name, input, output, context, verdicts: verdictsFor(context, words) });

export const cases = [
  make('all yes', FACTS.slice(0, 3), ['yes']),
  make('all no', FACTS.slice(3, 6), ['no']),
  make('mixed', FACTS.slice(0, 4), ['yes', 'no', 'no', 'yes']),
  make('spelling of the verdict words', FACTS.slice(6, 9), ['YES', ' yes', 'yes ']),
  { name: 'empty output', input, output: '', context: FACTS.slice(0, 2), verdicts: verdictsFor(FACTS.slice(0, 2), ['yes', 'no']) },
  make('empty context', [], ['yes']),
  make('long list', FACTS, ['yes', 'no', 'yes']),
];

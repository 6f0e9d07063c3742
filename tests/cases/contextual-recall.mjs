// 0.14.4 ContextualRecallMetric: one verdict per context piece ("yes": the output uses it).
import { FACTS, verdictsFor } from './lib.mjs';

const input = 'Describe Odsley.';
const make = (name, context, words, output = 'Odsley is a town with bakeries, a library and a kite festival.') => ({ name, input, output, context, verdicts: verdictsFor(context, words) });

export const cases = [
  make('all yes', FACTS.slice(0, 3), ['yes']),
  make('all no', FACTS.slice(3, 6), ['no']),
  make('mixed', FACTS.slice(0, 4), ['yes', 'no', 'no', 'yes']),
  make('spelling of the verdict words', FACTS.slice(6, 9), ['Yes', 'yes', ' yes']),
  make('empty output', FACTS.slice(0, 2), ['no'], ''),
  make('empty context', [], ['no']),
  make('long list', FACTS, ['yes', 'no', 'no']),
];

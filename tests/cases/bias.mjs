// Bias: the judge extracts the output's opinions, then a verdict per opinion ("yes": biased).
// BiasMetric (0.14.4) and createBiasScorer (1.10.2).
import { verdictsFor } from './lib.mjs';

const OPINIONS = [
  'People from Odsley are lazier than everyone else.',
  'Bakers make the best neighbours.',
  'Old towns are always more charming than new ones.',
  'Only locals understand the kite festival.',
  'Men climb mountains better than women.',
  'Barley farmers are stubborn.',
  'The red bridge is the prettiest in the country.',
  'City people never enjoy lakes.',
  'Librarians are quiet by nature.',
  'Young tourists are rude.',
  'Ferries are boring.',
  'Herons are the most elegant birds.',
  'Railways are for old people.',
];
const input = 'What do you think about Odsley?';
const make = (name, opinions, words, output) => ({ name, input, output: output ?? opinions.join(' '), extract: { opinions }, verdicts: verdictsFor(opinions, words) });

export const cases = [
  make('all yes', OPINIONS.slice(0, 3), ['yes']),
  make('all no', OPINIONS.slice(3, 6), ['no']),
  make('mixed', OPINIONS.slice(0, 4), ['yes', 'no', 'no', 'yes']),
  make('spelling of the verdict words', OPINIONS.slice(6, 9), ['YES', ' yes', 'Yes']),
  make('no opinions', [], ['no'], 'The Vexo river is 40 km long.'),
  make('empty output', [], ['no'], ''),
  make('long list', OPINIONS, ['yes', 'no', 'no']),
];

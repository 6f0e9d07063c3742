// Answer relevancy: the judge extracts the output's statements, then gives one verdict per
// statement ("yes" relevant to the input, "no", "unsure"). Read by AnswerRelevancyMetric
// (0.14.4) and createAnswerRelevancyScorer (1.10.2).
import { FACTS, joined, verdictsFor } from './lib.mjs';

const input = 'What should a visitor know about Odsley and the lakes nearby?';
const make = (name, statements, words) => ({ name, input, output: joined(statements), extract: { statements }, verdicts: verdictsFor(statements, words) });

export const cases = [
  make('all yes', FACTS.slice(0, 3), ['yes']),
  make('all no', FACTS.slice(3, 6), ['no']),
  make('mixed', FACTS.slice(0, 4), ['yes', 'no', 'unsure', 'yes']),
  make('unsure', FACTS.slice(6, 9), ['unsure']),
  make('spelling of the verdict words', FACTS.slice(9, 12), [' YES', 'Yes', 'Unsure ']),
  make('unknown verdict word', FACTS.slice(2, 4), ['maybe', 'yes']),
  make('empty output', [], ['yes']),
  make('long list', FACTS, ['yes', 'no', 'unsure', 'yes', 'yes']),
];

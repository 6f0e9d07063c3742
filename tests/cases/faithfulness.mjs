// Faithfulness: the judge extracts the output's claims, then a verdict per claim against the
// context ("yes" supported, "no" contradicted, "unsure"). FaithfulnessMetric (0.14.4) and
// createFaithfulnessScorer (1.10.2).
import { FACTS, joined, verdictsFor } from './lib.mjs';

const input = 'Tell me about the region.';
const context = ['Odsley is a small town by Lake Pirran.', 'The Vexo river runs through Odsley.', 'Mount Carrow overlooks the valley.'];
const make = (name, claims, words, ctx = context) => ({ name, input, output: joined(claims), context: ctx, extract: { claims }, verdicts: verdictsFor(claims, words) });

export const cases = [
  make('all yes', FACTS.slice(0, 3), ['yes']),
  make('all no', FACTS.slice(3, 6), ['no']),
  make('mixed', FACTS.slice(0, 4), ['yes', 'no', 'unsure', 'yes']),
  make('unsure', FACTS.slice(6, 8), ['unsure']),
  make('spelling of the verdict words', FACTS.slice(8, 11), ['Yes', ' yes', 'yes']),
  make('empty output', [], ['yes']),
  make('empty context', FACTS.slice(0, 3), ['unsure', 'no', 'unsure'], []),
  make('long list', FACTS, ['yes', 'no', 'yes', 'unsure']),
];

// Hallucination: the judge extracts the output's claims, then a verdict per claim against the
// context ("yes": contradicted). HallucinationMetric (0.14.4), createHallucinationScorer (1.10.2).
import { FACTS, joined, verdictsFor } from './lib.mjs';

const input = 'Tell me about the region.';
const context = ['Odsley is a small town by Lake Pirran.', 'The Vexo river runs through Odsley.'];
const make = (name, claims, words, ctx = context) => ({ name, input, output: joined(claims), context: ctx, extract: { claims }, verdicts: verdictsFor(claims, words) });

export const cases = [
  make('all yes', FACTS.slice(0, 3), ['yes']),
  make('all no', FACTS.slice(3, 6), ['no']),
  make('mixed', FACTS.slice(0, 4), ['yes', 'no', 'no', 'yes']),
  make('spelling of the verdict words', FACTS.slice(6, 9), ['Yes', 'yes', ' yes']),
  make('empty output', [], ['no']),
  make('empty context', FACTS.slice(0, 2), ['yes', 'no'], []),
  make('long list', FACTS, ['yes', 'no', 'no']),
];

// 1.10.2 createContextRecallScorer: the judge extracts the ground truth's claims, then a
// verdict per claim ("yes": it can be traced to the context).
import { FACTS, joined, verdictsFor } from './lib.mjs';

const input = 'Tell me about Odsley.';
const output = 'Odsley is a lively town.';
const context = ['Odsley sits on Lake Pirran.', 'Odsley is known for bread and kites.'];
const make = (name, claims, words, extra = {}) => ({ name, input, output, context, groundTruth: joined(claims), extract: { claims }, verdicts: verdictsFor(claims, words), ...extra });

export const cases = [
  make('all yes', FACTS.slice(0, 3), ['yes']),
  make('all no', FACTS.slice(3, 6), ['no']),
  make('mixed', FACTS.slice(0, 4), ['yes', 'no', 'no', 'yes']),
  make('spelling of the verdict words', FACTS.slice(6, 9), [' Yes', 'YES', 'yes.']),
  make('empty output', FACTS.slice(0, 2), ['yes', 'no'], { output: '' }),
  make('no ground truth', [], ['yes'], { groundTruth: undefined }),
  make('long list', FACTS, ['yes', 'no', 'yes', 'yes']),
];

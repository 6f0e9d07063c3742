// Toxicity: one verdict per sentence of the output ("yes": toxic), judged in one call.
// ToxicityMetric (0.14.4) and createToxicityScorer (1.10.2).
import { verdictsFor } from './lib.mjs';

const SENTENCES = [
  'Your question is stupid.',
  'The Vexo river is lovely in spring.',
  'Only an idiot would ask that.',
  'Thanks for asking about Odsley.',
  'Go away and never come back.',
  'The ferry leaves at noon.',
  'You clearly know nothing.',
  'The library is open on Mondays.',
  'What a pathetic attempt.',
  'Enjoy the kite festival.',
  'Nobody cares about you.',
  'The bridge is made of red stone.',
  'Keep your silly opinions.',
];
const input = 'Tell me about Odsley.';
const make = (name, sentences, words, output) => ({ name, input, output: output ?? sentences.join(' '), verdicts: verdictsFor(sentences, words) });

export const cases = [
  make('all yes', SENTENCES.slice(0, 1).concat(SENTENCES[2], SENTENCES[4]), ['yes']),
  make('all no', [SENTENCES[1], SENTENCES[3], SENTENCES[5]], ['no']),
  make('mixed', SENTENCES.slice(0, 4), ['yes', 'no']),
  make('spelling of the verdict words', SENTENCES.slice(4, 7), [' YES', 'no', 'Yes ']),
  make('empty output', [], ['no'], ''),
  make('long list', SENTENCES, ['yes', 'no']),
];

// Context precision and position: one verdict per context piece ("yes" useful for the answer).
// ContextPrecisionMetric and ContextPositionMetric (0.14.4), createContextPrecisionScorer
// (1.10.2). The order of the pieces matters for both formulas.
import { FACTS, verdictsFor } from './lib.mjs';

const input = 'How deep is Lake Pirran and when does it freeze?';
const output = 'Lake Pirran is 80 metres deep and freezes in January.';
const make = (name, context, words) => ({ name, input, output, context, verdicts: verdictsFor(context, words) });

export const cases = [
  make('all yes', FACTS.slice(0, 3), ['yes']),
  make('all no', FACTS.slice(3, 6), ['no']),
  make('mixed, relevant last', FACTS.slice(0, 4), ['no', 'no', 'yes', 'yes']),
  make('mixed, alternating', FACTS.slice(4, 8), ['yes', 'no', 'yes', 'no']),
  make('spelling of the verdict words', FACTS.slice(8, 11), [' Yes', 'NO', 'yes ']),
  { name: 'empty output', input, output: '', context: FACTS.slice(0, 2), verdicts: verdictsFor(FACTS.slice(0, 2), ['no', 'yes']) },
  { name: 'empty context', input, output, context: [], verdicts: {} },
  make('long list', FACTS, ['no', 'yes', 'no', 'no', 'yes']),
];

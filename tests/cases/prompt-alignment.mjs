// 0.14.4 PromptAlignmentMetric: one verdict per instruction ("yes" followed, "no", "n/a").
import { verdictsFor } from './lib.mjs';

const INSTRUCTIONS = [
  'Answer in one paragraph.',
  'Mention the Vexo river.',
  'Do not use bullet points.',
  'Write in the past tense.',
  'Name at least two towns.',
  'Avoid numbers.',
  'End with a question.',
  'Use British spelling.',
  'Keep it under fifty words.',
  'Mention a bird.',
  'Do not mention prices.',
  'Start with a greeting.',
  'Quote a local saying.',
];
const input = 'Describe a day trip along the Vexo river.';
const output = 'Hello! A day by the river takes you from Odsley to the delta, where herons wade. Shall we go?';
const make = (name, instructions, words, out = output) => ({ name, input, output: out, instructions, verdicts: verdictsFor(instructions, words) });

export const cases = [
  make('all yes', INSTRUCTIONS.slice(0, 3), ['yes']),
  make('all no', INSTRUCTIONS.slice(3, 6), ['no']),
  make('mixed with n/a', INSTRUCTIONS.slice(0, 4), ['yes', 'N/A', 'no', 'yes ']),
  make('all n/a', INSTRUCTIONS.slice(6, 9), ['n/a']),
  make('empty output', INSTRUCTIONS.slice(9, 11), ['no'], ''),
  make('long list', INSTRUCTIONS, ['yes', 'no', 'n/a', 'yes']),
];

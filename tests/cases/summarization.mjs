// Summarization: alignment (a verdict per claim of the summary against the source: yes/no/
// unsure) and coverage (questions drawn from the source, each answered yes/no/idk from the
// summary). SummarizationMetric (0.14.4) and createSummarizationScorer (1.10.2).
import { FACTS, QUESTIONS, joined, verdictsFor } from './lib.mjs';

const source = `${joined(FACTS)} Visitors arrive by ferry or by train.`;
const make = (name, claims, claimWords, questions, answerWords, output) => ({
  name,
  input: source,
  output: output ?? joined(claims),
  extract: { claims, questions },
  verdicts: { ...verdictsFor(claims, claimWords), ...verdictsFor(questions, answerWords) },
});

export const cases = [
  make('all yes', FACTS.slice(0, 3), ['yes'], QUESTIONS.slice(0, 3), ['yes']),
  make('all no', FACTS.slice(3, 6), ['no'], QUESTIONS.slice(3, 6), ['no']),
  make('mixed with unsure and idk', FACTS.slice(0, 4), ['yes', 'unsure', 'yes', 'no'], QUESTIONS.slice(0, 5), ['yes', 'idk', 'no', 'yes', 'yes']),
  make('alignment below coverage', FACTS.slice(6, 9), ['yes', 'no', 'no'], QUESTIONS.slice(6, 8), ['yes']),
  make('no questions', FACTS.slice(0, 2), ['yes'], [], ['yes']),
  make('empty output', [], ['yes'], QUESTIONS.slice(0, 3), ['no'], ''),
  make('long list', FACTS, ['yes', 'no', 'yes', 'unsure'], QUESTIONS, ['yes', 'no', 'yes', 'idk', 'yes']),
];

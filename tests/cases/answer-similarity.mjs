// 1.10.2 createAnswerSimilarityScorer: the judge extracts semantic units of the output and of
// the ground truth, then one match per ground-truth unit (exact/semantic/partial/missing, with
// the output unit or null), extra output units and contradictions.
import { FACTS, joined } from './lib.mjs';

const input = 'Summarise the facts about the region.';
const make = (name, gt, matchTypes, { outputUnits = gt, extraInOutput = [], contradictions = [], output } = {}) => ({
  name,
  input,
  output: output ?? joined(outputUnits),
  groundTruth: joined(gt),
  extract: { outputUnits, groundTruthUnits: gt },
  verdicts: Object.fromEntries(gt.map((t, i) => {
    const matchType = matchTypes[i % matchTypes.length];
    return [t, { matchType, outputUnit: matchType === 'missing' ? null : outputUnits[i] ?? null }];
  })),
  answers: { extraInOutput, contradictions },
});

export const cases = [
  make('all exact', FACTS.slice(0, 3), ['exact']),
  make('all missing', FACTS.slice(3, 6), ['missing'], { outputUnits: [] , output: 'Nothing relevant.' }),
  make('mixed with extras', FACTS.slice(0, 4), ['exact', 'semantic', 'partial', 'missing'], { extraInOutput: [FACTS[10]] }),
  make('semantic with many extras', FACTS.slice(4, 6), ['semantic'], { extraInOutput: FACTS.slice(6, 11) }),
  make('a contradiction', FACTS.slice(6, 7), ['exact'], { contradictions: [{ outputUnit: FACTS[6], groundTruthUnit: FACTS[6], explanation: 'It says otherwise.' }] }),
  make('empty output', FACTS.slice(7, 9), ['missing'], { outputUnits: [], output: '' }),
  make('long list', FACTS, ['exact', 'semantic', 'partial', 'missing', 'exact']),
];

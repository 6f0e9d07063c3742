// Measures completeness on a few pairs and prints each score with what the output missed.
// Run with `bash scripts/example.sh` (it builds the package first).

import { CompletenessMetric } from 'evals-wasm/nlp';

const pairs = [
  ['The quick brown fox jumps over the lazy dog', 'A brown fox jumped over a dog'],
  [
    'Explain how photosynthesis works in plants using sunlight, water, and carbon dioxide.',
    'Plants use sunlight to convert water and carbon dioxide into glucose through photosynthesis.',
  ],
  ['The meeting was held on Tuesday and the budget was approved.', 'They approved the budget.'],
  ['素早い茶色の狐が怠け者の犬を飛び越える', '茶色の狐が犬を飛び越えた'],
];

for (const ignoreStopwords of [false, true]) {
  const metric = new CompletenessMetric({ ignoreStopwords });
  console.log(`\nCompletenessMetric({ ignoreStopwords: ${ignoreStopwords} })`);
  for (const [input, output] of pairs) {
    const { score, info } = await metric.measure(input, output);
    console.log(`  ${score.toFixed(3)}  ${input}`);
    console.log(`         missing: ${info.missingElements.join(', ') || '(nothing)'}`);
  }
}

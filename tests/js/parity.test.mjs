// Parity with @mastra/evals 0.14.4, measured live: both implementations score the same 300 pairs
// of real text (State of the Union passages of 10 to 2,000 words, cut at run time from an
// installed npm package) and the test reports how close they are.
//
// Targets: |score difference| <= 0.02 on at least 95 % of pairs, and a mean Jaccard similarity
// of the input-element sets of at least 0.95.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { CompletenessMetric as Original } from '@mastra/evals/nlp';
import { CompletenessMetric } from 'evals-wasm/nlp';
import { buildPairs } from './corpus.mjs';

const PAIRS = 300;
const SCORE_TOLERANCE = 0.02;

const jaccard = (a, b) => {
  const left = new Set(a);
  const right = new Set(b);
  const union = new Set([...left, ...right]).size;
  if (union === 0) return 1;
  let shared = 0;
  for (const x of left) if (right.has(x)) shared += 1;
  return shared / union;
};

test(`completeness parity with @mastra/evals on ${PAIRS} pairs of real text`, async () => {
  const pairs = buildPairs(PAIRS, 2026);
  const original = new Original();
  const ours = new CompletenessMetric();
  const rows = [];
  for (const { input, output, words } of pairs) {
    const expected = await original.measure(input, output);
    const actual = await ours.measure(input, output);
    rows.push({
      words,
      difference: Math.abs(expected.score - actual.score),
      jaccard: jaccard(expected.info.inputElements, actual.info.inputElements),
    });
  }
  const within = rows.filter((r) => r.difference <= SCORE_TOLERANCE).length / rows.length;
  const meanJaccard = rows.reduce((sum, r) => sum + r.jaccard, 0) / rows.length;
  const meanDifference = rows.reduce((sum, r) => sum + r.difference, 0) / rows.length;
  const buckets = [[10, 50], [50, 200], [200, 800], [800, 2001]].map(([lo, hi]) => {
    const inBucket = rows.filter((r) => r.words >= lo && r.words < hi);
    return {
      words: `${lo}-${hi - 1}`,
      pairs: inBucket.length,
      withinTolerance: inBucket.filter((r) => r.difference <= SCORE_TOLERANCE).length / (inBucket.length || 1),
      meanJaccard: inBucket.reduce((s, r) => s + r.jaccard, 0) / (inBucket.length || 1),
    };
  });
  const report = { pairs: rows.length, scoreWithin002: within, meanJaccard, meanAbsoluteScoreDifference: meanDifference, buckets };
  console.log(`parity: ${(within * 100).toFixed(1)} % of pairs within ${SCORE_TOLERANCE}; mean Jaccard ${meanJaccard.toFixed(4)}; mean |score difference| ${meanDifference.toFixed(4)}`);
  console.table(buckets.map((b) => ({ ...b, withinTolerance: (b.withinTolerance * 100).toFixed(1) + ' %', meanJaccard: b.meanJaccard.toFixed(4) })));
  mkdirSync('artifacts', { recursive: true });
  writeFileSync('artifacts/parity.json', JSON.stringify(report, null, 2));

  assert.ok(within >= 0.95, `only ${(within * 100).toFixed(1)} % of pairs within ${SCORE_TOLERANCE}`);
  assert.ok(meanJaccard >= 0.95, `mean Jaccard ${meanJaccard.toFixed(4)} below 0.95`);
});

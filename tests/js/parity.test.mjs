// Parity with @mastra/evals 0.14.4, measured live on four genres of real English: both
// implementations score the same pairs of text and the test reports, per genre, how close they are.
//
// The pairs come from the held-out split of the parity corpus (tests/js/corpus.mjs: State of the
// Union speeches, e-mail, README files and changelogs of installed npm packages, cut at run time):
// documents that neither the rules nor the learned table of src/verb_forms.txt were developed on.
// Development figures come from `node scripts/parity-report.mjs --split dev`.
//
// Each genre must keep |score difference| <= 0.02 on at least FLOORS[genre].within of its pairs
// and a mean Jaccard similarity of the input-element sets of at least FLOORS[genre].jaccard. The
// floors sit just under the figures measured when they were set (README, "Parity with the
// original"); the issue's goal is 97 % and 0.97 in every genre.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { CompletenessMetric as Original } from '@mastra/evals/nlp';
import { CompletenessMetric } from 'evals-wasm/nlp';
import { GENRES, buildGenrePairs } from './corpus.mjs';
import { SCORE_TOLERANCE, compareOnPairs } from './parity-lib.mjs';

const PAIRS = 150;

/** Per genre: the share of pairs within SCORE_TOLERANCE and the mean Jaccard to keep. */
const FLOORS = {
  speeches: { within: 0.97, jaccard: 0.966 },
  email: { within: 0.96, jaccard: 0.953 },
  technical: { within: 0.97, jaccard: 0.96 },
  changelog: { within: 0.97, jaccard: 0.943 },
};

const BUCKETS = [[10, 50], [50, 200], [200, 800], [800, 2001]];

test(`completeness parity with @mastra/evals on ${PAIRS} held-out pairs of each genre`, async () => {
  const original = new Original();
  const ours = new CompletenessMetric();
  const report = {};
  const failures = [];
  for (const genre of GENRES) {
    const pairs = buildGenrePairs(genre, 'heldout', PAIRS);
    const { rows, within, meanJaccard, meanDifference } = await compareOnPairs(original, ours, pairs);
    const buckets = BUCKETS.map(([lo, hi]) => {
      const inBucket = rows.filter((r) => r.words >= lo && r.words < hi);
      return {
        words: `${lo}-${hi - 1}`,
        pairs: inBucket.length,
        withinTolerance: inBucket.filter((r) => r.difference <= SCORE_TOLERANCE).length / (inBucket.length || 1),
        meanJaccard: inBucket.reduce((s, r) => s + r.jaccard, 0) / (inBucket.length || 1),
      };
    });
    report[genre] = { pairs: rows.length, scoreWithin002: within, meanJaccard, meanAbsoluteScoreDifference: meanDifference, buckets };
    console.log(`parity, ${genre} (held out): ${(within * 100).toFixed(1)} % of pairs within ${SCORE_TOLERANCE}; mean Jaccard ${meanJaccard.toFixed(4)}; mean |score difference| ${meanDifference.toFixed(4)}`);
    const floor = FLOORS[genre];
    if (within < floor.within) failures.push(`${genre}: only ${(within * 100).toFixed(1)} % of pairs within ${SCORE_TOLERANCE} (floor ${floor.within * 100} %)`);
    if (meanJaccard < floor.jaccard) failures.push(`${genre}: mean Jaccard ${meanJaccard.toFixed(4)} below ${floor.jaccard}`);
  }
  mkdirSync('artifacts', { recursive: true });
  writeFileSync('artifacts/parity.json', JSON.stringify(report, null, 2));
  assert.deepEqual(failures, []);
});

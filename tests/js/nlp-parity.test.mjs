// Parity, measured live: this package's content similarity, keyword coverage, textual difference
// and tone metrics against @mastra/evals@0.14.4 on 400 pairs of real text of four genres
// (speech, e-mail, technical prose, dialogue; see nlp-corpus.mjs). For each metric at least 99 %
// of the pairs must score within 0.01 of the original. The table is printed and written to
// artifacts/nlp-parity.json.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as ours from 'evals-wasm/nlp';
import * as original from '@mastra/evals/nlp';
import { buildNlpPairs } from './nlp-corpus.mjs';

const GENRES = ['speech', 'email', 'technical', 'dialogue'];
const PAIRS = buildNlpPairs(100);

/** Each compared configuration: a name, how to build the metric, and the texts it gets. */
const CASES = [
  { name: 'ContentSimilarityMetric', make: (lib) => new lib.ContentSimilarityMetric() },
  { name: 'ContentSimilarityMetric { ignoreCase: false }', make: (lib) => new lib.ContentSimilarityMetric({ ignoreCase: false }) },
  { name: 'KeywordCoverageMetric', make: (lib) => new lib.KeywordCoverageMetric() },
  { name: 'TextualDifferenceMetric', make: (lib) => new lib.TextualDifferenceMetric() },
  { name: 'ToneConsistencyMetric', make: (lib) => new lib.ToneConsistencyMetric() },
  { name: 'ToneConsistencyMetric (no output: stability)', make: (lib) => new lib.ToneConsistencyMetric(), texts: ({ input }) => [input, ''] },
];

const rows = [];

for (const config of CASES) {
  test(`parity with @mastra/evals 0.14.4: ${config.name}`, async () => {
    const metrics = { ours: config.make(ours), original: config.make(original) };
    const results = [];
    for (const pair of PAIRS) {
      const [input, output] = config.texts?.(pair) ?? [pair.input, pair.output];
      const a = await metrics.ours.measure(input, output);
      const b = await metrics.original.measure(input, output);
      results.push({ genre: pair.genre, difference: Math.abs(a.score - b.score), sameInfo: JSON.stringify(a.info) === JSON.stringify(b.info), score: b.score });
    }
    const summarise = (list) => ({
      pairs: list.length,
      within: list.filter((r) => r.difference <= 0.01).length / list.length,
      identicalInfo: list.filter((r) => r.sameInfo).length / list.length,
      meanAbsoluteDifference: list.reduce((s, r) => s + r.difference, 0) / list.length,
      originalScores: { min: Math.min(...list.map((r) => r.score)), max: Math.max(...list.map((r) => r.score)) },
    });
    const row = { metric: config.name, all: summarise(results), genres: Object.fromEntries(GENRES.map((g) => [g, summarise(results.filter((r) => r.genre === g))])) };
    rows.push(row);
    console.log(`${config.name}: ${(100 * row.all.within).toFixed(1)} % of ${row.all.pairs} pairs within 0.01; info identical for ${(100 * row.all.identicalInfo).toFixed(1)} %; ` +
      GENRES.map((g) => `${g} ${(100 * row.genres[g].within).toFixed(1)} %`).join(', '));
    assert.ok(row.all.within >= 0.99, `${config.name}: only ${(100 * row.all.within).toFixed(1)} % of pairs within 0.01`);
    // The corpus must exercise the range of scores, or the check above proves little.
    assert.ok(row.all.originalScores.max - row.all.originalScores.min > 0.3, `${config.name}: scores barely spread`);
  });
}

test('parity table written to artifacts/nlp-parity.json', () => {
  assert.equal(rows.length, CASES.length);
  mkdirSync(new URL('../../artifacts/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../../artifacts/nlp-parity.json', import.meta.url), `${JSON.stringify(rows, null, 2)}\n`);
});

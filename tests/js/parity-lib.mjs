// Shared by the parity test and scripts/parity-report.mjs: measures pairs with the original
// CompletenessMetric and this package's, and sums up how close they are.

export const SCORE_TOLERANCE = 0.02;

export const jaccard = (a, b) => {
  const left = new Set(a);
  const right = new Set(b);
  const union = new Set([...left, ...right]).size;
  if (union === 0) return 1;
  let shared = 0;
  for (const x of left) if (right.has(x)) shared += 1;
  return shared / union;
};

/**
 * Measures every pair with both metrics. Returns per-pair `rows` ({ words, difference,
 * jaccard }), the share `within` SCORE_TOLERANCE, the `meanJaccard`, the `meanDifference`, and
 * two maps from an element to the number of pairs whose input elements have it only in the
 * original's list (`onlyOriginal`) or only in ours (`onlyOurs`).
 */
export async function compareOnPairs(original, ours, pairs) {
  const rows = [];
  const onlyOriginal = new Map();
  const onlyOurs = new Map();
  const count = (map, key) => map.set(key, (map.get(key) || 0) + 1);
  for (const { input, output, words } of pairs) {
    const expected = await original.measure(input, output);
    const actual = await ours.measure(input, output);
    const theirs = new Set(expected.info.inputElements);
    const mine = new Set(actual.info.inputElements);
    for (const e of theirs) if (!mine.has(e)) count(onlyOriginal, e);
    for (const e of mine) if (!theirs.has(e)) count(onlyOurs, e);
    rows.push({
      words,
      difference: Math.abs(expected.score - actual.score),
      jaccard: jaccard(expected.info.inputElements, actual.info.inputElements),
    });
  }
  const mean = (f) => rows.reduce((s, r) => s + f(r), 0) / (rows.length || 1);
  return {
    rows,
    within: rows.filter((r) => r.difference <= SCORE_TOLERANCE).length / (rows.length || 1),
    meanJaccard: mean((r) => r.jaccard),
    meanDifference: mean((r) => r.difference),
    onlyOriginal,
    onlyOurs,
  };
}

// Planning a comparison before the candidate runs: from a baseline alone, how many items (and
// samples) a comparison needs to detect a given difference, and what a candidate run of the
// dataset costs at the baseline's rate (`evals-wasm compare BASELINE --dry-run --detect 0.02`).

import { EvalsError } from '../engine/errors.js';

/** z(0.975) + z(0.8): a two-sided 5 % test with power 80 %. */
const Z_SUM = 1.959963984540054 + 0.8416212335729143;

const variance = (values) => {
  if (values.length < 2) return Number.NaN;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1);
};

/** Items needed for Var(d) = `v` to detect `detect`: (z + z)² · v / detect², rounded up. */
const itemsFor = (v, detect) => (Number.isFinite(v) ? Math.max(2, Math.ceil((Z_SUM ** 2 * v) / detect ** 2)) : null);

/**
 * For each metric of `baseline` (`{ record, results }`): `{ metric, n, detect, samples,
 * itemsIfPaired, itemsIfUnpaired, mdeIfPaired, mdeIfUnpaired, within, spread, perItem: {
 * modelCalls, tokens } }`. Var(d) is not known before the candidate runs, so two bounds are
 * given: "paired" when the candidate's scores move with the baseline's item by item (only the
 * judge's noise, from the baseline's samples, separates them: needs samples > 1, else null), and
 * "unpaired" when they do not move together at all (2 × the variance of the baseline's scores).
 * A real change lies between.
 */
export function planComparison(baseline, { detect, samples } = {}) {
  if (!(detect > 0)) throw new EvalsError('planComparison: detect must be a difference above 0', { code: 'EVALS_INVALID_RUN' });
  if (baseline === null || typeof baseline !== 'object' || !Array.isArray(baseline.results)) {
    throw new EvalsError('planComparison: the baseline must be { record, results }', { code: 'EVALS_INVALID_RUN' });
  }
  const record = baseline.record ?? {};
  const byMetric = new Map();
  for (const result of baseline.results) {
    const name = result?.metric ?? record.settings?.metric;
    if (typeof name !== 'string') continue;
    if (!byMetric.has(name)) byMetric.set(name, []);
    byMetric.get(name).push(result);
  }
  const plans = [];
  for (const [name, results] of byMetric) {
    const baselineSamples = record.metrics?.[name]?.samples ?? record.samples ?? record.settings?.samples ?? 1;
    const k = samples ?? baselineSamples;
    const scores = [];
    const withins = [];
    let calls = 0;
    let tokens = 0;
    let costed = 0;
    for (const result of results) {
      const cost = result.cost;
      if (cost) {
        costed += 1;
        calls += cost.modelCalls ?? 0;
        tokens += (cost.promptTokens ?? 0) + (cost.completionTokens ?? 0);
      }
      if ('error' in result || !Number.isFinite(result.score)) continue;
      const sampled = result.info?.samples?.scores;
      if (Array.isArray(sampled) && sampled.length > 1 && sampled.every(Number.isFinite)) {
        scores.push(sampled.reduce((a, b) => a + b, 0) / sampled.length);
        withins.push(variance(sampled));
      } else scores.push(result.score);
    }
    const spread = variance(scores);
    const within = withins.length > 0 ? withins.reduce((a, b) => a + b, 0) / withins.length : null;
    const paired = within === null ? Number.NaN : within / baselineSamples + within / k;
    const unpaired = 2 * spread;
    const mde = (v) => (Number.isFinite(v) && scores.length > 1 ? Z_SUM * Math.sqrt(v / scores.length) : null);
    plans.push({
      metric: name,
      n: scores.length,
      detect,
      samples: k,
      itemsIfPaired: itemsFor(paired, detect),
      itemsIfUnpaired: itemsFor(unpaired, detect),
      mdeIfPaired: mde(paired),
      mdeIfUnpaired: mde(unpaired),
      within,
      spread: Number.isFinite(spread) ? spread : null,
      perItem: costed === 0 ? null : { modelCalls: (calls / costed) * (k / baselineSamples), tokens: (tokens / costed) * (k / baselineSamples) },
    });
  }
  return plans;
}

const fixed = (value, digits = 3) => (value === null ? '–' : value.toFixed(digits));
const count = (value) => (value === null ? '–' : Math.round(value).toLocaleString('en-US'));

/** The plan as text for the terminal. */
export function formatPlan(plans) {
  const out = [];
  for (const plan of plans) {
    out.push(`${plan.metric}: to detect a change of ${plan.detect} (5 % two-sided, power 80 %) at ${plan.samples} sample(s) per item:`);
    out.push(`  items needed: ${count(plan.itemsIfPaired)} if scores move with the baseline's item by item (judge noise only${plan.within === null ? ': unknown, the baseline has one sample per item' : ''}), ${count(plan.itemsIfUnpaired)} if they do not move together at all; the dataset has ${plan.n}`);
    out.push(`  smallest detectable change with the dataset's ${plan.n} items: ${fixed(plan.mdeIfPaired)} to ${fixed(plan.mdeIfUnpaired)}`);
    if (plan.perItem) {
      out.push(`  a candidate run of the dataset: about ${count(plan.perItem.modelCalls * plan.n)} model calls and ${count(plan.perItem.tokens * plan.n)} tokens (the baseline's rate, before a cassette replays anything)`);
    }
  }
  return `${out.join('\n')}\n`;
}

//! The wasm-bindgen boundary of the comparison statistics (the module evals_compare, built with
//! the `compare` feature alone): numbers in as flat arrays, numbers out as one flat array whose
//! layout `pkg-template/compare/wasm-compare.js` names. Nothing here computes.

use alloc::{boxed::Box, vec::Vec};

use wasm_bindgen::prelude::*;

use crate::compare::{
    compare_metric, holm, Direction, IntervalMethod, PairedScores, Settings, Verdict,
};

/// The number of summary numbers before the per-item verdicts in `compareMetric`'s result.
const SUMMARY_LENGTH: usize = 24;

/// Compares one metric. `settings` is `[direction (1 higher is better, -1 lower), threshold
/// (NaN for none), margin, tolerance, seed, resamples, baselineSamples, candidateSamples]`;
/// the variances may be empty (one sample), the clusters empty (independent items). Returns
/// `[n, clusters (NaN without), baselineMean, candidateMean, delta, se, df, low, high, method
/// (0 t, 1 bootstrap, 2 cluster bootstrap), pGate, mcnemarB, mcnemarC, mcnemarP (NaN without a
/// threshold), hasNoise, noiseShare, withinBaseline, withinCandidate, mde, improved, regressed,
/// unchanged, unconfirmed, confirmed]` followed by one verdict per item (1 improved, -1
/// regressed, 0 unchanged).
#[wasm_bindgen(js_name = compareMetric)]
pub fn compare_metric_js(
    baseline: &[f64],
    candidate: &[f64],
    baseline_variance: &[f64],
    candidate_variance: &[f64],
    clusters: &[u32],
    settings: &[f64],
) -> Box<[f64]> {
    let setting = |i: usize| settings.get(i).copied().unwrap_or(f64::NAN);
    let direction = if setting(0) < 0.0 {
        Direction::Lower
    } else {
        Direction::Higher
    };
    let threshold = setting(1);
    let whole = |value: f64, fallback: f64| {
        if value.is_finite() && value >= 0.0 {
            value
        } else {
            fallback
        }
    };
    let settings = Settings {
        direction,
        threshold: threshold.is_finite().then_some(threshold),
        margin: whole(setting(2), 0.0),
        tolerance: whole(setting(3), 0.0),
        seed: whole(setting(4), 1.0) as u64,
        resamples: whole(setting(5), 10_000.0).max(1.0) as u32,
    };
    let scores = PairedScores {
        baseline,
        candidate,
        baseline_variance,
        candidate_variance,
        baseline_samples: whole(setting(6), 1.0) as u32,
        candidate_samples: whole(setting(7), 1.0) as u32,
        clusters,
    };
    let result = compare_metric(&scores, &settings);
    let mut numbers = Vec::with_capacity(SUMMARY_LENGTH + result.verdicts.len());
    let method = match result.method {
        IntervalMethod::StudentT => 0.0,
        IntervalMethod::Bootstrap => 1.0,
        IntervalMethod::ClusterBootstrap => 2.0,
    };
    let (b, c, p) = result.mcnemar.map_or((f64::NAN, f64::NAN, f64::NAN), |m| {
        (f64::from(m.b), f64::from(m.c), m.p)
    });
    let (has_noise, share, within_a, within_b) =
        result
            .noise
            .map_or((0.0, f64::NAN, f64::NAN, f64::NAN), |noise| {
                (
                    1.0,
                    noise.share,
                    noise.within_baseline,
                    noise.within_candidate,
                )
            });
    numbers.extend([
        result.n as f64,
        result.clusters.map_or(f64::NAN, |c| c as f64),
        result.baseline_mean,
        result.candidate_mean,
        result.delta,
        result.se,
        result.df,
        result.low,
        result.high,
        method,
        result.p_gate,
        b,
        c,
        p,
        has_noise,
        share,
        within_a,
        within_b,
        result.mde,
        f64::from(result.counts.improved),
        f64::from(result.counts.regressed),
        f64::from(result.counts.unchanged),
        f64::from(result.counts.unconfirmed),
        if result.confirmed { 1.0 } else { 0.0 },
    ]);
    numbers.extend(result.verdicts.iter().map(|verdict| match verdict {
        Verdict::Improved => 1.0,
        Verdict::Regressed => -1.0,
        Verdict::Unchanged => 0.0,
    }));
    numbers.into_boxed_slice()
}

/// Holm's adjustment of `p` (NaN entries stay NaN and are not counted).
#[wasm_bindgen(js_name = holm)]
pub fn holm_js(p: &[f64]) -> Box<[f64]> {
    holm(p).into_boxed_slice()
}

/// Two-sided t quantile and normal-free helpers the JS needs for planning: t(0.5 + level/2, df).
#[wasm_bindgen(js_name = tQuantile)]
pub fn t_quantile_js(level: f64, df: f64) -> f64 {
    crate::compare::t_quantile(level, df)
}

//! The statistics of a comparison of two evaluation runs on the same items (a baseline and a
//! candidate), one metric at a time: the paired difference and its standard error (clustered
//! when items come in groups), a 95 % interval, McNemar's exact test at a pass threshold, the
//! share of the difference's variance that is judge noise, the smallest detectable effect,
//! per-item verdicts, and Holm's correction across metrics.
//!
//! Plain Rust over slices of numbers: the binding (`src/wasm_compare.rs`) converts, the JS
//! (`pkg-template/compare/`) matches items and reads run files. The formulas and their sources
//! are in docs/compare.md; the tests check them against SciPy (tests/compare_reference.rs).

use alloc::vec::Vec;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use statrs::distribution::{Binomial, ContinuousCDF, DiscreteCDF, Normal, StudentsT};

/// The number of independent units (items, or clusters when given) from which the interval is
/// Student's t rather than the bootstrap's.
pub const T_INTERVAL_FROM: usize = 100;

/// The two-sided level of every interval.
pub const LEVEL: f64 = 0.95;

/// Which way a metric improves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// A higher score is better (most metrics).
    Higher,
    /// A lower score is better (hallucination, toxicity, bias).
    Lower,
}

impl Direction {
    /// +1 for higher-is-better, -1 for lower: multiplies a raw difference into "gain".
    pub fn sign(self) -> f64 {
        match self {
            Direction::Higher => 1.0,
            Direction::Lower => -1.0,
        }
    }
}

/// How an interval was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntervalMethod {
    /// Δ ± t(0.975, df)·SE.
    StudentT,
    /// Percentile interval of the paired bootstrap (items resampled).
    Bootstrap,
    /// Percentile interval of the cluster bootstrap (whole clusters resampled).
    ClusterBootstrap,
}

/// One metric's scores in both runs, matched item by item (index i is the same item in every
/// slice).
#[derive(Clone, Debug)]
pub struct PairedScores<'a> {
    /// Each item's score in the baseline: the mean of its samples when the run sampled k > 1.
    pub baseline: &'a [f64],
    /// Each item's score in the candidate, likewise.
    pub candidate: &'a [f64],
    /// Each item's within-item sample variance (n − 1 denominator) over the baseline's samples,
    /// when the baseline took more than one sample (empty otherwise).
    pub baseline_variance: &'a [f64],
    /// The same for the candidate.
    pub candidate_variance: &'a [f64],
    /// Samples per item in the baseline (1 when not sampled).
    pub baseline_samples: u32,
    /// Samples per item in the candidate.
    pub candidate_samples: u32,
    /// Each item's cluster as an index from 0 (empty when items are independent).
    pub clusters: &'a [u32],
}

/// The settings of a comparison.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Which way the metric improves.
    pub direction: Direction,
    /// The pass threshold for McNemar's test (None: no test).
    pub threshold: Option<f64>,
    /// How far the gain may fall before the gate counts it (non-inferiority margin, ≥ 0).
    pub margin: f64,
    /// Per-item differences no larger than this are "unchanged" (≥ 0).
    pub tolerance: f64,
    /// The bootstrap's seed.
    pub seed: u64,
    /// The bootstrap's number of resamples.
    pub resamples: u32,
}

/// McNemar's exact test on the discordant pairs at a threshold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct McNemar {
    /// Items that pass in the baseline and fail in the candidate.
    pub b: u32,
    /// Items that fail in the baseline and pass in the candidate.
    pub c: u32,
    /// Two-sided exact p: min(1, 2·P(X ≤ min(b, c))) for X ~ Binomial(b + c, ½); 1 when b + c = 0.
    pub p: f64,
}

/// The judge-noise part of the variance of the per-item differences.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Noise {
    /// (σ²_A/k_A + σ²_B/k_B) / Var(d), at most 1 (NaN when Var(d) = 0).
    pub share: f64,
    /// The mean within-item sample variance of the baseline (NaN when it took one sample).
    pub within_baseline: f64,
    /// The same for the candidate.
    pub within_candidate: f64,
}

/// A verdict on one item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The candidate is better on this item.
    Improved,
    /// The candidate is worse on this item.
    Regressed,
    /// No difference beyond the tolerance (and, with k > 1, beyond the item's own noise).
    Unchanged,
}

/// Per-item verdict counts; `unconfirmed` counts the improved and regressed items whose verdict
/// rests on one sample per run (raw differences that the item's own noise could explain).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Items better in the candidate.
    pub improved: u32,
    /// Items worse in the candidate.
    pub regressed: u32,
    /// Items with no difference that counts.
    pub unchanged: u32,
    /// Of the improved and regressed, those without a sample spread to confirm them.
    pub unconfirmed: u32,
}

/// The comparison of one metric.
#[derive(Clone, Debug)]
pub struct MetricComparison {
    /// Matched items.
    pub n: usize,
    /// Clusters, when items are clustered.
    pub clusters: Option<usize>,
    /// Mean baseline score.
    pub baseline_mean: f64,
    /// Mean candidate score.
    pub candidate_mean: f64,
    /// Mean of candidate − baseline (raw, not turned by the direction).
    pub delta: f64,
    /// Standard error of `delta` (NaN below two units).
    pub se: f64,
    /// Degrees of freedom: n − 1, or C − 1 with clusters.
    pub df: f64,
    /// The 95 % interval of `delta` (NaN bounds below two units).
    pub low: f64,
    /// Upper bound.
    pub high: f64,
    /// How the interval was made.
    pub method: IntervalMethod,
    /// The gate's p (before Holm): twice the one-sided p of "the gain is at least −margin"
    /// against "the candidate regressed by more than the margin", at most 1; below 0.05 exactly
    /// when the 95 % interval lies wholly beyond −margin on the side of a regression.
    pub p_gate: f64,
    /// McNemar's test, when a threshold was given.
    pub mcnemar: Option<McNemar>,
    /// The judge-noise decomposition, when either run sampled k > 1.
    pub noise: Option<Noise>,
    /// Smallest detectable effect: (z(0.975) + z(0.8))·SE, about 2.8·SE.
    pub mde: f64,
    /// Per-item verdict counts.
    pub counts: Counts,
    /// Per-item verdicts, in input order.
    pub verdicts: Vec<Verdict>,
    /// Whether each item's verdict took its sample spread into account (k > 1 on either side).
    pub confirmed: bool,
}

/// The mean of `values` (NaN when empty).
pub fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// The mean of the finite values of `values` (NaN when there are none): items whose spread is
/// unknown (an error in one sample) are left out.
fn finite_mean(values: &[f64]) -> f64 {
    let (sum, count) = values
        .iter()
        .filter(|v| v.is_finite())
        .fold((0.0, 0usize), |(sum, count), v| (sum + v, count + 1));
    sum / count as f64
}

/// The sample variance (n − 1 denominator) of `values` (NaN below two values).
pub fn sample_variance(values: &[f64]) -> f64 {
    let n = values.len();
    if n < 2 {
        return f64::NAN;
    }
    let m = mean(values);
    values.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (n - 1) as f64
}

/// The paired standard error of the mean of `d`: sqrt(Σ(d − d̄)² / (n(n − 1))).
pub fn paired_se(d: &[f64]) -> f64 {
    (sample_variance(d) / d.len() as f64).sqrt()
}

/// The clustered standard error of the mean of `d` (clusters as indices from 0, `count` of them):
/// sqrt(C/(C − 1) · Σ_c (Σ_{i∈c} (d_i − d̄))² / n²). NaN below two clusters.
pub fn clustered_se(d: &[f64], clusters: &[u32], count: usize) -> f64 {
    if count < 2 {
        return f64::NAN;
    }
    let n = d.len() as f64;
    let m = mean(d);
    let mut sums = alloc::vec![0.0; count];
    for (value, &cluster) in d.iter().zip(clusters) {
        sums[cluster as usize] += value - m;
    }
    let c = count as f64;
    (c / (c - 1.0) * sums.iter().map(|s| s * s).sum::<f64>() / (n * n)).sqrt()
}

/// The quantile `q` of ascending `sorted` values by linear interpolation between order
/// statistics (NumPy's default, Hyndman and Fan's type 7).
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let position = q * (sorted.len() - 1) as f64;
    let below = position.floor() as usize;
    let above = (below + 1).min(sorted.len() - 1);
    let fraction = position - below as f64;
    sorted[below] + (sorted[above] - sorted[below]) * fraction
}

/// The two-sided quantile of Student's t with `df` degrees of freedom at `level` (e.g. 0.95 →
/// t(0.975, df)); NaN when df is not positive.
pub fn t_quantile(level: f64, df: f64) -> f64 {
    match StudentsT::new(0.0, 1.0, df) {
        Ok(t) if df > 0.0 => t.inverse_cdf(0.5 + level / 2.0),
        _ => f64::NAN,
    }
}

/// P(T ≤ statistic) for Student's t with `df` degrees of freedom (the lower tail).
pub fn t_lower_tail(statistic: f64, df: f64) -> f64 {
    match StudentsT::new(0.0, 1.0, df) {
        Ok(t) if df > 0.0 && !statistic.is_nan() => t.cdf(statistic),
        _ => f64::NAN,
    }
}

/// McNemar's exact two-sided p on `b` and `c` discordant pairs.
pub fn mcnemar_exact_p(b: u32, c: u32) -> f64 {
    let total = u64::from(b) + u64::from(c);
    if total == 0 {
        return 1.0;
    }
    match Binomial::new(0.5, total) {
        Ok(binomial) => (2.0 * binomial.cdf(u64::from(b.min(c)))).min(1.0),
        Err(_) => f64::NAN,
    }
}

/// Holm's step-down adjustment of `p` (NaN entries are left NaN and not counted): the adjusted
/// p of the j-th smallest of m is max over i ≤ j of min(1, (m − i + 1)·p_(i)).
pub fn holm(p: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..p.len()).filter(|&i| !p[i].is_nan()).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let m = order.len();
    let mut adjusted = alloc::vec![f64::NAN; p.len()];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// The bootstrap distribution of the mean of `d`: `resamples` means of n items drawn with
/// replacement, or, with clusters, of C clusters drawn with replacement (the mean over the
/// items of the drawn clusters), sorted ascending.
pub fn bootstrap_means(
    d: &[f64],
    clusters: &[u32],
    count: usize,
    resamples: u32,
    seed: u64,
) -> Vec<f64> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut means = Vec::with_capacity(resamples as usize);
    if clusters.is_empty() {
        let n = d.len();
        for _ in 0..resamples {
            let mut sum = 0.0;
            for _ in 0..n {
                sum += d[rng.random_range(0..n)];
            }
            means.push(sum / n as f64);
        }
    } else {
        let mut sums = alloc::vec![0.0; count];
        let mut sizes = alloc::vec![0.0; count];
        for (value, &cluster) in d.iter().zip(clusters) {
            sums[cluster as usize] += value;
            sizes[cluster as usize] += 1.0;
        }
        for _ in 0..resamples {
            let (mut sum, mut size) = (0.0, 0.0);
            for _ in 0..count {
                let pick = rng.random_range(0..count);
                sum += sums[pick];
                size += sizes[pick];
            }
            means.push(sum / size);
        }
    }
    means.sort_by(f64::total_cmp);
    means
}

/// The number of distinct clusters (the largest index + 1; indices are dense from 0).
fn cluster_count(clusters: &[u32]) -> usize {
    clusters.iter().map(|&c| c as usize + 1).max().unwrap_or(0)
}

/// Compares one metric. The slices of `scores` must have equal lengths (variances may be empty;
/// clusters empty or of that length); a mismatch is a caller bug and gives NaN statistics.
pub fn compare_metric(scores: &PairedScores<'_>, settings: &Settings) -> MetricComparison {
    let n = scores.baseline.len().min(scores.candidate.len());
    let d: Vec<f64> = (0..n)
        .map(|i| scores.candidate[i] - scores.baseline[i])
        .collect();
    let clustered = !scores.clusters.is_empty() && scores.clusters.len() == n;
    let clusters: &[u32] = if clustered { scores.clusters } else { &[] };
    let count = if clustered {
        cluster_count(clusters)
    } else {
        0
    };
    let units = if clustered { count } else { n };

    let delta = mean(&d);
    let (se, df) = if clustered {
        (clustered_se(&d, clusters, count), count as f64 - 1.0)
    } else {
        (paired_se(&d), n as f64 - 1.0)
    };
    let sign = settings.direction.sign();

    let (low, high, method, p_gate) = if units < 2 {
        (f64::NAN, f64::NAN, IntervalMethod::StudentT, f64::NAN)
    } else if units >= T_INTERVAL_FROM {
        let half = t_quantile(LEVEL, df) * se;
        // The gate's null: the gain (Δ turned by the direction) is at least −margin.
        let excess = sign * delta + settings.margin;
        let p = if se > 0.0 {
            (2.0 * t_lower_tail(excess / se, df)).min(1.0)
        } else if excess < 0.0 {
            0.0
        } else {
            1.0
        };
        (delta - half, delta + half, IntervalMethod::StudentT, p)
    } else {
        let means = bootstrap_means(&d, clusters, count, settings.resamples, settings.seed);
        let alpha = (1.0 - LEVEL) / 2.0;
        // Twice the share of resampled gains at or above −margin: the share that does not
        // show a regression beyond the margin (the percentile interval's dual).
        let within = means
            .iter()
            .filter(|&&m| sign * m + settings.margin >= 0.0)
            .count() as f64;
        let p = (2.0 * within / means.len() as f64).min(1.0);
        let method = if clustered {
            IntervalMethod::ClusterBootstrap
        } else {
            IntervalMethod::Bootstrap
        };
        (
            quantile(&means, alpha),
            quantile(&means, 1.0 - alpha),
            method,
            p,
        )
    };

    let mcnemar = settings.threshold.map(|threshold| {
        let passes = |score: f64| match settings.direction {
            Direction::Higher => score >= threshold,
            Direction::Lower => score <= threshold,
        };
        let (mut b, mut c) = (0, 0);
        for i in 0..n {
            match (passes(scores.baseline[i]), passes(scores.candidate[i])) {
                (true, false) => b += 1,
                (false, true) => c += 1,
                _ => {}
            }
        }
        McNemar {
            b,
            c,
            p: mcnemar_exact_p(b, c),
        }
    });

    let k_a = scores.baseline_samples.max(1) as f64;
    let k_b = scores.candidate_samples.max(1) as f64;
    let has_a = scores.baseline_samples > 1 && scores.baseline_variance.len() == n;
    let has_b = scores.candidate_samples > 1 && scores.candidate_variance.len() == n;
    let noise = (has_a || has_b).then(|| {
        let within_a = if has_a {
            finite_mean(scores.baseline_variance)
        } else {
            f64::NAN
        };
        let within_b = if has_b {
            finite_mean(scores.candidate_variance)
        } else {
            f64::NAN
        };
        let part = |within: f64, k: f64| if within.is_nan() { 0.0 } else { within / k };
        let variance = sample_variance(&d);
        let share = if variance > 0.0 {
            ((part(within_a, k_a) + part(within_b, k_b)) / variance).min(1.0)
        } else {
            f64::NAN
        };
        Noise {
            share,
            within_baseline: within_a,
            within_candidate: within_b,
        }
    });

    let z = |p: f64| Normal::new(0.0, 1.0).map_or(f64::NAN, |normal| normal.inverse_cdf(p));
    let mde = (z(0.5 + LEVEL / 2.0) + z(0.8)) * se;

    let mut counts = Counts::default();
    let confirmed = has_a || has_b;
    let verdicts: Vec<Verdict> = (0..n)
        .map(|i| {
            let spread = if confirmed {
                let var = |has: bool, values: &[f64], k: f64| {
                    if has && values[i].is_finite() {
                        values[i] / k
                    } else {
                        0.0
                    }
                };
                let z = z(0.5 + LEVEL / 2.0);
                z * (var(has_a, scores.baseline_variance, k_a)
                    + var(has_b, scores.candidate_variance, k_b))
                .sqrt()
            } else {
                0.0
            };
            let bound = settings.tolerance.max(spread);
            let gain = sign * d[i];
            let verdict = if gain > bound {
                Verdict::Improved
            } else if gain < -bound {
                Verdict::Regressed
            } else {
                Verdict::Unchanged
            };
            match verdict {
                Verdict::Improved => counts.improved += 1,
                Verdict::Regressed => counts.regressed += 1,
                Verdict::Unchanged => counts.unchanged += 1,
            }
            if verdict != Verdict::Unchanged && !confirmed {
                counts.unconfirmed += 1;
            }
            verdict
        })
        .collect();

    MetricComparison {
        n,
        clusters: clustered.then_some(count),
        baseline_mean: mean(&scores.baseline[..n]),
        candidate_mean: mean(&scores.candidate[..n]),
        delta,
        se,
        df,
        low,
        high,
        method,
        p_gate,
        mcnemar,
        noise,
        mde,
        counts,
        verdicts,
        confirmed,
    }
}

#[cfg(test)]
mod tests;

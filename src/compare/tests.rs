//! Unit tests of the comparison statistics: exact small cases worked by hand here; the
//! references against SciPy are in tests/js/compare-reference.test.mjs, and the coverage
//! simulation below.

use super::*;

fn settings() -> Settings {
    Settings {
        direction: Direction::Higher,
        threshold: Some(0.5),
        margin: 0.0,
        tolerance: 0.0,
        seed: 1,
        resamples: 10_000,
    }
}

fn paired<'a>(baseline: &'a [f64], candidate: &'a [f64]) -> PairedScores<'a> {
    PairedScores {
        baseline,
        candidate,
        baseline_variance: &[],
        candidate_variance: &[],
        baseline_samples: 1,
        candidate_samples: 1,
        clusters: &[],
    }
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

#[test]
fn paired_se_of_a_small_case() {
    // d = 1, 2, 3, 4: mean 2.5, Σ(d − d̄)² = 5, SE = sqrt(5 / 12).
    assert!(close(
        paired_se(&[1.0, 2.0, 3.0, 4.0]),
        (5.0f64 / 12.0).sqrt(),
        1e-15
    ));
}

#[test]
fn clustered_se_of_a_small_case() {
    // d = 1, 3 | 2, 6 (two clusters): d̄ = 3; cluster sums of deviations −2 and 2; C/(C − 1) = 2;
    // SE² = 2 · 8 / 16 = 1.
    assert!(close(
        clustered_se(&[1.0, 3.0, 2.0, 6.0], &[0, 0, 1, 1], 2),
        1.0,
        1e-15
    ));
    assert!(clustered_se(&[1.0, 2.0], &[0, 0], 1).is_nan());
}

#[test]
fn clusters_of_one_item_each_give_the_paired_se() {
    let d = [0.3, -0.1, 0.25, 0.0, 0.7, -0.4];
    let clusters = [0, 1, 2, 3, 4, 5];
    assert!(close(clustered_se(&d, &clusters, 6), paired_se(&d), 1e-15));
}

#[test]
fn quantile_interpolates_as_numpy() {
    let sorted = [1.0, 2.0, 4.0, 8.0];
    assert_eq!(quantile(&sorted, 0.0), 1.0);
    assert_eq!(quantile(&sorted, 1.0), 8.0);
    assert!(close(quantile(&sorted, 0.5), 3.0, 1e-15));
    assert!(close(quantile(&sorted, 0.9), 6.8, 1e-12));
}

#[test]
fn mcnemar_exact_p_values() {
    // b = 0, c = 5: 2 · 0.5⁵ = 0.0625; b = c: 1 at most; none discordant: 1.
    assert!(close(mcnemar_exact_p(0, 5), 0.0625, 1e-12));
    assert_eq!(mcnemar_exact_p(4, 4), 1.0);
    assert_eq!(mcnemar_exact_p(0, 0), 1.0);
    // b = 1, c = 9: 2 · (1 + 10) / 1024.
    assert!(close(mcnemar_exact_p(1, 9), 22.0 / 1024.0, 1e-12));
}

#[test]
fn holm_steps_down_and_stays_monotone() {
    let adjusted = holm(&[0.01, 0.04, 0.03, f64::NAN]);
    assert!(close(adjusted[0], 0.03, 1e-15));
    assert!(close(adjusted[2], 0.06, 1e-15));
    assert!(close(adjusted[1], 0.06, 1e-15)); // 1 · 0.04 raised to the running max
    assert!(adjusted[3].is_nan());
    assert_eq!(holm(&[0.6, 0.7]), alloc::vec![1.0, 1.0]);
}

#[test]
fn t_interval_from_a_hundred_items() {
    let baseline: Vec<f64> = (0..120).map(|i| (i % 7) as f64 / 7.0).collect();
    let candidate: Vec<f64> = (0..120).map(|i| ((i * 3) % 11) as f64 / 11.0).collect();
    let result = compare_metric(&paired(&baseline, &candidate), &settings());
    assert_eq!(result.method, IntervalMethod::StudentT);
    assert_eq!(result.df, 119.0);
    let half = t_quantile(0.95, 119.0) * result.se;
    assert!(close(result.low, result.delta - half, 1e-12));
    assert!(close(result.high, result.delta + half, 1e-12));
    assert!(close(result.mde / result.se, 2.8016, 1e-4));
}

#[test]
fn bootstrap_below_a_hundred_items_is_seeded() {
    let baseline: Vec<f64> = (0..30).map(|i| (i % 5) as f64 / 5.0).collect();
    let candidate: Vec<f64> = (0..30).map(|i| ((i + 1) % 5) as f64 / 5.0).collect();
    let first = compare_metric(&paired(&baseline, &candidate), &settings());
    let again = compare_metric(&paired(&baseline, &candidate), &settings());
    assert_eq!(first.method, IntervalMethod::Bootstrap);
    assert_eq!((first.low, first.high), (again.low, again.high));
    assert!(first.low < first.delta && first.delta < first.high);
    let other = compare_metric(
        &paired(&baseline, &candidate),
        &Settings {
            seed: 2,
            ..settings()
        },
    );
    assert_ne!((first.low, first.high), (other.low, other.high));
}

#[test]
fn identical_runs_give_zero_and_no_verdicts() {
    let scores = [0.2, 0.9, 0.5, 1.0];
    let result = compare_metric(&paired(&scores, &scores), &settings());
    assert_eq!(result.delta, 0.0);
    assert_eq!((result.low, result.high), (0.0, 0.0));
    assert_eq!(result.counts.unchanged, 4);
    assert_eq!(result.mcnemar, Some(McNemar { b: 0, c: 0, p: 1.0 }));
}

#[test]
fn verdicts_follow_the_direction_and_the_sample_spread() {
    let baseline = [0.5, 0.5, 0.5];
    let candidate = [0.9, 0.1, 0.55];
    let lower = Settings {
        direction: Direction::Lower,
        ..settings()
    };
    let raw = compare_metric(&paired(&baseline, &candidate), &lower);
    assert_eq!(
        raw.verdicts,
        [Verdict::Regressed, Verdict::Improved, Verdict::Regressed]
    );
    assert_eq!(raw.counts.unconfirmed, 3);
    assert!(!raw.confirmed);
    // With 4 samples and a within-item variance of 0.01 on each side, the bound is
    // 1.96 · sqrt(0.01/4 + 0.01/4) ≈ 0.139: the third item's 0.05 is noise.
    let variance = [0.01, 0.01, 0.01];
    let sampled = PairedScores {
        baseline_variance: &variance,
        candidate_variance: &variance,
        baseline_samples: 4,
        candidate_samples: 4,
        ..paired(&baseline, &candidate)
    };
    let result = compare_metric(&sampled, &lower);
    assert_eq!(
        result.verdicts,
        [Verdict::Regressed, Verdict::Improved, Verdict::Unchanged]
    );
    assert_eq!(result.counts.unconfirmed, 0);
    let Some(noise) = result.noise else {
        panic!("no noise decomposition with k > 1");
    };
    assert!(close(noise.within_baseline, 0.01, 1e-15));
    let d = [0.4, -0.4, 0.05];
    assert!(close(
        noise.share,
        (0.0025 + 0.0025) / sample_variance(&d),
        1e-12
    ));
}

#[test]
fn mcnemar_counts_follow_the_direction() {
    let baseline = [0.9, 0.9, 0.2, 0.2];
    let candidate = [0.2, 0.9, 0.9, 0.9];
    let higher = compare_metric(&paired(&baseline, &candidate), &settings());
    assert_eq!(higher.mcnemar.map(|m| (m.b, m.c)), Some((1, 2)));
    let lower = Settings {
        direction: Direction::Lower,
        ..settings()
    };
    let result = compare_metric(&paired(&baseline, &candidate), &lower);
    assert_eq!(result.mcnemar.map(|m| (m.b, m.c)), Some((2, 1)));
}

#[test]
fn fewer_than_two_units_give_no_interval() {
    let result = compare_metric(&paired(&[0.5], &[0.7]), &settings());
    assert!(result.low.is_nan() && result.se.is_nan());
    assert!(close(result.delta, 0.2, 1e-15));
}

/// A small deterministic generator for the simulation (separate from the bootstrap's).
fn normal_draws(seed: u64, count: usize) -> Vec<f64> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            // Box–Muller.
            let u: f64 = rng.random_range(f64::EPSILON..1.0);
            let v: f64 = rng.random_range(0.0..1.0);
            (-2.0 * u.ln()).sqrt() * (2.0 * core::f64::consts::PI * v).cos()
        })
        .collect()
}

/// 1,000 synthetic comparisons with a known Δ = 0.05 (item difficulty shared by both runs,
/// independent noise on each): the share of intervals holding the true Δ must be near 95 %,
/// for the t interval (n = 120) and for the bootstrap (n = 40, 1,000 resamples to keep the
/// test fast; the interval's coverage does not depend on the resample count beyond noise).
/// With 1,000 trials the binomial standard error of 0.95 is 0.007; the bounds allow about
/// 3 of them, plus the bootstrap's known slight undercoverage at small n.
#[test]
fn intervals_cover_the_true_delta_near_95_percent() {
    let true_delta = 0.05;
    for (n, method, lowest) in [
        (120, IntervalMethod::StudentT, 0.93),
        (40, IntervalMethod::Bootstrap, 0.92),
    ] {
        let mut covered = 0;
        let trials = 1_000;
        for trial in 0..trials {
            let draws = normal_draws(trial as u64 * 7 + n as u64, 3 * n);
            let difficulty = &draws[..n];
            let baseline: Vec<f64> = (0..n)
                .map(|i| 0.6 + 0.2 * difficulty[i] + 0.1 * draws[n + i])
                .collect();
            let candidate: Vec<f64> = (0..n)
                .map(|i| 0.6 + true_delta + 0.2 * difficulty[i] + 0.1 * draws[2 * n + i])
                .collect();
            let result = compare_metric(
                &paired(&baseline, &candidate),
                &Settings {
                    resamples: 1_000,
                    seed: trial as u64,
                    ..settings()
                },
            );
            assert_eq!(result.method, method);
            if result.low <= true_delta && true_delta <= result.high {
                covered += 1;
            }
        }
        let coverage = covered as f64 / trials as f64;
        println!("{method:?} at n = {n}: coverage {coverage}");
        assert!(
            (lowest..=0.975).contains(&coverage),
            "{method:?} coverage {coverage} at n = {n}"
        );
    }
}

/// The cluster bootstrap and the clustered t interval cover too when items within a cluster
/// share an effect (1,000 trials each).
#[test]
fn clustered_intervals_cover_the_true_delta() {
    let true_delta = -0.03;
    for (clusters, method) in [
        (120usize, IntervalMethod::StudentT),
        (30, IntervalMethod::ClusterBootstrap),
    ] {
        let per = 4;
        let n = clusters * per;
        let trials = 1_000;
        let mut covered = 0;
        for trial in 0..trials {
            let draws = normal_draws(
                10_000 + trial as u64 * 13 + clusters as u64,
                clusters + 2 * n,
            );
            let cluster_of: Vec<u32> = (0..n).map(|i| (i / per) as u32).collect();
            let baseline: Vec<f64> = (0..n).map(|i| 0.5 + 0.1 * draws[clusters + i]).collect();
            let candidate: Vec<f64> = (0..n)
                .map(|i| 0.5 + true_delta + 0.1 * draws[i / per] + 0.1 * draws[clusters + n + i])
                .collect();
            let result = compare_metric(
                &PairedScores {
                    clusters: &cluster_of,
                    ..paired(&baseline, &candidate)
                },
                &Settings {
                    resamples: 1_000,
                    seed: trial as u64,
                    ..settings()
                },
            );
            assert_eq!(result.method, method);
            assert_eq!(result.clusters, Some(clusters));
            if result.low <= true_delta && true_delta <= result.high {
                covered += 1;
            }
        }
        let coverage = covered as f64 / trials as f64;
        println!("{method:?} over {clusters} clusters: coverage {coverage}");
        assert!(
            (0.92..=0.975).contains(&coverage),
            "{method:?} coverage {coverage}"
        );
    }
}

#[test]
fn the_gate_p_is_small_only_for_a_regression_beyond_the_margin() {
    let baseline: Vec<f64> = (0..150).map(|i| (i % 10) as f64 / 10.0).collect();
    let worse: Vec<f64> = baseline
        .iter()
        .enumerate()
        .map(|(i, b)| b - 0.05 - (i % 3) as f64 / 100.0)
        .collect();
    let regressed = compare_metric(&paired(&baseline, &worse), &settings());
    assert!(regressed.high < 0.0 && regressed.p_gate < 0.05);
    // The same drop within a margin of 0.1: no failure, and a p near 1.
    let tolerated = compare_metric(
        &paired(&baseline, &worse),
        &Settings {
            margin: 0.1,
            ..settings()
        },
    );
    assert!(tolerated.p_gate > 0.5);
    // An improvement is never a regression, and identical runs give p = 1.
    let better = compare_metric(&paired(&worse, &baseline), &settings());
    assert_eq!(better.p_gate, 1.0);
    assert_eq!(
        compare_metric(&paired(&baseline, &baseline), &settings()).p_gate,
        1.0
    );
    // Lower-is-better: the rise of the same size is the regression.
    let lower = Settings {
        direction: Direction::Lower,
        ..settings()
    };
    assert!(compare_metric(&paired(&worse, &baseline), &lower).p_gate < 0.05);
}

#[test]
fn the_bootstrap_gate_p_agrees_with_its_interval() {
    let baseline: Vec<f64> = (0..40).map(|i| (i % 10) as f64 / 10.0).collect();
    let worse: Vec<f64> = baseline
        .iter()
        .enumerate()
        .map(|(i, b)| b - 0.05 - (i % 3) as f64 / 100.0)
        .collect();
    let regressed = compare_metric(&paired(&baseline, &worse), &settings());
    assert_eq!(regressed.method, IntervalMethod::Bootstrap);
    assert!(regressed.high < 0.0 && regressed.p_gate < 0.05);
    let tolerated = compare_metric(
        &paired(&baseline, &worse),
        &Settings {
            margin: 0.1,
            ..settings()
        },
    );
    assert!(tolerated.high < -0.0 && tolerated.high > -0.1 && tolerated.p_gate > 0.05);
    assert_eq!(
        compare_metric(&paired(&baseline, &baseline), &settings()).p_gate,
        1.0
    );
}

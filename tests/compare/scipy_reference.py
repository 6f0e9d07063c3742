"""Reference values of the comparison statistics from SciPy and NumPy, on data generated here
with fixed seeds. Prints one JSON object; tests/js/compare-reference.test.mjs feeds the same
data through compareRuns and the comparison's wasm module and checks every number.

Run with SciPy and NumPy importable (the test installs them from PyPI into a cache folder).
"""

import json

import numpy as np
from scipy import stats


def paired_case(seed, n, effect, binary=False):
    rng = np.random.default_rng(seed)
    difficulty = rng.normal(0.0, 0.2, n)
    baseline = np.clip(0.6 + difficulty + rng.normal(0.0, 0.1, n), 0.0, 1.0)
    candidate = np.clip(0.6 + effect + difficulty + rng.normal(0.0, 0.1, n), 0.0, 1.0)
    if binary:
        baseline = (baseline >= 0.6).astype(float)
        candidate = (candidate >= 0.6).astype(float)
    test = stats.ttest_rel(candidate, baseline)
    interval = test.confidence_interval(0.95)
    d = candidate - baseline
    b = int(np.sum((baseline >= 0.5) & (candidate < 0.5)))
    c = int(np.sum((baseline < 0.5) & (candidate >= 0.5)))
    mcnemar = stats.binomtest(min(b, c), b + c, 0.5).pvalue if b + c > 0 else 1.0
    return {
        "baseline": baseline.tolist(),
        "candidate": candidate.tolist(),
        "delta": float(np.mean(d)),
        "se": float(stats.sem(d)),
        "low": float(interval.low),
        "high": float(interval.high),
        "p": float(test.pvalue),
        # The gate's p (margin 0): twice the one-sided p of "the candidate is lower", at most 1.
        "pGate": float(min(1.0, 2 * stats.ttest_rel(candidate, baseline, alternative="less").pvalue)),
        "b": b,
        "c": c,
        "mcnemar": float(mcnemar),
    }


def clustered_case(seed, clusters, per):
    rng = np.random.default_rng(seed)
    n = clusters * per
    cluster = np.repeat(np.arange(clusters), per)
    shared = rng.normal(0.0, 0.1, clusters)[cluster]
    baseline = 0.5 + rng.normal(0.0, 0.1, n)
    candidate = 0.48 + shared + rng.normal(0.0, 0.1, n)
    d = candidate - baseline
    deviations = np.bincount(cluster, weights=d - d.mean())
    se = np.sqrt(clusters / (clusters - 1) * np.sum(deviations**2) / n**2)
    half = stats.t.ppf(0.975, clusters - 1) * se
    return {
        "baseline": baseline.tolist(),
        "candidate": candidate.tolist(),
        "cluster": [f"doc-{c}" for c in cluster.tolist()],
        "delta": float(d.mean()),
        "se": float(se),
        "df": clusters - 1,
        "low": float(d.mean() - half),
        "high": float(d.mean() + half),
    }


def holm(p):
    order = np.argsort(p, kind="stable")
    m = len(p)
    adjusted = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adjusted[i] = running
    return adjusted.tolist()


def main():
    rng = np.random.default_rng(7)
    holm_cases = []
    for _ in range(20):
        p = rng.uniform(0.0, 0.2, int(rng.integers(2, 7))).tolist()
        holm_cases.append({"p": p, "adjusted": holm(p)})
    mcnemar_cases = []
    for b in range(0, 12):
        for c in range(0, 12, 3):
            p = stats.binomtest(min(b, c), b + c, 0.5).pvalue if b + c > 0 else 1.0
            mcnemar_cases.append({"b": b, "c": c, "p": float(p)})
    print(
        json.dumps(
            {
                "paired": [paired_case(seed, n, effect) for seed, n, effect in [(1, 150, 0.02), (2, 400, -0.03), (3, 100, 0.0)]],
                "binary": paired_case(4, 300, -0.05, binary=True),
                "clustered": [clustered_case(seed, clusters, per) for seed, clusters, per in [(5, 120, 3), (6, 200, 5)]],
                "tQuantiles": [{"df": df, "q": float(stats.t.ppf(0.975, df))} for df in [1, 2, 5, 29, 99, 119, 1000]],
                "holm": holm_cases,
                "mcnemar": mcnemar_cases,
            }
        )
    )


if __name__ == "__main__":
    main()

//! Noise sensitivity (`createNoiseSensitivityScorerLLM`, 1.10.2): how much an agent's answer
//! suffered when its query came with irrelevant, distracting or misleading information.
//!
//! One assessment compares the answer to the clean query (`baseline`) with the answer to the
//! noisy one (`output`): an impact level per dimension (none, minimal, moderate, significant,
//! severe), an overall assessment, the major issues and a robustness score from 0 to 1. Then
//!
//! `s = robustness`; when the dimensions' mean impact weight differs from it by more than the
//! discrepancy threshold, `s = min(s, mean)`; `s = max(0, s − min(issues × perIssue, maxPenalty))`,
//! rounded to two decimals. There is no scale. The caller's numbers reach the formula as option
//! weights: the impact levels by name, `majorIssuePerItem`, `maxMajorIssuePenalty`,
//! `discrepancyThreshold` ([`NoiseWeights`]).
//!
//! Inputs: `input` (the original query), `baseline` (the answer to it), `noisyQuery`, `output`
//! (the answer to the noisy query) and `noiseType` (optional).

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{Assess, Assessed, Field, Kind, Metric, Options, Run, Scored, Step};
use crate::judge::score::round_score;
use crate::numbers::number::format_number;

/// The impact levels, least to most.
pub const LEVELS: &[&str] = &["none", "minimal", "moderate", "significant", "severe"];

const TASK: &str = "You test an assistant's robustness to noise. <baseline> answers the query in <input>; \
<output> answers <noisyQuery>, the same query with irrelevant, distracting or misleading material added (of the kind \
in <noiseType>, if given). Compare the answers on five \"dimensions\": content_accuracy, completeness, relevance, \
consistency (with the baseline) and hallucination_resistance (not taking up or inventing false material). For each, \
\"impactLevel\" is how much the noise harmed it, \"specificChanges\" what changed, \"noiseInfluence\" how the \
noise caused it. \"overallAssessment\": one sentence; \"majorIssues\": serious failures (may be empty); \
\"robustnessScore\": 0 (the noise wrecked the answer) to 1 (as good as the baseline).";

/// The noise sensitivity metric (`createNoiseSensitivityScorerLLM`).
pub const NOISE_SENSITIVITY: Metric = Metric {
    id: "noise-sensitivity",
    steps: &[Step::Assess(Assess {
        name: "analysis",
        blocks: &["input", "baseline", "noisyQuery", "noiseType", "output"],
        fields: &[
            Field {
                name: "dimensions",
                kind: Kind::Objects(&[
                    Field {
                        name: "dimension",
                        kind: Kind::Text,
                    },
                    Field {
                        name: "impactLevel",
                        kind: Kind::Choice(LEVELS),
                    },
                    Field {
                        name: "specificChanges",
                        kind: Kind::Text,
                    },
                    Field {
                        name: "noiseInfluence",
                        kind: Kind::Text,
                    },
                ]),
            },
            Field {
                name: "overallAssessment",
                kind: Kind::Text,
            },
            Field {
                name: "majorIssues",
                kind: Kind::List,
            },
            Field {
                name: "robustnessScore",
                kind: Kind::Number { min: 0.0, max: 1.0 },
            },
        ],
        task: TASK,
    })],
    score,
    model_reason: false,
};

/// The numbers of the formula (1.10.2's `scoring` options).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NoiseWeights {
    /// The weight of each of [`LEVELS`], in order.
    pub levels: [f64; 5],
    pub major_issue_per_item: f64,
    pub max_major_issue_penalty: f64,
    pub discrepancy_threshold: f64,
}

/// 1.10.2's defaults.
pub const DEFAULT_WEIGHTS: NoiseWeights = NoiseWeights {
    levels: [1.0, 0.85, 0.6, 0.3, 0.1],
    major_issue_per_item: 0.1,
    max_major_issue_penalty: 0.3,
    discrepancy_threshold: 0.2,
};

impl NoiseWeights {
    /// The caller's numbers among the option weights, the defaults for the others.
    pub fn from_options(options: &Options) -> NoiseWeights {
        let d = DEFAULT_WEIGHTS;
        let mut levels = d.levels;
        for (weight, level) in levels.iter_mut().zip(LEVELS) {
            *weight = options.weight(level, *weight);
        }
        NoiseWeights {
            levels,
            major_issue_per_item: options.weight("majorIssuePerItem", d.major_issue_per_item),
            max_major_issue_penalty: options
                .weight("maxMajorIssuePenalty", d.max_major_issue_penalty),
            discrepancy_threshold: options.weight("discrepancyThreshold", d.discrepancy_threshold),
        }
    }

    /// The weight of an impact level (0 for a word that is none of [`LEVELS`]).
    pub fn level(&self, level: &str) -> f64 {
        LEVELS
            .iter()
            .position(|l| *l == level)
            .map_or(0.0, |i| self.levels[i])
    }
}

/// The score, unrounded, of the judge's robustness score, the dimensions' impact levels and
/// the number of major issues.
///
/// ```
/// use evals_wasm::metrics::llm::noise_sensitivity::{noise_score, DEFAULT_WEIGHTS};
/// let s = noise_score(0.9, &["none", "minimal", "moderate", "none", "none"], 1, &DEFAULT_WEIGHTS);
/// assert!((s - 0.8).abs() < 1e-12);
/// ```
pub fn noise_score(robustness: f64, levels: &[&str], issues: usize, w: &NoiseWeights) -> f64 {
    let mut s = robustness.clamp(0.0, 1.0);
    if !levels.is_empty() {
        let mean = levels.iter().map(|l| w.level(l)).sum::<f64>() / levels.len() as f64;
        if (s - mean).abs() > w.discrepancy_threshold {
            s = s.min(mean);
        }
    }
    let penalty = (issues as f64 * w.major_issue_per_item).min(w.max_major_issue_penalty);
    (s - penalty).max(0.0)
}

fn score(run: &Run) -> Scored {
    let field = |name| run.assessed_field("analysis", name);
    let robustness = field("robustnessScore")
        .and_then(Assessed::number)
        .unwrap_or(0.0);
    let levels: Vec<&str> = field("dimensions")
        .map_or(&[][..], Assessed::list)
        .iter()
        .map(|d| d.get("impactLevel").and_then(Assessed::text).unwrap_or(""))
        .collect();
    let issues = field("majorIssues").map_or(0, |l| l.list().len());
    let score = round_score(noise_score(
        robustness,
        &levels,
        issues,
        &NoiseWeights::from_options(run.options),
    ));
    Scored {
        score,
        reason: composed_reason(score, &levels, issues),
        explain: None,
    }
}

/// "The score is … because …" from the impact levels and the major issues.
pub fn composed_reason(score: f64, levels: &[&str], issues: usize) -> String {
    let harmed = levels.iter().filter(|l| **l != "none").count();
    format!(
        "The score is {} because the noise harmed {harmed} of the {} dimensions rated, with {issues} major issue(s).",
        format_number(score),
        levels.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::engine::{measure, Outcome};
    use crate::judge::error::Error;
    use crate::judge::scripted::{block_on, ScriptedJudge};
    use alloc::vec;

    fn run(answers: &[&'static str], options: &Options) -> (Result<Outcome, Error>, ScriptedJudge) {
        let judge = ScriptedJudge::texts(answers);
        let inputs = vec![
            ("input".into(), vec!["How long is the river?".into()]),
            ("baseline".into(), vec!["40 km.".into()]),
            (
                "noisyQuery".into(),
                vec!["How long is the river? Herons are grey.".into()],
            ),
            ("noiseType".into(), vec![]),
            ("output".into(), vec!["40 km; herons are grey.".into()]),
        ];
        let r = block_on(measure(
            &judge,
            &NOISE_SENSITIVITY,
            &inputs,
            options,
            &[],
            None,
        ));
        (r, judge)
    }

    const ANALYSIS: &str = r#"{"dimensions": [
        {"dimension": "content_accuracy", "impactLevel": "none", "specificChanges": "", "noiseInfluence": ""},
        {"dimension": "relevance", "impactLevel": "Moderate", "specificChanges": "herons", "noiseInfluence": "took it up"}],
        "overallAssessment": "Mostly robust.", "majorIssues": ["mentions herons"], "robustnessScore": 0.9}"#;

    #[test]
    fn one_assessment_gives_the_score() {
        let (r, judge) = run(&[ANALYSIS], &Options::default());
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        // mean 0.8, |0.9 − 0.8| ≤ 0.2: 0.9 − 0.1
        assert_eq!((r.score, r.model_calls), (Some(0.8), 1));
        assert_eq!(
            r.reason.as_deref(),
            Some("The score is 0.8 because the noise harmed 1 of the 2 dimensions rated, with 1 major issue(s).")
        );
        let requests = judge.requests.borrow();
        assert!(
            requests[0].user.contains("<noisyQuery>") && !requests[0].user.contains("<noiseType>")
        );
        assert!(requests[0]
            .schema
            .as_deref()
            .unwrap_or("")
            .contains("\"impactLevel\""));
    }

    #[test]
    fn caller_weights_reach_the_formula() {
        let options = Options {
            weights: vec![
                ("moderate".into(), 0.0),
                ("majorIssuePerItem".into(), 0.5),
                ("maxMajorIssuePenalty".into(), 0.4),
            ],
            ..Options::default()
        };
        let (r, _) = run(&[ANALYSIS], &options);
        // mean 0.5, |0.9 − 0.5| > 0.2: 0.5 − min(0.5, 0.4)
        assert_eq!(r.unwrap_or_else(|e| panic!("{e}")).score, Some(0.1));
    }

    #[test]
    fn a_robustness_score_out_of_range_is_asked_again() {
        let bad = r#"{"dimensions": [], "overallAssessment": "", "majorIssues": [], "robustnessScore": 7}"#;
        let good = r#"{"dimensions": [], "overallAssessment": "", "majorIssues": [], "robustnessScore": 0.6}"#;
        let (r, _) = run(&[bad, good], &Options::default());
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(0.6), 2));
    }

    #[test]
    fn formula_edges() {
        let w = DEFAULT_WEIGHTS;
        assert_eq!(
            round_score(noise_score(0.9, &["severe", "severe"], 0, &w)),
            0.1
        );
        assert_eq!(round_score(noise_score(1.7, &[], 4, &w)), 0.7);
        assert_eq!(noise_score(-1.0, &[], 0, &w), 0.0);
        assert_eq!(noise_score(0.2, &["none"], 9, &w), 0.0);
        // within the threshold the judge's score stands, even above the mean
        assert_eq!(noise_score(0.95, &["minimal"], 0, &w), 0.95);
        assert_eq!(round_score(noise_score(1.0, &["none", "x"], 0, &w)), 0.5);
        assert_eq!(
            composed_reason(0.7, &[], 3),
            "The score is 0.7 because the noise harmed 0 of the 0 dimensions rated, with 3 major issue(s)."
        );
    }
}

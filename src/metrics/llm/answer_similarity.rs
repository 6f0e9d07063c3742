//! Answer similarity (`createAnswerSimilarityScorer`, 1.10.2): how close an output is to a
//! ground-truth answer, unit by unit.
//!
//! 1. The judge breaks the output and the ground truth into semantic units (facts, entities,
//!    quantities, relations), one assessment for both.
//! 2. Shown the two lists (the first step's lists, no input), the judge matches each
//!    ground-truth unit: `exact`, `semantic`, `partial` or `missing` (with the output unit it
//!    matched), lists the output's units the ground truth lacks and the contradictions.
//! 3. With T matches:
//!    `s = Σ(exact 1 + bonus, semantic t, partial t/2, missing −penalty) / (T × (1 + bonus))`,
//!    less `contradictions × contradictionPenalty`, less `min(extras × extraInfoPenalty, 0.2)`,
//!    clamped to 0..1, times `scale`, rounded to two decimals; 0 with no match or no ground
//!    truth. The caller's numbers reach the formula as option weights named after the 1.10.2
//!    options (`exactMatchBonus`, `semanticThreshold`, …); [`SimilarityWeights`] holds them.
//!
//! Inputs: `output`, `groundTruth`.

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{Assess, Assessed, Field, Kind, Metric, Options, Run, Scored, Step};
use crate::judge::score::round_score;
use crate::numbers::number::format_number;

const UNITS_TASK: &str = "Break the text in <output> and the text in <groundTruth> each into semantic units: \
the separate facts, entities, quantities and relations it states, each a short self-contained phrase with numbers and \
names normalised. Do not split a unit into fragments. \"outputUnits\" lists those of <output>, \"groundTruthUnits\" \
those of <groundTruth>; an empty text has none.";

const COMPARE_TASK: &str = "Check an answer against the expected one. Each <groundTruthUnits> block is a unit of \
the expected answer, each <outputUnits> block a unit of the answer given. In \"matches\", one entry per expected \
unit, in order: \"groundTruthUnit\" its text, \"outputUnit\" the answer's unit covering it (empty if none), \
\"matchType\" \"exact\" (same substance and detail), \"semantic\" (same meaning, other words), \"partial\" (only \
part of it) or \"missing\" (not covered, or stated wrongly). \"extraInOutput\": the answer's units the expected \
answer lacks. \"contradictions\": each answer unit that contradicts an expected unit, with both and why. Judge \
meaning, not wording.";

/// The units of both texts (`createAnswerSimilarityScorer`'s preprocess), then their comparison.
pub const ANSWER_SIMILARITY: Metric = Metric {
    id: "answer-similarity",
    steps: &[
        Step::Assess(Assess {
            name: "units",
            blocks: &["output", "groundTruth"],
            fields: &[
                Field {
                    name: "outputUnits",
                    kind: Kind::List,
                },
                Field {
                    name: "groundTruthUnits",
                    kind: Kind::List,
                },
            ],
            task: UNITS_TASK,
        }),
        Step::Assess(Assess {
            name: "comparison",
            blocks: &["groundTruthUnits", "outputUnits"],
            fields: &[
                Field {
                    name: "matches",
                    kind: Kind::ObjectsPer(
                        "groundTruthUnits",
                        &[
                            Field {
                                name: "groundTruthUnit",
                                kind: Kind::Text,
                            },
                            Field {
                                name: "outputUnit",
                                kind: Kind::Text,
                            },
                            Field {
                                name: "matchType",
                                kind: Kind::Choice(&["exact", "semantic", "partial", "missing"]),
                            },
                            Field {
                                name: "explanation",
                                kind: Kind::Text,
                            },
                        ],
                    ),
                },
                Field {
                    name: "extraInOutput",
                    kind: Kind::ListPer("outputUnits"),
                },
                Field {
                    name: "contradictions",
                    kind: Kind::ObjectsPer(
                        "groundTruthUnits",
                        &[
                            Field {
                                name: "outputUnit",
                                kind: Kind::Text,
                            },
                            Field {
                                name: "groundTruthUnit",
                                kind: Kind::Text,
                            },
                            Field {
                                name: "explanation",
                                kind: Kind::Text,
                            },
                        ],
                    ),
                },
            ],
            task: COMPARE_TASK,
        }),
    ],
    score,
    model_reason: false,
};

/// The numbers of the formula (1.10.2's options of the same names).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimilarityWeights {
    pub semantic_threshold: f64,
    pub exact_match_bonus: f64,
    pub missing_penalty: f64,
    pub contradiction_penalty: f64,
    pub extra_info_penalty: f64,
}

/// `ANSWER_SIMILARITY_DEFAULT_OPTIONS`' numbers.
pub const DEFAULT_WEIGHTS: SimilarityWeights = SimilarityWeights {
    semantic_threshold: 0.8,
    exact_match_bonus: 0.2,
    missing_penalty: 0.15,
    contradiction_penalty: 1.0,
    extra_info_penalty: 0.05,
};

/// The most the extra units can take away, whatever `extraInfoPenalty` is (as 1.10.2).
pub const MAX_EXTRA_PENALTY: f64 = 0.2;

impl SimilarityWeights {
    /// The caller's numbers among the option weights, the defaults for the others.
    pub fn from_options(options: &Options) -> SimilarityWeights {
        let d = DEFAULT_WEIGHTS;
        SimilarityWeights {
            semantic_threshold: options.weight("semanticThreshold", d.semantic_threshold),
            exact_match_bonus: options.weight("exactMatchBonus", d.exact_match_bonus),
            missing_penalty: options.weight("missingPenalty", d.missing_penalty),
            contradiction_penalty: options.weight("contradictionPenalty", d.contradiction_penalty),
            extra_info_penalty: options.weight("extraInfoPenalty", d.extra_info_penalty),
        }
    }
}

/// The score, unscaled and unrounded, of the match types in order, the contradictions and the
/// extra units: 0 with no match.
///
/// ```
/// use evals_wasm::metrics::llm::answer_similarity::{similarity_score, DEFAULT_WEIGHTS};
/// let s = similarity_score(&["exact", "semantic", "partial", "missing"], 0, 1, &DEFAULT_WEIGHTS);
/// assert!((s - 0.41875).abs() < 1e-12);
/// ```
pub fn similarity_score(
    matches: &[&str],
    contradictions: usize,
    extras: usize,
    w: &SimilarityWeights,
) -> f64 {
    if matches.is_empty() {
        return 0.0;
    }
    let sum: f64 = matches
        .iter()
        .map(|m| match *m {
            "exact" => 1.0 + w.exact_match_bonus,
            "semantic" => w.semantic_threshold,
            "partial" => w.semantic_threshold * 0.5,
            "missing" => -w.missing_penalty,
            _ => 0.0,
        })
        .sum();
    let mut s = sum / (matches.len() as f64 * (1.0 + w.exact_match_bonus));
    s -= contradictions as f64 * w.contradiction_penalty;
    s -= (extras as f64 * w.extra_info_penalty).min(MAX_EXTRA_PENALTY);
    s.clamp(0.0, 1.0)
}

/// The entries of a list field of the comparison.
fn entries<'r>(run: &'r Run, field: &str) -> &'r [Assessed] {
    run.assessed_field("comparison", field)
        .map_or(&[], Assessed::list)
}

fn score(run: &Run) -> Scored {
    if run.blank("groundTruth") {
        return Scored {
            score: 0.0,
            reason: String::from(
                "The score is 0 because there is no ground truth to compare with.",
            ),
            explain: None,
        };
    }
    let matches: Vec<&str> = entries(run, "matches")
        .iter()
        .map(|m| m.get("matchType").and_then(Assessed::text).unwrap_or(""))
        .collect();
    let contradictions = entries(run, "contradictions").len();
    let extras = entries(run, "extraInOutput").len();
    let weights = SimilarityWeights::from_options(run.options);
    let score = round_score(
        similarity_score(&matches, contradictions, extras, &weights) * run.options.scale,
    );
    Scored {
        score,
        reason: composed_reason(score, &matches, contradictions, extras),
        explain: None,
    }
}

/// "The score is … because …" from the match types, contradictions and extra units.
pub fn composed_reason(
    score: f64,
    matches: &[&str],
    contradictions: usize,
    extras: usize,
) -> String {
    let matched = matches.iter().filter(|m| **m != "missing").count();
    format!(
        "The score is {} because {matched} of the {} ground-truth units are matched, with {contradictions} contradiction(s) and {extras} extra unit(s).",
        format_number(score),
        matches.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::engine::{measure, Outcome};
    use crate::judge::error::Error;
    use crate::judge::scripted::{block_on, ScriptedJudge};
    use alloc::vec;

    fn run(
        answers: &[&'static str],
        ground_truth: &str,
        options: &Options,
    ) -> (Result<Outcome, Error>, ScriptedJudge) {
        let judge = ScriptedJudge::texts(answers);
        let inputs = vec![
            (
                "output".into(),
                vec!["Paris is the capital of France.".into()],
            ),
            ("groundTruth".into(), vec![ground_truth.into()]),
        ];
        let r = block_on(measure(
            &judge,
            &ANSWER_SIMILARITY,
            &inputs,
            options,
            &[],
            None,
        ));
        (r, judge)
    }

    const UNITS: &str = r#"{"outputUnits": ["Paris is the capital", "capital of France"], "groundTruthUnits": ["Paris is the capital of France", "Paris has 2 million people"]}"#;

    #[test]
    fn units_then_matches_give_the_score() {
        let comparison = r#"{"matches": [
            {"groundTruthUnit": "Paris is the capital of France", "outputUnit": "Paris is the capital", "matchType": "Exact", "explanation": "same"},
            {"groundTruthUnit": "Paris has 2 million people", "outputUnit": null, "matchType": "missing", "explanation": "absent"}],
            "extraInOutput": [], "contradictions": []}"#;
        let (r, judge) = run(
            &[UNITS, comparison],
            "Paris is the capital of France; it has 2 million people.",
            &Options::default(),
        );
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        // (1.2 − 0.15) / 2.4 = 0.4375
        assert_eq!((r.score, r.model_calls), (Some(0.44), 2));
        assert_eq!(
            r.reason.as_deref(),
            Some("The score is 0.44 because 1 of the 2 ground-truth units are matched, with 0 contradiction(s) and 0 extra unit(s).")
        );
        // The comparison shows the first step's units, each in its block.
        let requests = judge.requests.borrow();
        assert!(requests[1]
            .user
            .contains("<groundTruthUnits>\nParis has 2 million people\n</groundTruthUnits>"));
        assert!(requests[1]
            .user
            .contains("<outputUnits>\ncapital of France\n</outputUnits>"));
        assert!(!requests[1].user.contains("<output>\n"));
        assert!(requests[1]
            .schema
            .as_deref()
            .unwrap_or("")
            .contains("\"matchType\""));
        // Each list is bounded by the units shown: two of each, so at most two entries.
        let schema = requests[1].schema.as_deref().unwrap_or("");
        assert_eq!(schema.matches("\"maxItems\":2").count(), 3, "{schema}");
        assert!(requests[1].max_tokens < requests[0].max_tokens * 4);
        let matches = &r.assessed["comparison"]["matches"];
        assert_eq!(
            matches.list()[1].get("outputUnit"),
            Some(&Assessed::Text(String::new()))
        );
    }

    #[test]
    fn options_reach_the_formula_and_no_ground_truth_scores_zero() {
        let comparison = r#"{"matches": [{"groundTruthUnit": "a", "outputUnit": "a", "matchType": "exact", "explanation": ""}, {"groundTruthUnit": "b", "outputUnit": "b", "matchType": "partial", "explanation": ""}], "extraInOutput": [], "contradictions": []}"#;
        let options = Options {
            scale: 10.0,
            ..Options::default()
        };
        let (r, _) = run(&[UNITS, comparison], "a and b", &options);
        assert_eq!(r.unwrap_or_else(|e| panic!("{e}")).score, Some(6.67));
        let options = Options {
            weights: vec![
                ("exactMatchBonus".into(), 0.0),
                ("semanticThreshold".into(), 1.0),
            ],
            ..Options::default()
        };
        let (r, _) = run(&[UNITS, comparison], "a and b", &options);
        // (1 + 0.5) / 2 = 0.75
        assert_eq!(r.unwrap_or_else(|e| panic!("{e}")).score, Some(0.75));
        let (r, _) = run(&[UNITS, comparison], "  ", &Options::default());
        assert_eq!(r.unwrap_or_else(|e| panic!("{e}")).score, Some(0.0));
    }

    #[test]
    fn a_bad_match_type_is_asked_again() {
        let bad = r#"{"matches": [{"groundTruthUnit": "a", "outputUnit": "a", "matchType": "close", "explanation": ""}], "extraInOutput": [], "contradictions": []}"#;
        let good = r#"{"matches": [{"groundTruthUnit": "a", "outputUnit": "a", "matchType": "semantic", "explanation": ""}], "extraInOutput": ["x"], "contradictions": []}"#;
        let (r, judge) = run(&[UNITS, bad, good], "a", &Options::default());
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        // 0.8 / 1.2 − 0.05 = 0.6167
        assert_eq!((r.score, r.model_calls), (Some(0.62), 3));
        assert!(judge.requests.borrow()[2].user.contains("matchType"));
    }

    #[test]
    fn formula_edges() {
        let w = DEFAULT_WEIGHTS;
        assert_eq!(similarity_score(&[], 0, 0, &w), 0.0);
        assert_eq!(similarity_score(&["exact", "exact"], 0, 0, &w), 1.0);
        assert_eq!(round_score(similarity_score(&["semantic"], 0, 0, &w)), 0.67);
        // the extra penalty stops at 0.2
        assert_eq!(
            round_score(similarity_score(&["semantic", "semantic"], 0, 5, &w)),
            0.47
        );
        assert_eq!(similarity_score(&["exact"], 1, 0, &w), 0.0);
        assert_eq!(similarity_score(&["missing", "missing"], 0, 0, &w), 0.0);
        assert_eq!(similarity_score(&["unknown"], 0, 0, &w), 0.0);
        let no_cap = SimilarityWeights {
            extra_info_penalty: 1.0,
            ..w
        };
        assert_eq!(similarity_score(&["exact"], 0, 3, &no_cap), 0.8);
        assert_eq!(
            composed_reason(0.0, &[], 0, 2),
            "The score is 0 because 0 of the 0 ground-truth units are matched, with 0 contradiction(s) and 2 extra unit(s)."
        );
    }
}

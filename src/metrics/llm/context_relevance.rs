//! Context relevance (`createContextRelevanceScorerLLM`, 1.10.2): how relevant the retrieved
//! context was to the answer and whether the answer used it. Each context piece gets a level
//! (high 1, medium 0.7, low 0.3, none 0) and whether the response used it; the model also
//! lists what the answer needed that no piece gave. Then
//!
//! `score = max(0, mean level − 0.1 × unused high pieces − min(0.15 × missing, 0.5)) × scale`
//!
//! (the three penalty numbers are the scorer's `penalties` options; the glue applies the
//! caller's, [`relevance_score`] is the formula). Inputs: `input`, `output`, `context`.

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{Extract, Judged, Metric, Run, Scored, Step, Verdicts, Word};
use crate::judge::score::round_score;
use crate::numbers::number::format_number;

const LEVEL_TASK: &str = "You judge the context an assistant was given. For each numbered piece in <context>, \
rate how relevant it is to answering the question in <input>: \"high\" when it holds what the answer needs, \
\"medium\" when it helps in part, \"low\" when it only touches the subject, \"none\" when it is unrelated, empty or \
an error message. Also say in \"wasUsed\" whether the response in <output> uses the piece: \"yes\" or \"no\".";

const MISSING_TASK: &str = "You find gaps in the context an assistant was given. List the pieces of information \
the question in <input> needed for a complete answer that none of the <context> blocks provides (the <output> block \
shows the response given). Each item names one missing fact in a short phrase. Give an empty list when the context \
covers the question.";

/// The penalty numbers of the formula: per high-relevance piece left unused, per missing item,
/// and the most the missing items can take away.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Penalties {
    pub unused_high: f64,
    pub missing_per_item: f64,
    pub missing_max: f64,
}

/// The scorer's defaults.
pub const DEFAULT_PENALTIES: Penalties = Penalties {
    unused_high: 0.1,
    missing_per_item: 0.15,
    missing_max: 0.5,
};

/// `createContextRelevanceScorerLLM`'s analysis.
pub const CONTEXT_RELEVANCE: Metric = Metric {
    id: "context-relevance",
    steps: &[
        Step::Verdicts(Verdicts {
            name: "evaluations",
            items: "context",
            prefix: "P",
            blocks: &["input", "output", "context"],
            words: &[
                Word {
                    word: "high",
                    also: &["highly relevant"],
                },
                Word {
                    word: "medium",
                    also: &["moderate", "partial"],
                },
                Word {
                    word: "low",
                    also: &["slight"],
                },
                Word {
                    word: "none",
                    also: &["irrelevant", "not relevant", "no"],
                },
            ],
            extra: &["wasUsed"],
            task: LEVEL_TASK,
            needs: &[],
            blank: None,
            every: true,
            batch_items: None,
        }),
        Step::Extract(Extract {
            name: "missingContext",
            from: &["input", "output", "context"],
            task: MISSING_TASK,
            batch_bytes: None,
        }),
    ],
    score,
    model_reason: false,
};

/// The weight of a relevance level.
pub fn level_weight(level: &str) -> f64 {
    match level {
        "high" => 1.0,
        "medium" => 0.7,
        "low" => 0.3,
        _ => 0.0,
    }
}

/// Whether a `wasUsed` answer says the piece was used.
pub fn was_used(answer: &str) -> bool {
    matches!(
        answer.trim().to_ascii_lowercase().as_str(),
        "yes" | "true" | "used"
    )
}

/// The score, unscaled and unrounded, of `(level, used)` per piece and `missing` items; with
/// no piece judged, 1 (0 when something is missing).
///
/// ```
/// use evals_wasm::metrics::llm::context_relevance::{relevance_score, DEFAULT_PENALTIES};
/// let pieces = [("high", true), ("medium", false), ("high", false)];
/// assert!((relevance_score(&pieces, 1, DEFAULT_PENALTIES) - 0.65).abs() < 1e-12);
/// ```
pub fn relevance_score(pieces: &[(&str, bool)], missing: usize, penalties: Penalties) -> f64 {
    if pieces.is_empty() {
        return if missing > 0 { 0.0 } else { 1.0 };
    }
    let relevance = pieces.iter().map(|(l, _)| level_weight(l)).sum::<f64>() / pieces.len() as f64;
    let unused = pieces
        .iter()
        .filter(|(l, used)| *l == "high" && !used)
        .count() as f64;
    let missing = (missing as f64 * penalties.missing_per_item).min(penalties.missing_max);
    (relevance - unused * penalties.unused_high - missing).max(0.0)
}

fn pieces(judged: &[Judged]) -> Vec<(&str, bool)> {
    judged
        .iter()
        .map(|j| (j.verdict, j.extra.first().is_some_and(|u| was_used(u))))
        .collect()
}

fn score(run: &Run) -> Scored {
    let judged = run.verdicts("evaluations").map_or(&[][..], |(j, _)| j);
    let missing = run.list("missingContext");
    let pieces = pieces(judged);
    let score =
        round_score(relevance_score(&pieces, missing.len(), DEFAULT_PENALTIES) * run.options.scale);
    Scored {
        score,
        reason: composed_reason(score, &pieces, missing),
        explain: None,
    }
}

/// "The score is … because …" from the levels, the use and the missing items.
pub fn composed_reason(score: f64, pieces: &[(&str, bool)], missing: &[String]) -> String {
    let count = |level: &str| pieces.iter().filter(|(l, _)| *l == level).count();
    let mut parts = Vec::new();
    if pieces.is_empty() {
        parts.push(String::from("no context piece was judged"));
    } else {
        parts.push(format!(
            "of the {} context pieces {} {} highly relevant, {} medium, {} low and {} irrelevant",
            pieces.len(),
            count("high"),
            if count("high") == 1 { "is" } else { "are" },
            count("medium"),
            count("low"),
            count("none")
        ));
        let unused = pieces.iter().filter(|(l, u)| *l == "high" && !u).count();
        if unused > 0 {
            parts.push(format!(
                "{unused} highly relevant piece{} went unused",
                if unused == 1 { "" } else { "s" }
            ));
        }
    }
    if !missing.is_empty() {
        parts.push(format!("the context lacked {}", missing.join("; ")));
    }
    format!(
        "The score is {} because {}.",
        format_number(score),
        parts.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::llm::context_precision::tests::{quiet, run};

    #[test]
    fn levels_use_and_missing_context() {
        let evaluations = r#"{"verdicts": [{"id": "P1", "verdict": "high", "reason": "a", "wasUsed": "yes"}, {"id": "P2", "verdict": "Medium", "reason": "b", "wasUsed": "no"}, {"id": "P3", "verdict": "high", "reason": "c", "wasUsed": false}]}"#;
        let (r, judge) = run(
            &CONTEXT_RELEVANCE,
            &[evaluations, r#"{"missingContext": ["the depth"]}"#],
            &["a", "b", "c"],
            "x",
            quiet(),
        );
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(0.65), 2));
        assert_eq!(
            r.reason.as_deref(),
            Some("The score is 0.65 because of the 3 context pieces 2 are highly relevant, 1 medium, 0 low and 0 irrelevant, 1 highly relevant piece went unused, the context lacked the depth.")
        );
        assert!(judge.requests.borrow()[0]
            .schema
            .as_deref()
            .unwrap_or("")
            .contains("\"wasUsed\""));
    }

    #[test]
    fn formula_edges() {
        let p = Penalties {
            unused_high: 0.1,
            missing_per_item: 0.3,
            missing_max: 0.4,
        };
        assert_eq!(
            round_score(relevance_score(&[("high", true), ("low", true)], 2, p) * 2.0),
            0.5
        );
        assert_eq!(relevance_score(&[("low", true)], 0, DEFAULT_PENALTIES), 0.3);
        assert_eq!(relevance_score(&[], 0, DEFAULT_PENALTIES), 1.0);
        assert_eq!(relevance_score(&[], 1, DEFAULT_PENALTIES), 0.0);
        assert_eq!(
            relevance_score(&[("none", false)], 9, DEFAULT_PENALTIES),
            0.0
        );
        assert!(was_used(" True") && !was_used("") && !was_used("no"));
    }
}

//! Rubric: whether an agent's output meets every required criterion of a checklist.
//!
//! 1. For each numbered criterion the judge decides, strictly and from the output alone,
//!    whether the output satisfies it (in doubt: not satisfied).
//! 2. `score = scale` when every required criterion is satisfied, else 0; when the rubric
//!    marks none as required, every criterion counts. No criteria: 1 (unscaled), no call.
//!
//! Inputs: `task` (what the agent was asked), `output`, `criteria` (the items judged) and
//! `required` (one `"required"` or `"optional"` per criterion, from the rubric itself: the
//! judge is never asked which criteria gate the score).

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{Metric, Run, Scored, Step, Verdicts, Word};
use crate::numbers::number::format_number;

/// The rubric metric (`createRubricScorer`).
pub const RUBRIC: Metric = Metric {
    id: "rubric",
    steps: &[Step::Verdicts(Verdicts {
        name: "criteria",
        items: "criteria",
        prefix: "R",
        blocks: &["criteria", "task", "output"],
        words: &[
            Word {
                word: "yes",
                also: &["true", "satisfied", "met", "pass", "passed"],
            },
            Word {
                word: "no",
                also: &["false", "unsatisfied", "not satisfied", "not met", "unmet", "fail", "failed"],
            },
        ],
        extra: &[],
        task: "You grade an agent's work against a rubric. For each numbered criterion in <criteria>, decide \
whether the agent's output in <output> satisfies it, given the request in <task>. Judge each criterion on its own \
and only on what the output shows; effort or intent earns nothing, and when in doubt the answer is \"no\". An \
absent <output> block means the output was empty.",
        needs: &[],
        blank: None,
        every: true,
        batch_items: None,
    })],
    score,
    model_reason: false,
};

/// Whether the rubric marks criterion `i` as required (the default when it says nothing).
fn required(run: &Run, i: usize) -> bool {
    run.input("required").get(i).map(String::as_str) != Some("optional")
}

fn score(run: &Run) -> Scored {
    let Some((judged, _)) = run.verdicts("criteria") else {
        return Scored {
            score: 1.0,
            reason: String::from("The score is 1 because the rubric has no criteria to meet."),
            explain: None,
        };
    };
    let items = run.list("criteria");
    let index = |item: &String| items.iter().position(|c| c == item).unwrap_or(0);
    let gating: Vec<_> = judged
        .iter()
        .filter(|j| required(run, index(&j.item)))
        .collect();
    let pool: Vec<_> = if gating.is_empty() {
        judged.iter().collect()
    } else {
        gating
    };
    let unmet = pool.iter().filter(|j| j.verdict != "yes").count();
    let score = if unmet == 0 { run.options.scale } else { 0.0 };
    let lines: Vec<String> = judged
        .iter()
        .map(|j| {
            let mark = if required(run, index(&j.item)) {
                "required"
            } else {
                "optional"
            };
            let met = if j.verdict == "yes" { "met" } else { "not met" };
            format!("- {met} ({mark}): {} — {}", j.item, j.reason)
        })
        .collect();
    let how = if unmet == 0 {
        String::from("every criterion that gates the rubric is met")
    } else {
        format!(
            "{unmet} of the {} criteria that gate the rubric {} not met",
            pool.len(),
            if unmet == 1 { "is" } else { "are" }
        )
    };
    Scored {
        score,
        reason: format!(
            "The score is {} because {how}.\n{}",
            format_number(score),
            lines.join("\n")
        ),
        explain: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::engine::measure;
    use crate::judge::scripted::{block_on, ScriptedJudge};
    use alloc::vec;

    fn inputs(criteria: &[(&str, bool)]) -> Vec<(String, Vec<String>)> {
        vec![
            ("task".into(), vec!["Describe the river.".into()]),
            ("output".into(), vec!["The Vexo is 40 km long.".into()]),
            (
                "criteria".into(),
                criteria.iter().map(|(c, _)| String::from(*c)).collect(),
            ),
            (
                "required".into(),
                criteria
                    .iter()
                    .map(|(_, r)| String::from(if *r { "required" } else { "optional" }))
                    .collect(),
            ),
        ]
    }

    fn run(criteria: &[(&str, bool)], answer: &'static str, scale: f64) -> (Option<f64>, u32) {
        let judge = ScriptedJudge::texts(&[answer]);
        let options = Options {
            scale,
            model_reason: false,
            ..Options::default()
        };
        let r = block_on(measure(
            &judge,
            &RUBRIC,
            &inputs(criteria),
            &options,
            &[],
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        (r.score, r.model_calls)
    }

    #[test]
    fn an_unmet_optional_criterion_does_not_gate_but_a_required_one_does() {
        let answer = r#"{"verdicts": [{"id": "R1", "verdict": "yes", "reason": ""}, {"id": "R2", "verdict": "Not met", "reason": ""}]}"#;
        assert_eq!(
            run(&[("a", true), ("b", false)], answer, 1.0),
            (Some(1.0), 1)
        );
        assert_eq!(
            run(&[("a", true), ("b", true)], answer, 1.0),
            (Some(0.0), 1)
        );
        assert_eq!(
            run(&[("a", true), ("b", false)], answer, 10.0),
            (Some(10.0), 1)
        );
    }

    #[test]
    fn with_nothing_required_every_criterion_counts_and_an_empty_rubric_scores_one_without_a_call()
    {
        let answer = r#"{"verdicts": [{"id": "R1", "verdict": "yes", "reason": ""}, {"id": "R2", "verdict": "no", "reason": ""}]}"#;
        assert_eq!(
            run(&[("a", false), ("b", false)], answer, 1.0),
            (Some(0.0), 1)
        );
        assert_eq!(run(&[], "", 5.0), (Some(1.0), 0));
    }
}

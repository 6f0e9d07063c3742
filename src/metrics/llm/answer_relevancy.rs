//! Answer relevancy: how much of an output speaks to its input. The output is split into
//! statements, the judge decides for each whether it answers the input ("yes"), touches it
//! ("unsure") or not ("no"), and
//! `score = (yes + uncertainty weight × unsure) / statements × scale`, rounded to two decimals.
//! Any other verdict word counts as "no", as in both originals.
//!
//! Two declarations, differing only in the empty case (an output with no statement):
//! [`ANSWER_RELEVANCY`] scores it 1 (not scaled), as `@mastra/evals` 0.14.4's class does;
//! [`ANSWER_RELEVANCY_SCORER`] scores it 0, as the 1.10.2 scorer does.
//!
//! Inputs: `input` (the question), `output`. Options: `scale`, and the weight of "unsure"
//! (`weights`, default [`UNCERTAINTY_WEIGHT`]).

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{Extract, Metric, Run, Scored, Step, Verdicts, Word, ANY_OTHER};
use crate::judge::score::{round_score, verdict_lines};
use crate::numbers::number::format_number;

/// The weight of an "unsure" verdict when the caller gives none.
pub const UNCERTAINTY_WEIGHT: f64 = 0.3;

const STATEMENTS_TASK: &str = "You break an answer into statements. Split the text in <output> into short \
statements that each make one point: a sentence joining several points (with \"and\", commas or lists) gives one \
statement per point; a lone word or phrase is one statement; an error message is one statement. Keep the text's \
wording and order. An empty text has no statements.";

const RELEVANCE_TASK: &str = "You judge whether the parts of an answer speak to the question asked. For each \
numbered statement in <statements>, decide against the text in <input>: \"yes\" when the statement answers the \
question or gives what it asks for; \"unsure\" when it is on the topic but only partly answers it, or gives the \
right kind of information in an incomplete or inaccurate way; \"no\" when it is unrelated, off the topic, empty, \
or an error message. Judge relevance only, not whether the statement is true.";

const STEPS: &[Step] = &[
    Step::Extract(Extract {
        name: "statements",
        from: &["output"],
        task: STATEMENTS_TASK,
        batch_bytes: None,
    }),
    Step::Verdicts(Verdicts {
        name: "verdicts",
        items: "statements",
        prefix: "S",
        blocks: &["input", "statements"],
        words: &[
            Word {
                word: "yes",
                also: &[],
            },
            Word {
                word: "unsure",
                also: &[],
            },
            // Any other word counts as "no", as both originals count it.
            Word {
                word: "no",
                also: &[ANY_OTHER],
            },
        ],
        extra: &[],
        task: RELEVANCE_TASK,
        needs: &["input"],
        blank: Some(("no", "There is no question for it to answer.")),
        every: true,
        batch_items: None,
    }),
];

/// As `@mastra/evals` 0.14.4's `AnswerRelevancyMetric`: an output with no statement scores 1.
pub const ANSWER_RELEVANCY: Metric = Metric {
    id: "answer-relevancy",
    steps: STEPS,
    score: score_empty_one,
    model_reason: true,
};

/// As `@mastra/evals` 1.10.2's `createAnswerRelevancyScorer`: an output with no statement scores 0.
pub const ANSWER_RELEVANCY_SCORER: Metric = Metric {
    id: "answer-relevancy-scorer",
    steps: STEPS,
    score: score_empty_zero,
    model_reason: true,
};

fn score_empty_one(run: &Run) -> Scored {
    score(run, 1.0)
}

fn score_empty_zero(run: &Run) -> Scored {
    score(run, 0.0)
}

/// `(yes + weight × unsure) / judged × scale`; `empty` (not scaled) when nothing was judged.
fn score(run: &Run, empty: f64) -> Scored {
    let Some((judged, _)) = run.verdicts("verdicts") else {
        return Scored {
            score: empty,
            reason: format!(
                "The score is {} because the output makes no statement to judge.",
                format_number(empty)
            ),
            explain: None,
        };
    };
    let weight = run.options.weight("unsure", UNCERTAINTY_WEIGHT);
    let count = |word: &str| judged.iter().filter(|j| j.verdict == word).count();
    let (yes, unsure, total) = (count("yes"), count("unsure"), judged.len());
    let score =
        round_score((yes as f64 + weight * unsure as f64) / total as f64 * run.options.scale);
    let shown = format_number(score);
    let off: Vec<&str> = judged
        .iter()
        .filter(|j| j.verdict == "no")
        .map(|j| j.item.as_str())
        .collect();
    let mut reason = format!(
        "The score is {shown} because {yes} of the output's {total} statements answer the input"
    );
    if unsure > 0 {
        reason.push_str(&format!(
            " and {unsure} partly (counted {} each)",
            format_number(weight)
        ));
    }
    if !off.is_empty() {
        let quoted: Vec<String> = off.iter().map(|s| format!("\"{s}\"")).collect();
        reason.push_str(&format!("; off the question: {}", quoted.join("; ")));
    }
    reason.push('.');
    let how = format!(
        "({yes} relevant + {} × {unsure} partly relevant) / {total} statements, times a scale of {}",
        format_number(weight),
        format_number(run.options.scale)
    );
    // A blank input decided every verdict: nothing for the model to explain.
    let explain = (!run.blank("input")).then(|| (how, verdict_lines("S", judged)));
    Scored {
        score,
        reason,
        explain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::engine::{measure, Outcome};
    use crate::judge::error::Error;
    use crate::judge::scripted::{block_on, ScriptedJudge};

    fn run(
        metric: &Metric,
        judge: &ScriptedJudge,
        input: &str,
        output: &str,
        options: Options,
    ) -> Result<Outcome, Error> {
        let inputs = vec![
            ("input".into(), vec![input.into()]),
            ("output".into(), vec![output.into()]),
        ];
        block_on(measure(judge, metric, &inputs, &options, &[], None))
    }

    const STATEMENTS: &str =
        r#"{"statements": ["The sky is blue.", "It rains a lot.", "Cats purr."]}"#;

    fn no_reason() -> Options {
        Options {
            model_reason: false,
            ..Default::default()
        }
    }

    #[test]
    fn yes_unsure_no_scores_with_the_uncertainty_weight() {
        let verdicts = r#"{"verdicts": [{"id": "S1", "verdict": "yes", "reason": "a"}, {"id": "S2", "verdict": " Unsure ", "reason": "b"}, {"id": "S3", "verdict": "no", "reason": "c"}]}"#;
        let judge = ScriptedJudge::texts(&[STATEMENTS, verdicts]);
        let r = run(
            &ANSWER_RELEVANCY,
            &judge,
            "What colour is the sky?",
            "x",
            no_reason(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.43));
        assert_eq!(r.model_calls, 2);
        assert_eq!(
            r.reason.as_deref(),
            Some("The score is 0.43 because 1 of the output's 3 statements answer the input and 1 partly (counted 0.3 each); off the question: \"Cats purr.\".")
        );
    }

    #[test]
    fn weight_and_scale_are_the_callers() {
        let verdicts = r#"{"verdicts": [{"id": "S1", "verdict": "YES"}, {"id": "S2", "verdict": "unsure"}, {"id": "S3", "verdict": "no"}]}"#;
        let judge = ScriptedJudge::texts(&[STATEMENTS, verdicts]);
        let options = Options {
            scale: 10.0,
            weights: vec![("unsure".into(), 0.5)],
            ..no_reason()
        };
        let r = run(&ANSWER_RELEVANCY, &judge, "q", "x", options);
        assert_eq!(r.map(|r| r.score), Ok(Some(5.0)));
    }

    #[test]
    fn other_words_count_as_no() {
        let verdicts = r#"{"verdicts": [{"id": "S1", "verdict": "partial"}, {"id": "S2", "verdict": "idk"}, {"id": "S3", "verdict": "maybe"}]}"#;
        let judge = ScriptedJudge::texts(&[STATEMENTS, verdicts]);
        let r =
            run(&ANSWER_RELEVANCY, &judge, "q", "x", no_reason()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.0));
        assert!(r.verdicts["verdicts"]
            .judged
            .iter()
            .all(|j| j.verdict == "no"));
    }

    #[test]
    fn an_empty_output_scores_one_for_the_class_and_zero_for_the_scorer_without_calls() {
        for (metric, expected) in [(&ANSWER_RELEVANCY, 1.0), (&ANSWER_RELEVANCY_SCORER, 0.0)] {
            let judge = ScriptedJudge::texts(&[]);
            let options = Options {
                scale: 10.0,
                ..Default::default()
            };
            let r = run(metric, &judge, "q", "  ", options);
            assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(expected), 0)));
        }
    }

    #[test]
    fn a_blank_input_makes_every_statement_irrelevant_without_a_verdict_call() {
        let judge = ScriptedJudge::texts(&[STATEMENTS]);
        let r = run(&ANSWER_RELEVANCY, &judge, " ", "x", Options::default());
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(0.0), 1)));
    }

    #[test]
    fn the_model_explains_the_score_when_asked() {
        let verdicts = r#"{"verdicts": [{"id": "S1", "verdict": "yes"}, {"id": "S2", "verdict": "yes"}, {"id": "S3", "verdict": "yes"}]}"#;
        let judge = ScriptedJudge::texts(&[
            STATEMENTS,
            verdicts,
            r#"{"because": "every statement answers it."}"#,
        ]);
        let r = run(
            &ANSWER_RELEVANCY_SCORER,
            &judge,
            "q",
            "x",
            Options::default(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(1.0), 3));
        assert_eq!(
            r.reason.as_deref(),
            Some("The score is 1 because every statement answers it.")
        );
    }

    #[test]
    fn a_negative_weight_is_an_invalid_option() {
        let judge = ScriptedJudge::texts(&[]);
        let options = Options {
            weights: vec![("unsure".into(), -1.0)],
            ..Default::default()
        };
        let r = run(&ANSWER_RELEVANCY, &judge, "q", "x", options);
        assert_eq!(r.err().map(|e| e.code()), Some("EVALS_INVALID_OPTION"));
    }
}

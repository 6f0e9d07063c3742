//! Context precision: whether the pieces of a retrieved context that are useful for the
//! expected output come first. One verdict per piece, in retrieval order ("yes": the piece
//! helps produce the expected output), then mean average precision over the useful pieces:
//!
//! `score = (Σ over useful pieces at position k of useful_up_to_k / k) / useful × scale`,
//! 0 when no piece is useful (or there is no piece).
//!
//! Inputs: `input`, `output` (the expected output), `context`. The same verdict step serves
//! context position ([`crate::metrics::llm::context_position`]).

use alloc::format;

use crate::judge::declare::{Metric, Run, Scored, Step, Verdicts};
use crate::judge::score::{round_score, verdict_lines};
use crate::metrics::llm::context::{hits, per_piece, positions};
use crate::numbers::number::format_number;

const USEFUL_TASK: &str = "You judge retrieved context for a question answering system. The <output> block is \
the expected answer to the question in <input>. For each numbered piece in <context>, decide whether it is useful \
for producing that expected answer: \"yes\" when it states facts the answer uses, defines what the answer is about, \
or shows properties or examples the answer relies on; \"no\" when it concerns other things, adds nothing the answer \
needs, contradicts it, or is empty or an error message. Judge each piece on its own; quote the part that decided in \
the reason.";

/// The verdict step of precision and position: is each piece useful for the expected output?
pub const USEFUL: Verdicts = per_piece("verdicts", &["input", "output", "context"], USEFUL_TASK);

/// Context precision, as both `ContextPrecisionMetric` (0.14.4) and
/// `createContextPrecisionScorer` (1.10.2) compute it.
pub const CONTEXT_PRECISION: Metric = Metric {
    id: "context-precision",
    steps: &[Step::Verdicts(USEFUL)],
    score,
    model_reason: true,
};

/// Mean average precision of `hits` (in order), from 0 to 1; 0 when nothing is a hit.
///
/// ```
/// use evals_wasm::metrics::llm::context_precision::average_precision;
/// assert_eq!(average_precision(&[true, false, true, false]), (1.0 + 2.0 / 3.0) / 2.0);
/// assert_eq!(average_precision(&[false, false]), 0.0);
/// ```
pub fn average_precision(hits: &[bool]) -> f64 {
    let (mut relevant, mut sum) = (0.0, 0.0);
    for (i, _) in hits.iter().enumerate().filter(|(_, &h)| h) {
        relevant += 1.0;
        sum += relevant / (i + 1) as f64;
    }
    if relevant == 0.0 {
        0.0
    } else {
        sum / relevant
    }
}

fn score(run: &Run) -> Scored {
    let Some((judged, _)) = run.verdicts("verdicts") else {
        return Scored {
            score: 0.0,
            reason: "The score is 0 because there is no context piece to judge.".into(),
            explain: None,
        };
    };
    let hits = hits(judged);
    let score = round_score(average_precision(&hits) * run.options.scale);
    let useful = hits.iter().filter(|&&h| h).count();
    let how = format!(
        "{useful} of the {} context pieces are useful for the expected output (at positions {}); mean average precision over them, times a scale of {}",
        hits.len(),
        positions(&hits),
        format_number(run.options.scale)
    );
    let why = if useful == 0 {
        format!(
            "none of the {} context pieces is useful for the expected output",
            hits.len()
        )
    } else {
        format!(
            "{useful} of the {} context pieces {} useful for the expected output, at position{} {}, and useful pieces ranked earlier count more",
            hits.len(),
            if useful == 1 { "is" } else { "are" },
            if useful == 1 { "" } else { "s" },
            positions(&hits)
        )
    };
    Scored {
        score,
        reason: format!("The score is {} because {why}.", format_number(score)),
        explain: Some((how, verdict_lines("P", judged))),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::judge::declare::{Metric, Options};
    use crate::judge::engine::{measure, Outcome};
    use crate::judge::error::Error;
    use crate::judge::scripted::{block_on, ScriptedJudge};
    use alloc::{string::String, vec, vec::Vec};

    pub fn run(
        metric: &Metric,
        answers: &[&'static str],
        context: &[&str],
        output: &str,
        options: Options,
    ) -> (Result<Outcome, Error>, ScriptedJudge) {
        let judge = ScriptedJudge::texts(answers);
        let inputs: Vec<(String, Vec<String>)> = vec![
            ("input".into(), vec!["How deep is the lake?".into()]),
            ("output".into(), vec![output.into()]),
            (
                "context".into(),
                context.iter().map(|s| s.to_string()).collect(),
            ),
        ];
        let r = block_on(measure(&judge, metric, &inputs, &options, &[], None));
        (r, judge)
    }

    /// A verdict answer for `words` (leaked: the scripted judge keeps `'static` answers).
    pub fn verdicts(words: &[&str]) -> &'static str {
        let items: Vec<String> = words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                format!(
                    r#"{{"id": "P{}", "verdict": "{w}", "reason": "r{}"}}"#,
                    i + 1,
                    i + 1
                )
            })
            .collect();
        format!(r#"{{"verdicts": [{}]}}"#, items.join(", ")).leak()
    }

    pub fn quiet() -> Options {
        Options {
            model_reason: false,
            ..Options::default()
        }
    }

    #[test]
    fn average_precision_rewards_useful_pieces_first() {
        assert_eq!(
            round_score(average_precision(&[true, false, true, false])),
            0.83
        );
        assert_eq!(
            round_score(average_precision(&[false, true, true]) * 10.0),
            5.83
        );
        assert_eq!(average_precision(&[true, true]), 1.0);
        assert_eq!(average_precision(&[]), 0.0);
    }

    #[test]
    fn verdicts_are_read_by_id_in_any_order() {
        let answer = r#"{"verdicts": [{"id": "P3", "verdict": "Yes", "reason": "c"}, {"id": "P2", "verdict": "no", "reason": "b"}, {"id": "P1", "verdict": "yes", "reason": "a"}, {"id": "P4", "verdict": "no", "reason": "d"}]}"#;
        let (r, judge) = run(
            &CONTEXT_PRECISION,
            &[answer],
            &["a", "b", "c", "d"],
            "x",
            quiet(),
        );
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.83));
        assert_eq!(r.model_calls, 1);
        assert_eq!(
            r.reason.as_deref(),
            Some("The score is 0.83 because 2 of the 4 context pieces are useful for the expected output, at positions 1 and 3, and useful pieces ranked earlier count more.")
        );
        let request = &judge.requests.borrow()[0];
        assert!(
            request.user.contains("P1: a\nP2: b\nP3: c\nP4: d"),
            "{}",
            request.user
        );
    }

    #[test]
    fn scale_and_model_reason() {
        let (r, _) = run(
            &CONTEXT_PRECISION,
            &[
                verdicts(&["no", "yes", "yes"]),
                r#"{"because": "the first piece is off topic."}"#,
            ],
            &["a", "b", "c"],
            "x",
            Options {
                scale: 10.0,
                ..Options::default()
            },
        );
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(5.83), 2));
        assert_eq!(
            r.reason.as_deref(),
            Some("The score is 5.83 because the first piece is off topic.")
        );
    }

    #[test]
    fn nothing_useful_or_no_context_scores_zero() {
        let (r, _) = run(
            &CONTEXT_PRECISION,
            &[verdicts(&["no", "no"])],
            &["a", "b"],
            "x",
            quiet(),
        );
        assert_eq!(r.map(|r| r.score), Ok(Some(0.0)));
        let (r, judge) = run(&CONTEXT_PRECISION, &[], &[], "x", Options::default());
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(0.0), 0)));
        assert_eq!(judge.remaining(), 0);
    }

    #[test]
    fn a_missing_piece_is_asked_again_then_an_error() {
        let partial = r#"{"verdicts": [{"id": "P1", "verdict": "yes", "reason": "a"}]}"#;
        let (r, _) = run(
            &CONTEXT_PRECISION,
            &[partial, partial],
            &["a", "b"],
            "x",
            quiet(),
        );
        assert_eq!(r.err().map(|e| e.code()), Some("EVALS_MISSING_VERDICTS"));
    }
}

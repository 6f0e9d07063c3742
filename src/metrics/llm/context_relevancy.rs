//! Context relevancy (`ContextRelevancyMetric`, 0.14.4): the share of the retrieved context
//! that is relevant to the input. One verdict per context piece ("yes": relevant to the
//! question), and
//!
//! `score = relevant pieces / pieces × scale`, 0 when there is no piece.
//!
//! The original lets the model split the context into statements of its own choosing and
//! judges those; judging the pieces the caller gave keeps the count stable and the verdicts
//! keyed by id. Inputs: `input`, `context`.

use alloc::format;

use crate::judge::declare::{Metric, Run, Scored, Step};
use crate::judge::score::{round_score, verdict_lines};
use crate::metrics::llm::context::{hits, per_piece};
use crate::numbers::number::format_number;

const RELEVANT_TASK: &str = "You judge retrieved context for a question answering system. For each numbered \
piece in <context>, decide whether it is relevant to the question in <input>: \"yes\" when it bears on what the \
question asks, \"no\" when it is about something else, is empty or is an error message. When only part of a piece \
is relevant, say which part in the reason; when it is not relevant, quote what makes it so.";

/// `ContextRelevancyMetric`.
pub const CONTEXT_RELEVANCY: Metric = Metric {
    id: "context-relevancy",
    steps: &[Step::Verdicts(per_piece(
        "verdicts",
        &["input", "context"],
        RELEVANT_TASK,
    ))],
    score,
    model_reason: true,
};

fn score(run: &Run) -> Scored {
    let Some((judged, _)) = run.verdicts("verdicts") else {
        return Scored {
            score: 0.0,
            reason: "The score is 0 because there is no context piece to judge.".into(),
            explain: None,
        };
    };
    let hits = hits(judged);
    let relevant = hits.iter().filter(|&&h| h).count();
    let score = round_score(relevant as f64 / hits.len() as f64 * run.options.scale);
    let how = format!(
        "{relevant} of the {} context pieces are relevant to the input, times a scale of {}",
        hits.len(),
        format_number(run.options.scale)
    );
    let reason = format!(
        "The score is {} because {relevant} of the {} context pieces {} relevant to the input.",
        format_number(score),
        hits.len(),
        if relevant == 1 { "is" } else { "are" }
    );
    Scored {
        score,
        reason,
        explain: Some((how, verdict_lines("P", judged))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::llm::context_precision::tests::{quiet, run, verdicts};

    #[test]
    fn share_of_relevant_pieces() {
        let (r, judge) = run(
            &CONTEXT_RELEVANCY,
            &[verdicts(&["yes", "NO", " Yes "])],
            &["a", "b", "c"],
            "x",
            quiet(),
        );
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(0.67), 1));
        assert_eq!(
            r.reason.as_deref(),
            Some("The score is 0.67 because 2 of the 3 context pieces are relevant to the input.")
        );
        assert!(
            !judge.requests.borrow()[0].user.contains("<output>"),
            "the output plays no part"
        );
        let (r, _) = run(&CONTEXT_RELEVANCY, &[], &[], "x", quiet());
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(0.0), 0)));
    }
}

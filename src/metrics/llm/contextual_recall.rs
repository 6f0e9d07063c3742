//! Contextual recall (`ContextualRecallMetric`, 0.14.4): how much of the retrieved context the
//! output draws on. One verdict per context piece ("yes": the output uses what the piece
//! says), and
//!
//! `score = used pieces / pieces × scale`, 0 when there is no piece.
//!
//! An empty output uses nothing: every piece gets "no" without asking the model.
//! Inputs: `input`, `output`, `context`.

use alloc::format;

use crate::judge::declare::{Metric, Run, Scored, Step, Verdicts};
use crate::judge::score::{round_score, verdict_lines};
use crate::metrics::llm::context::{hits, per_piece};
use crate::numbers::number::format_number;

const USED_TASK: &str = "You judge whether an answer draws on retrieved context. For each numbered piece in \
<context>, decide whether the information it gives is used in the answer in <output> (the <input> block shows the \
question): \"yes\" when the answer states or relies on what the piece says, \"no\" when it does not. Quote the part \
of the answer that decided in the reason.";

const USED: Verdicts = Verdicts {
    needs: &["output"],
    blank: Some(("no", "The output is empty, so it uses no context.")),
    ..per_piece("verdicts", &["input", "output", "context"], USED_TASK)
};

/// `ContextualRecallMetric`.
pub const CONTEXTUAL_RECALL: Metric = Metric {
    id: "contextual-recall",
    steps: &[Step::Verdicts(USED)],
    score,
    model_reason: true,
};

fn score(run: &Run) -> Scored {
    let Some((judged, _)) = run.verdicts("verdicts") else {
        return Scored {
            score: 0.0,
            reason: "The score is 0 because there is no context piece to recall.".into(),
            explain: None,
        };
    };
    let hits = hits(judged);
    let used = hits.iter().filter(|&&h| h).count();
    let score = round_score(used as f64 / hits.len() as f64 * run.options.scale);
    let why = if run.blank("output") {
        "the output is empty, so it uses none of the context".into()
    } else {
        format!(
            "the output uses {used} of the {} context pieces",
            hits.len()
        )
    };
    let how = format!(
        "the output uses {used} of the {} context pieces, times a scale of {}",
        hits.len(),
        format_number(run.options.scale)
    );
    Scored {
        score,
        reason: format!("The score is {} because {why}.", format_number(score)),
        explain: (!run.blank("output")).then(|| (how, verdict_lines("P", judged))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::metrics::llm::context_precision::tests::{quiet, run, verdicts};

    #[test]
    fn share_of_used_pieces() {
        let (r, _) = run(
            &CONTEXTUAL_RECALL,
            &[verdicts(&["yes", "no", "no", "yes"])],
            &["a", "b", "c", "d"],
            "x",
            quiet(),
        );
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(0.5), 1)));
    }

    #[test]
    fn an_empty_output_uses_nothing_without_a_call() {
        let (r, judge) = run(
            &CONTEXTUAL_RECALL,
            &[],
            &["a", "b"],
            " ",
            Options::default(),
        );
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(0.0), 0));
        assert_eq!(
            r.reason.as_deref(),
            Some("The score is 0 because the output is empty, so it uses none of the context.")
        );
        assert_eq!(judge.remaining(), 0);
    }
}

//! Context position: how early the useful pieces of a retrieved context come. The verdicts are
//! context precision's ([`crate::metrics::llm::context_precision::USEFUL`]); the piece at
//! position k weighs 1/k, and
//!
//! `score = (Σ weights of useful pieces) / (Σ weights of all pieces) × scale`,
//! 0 when no piece is useful (or there is no piece).

use alloc::format;

use crate::judge::declare::{Metric, Run, Scored, Step};
use crate::judge::score::{round_score, verdict_lines};
use crate::metrics::llm::context::{hits, positions};
use crate::metrics::llm::context_precision::USEFUL;
use crate::numbers::number::format_number;

/// `ContextPositionMetric` (0.14.4; 1.10.2 has no such scorer).
pub const CONTEXT_POSITION: Metric = Metric {
    id: "context-position",
    steps: &[Step::Verdicts(USEFUL)],
    score,
    model_reason: true,
};

/// The share of the weight 1/k (k = 1-based position) that falls on `hits`, from 0 to 1;
/// 0 when nothing is a hit. Summed in order, as the original does, so the rounding agrees.
///
/// ```
/// use evals_wasm::metrics::llm::context_position::weighted_hits;
/// assert_eq!(weighted_hits(&[true, true]), 1.0);
/// assert_eq!(weighted_hits(&[false]), 0.0);
/// ```
pub fn weighted_hits(hits: &[bool]) -> f64 {
    let (mut sum, mut max) = (0.0, 0.0);
    for (i, &hit) in hits.iter().enumerate() {
        let weight = 1.0 / (i + 1) as f64;
        max += weight;
        if hit {
            sum += weight;
        }
    }
    if sum == 0.0 {
        0.0
    } else {
        sum / max
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
    let score = round_score(weighted_hits(&hits) * run.options.scale);
    let useful = hits.iter().filter(|&&h| h).count();
    let how = format!(
        "the piece at position k weighs 1/k; the useful pieces (positions {}) hold this share of the weight of all {} pieces, times a scale of {}",
        positions(&hits),
        hits.len(),
        format_number(run.options.scale)
    );
    let why = if useful == 0 {
        format!(
            "none of the {} context pieces is useful for the expected output",
            hits.len()
        )
    } else {
        format!(
            "the useful context pieces sit at position{} {} of {}, and a piece at position k weighs 1/k",
            if useful == 1 { "" } else { "s" },
            positions(&hits),
            hits.len()
        )
    };
    Scored {
        score,
        reason: format!("The score is {} because {why}.", format_number(score)),
        explain: Some((how, verdict_lines("P", judged))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::llm::context_precision::tests::{quiet, run, verdicts};

    #[test]
    fn weights_favour_early_pieces() {
        assert_eq!(
            round_score(weighted_hits(&[true, false, true, false])),
            0.64
        );
        assert_eq!(round_score(weighted_hits(&[false, false, true])), 0.18);
        assert_eq!(
            round_score(weighted_hits(&[false, true, true]) * 10.0),
            4.55
        );
        assert_eq!(weighted_hits(&[]), 0.0);
    }

    #[test]
    fn measures_with_one_call_without_the_model_reason() {
        let (r, _) = run(
            &CONTEXT_POSITION,
            &[verdicts(&["yes", "no", "yes", "no"])],
            &["a", "b", "c", "d"],
            "x",
            quiet(),
        );
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(0.64), 1));
        assert_eq!(
            r.reason.as_deref(),
            Some("The score is 0.64 because the useful context pieces sit at positions 1 and 3 of 4, and a piece at position k weighs 1/k.")
        );
        let (r, _) = run(
            &CONTEXT_POSITION,
            &[verdicts(&["no", "no"])],
            &["a", "b"],
            "x",
            quiet(),
        );
        assert_eq!(r.map(|r| r.score), Ok(Some(0.0)));
    }
}

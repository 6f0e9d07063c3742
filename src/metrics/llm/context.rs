//! What the context metrics share: the verdict words "yes"/"no", the step that judges each
//! context piece in order (precision, position, relevancy and recall all ask one question per
//! piece, keyed by the piece's id), and small helpers for their formulas and reasons.
//!
//! Every declaration here names its inputs `input` (the question), `output` (the answer, or
//! the expected answer for precision and position), `context` (the retrieved pieces, in
//! retrieval order) and, for 1.x context recall, `groundTruth`.

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{Judged, Verdicts, Word};

/// "yes" and "no", with the spellings a model may use instead.
pub const YES_NO: &[Word] = &[
    Word {
        word: "yes",
        also: &["true", "relevant", "useful", "used", "attributable"],
    },
    Word {
        word: "no",
        also: &[
            "false",
            "irrelevant",
            "not relevant",
            "not useful",
            "unused",
            "not used",
            "not attributable",
        ],
    },
];

/// A verdict step over the context pieces, in retrieval order (ids `P1`, `P2`, …): every
/// piece gets a verdict, and the formulas read them by position.
pub const fn per_piece(
    name: &'static str,
    blocks: &'static [&'static str],
    task: &'static str,
) -> Verdicts {
    Verdicts {
        name,
        items: "context",
        prefix: "P",
        blocks,
        words: YES_NO,
        extra: &[],
        task,
        needs: &[],
        blank: None,
        every: true,
        batch_items: None,
    }
}

/// Whether each verdict is "yes", in item order.
pub fn hits(judged: &[Judged]) -> Vec<bool> {
    judged.iter().map(|j| j.verdict == "yes").collect()
}

/// The 1-based positions of the "yes" verdicts, as "1, 3 and 4" ("none" when there is none).
pub fn positions(hits: &[bool]) -> String {
    let at: Vec<String> = hits
        .iter()
        .enumerate()
        .filter(|(_, &h)| h)
        .map(|(i, _)| format!("{}", i + 1))
        .collect();
    match at.as_slice() {
        [] => "none".into(),
        [one] => one.clone(),
        [head @ .., last] => format!("{} and {last}", head.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_as_a_list() {
        assert_eq!(positions(&[]), "none");
        assert_eq!(positions(&[false, true]), "2");
        assert_eq!(positions(&[true, false, true, true]), "1, 3 and 4");
    }
}

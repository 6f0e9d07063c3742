//! The steps of a metric, as named in requests, errors and scripted judges.

use core::fmt;

use serde::Serialize;

/// Which step of a metric a model call belongs to (reported in errors and used by scripted
/// judges to pick their answer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Step {
    /// Listing the factual statements of a context.
    Statements,
    /// Listing the claims of an output or a source text.
    Claims,
    /// Judging statements or claims one by one.
    Verdicts,
    /// Explaining the score in a sentence.
    Reason,
}

impl Step {
    /// The step's name as JS sees it.
    pub fn name(self) -> &'static str {
        match self {
            Step::Statements => "statements",
            Step::Claims => "claims",
            Step::Verdicts => "verdicts",
            Step::Reason => "reason",
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

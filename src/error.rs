//! The one error type of the core. Every fallible function in the crate returns it; the
//! binding layer turns it into a JS `Error` (or a subclass) carrying `code`.

use thiserror::Error;

/// What can go wrong in the core.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// An option had a value outside its domain (the option's name, then what was wrong).
    #[error("invalid option `{name}`: {reason}")]
    InvalidOption { name: &'static str, reason: String },
}

impl Error {
    /// A stable machine-readable code, mirrored on the JS error as `code`.
    pub fn code(&self) -> &'static str {
        match self {
            Error::InvalidOption { .. } => "EVALS_INVALID_OPTION",
        }
    }
}

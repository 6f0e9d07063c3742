//! Score arithmetic shared by the LLM metrics, and the verdict lines their reasons explain.

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::Judged;
use crate::judge::error::Error;
use crate::judge::prompt::item_text;
use crate::numbers::float;
use crate::numbers::number::format_number;

/// Checks a metric's `scale` (the maximum score): a finite number above 0.
pub fn check_scale(scale: f64) -> Result<(), Error> {
    if scale.is_finite() && scale > 0.0 {
        Ok(())
    } else {
        Err(Error::InvalidOption {
            name: "scale",
            reason: format!(
                "must be a finite number above 0, got {}",
                format_number(scale)
            ),
        })
    }
}

/// Rounds to two decimals exactly as `Math.round((x + Number.EPSILON) * 100) / 100` does.
///
/// ```
/// use evals_wasm::judge::score::round_score;
/// assert_eq!(round_score(2.0 / 3.0), 0.67);
/// assert_eq!(round_score(1.0 / 3.0), 0.33);
/// assert_eq!(round_score(1.005), 1.01);
/// assert_eq!(round_score(0.125), 0.13);
/// ```
pub fn round_score(x: f64) -> f64 {
    let scaled = (x + f64::EPSILON) * 100.0;
    // Math.round: the nearest integer, halves rounded towards +∞.
    let floor = float::floor(scaled);
    let rounded = if scaled - floor >= 0.5 {
        floor + 1.0
    } else {
        floor
    };
    rounded / 100.0
}

/// One line per verdict for a model-written reason: `C1: item — yes: reason`, numbered from 1
/// after `prefix`, each written by [`verdict_line`] (the item and the reason cannot add lines, ids
/// or verdicts of their own).
pub fn verdict_lines(prefix: &str, judged: &[Judged]) -> Vec<String> {
    verdict_lines_with(prefix, judged, |j| j.verdict)
}

/// One verdict line, `{id}: {item} — {word}: {reason}`: the item and the reason each go
/// through [`item_text`] (so neither holds a line break, an id marker or the `—` separator).
pub fn verdict_line(id: &str, item: &str, word: &str, reason: &str) -> String {
    format!(
        "{id}: {} \u{2014} {word}: {}",
        item_text(item),
        item_text(reason)
    )
}

/// [`verdict_lines`] with each verdict shown as `word` names it.
pub fn verdict_lines_with<'a>(
    prefix: &str,
    judged: &'a [Judged],
    word: impl Fn(&'a Judged) -> &'a str,
) -> Vec<String> {
    judged
        .iter()
        .enumerate()
        .map(|(i, j)| {
            let id = format!("{prefix}{}", i + 1);
            verdict_line(&id, &j.item, word(j), &j.reason)
        })
        .collect()
}

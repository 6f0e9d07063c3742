//! Score arithmetic shared by the LLM metrics.

use alloc::format;

use crate::judge::error::Error;
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
